"""What the units' calls take and answer (docs/assets.md, /work/notes/assets-api.md)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import IdempotencyKey, MultiLineText, SingleLineText

UnitStatusValue = Literal[
    "serial_pending",
    "in_stock",
    "in_transit",
    "out_with_customer",
    "returning",
    "received",
    "sold",
    "lost",
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


# --- units -----------------------------------------------------------------------------------


class UnitFiltersIn(Schema):
    """getUnitList's filters: the list, its tabs' counts, and the export (kind `units`)."""

    status: UnitStatusValue | None = None
    sku_id: Id | None = None
    sub_shop_id: Id | None = Field(None, description="units at this sub-shop")
    warehouse: bool = Field(False, description="units in the warehouse (not at a sub-shop)")
    grade: GradeValue | None = None
    supplier_id: Id | None = None
    keyword: SingleLineText = Field(
        "", max_length=64, description="serial number, IMEI or MEID: exact or its start"
    )


class UnitListIn(UnitFiltersIn):
    page: Page = 1
    page_size: PageSize = 20


class UnitOut(Schema):
    id: int
    sku_id: int
    sku_name: str
    goods_id: int | None
    goods_name: str
    serial_number: str
    imei1: str
    imei2: str
    meid: str
    grade: str
    grade_label: str
    status: UnitStatusValue
    status_label: str
    sub_shop_id: int | None = Field(description="null: the warehouse")
    place_name: str
    cost: str | None = Field(description="yuan, two places")
    supplier_id: int | None
    supplier_name: str
    receipt_id: int | None
    acquired_at: datetime
    order_id: int | None
    order_no: str | None = Field(description="null until orders answers the order's number")
    updated_at: datetime


class UnitListOut(PageOut):
    list: list[UnitOut]
    status_counts: dict[str, int] = Field(
        description="per status and `all`, under the same filters but the status; each "
        "counted to 10,000 as a list's total is"
    )
    status_counts_capped: StatusNames = Field(
        description="the names in status_counts whose count stopped at 10,000 (show 10000+)"
    )


class UnitMoveOut(Schema):
    at: datetime
    action: str
    action_label: str
    from_status: str
    to_status: str
    from_place: str
    to_place: str
    reason: str
    order_id: int | None
    order_no: str | None
    receipt_id: int | None
    transfer_id: int | None
    actor_name: str


class UnitOrderOut(Schema):
    order_id: int
    order_no: str | None
    status: str | None
    shipped_at: datetime | None
    returned_at: datetime | None
    paid: str | None = Field(description="yuan, two places")


class UnitActionOut(Schema):
    action: Literal["serial_record", "transfer_send", "restock", "lose", "find"]
    allowed: bool
    reason_disabled: str


class UnitDetailOut(UnitOut):
    history: list[UnitMoveOut]
    orders: list[UnitOrderOut]
    actions: list[UnitActionOut]


class FindUnitIn(Schema):
    code: Code = Field(description="a scanned serial number, IMEI or MEID")
    order_id: Id | None = Field(None, description="check whether the unit may ship for it")


class ShipCheckOut(Schema):
    ok: bool
    reason: str


class FindUnitOut(Schema):
    unit: UnitOut | None
    ship_check: ShipCheckOut | None


class RecordUnitSerialIn(Schema):
    unit_id: Id
    serial_number: Identifier = ""
    imei1: Identifier = ""
    imei2: Identifier = ""
    meid: Identifier = ""
    not_imei: NotImei = False


class AdjustUnitIn(Schema):
    unit_id: Id
    action: Literal["lose", "find", "restock"]
    reason: MultiLineText = Field(min_length=1, max_length=300)


class CreateUnitLabelsIn(Schema):
    unit_ids: list[Id] = Field(min_length=1, max_length=MAX_LABELS)
    format: Literal["code128", "qr"] = "code128"


class LabelsOut(Schema):
    url: str
    expires_at: datetime
    count: int


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


class ReceiptDetailOut(ReceiptOut):
    lines: list[ReceiptLineOut]
    units: list[UnitOut] = Field(description="the units received on it, latest first")


class ReceiptLineIn(Schema):
    sku_id: Id
    expected_quantity: int = Field(ge=1, le=10_000)
    unit_cost: UnitCost


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
