"""What can be exported: each domain registers its exporters (in its AppConfig.ready).

An exporter names its columns, the action a session needs to run it, the sides it runs on,
the schema of its filters (the list's own filters, so the export matches the list) and two
functions over the validated filters and the job's `ExportScope`: `count_fn` (how many rows,
for progress) and `rows_fn`, which yields the rows in chunks (lists of dicts keyed by the
columns' keys) so a hundred thousand rows never sit in memory at once.

A file builder (`register_file_builder`) is a job of the same machinery that writes a file of
its own instead of a workbook (an evidence pack's ZIP): its `write_fn` writes the bytes and
reports its progress. Its jobs are queued by its domain's own call, which checks what the
job is about (`export_job_queue`), never by `exportCreate`; status, progress, the private
file and its download link are the exports'.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any

from django.core.exceptions import ImproperlyConfigured
from ninja import Schema

from zulin.core.sides import PlatformType


@dataclass(frozen=True)
class Column:
    key: str
    title_zh: str
    title_en: str
    width: int = 16

    def title(self, language: str) -> str:
        return self.title_en if language == "en" else self.title_zh


@dataclass(frozen=True)
class ExportScope:
    """The session an export was asked in, as the worker sees it: rows are narrowed as that
    session's list was (a sub-merchant's export holds its own sub-shop's rows only; it
    satisfies zulin.core.scoping.SubShopScope), and text is written in its language."""

    account_id: int | None
    side: int
    sub_shop_id: int | None
    language: str


Row = Mapping[str, Any]
RowsFn = Callable[[Any, ExportScope], Iterable[Sequence[Row]]]
CountFn = Callable[[Any, ExportScope], int]


@dataclass(frozen=True)
class BuiltFile:
    """What a file builder wrote: the name a download is offered as, its type, and how many
    items it holds (the job's `rows`)."""

    name: str
    content_type: str
    items: int


# (filters, scope, the file to write, report(progress 0–99)) → what was written
WriteFn = Callable[[Any, ExportScope, IO[bytes], Callable[[int], None]], BuiltFile]


@dataclass(frozen=True)
class Exporter:
    kind: str
    columns: tuple[Column, ...]
    rows_fn: RowsFn
    count_fn: CountFn
    title_zh: str
    title_en: str
    action: str
    filters: type[Schema]
    sides: frozenset[int]
    # A file builder's writer (None for a list's workbook export).
    write_fn: WriteFn | None = None

    @property
    def is_file_builder(self) -> bool:
        return self.write_fn is not None

    def title(self, language: str) -> str:
        return self.title_en if language == "en" else self.title_zh


_exporters: dict[str, Exporter] = {}


def counted_by(count: Callable[..., int], **fixed: Any) -> CountFn:
    """`count_fn` of an exporter whose rows are the same for every session of its sides: the
    selector's own count, called with the filters (and `fixed`)."""

    def count_fn(filters: Any, scope: ExportScope) -> int:
        return count(**fixed, **filters.model_dump())

    return count_fn


def chunked_by(
    chunks: Callable[..., Iterable[Sequence[Row]]],
    cells: Callable[[Any, str], Row],
    **fixed: Any,
) -> RowsFn:
    """`rows_fn` of such an exporter: the selector's chunks, called with the filters (and
    `fixed`), each row written as `cells` in the job's language."""

    def rows_fn(filters: Any, scope: ExportScope) -> Iterator[list[Row]]:
        for chunk in chunks(**fixed, **filters.model_dump()):
            yield [cells(row, scope.language) for row in chunk]

    return rows_fn


def register_exporter(
    *,
    kind: str,
    columns: Sequence[Column],
    rows_fn: RowsFn,
    count_fn: CountFn,
    title_zh: str,
    title_en: str,
    action: str,
    filters: type[Schema],
    sides: Iterable[int] = (PlatformType.STORE,),
) -> Exporter:
    exporter = Exporter(
        kind=kind,
        columns=tuple(columns),
        rows_fn=rows_fn,
        count_fn=count_fn,
        title_zh=title_zh,
        title_en=title_en,
        action=action,
        filters=filters,
        sides=frozenset(int(side) for side in sides),
    )
    if len({column.key for column in exporter.columns}) != len(exporter.columns):
        raise ImproperlyConfigured(f"exporter {kind!r} repeats a column key")
    return _kept(exporter)


def _kept(exporter: Exporter) -> Exporter:
    """`exporter` registered under its kind (once: another one of the kind is an error)."""
    known = _exporters.get(exporter.kind)
    if known is not None and known != exporter:
        raise ImproperlyConfigured(f"two exporters of kind {exporter.kind!r}")
    _exporters[exporter.kind] = exporter
    return exporter


def _no_rows(filters: Any, scope: ExportScope) -> Iterator[list[Row]]:
    return iter(())


def _no_count(filters: Any, scope: ExportScope) -> int:
    return 0


def register_file_builder(
    *,
    kind: str,
    write_fn: WriteFn,
    title_zh: str,
    title_en: str,
    action: str,
    filters: type[Schema],
    sides: Iterable[int] = (PlatformType.STORE,),
) -> Exporter:
    """A job kind that writes its own file (see the module's text)."""
    builder = Exporter(
        kind=kind,
        columns=(),
        rows_fn=_no_rows,
        count_fn=_no_count,
        title_zh=title_zh,
        title_en=title_en,
        action=action,
        filters=filters,
        sides=frozenset(int(side) for side in sides),
        write_fn=write_fn,
    )
    return _kept(builder)


def exporter_get(kind: str) -> Exporter | None:
    return _exporters.get(kind)


def exporter_list() -> list[Exporter]:
    return [_exporters[kind] for kind in sorted(_exporters)]
