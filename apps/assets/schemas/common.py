"""The value types the units' schemas share: statuses, grades, codes, costs, limits."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

from zulin.core.numbers import Id
from zulin.core.schema import Schema
from zulin.core.text import SingleLineText

UnitStatusValue = Literal[
    "serial_pending",
    "in_stock",
    "in_transit",
    "out_with_customer",
    "returning",
    "received",
    "sold",
    "lost",
    "inspecting",
    "quarantined",
    "in_repair",
    "scrapped",
]
GradeValue = Literal["new", "99", "95", "90", "80"]
ReceiptStatusValue = Literal["open", "partial", "received"]
TransferStatusValue = Literal["in_transit", "received"]
Code = Annotated[SingleLineText, Field(min_length=1, max_length=64)]
Identifier = Annotated[SingleLineText, Field(max_length=64)]
UnitCost = Annotated[Decimal, Field(ge=0, le=Decimal("9999999999.99"), decimal_places=2)]
StatusNames = list[str]  # a module alias: inside a page schema `list` names its rows
NotImei = Annotated[
    bool,
    Field(
        description="the person confirmed the code is not an IMEI: 15 digits failing the "
        "IMEI's check digit are kept as a serial number (else refused, data.confirm "
        "`not_imei`)"
    ),
]
MAX_LABELS = 500
MAX_TRANSFER_UNITS = 500


class AssetIdIn(Schema):
    id: Id
