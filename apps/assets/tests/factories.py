from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from apps.assets.models import StockReceipt, Unit
from apps.assets.services import (
    Identifiers,
    ReceiptLineIn,
    receipt_create,
    receipt_scan,
    supplier_create,
)
from apps.goods.models import Goods, Sku
from tenants.merchants.models import Merchant

_serials = itertools.count(1)


@dataclass
class Shop:
    merchant: Merchant
    goods: Goods
    sku: Sku


def imei_with_check(body: str) -> str:
    """The 14 digits `body` and their Luhn check digit (computed here independently of
    apps.assets.rules, so a wrong rule there fails the tests)."""
    assert len(body) == 14 and body.isdigit()
    total = 0
    for index, char in enumerate(body):
        digit = int(char)
        if index % 2 == 1:  # every second digit from the left of the 14 is doubled
            digit = digit * 2
            digit = digit // 10 + digit % 10
        total += digit
    return body + str((10 - total % 10) % 10)


def next_imei() -> str:
    return imei_with_check(f"35{next(_serials):012d}")


def next_serial() -> str:
    return f"SN{next(_serials):08d}"


def receipt_of(sku_id: int, quantity: int, cost: str = "4999.00") -> StockReceipt:
    supplier = supplier_create(actor=None, name=f"供应商{next(_serials)}")
    return receipt_create(
        actor=None,
        supplier_id=supplier.pk,
        receipt_date=date(2026, 11, 27),
        invoice_no="INV-1",
        lines=[ReceiptLineIn(sku_id=sku_id, quantity=quantity, unit_cost=Decimal(cost))],
    )


def units_in_stock(sku_id: int, count: int) -> list[Unit]:
    """`count` units received on a new receipt into the warehouse, each with a serial and an
    IMEI."""
    receipt = receipt_of(sku_id, count)
    line = receipt.lines.get()
    return [
        receipt_scan(
            actor=None,
            line_id=line.pk,
            identifiers=Identifiers(serial_number=next_serial(), imei1=next_imei()),
        )
        for _ in range(count)
    ]
