"""What the calls of suppliers, stock receipts and transfers take and answer."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import IdempotencyKey, MultiLineText, SingleLineText

from .common import (
    MAX_TRANSFER_UNITS,
    AssetIdIn,
    Code,
    GradeValue,
    NotImei,
    ReceiptStatusValue,
    TransferStatusValue,
    UnitCost,
)
from .units import UnitOut

# --- suppliers -------------------------------------------------------------------------------


class SupplierListIn(Schema):
    keyword: SingleLineText = Field("", max_length=50)
    page: Page = 1
    page_size: PageSize = 20


class SupplierIn(Schema):
    name: SingleLineText = Field(min_length=1, max_length=100)
    contact: SingleLineText = Field("", max_length=50)
    phone: SingleLineText = Field("", max_length=30)
    note: MultiLineText = Field("", max_length=300)


class UpdateSupplierIn(SupplierIn):
    id: Id


class SupplierOut(Schema):
    id: int
    name: str
    contact: str
    phone: str
    note: str
    created_at: datetime
    unit_count: int


class SupplierListOut(PageOut):
    list: list[SupplierOut]


# --- stock receipts --------------------------------------------------------------------------


class ReceiptListIn(Schema):
    status: ReceiptStatusValue | None = None
    supplier_id: Id | None = None
    page: Page = 1
    page_size: PageSize = 20


class ReceiptOut(Schema):
    id: int
    receipt_no: str
    supplier_id: int
    supplier_name: str
    receipt_date: date
    invoice_no: str
    attachment_path: str
    status: ReceiptStatusValue
    status_label: str
    expected: int
    scanned: int
    total_cost: str = Field(description="yuan: expected quantity × unit cost over the lines")
    created_at: datetime


class ReceiptListOut(PageOut):
    list: list[ReceiptOut]
    status_counts: dict[str, int]


class ReceiptLineOut(Schema):
    id: int
    sku_id: int
    sku_name: str
    goods_name: str
    expected_quantity: int
    received_quantity: int
    unit_cost: str
    fineness: str = Field(description="a used purchase's fineness; '': the goods' own")


class ReceiptDetailOut(ReceiptOut):
    lines: list[ReceiptLineOut]
    units: list[UnitOut] = Field(description="the units received on it, latest first")


class ReceiptLineIn(Schema):
    sku_id: Id
    expected_quantity: int = Field(ge=1, le=10_000)
    unit_cost: UnitCost
    fineness: GradeValue | Literal[""] = Field(
        "", description="a used purchase; '': the goods' own"
    )


class CreateReceiptIn(Schema):
    supplier_id: Id
    receipt_date: date = Field(description="China's calendar day, YYYY-MM-DD")
    invoice_no: SingleLineText = Field("", max_length=64)
    attachment_path: SingleLineText = Field("", max_length=300)
    lines: list[ReceiptLineIn] = Field(min_length=1, max_length=100)
    idempotency_key: IdempotencyKey


class ScanReceiptIn(Schema):
    receipt_id: Id
    line_id: Id
    code: Code = Field(
        description="one scanned serial or IMEI (15 digits with a valid Luhn digit: an IMEI; "
        "15 digits with a wrong one: refused unless `not_imei`)"
    )
    grade: GradeValue | None = None
    not_imei: NotImei = False


class ScanReceiptOut(Schema):
    unit: UnitOut
    line: ReceiptLineOut
    expected: int
    scanned: int


# --- transfers -------------------------------------------------------------------------------


class TransferListIn(Schema):
    status: TransferStatusValue | None = None
    page: Page = 1
    page_size: PageSize = 20


class TransferOut(Schema):
    id: int
    from_sub_shop_id: int | None
    from_name: str
    to_sub_shop_id: int | None
    to_name: str
    status: TransferStatusValue
    status_label: str
    unit_count: int
    received_count: int = Field(description="units of it received so far")
    sent_at: datetime
    received_at: datetime | None
    sent_by: str
    received_by: str


class TransferListOut(PageOut):
    list: list[TransferOut]
    status_counts: dict[str, int]


class TransferDetailOut(TransferOut):
    units: list[UnitOut]


class SendTransferIn(Schema):
    from_sub_shop_id: Id | None = Field(None, description="null: the warehouse")
    to_sub_shop_id: Id | None = Field(None, description="null: the warehouse")
    codes: list[Code] = Field(default_factory=list, max_length=MAX_TRANSFER_UNITS)
    unit_ids: list[Id] = Field(default_factory=list, max_length=MAX_TRANSFER_UNITS)
    idempotency_key: IdempotencyKey


class ReceiveTransferIn(AssetIdIn):
    """Neither `unit_ids` nor `codes`: every unit still in transit; else those only (the rest
    stay in transit until received)."""

    unit_ids: list[Id] = Field(
        default_factory=list, max_length=MAX_TRANSFER_UNITS, description="units ticked"
    )
    codes: list[Code] = Field(
        default_factory=list, max_length=MAX_TRANSFER_UNITS, description="units scanned"
    )
