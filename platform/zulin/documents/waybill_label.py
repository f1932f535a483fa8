"""The 76 × 130 mm label of an electronic waybill (SF's one-piece label, as a thermal printer
takes it): the waybill number as a Code 128 barcode and in text, the receiver and the sender,
the order number and the unit's serial (what the warehouse scans the parcel against). Several
labels make one PDF, a page each (a batch print)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO

from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from .contract import embedded_font
from .labels import code128_fitted, text_fit

WAYBILL_LABEL_WIDTH, WAYBILL_LABEL_HEIGHT = 76 * mm, 130 * mm


@dataclass(frozen=True)
class WaybillLabel:
    waybill_no: str
    carrier: str  # the carrier's name and product, e.g. "顺丰速运 · 顺丰标快"
    receiver_name: str
    receiver_mobile: str
    receiver_address: str
    sender_name: str
    sender_mobile: str
    sender_address: str
    order_no: str
    unit_serial: str
    pay_method: str = ""
    declared_value: str = ""


def _wrapped(text: str, font: str, size: float, width: float, lines: int) -> list[str]:
    """`text` broken into at most `lines` lines of `width` (the last one cut)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    out: list[str] = []
    rest = text
    while rest and len(out) < lines - 1:
        cut = len(rest)
        while cut > 1 and stringWidth(rest[:cut], font, size) > width:
            cut -= 1
        out.append(rest[:cut])
        rest = rest[cut:]
    if rest:
        out.append(text_fit(rest, font, size, width))
    return out


def waybill_labels_pdf(labels: Sequence[WaybillLabel]) -> bytes:
    font = embedded_font()
    out = BytesIO()
    page = canvas.Canvas(out, pagesize=(WAYBILL_LABEL_WIDTH, WAYBILL_LABEL_HEIGHT))
    page.setTitle("Waybill labels")
    margin = 3 * mm
    inner = WAYBILL_LABEL_WIDTH - 2 * margin
    for label in labels:
        top = WAYBILL_LABEL_HEIGHT - margin
        page.setFont(font, 9)
        page.drawString(margin, top - 9, text_fit(label.carrier, font, 9, inner))
        page.line(margin, top - 13, WAYBILL_LABEL_WIDTH - margin, top - 13)
        symbol = code128_fitted(label.waybill_no, height=16 * mm, bar_width=0.35 * mm, width=inner)
        symbol.drawOn(page, margin + (inner - symbol.width) / 2, top - 15 - 16 * mm)
        page.setFont(font, 11)
        page.drawCentredString(WAYBILL_LABEL_WIDTH / 2, top - 28 - 16 * mm, label.waybill_no)
        y = top - 36 - 16 * mm
        page.line(margin, y, WAYBILL_LABEL_WIDTH - margin, y)
        y -= 12
        page.setFont(font, 10)
        page.drawString(
            margin,
            y,
            text_fit(f"收 {label.receiver_name}  {label.receiver_mobile}", font, 10, inner),
        )
        for line in _wrapped(label.receiver_address, font, 9, inner, 3):
            y -= 11
            page.setFont(font, 9)
            page.drawString(margin, y, line)
        y -= 8
        page.line(margin, y, WAYBILL_LABEL_WIDTH - margin, y)
        y -= 10
        page.setFont(font, 8)
        page.drawString(
            margin,
            y,
            text_fit(f"寄 {label.sender_name}  {label.sender_mobile}", font, 8, inner),
        )
        for line in _wrapped(label.sender_address, font, 7.5, inner, 2):
            y -= 9
            page.setFont(font, 7.5)
            page.drawString(margin, y, line)
        y -= 8
        page.line(margin, y, WAYBILL_LABEL_WIDTH - margin, y)
        page.setFont(font, 8)
        for text in (
            f"订单 {label.order_no}",
            f"序列号 {label.unit_serial}",
            " ".join(part for part in (label.pay_method, label.declared_value) if part),
        ):
            if text:
                y -= 11
                page.drawString(margin, y, text_fit(text, font, 8, inner))
        if label.unit_serial:
            serial = code128_fitted(
                label.unit_serial, height=9 * mm, bar_width=0.25 * mm, width=inner
            )
            serial.drawOn(page, margin + (inner - serial.width) / 2, margin)
        page.showPage()
    page.save()
    return out.getvalue()
