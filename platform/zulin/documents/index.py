"""A one-page PDF index of a set of files: a title, a few labelled facts and a table of the
files with their SHA-256 (`render_file_index(...) -> bytes`).

Hashes and commands (a fact given as `Mono`) print in Courier, a monospaced font every PDF
viewer has: each file's SHA-256 at a readable 8 pt in two lines of 32 hex digits, so a
person can compare it digit by digit.

It uses the contract's embedded font (a TrueType subset in the file), so Chinese prints the
same in any viewer, and its bytes depend on the data alone: reportlab's invariant mode and a
creation date given by the caller, never the clock.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from .contract import FONT_NAME, embedded_font

MONO_FONT = "Courier"
HASH_SIZE = 8.0


class Mono(str):
    """A fact's value printed in the monospaced font (a hash, a command): ASCII only."""


@dataclass(frozen=True)
class IndexedFile:
    number: int
    path: str
    title: str
    size: int
    sha256: str


class _DatedCanvas(Canvas):
    def __init__(self, *args: Any, dated: date, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        stamp = f"D:{dated:%Y%m%d}000000+08'00'"
        self.setDateFormatter(lambda *_: stamp)


def _style(size: float, *, leading: float | None = None) -> ParagraphStyle:
    return ParagraphStyle(
        f"index-{size}",
        fontName=FONT_NAME,
        fontSize=size,
        leading=leading or size * 1.35,
        wordWrap="CJK",
    )


def _cell(text: str, size: float = 7.5) -> Paragraph:
    return Paragraph(escape(text), _style(size))


def _mono(text: str, size: float) -> Paragraph:
    style = ParagraphStyle(
        f"index-mono-{size}", fontName=MONO_FONT, fontSize=size, leading=size * 1.3
    )
    return Paragraph(escape(text), style)


def _hash_cell(digest: str) -> Paragraph:
    """A SHA-256 in two lines of 32 hex digits (a line break only: the text is the digest)."""
    style = ParagraphStyle(
        "index-hash", fontName=MONO_FONT, fontSize=HASH_SIZE, leading=HASH_SIZE * 1.25
    )
    return Paragraph(f"{escape(digest[:32])}<br/>{escape(digest[32:])}", style)


def _fact(value: str) -> Paragraph:
    return _mono(value, 8.5) if isinstance(value, Mono) else _cell(value, 9)


def render_file_index(
    *,
    title: str,
    facts: Sequence[tuple[str, str]],
    files: Sequence[IndexedFile],
    footer: str,
    dated: date,
) -> bytes:
    """The index as PDF bytes; the same arguments always give the same bytes. Sized to fit
    one A4 page for a few dozen files."""
    embedded_font()
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=14 * mm,
        rightMargin=14 * mm,
        topMargin=14 * mm,
        bottomMargin=14 * mm,
        title=title,
        creator="Zulin",
        invariant=True,
        initialFontName=FONT_NAME,
    )
    width = A4[0] - 28 * mm
    fact_rows = [[_cell(label, 9), _fact(value)] for label, value in facts]
    facts_table = Table(fact_rows, colWidths=[32 * mm, width - 32 * mm])
    facts_table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ]
        )
    )
    header = [_cell(text, 8) for text in ("序号", "文件", "说明", "字节", "SHA-256")]
    rows = [
        [
            _cell(str(row.number)),
            _cell(row.path, 7),
            _cell(row.title),
            _cell(f"{row.size:,}", 7),
            _hash_cell(row.sha256),
        ]
        for row in files
    ]
    files_table = Table(
        [header, *rows],
        colWidths=[11 * mm, 44 * mm, 36 * mm, 14 * mm, width - 105 * mm],
        repeatRows=1,
    )
    files_table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#9ca3af")),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#f3f4f6")),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ]
        )
    )
    story = [
        Paragraph(escape(title), _style(15, leading=20)),
        Spacer(1, 3 * mm),
        facts_table,
        Spacer(1, 4 * mm),
        files_table,
        Spacer(1, 4 * mm),
        Paragraph(escape(footer), _style(7.5)),
    ]
    document.build(story, canvasmaker=functools.partial(_DatedCanvas, dated=dated))
    return buffer.getvalue()
