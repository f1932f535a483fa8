"""What every printed label shares: the embedded font, text fitted to a width, and a Code 128
barcode narrowed to fit. The units' labels (`apps/assets/labels.py`) and the carriers'
waybill labels (`waybill_label.py`) are drawn with it."""

from __future__ import annotations

from reportlab.graphics.barcode import code128
from reportlab.pdfbase.pdfmetrics import stringWidth

from .contract import font_missing_characters


def text_fit(text: str, font: str, size: float, width: float) -> str:
    """The text cut to `width` (with an ellipsis), in characters the font draws."""
    missing = set(font_missing_characters(text))
    text = "".join("?" if c in missing else c for c in text)
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def code128_fitted(value: str, *, height: float, bar_width: float, width: float) -> code128.Code128:
    """A Code 128 symbol of `value`, its bars thinned when it would be wider than `width`."""
    symbol = code128.Code128(value, barHeight=height, barWidth=bar_width, quiet=False)
    if symbol.width > width:
        symbol = code128.Code128(
            value, barHeight=height, barWidth=bar_width * width / symbol.width, quiet=False
        )
    return symbol
