"""Printable labels of units (createUnitLabels): one 50 × 30 mm label a page, as a thermal
label printer takes them — the unit's code as a Code 128 barcode or a QR code, the code in
text, the SKU's name and the grade. The code is the serial number, else the first IMEI (what
a scan at shipping finds the unit by)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode import qr
from reportlab.graphics.shapes import Drawing
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from zulin.documents.contract import embedded_font
from zulin.documents.labels import code128_fitted, text_fit

LABEL_WIDTH, LABEL_HEIGHT = 50 * mm, 30 * mm
FORMATS = ("code128", "qr")


@dataclass(frozen=True)
class Label:
    code: str
    sku_name: str
    grade: str


_fit = text_fit


def labels_pdf(labels: Sequence[Label], *, barcode: str) -> bytes:
    font = embedded_font()
    out = BytesIO()
    page = canvas.Canvas(out, pagesize=(LABEL_WIDTH, LABEL_HEIGHT))
    page.setTitle("Unit labels")
    margin = 2 * mm
    for label in labels:
        if barcode == "qr":
            side = LABEL_HEIGHT - 2 * margin
            widget = qr.QrCodeWidget(label.code, barLevel="M")
            x0, y0, x1, y1 = widget.getBounds()
            drawing = Drawing(
                side, side, transform=[side / (x1 - x0), 0, 0, side / (y1 - y0), 0, 0]
            )
            drawing.add(widget)
            renderPDF.draw(drawing, page, margin, margin)
            text_x, text_width = margin * 2 + side, LABEL_WIDTH - side - 3 * margin
            page.setFont(font, 6.5)
            page.drawString(
                text_x, LABEL_HEIGHT - margin - 7, _fit(label.code, font, 6.5, text_width)
            )
            page.setFont(font, 7)
            page.drawString(text_x, LABEL_HEIGHT / 2, _fit(label.sku_name, font, 7, text_width))
            page.drawString(text_x, margin + 2, _fit(label.grade, font, 7, text_width))
        else:
            bar_width = LABEL_WIDTH - 2 * margin
            symbol = code128_fitted(
                label.code, height=11 * mm, bar_width=0.25 * mm, width=bar_width
            )
            symbol.drawOn(
                page, margin + (bar_width - symbol.width) / 2, LABEL_HEIGHT - margin - 11 * mm
            )
            page.setFont(font, 7)
            page.drawCentredString(LABEL_WIDTH / 2, 12 * mm, _fit(label.code, font, 7, bar_width))
            page.drawString(margin, 7 * mm, _fit(label.sku_name, font, 7, bar_width))
            page.drawString(margin, margin + 1, _fit(label.grade, font, 7, bar_width))
        page.showPage()
    page.save()
    return out.getvalue()
