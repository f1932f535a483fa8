"""Streams rows into an .xlsx with openpyxl's write-only mode: rows go to disk as they are
appended, so memory stays flat however many there are."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from datetime import datetime
from decimal import Decimal
from typing import IO, Any

from django.utils import timezone
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from .registry import Column

SHEET_TITLE_UNSAFE = re.compile(r"[\[\]:*?/\\]")
MONEY_FORMAT = "#,##0.00"


def _cell(sheet: WriteOnlyWorksheet, value: Any) -> Any:
    if isinstance(value, str):
        value = ILLEGAL_CHARACTERS_RE.sub("", value)
        if value.startswith("="):
            # Text that looks like a formula stays text: a goods title "=HYPERLINK(…)" must
            # not run when the merchant opens the file.
            cell = WriteOnlyCell(sheet, value=value)
            cell.data_type = "s"
            return cell
        return value
    if isinstance(value, datetime):
        # Excel has no time zones: the merchant's local time, as the screens show it.
        return timezone.localtime(value).replace(tzinfo=None) if timezone.is_aware(value) else value
    if isinstance(value, Decimal):
        cell = WriteOnlyCell(sheet, value=value)
        cell.number_format = MONEY_FORMAT
        return cell
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False)
    return value


def sheet_title(title: str) -> str:
    return SHEET_TITLE_UNSAFE.sub("_", title)[:31] or "Sheet"


def workbook_write(
    out: IO[bytes],
    *,
    title: str,
    columns: Sequence[Column],
    language: str,
    chunks: Iterable[Sequence[Mapping[str, Any]]],
    on_chunk: Callable[[int], None],
) -> int:
    """Writes a header row and every row of `chunks` (dicts keyed by the columns' keys) to
    `out`; calls `on_chunk(rows so far)` after each chunk. Answers the number of rows."""
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet(title=sheet_title(title))
    for index, column in enumerate(columns, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = column.width
    sheet.freeze_panes = "A2"
    sheet.append([column.title(language) for column in columns])
    written = 0
    try:
        for chunk in chunks:
            for row in chunk:
                sheet.append([_cell(sheet, row.get(column.key)) for column in columns])
            written += len(chunk)
            on_chunk(written)
    except BaseException:
        _discard(sheet)
        raise
    workbook.save(out)
    return written


def _discard(sheet: WriteOnlyWorksheet) -> None:
    """Closes a sheet given up half-way and removes the temporary file openpyxl streams its
    rows to (saving would have; a worker lives long and runs many exports)."""
    with suppress(Exception):
        sheet.close()
    writer = sheet._writer  # openpyxl keeps the stream's temporary file there
    if writer is not None:
        with suppress(OSError, ValueError):
            writer.cleanup()
