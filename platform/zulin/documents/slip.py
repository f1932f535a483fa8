"""A bank's electronic transfer receipt (电子回单) as a PNG, for the demo's vouchers: what a
finance clerk photographs or downloads from the bank and attaches to a recharge or an offline
repayment. Drawn with Pillow in the contract's embedded font, so the Chinese reads the same on
every machine; the same arguments always give the same bytes."""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from .contract import FONT_PATH
from .money import amount_figures, amount_in_capitals

WIDTH, HEIGHT = 760, 470
INK = (33, 37, 41)
MUTED = (96, 104, 112)
BANK_RED = (176, 28, 46)
RULE = (206, 212, 218)
PAPER = (255, 253, 248)


@dataclass(frozen=True)
class TransferSlip:
    bank: str
    payer_name: str
    payer_account: str
    payee_name: str
    payee_account: str
    amount: Decimal
    day: date
    reference: str
    purpose: str


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size)


def _masked(account: str) -> str:
    """An account number as a receipt prints it: the first four and last four digits."""
    return f"{account[:4]} **** **** {account[-4:]}" if len(account) > 8 else account


def transfer_slip_png(slip: TransferSlip) -> bytes:
    picture = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(picture)
    draw.rectangle((12, 12, WIDTH - 13, HEIGHT - 13), outline=BANK_RED, width=2)
    draw.text((36, 30), slip.bank, font=_font(26), fill=BANK_RED)
    draw.text((WIDTH - 36, 36), "电子回单", font=_font(22), fill=INK, anchor="ra")
    draw.line((36, 78, WIDTH - 36, 78), fill=BANK_RED, width=2)
    rows = [
        ("付款人", slip.payer_name),
        ("付款账号", _masked(slip.payer_account)),
        ("收款人", slip.payee_name),
        ("收款账号", _masked(slip.payee_account)),
        ("金额（小写）", amount_figures(slip.amount)),
        ("金额（大写）", f"人民币{amount_in_capitals(slip.amount)}"),
        ("交易日期", slip.day.strftime("%Y年%m月%d日")),
        ("交易流水号", slip.reference),
        ("用途", slip.purpose),
    ]
    top = 96
    for row, (label, value) in enumerate(rows):
        y = top + row * 36
        draw.text((40, y), label, font=_font(18), fill=MUTED)
        draw.text((190, y), value, font=_font(18), fill=INK)
        draw.line((36, y + 29, WIDTH - 36, y + 29), fill=RULE, width=1)
    # The bank's seal: a red ring with its name and 业务专用章.
    cx, cy, r = WIDTH - 120, HEIGHT - 110, 62
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=BANK_RED, width=4)
    draw.text((cx, cy - 14), "电子回单", font=_font(16), fill=BANK_RED, anchor="mm")
    draw.text((cx, cy + 14), "业务专用章", font=_font(14), fill=BANK_RED, anchor="mm")
    out = io.BytesIO()
    picture.save(out, "PNG", optimize=True)
    return out.getvalue()
