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


Money = Annotated[Decimal, Field(ge=0, le=Decimal("1000000"), decimal_places=2)]
OccasionValue = Literal["ship_baseline", "return", "exchange", "receipt", "periodic"]
CosmeticValue = Literal["A", "B", "C", "D"]
SeverityValue = Literal["", "minor", "moderate", "severe"]
ItemKind = Literal["pass_fail", "number", "choice"]


class InspectionOut(Schema):
    id: int
    unit_id: int
    occasion: OccasionValue
    occasion_name: str
    order_id: int | None
    template_name: str
    functional_pass: bool
    blocked: bool = Field(description="a check that blocks restock failed")
    cosmetic_grade: CosmeticValue
    fineness: str = Field(description="by the fineness table from the two results")
    damage_computed: str = Field(description="the sum of priced lines (and the lock charge)")
    damage_total: str = Field(description="what is charged: computed, or typed with a reason")
    damage_reason: str
    quarantine_fee: str
    note: str
    inspector_name: str
    started_at: datetime
    finished_at: datetime
    baseline_id: int | None
    after_sale_id: int | None = Field(description="the return business that charged it")
    photo_count: int


class WorkOrderOut(Schema):
    id: int
    unit_id: int
    kind: Literal["repair", "refurbish", "battery", "clean", "data_wipe"]
    kind_name: str
    status: Literal["open", "in_progress", "done", "failed", "cancelled"]
    status_name: str
    supplier_id: int | None = Field(description="null: in house")
    supplier_name: str
    warranty: bool
    inspection_id: int | None
    parts_cost: str
    labour_cost: str
    capitalise: bool
    grade_before: str
    grade_after: str
    note: str
    opened_by_name: str
    opened_at: datetime
    started_at: datetime | None
    finished_at: datetime | None


class UnitTemplateItemOut(Schema):
    code: str
    label: str
    label_en: str
    kind: Literal["pass_fail", "number", "choice"]
    required: bool
    blocks_restock: bool
    cosmetic: bool
    prices: dict[str, str]
    choices: list[str]
    fail_choices: list[str]
    min_pass: str | None
    unit: str


class UnitTemplateOut(Schema):
    id: int | None = Field(description="null: the built-in default")
    name: str
    base: Literal["phone", "laptop"]
    items: list[UnitTemplateItemOut]
    quarantine_fee: str


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
    action: Literal[
        "serial_record",
        "transfer_send",
        "restock",
        "lose",
        "find",
        "inspect",
        "release",
        "repair_start",
        "scrap",
    ]
    allowed: bool
    reason_disabled: str


class CollectedByKindOut(Schema):
    rent: str = Field(description="rent and add-ons, less early-settlement discounts, yuan")
    buyout: str = Field(description="buyout and sale money, yuan")
    damage: str = Field(description="damage charged, yuan")
    fees: str = Field(description="late, early-termination and shipping fees, yuan")
    refunds: str = Field(description="given back (negative), yuan")


class CollectedByOrderOut(Schema):
    order_id: int
    amount: str = Field(description="this unit's share of the order's income, yuan")


class UnitEarningsOut(Schema):
    cost_basis: str = Field(description="purchase plus capitalised work orders, yuan")
    collected: str = Field(
        description="income in the ledger of the orders that held it, its share by days out"
    )
    collected_by_kind: CollectedByKindOut
    collected_by_order: list[CollectedByOrderOut]
    repair_spend: str = Field(description="parts and labour of its done work orders, yuan")
    days_owned: int = Field(description="China days from acquired to today or to leaving")
    days_on_lease: int = Field(description="China days out with customers")
    utilisation: str | None = Field(description="days on lease / days owned, percent")
    payback: str | None = Field(description="collected / cost basis, percent")
    paid_back_on: date | None = Field(description="the China day collected reached the cost")
    days_to_pay_back: int | None
    life_months: int = Field(description="straight-line life of its kind of device")
    residual_rate: str = Field(description="residual share of the cost basis, percent")
    book_value: str = Field(description="a report figure, not a journal; yuan")
    left_on: date | None = Field(description="sold, scrapped or lost: the day it left")
    disposal_gain: str | None = Field(
        description="left the shop: what it brought (recovered, sale or buyout) less book value"
    )


class UnitDetailOut(UnitOut):
    history: list[UnitMoveOut]
    orders: list[UnitOrderOut]
    actions: list[UnitActionOut]
    inspections: list[InspectionOut] = Field(description="newest first")
    work_orders: list[WorkOrderOut] = Field(description="newest first")
    customer_todo: list[str] = Field(
        description="quarantined: the blocking checks that failed (what the customer must do)"
    )
    inspection_template: UnitTemplateOut = Field(description="the checklist its goods follow")
    cost_basis: str | None = Field(description="purchase plus capitalised work orders, yuan")
    disposal_value: str | None = Field(description="scrapped: what was recovered, yuan")
    earnings: UnitEarningsOut = Field(description="what it earned against what it cost")


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
    action: Literal["lose", "find", "restock", "release", "scrap"]
    reason: MultiLineText = Field(min_length=1, max_length=300)
    recovered_value: Money | None = Field(None, description="scrap: what was recovered, yuan")


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


# --- inspections, templates, work orders (docs/assets.md, "Inspections") ----------------------


class TemplateItemIn(Schema):
    code: SingleLineText = Field(min_length=1, max_length=30)
    label: SingleLineText = Field(min_length=1, max_length=50)
    label_en: SingleLineText = Field("", max_length=50)
    kind: ItemKind
    required: bool = True
    blocks_restock: bool = False
    cosmetic: bool = Field(False, description="a failure is damage, not a functional failure")
    prices: dict[Literal["minor", "moderate", "severe"], Money] = Field(default_factory=dict)
    choices: list[Annotated[SingleLineText, Field(max_length=30)]] = Field(
        default_factory=list, max_length=12
    )
    fail_choices: list[Annotated[SingleLineText, Field(max_length=30)]] = Field(
        default_factory=list, max_length=12
    )
    min_pass: Annotated[Decimal, Field(ge=0, le=100000, decimal_places=2)] | None = None
    unit: SingleLineText = Field("", max_length=8)


class TemplateItemOut(Schema):
    code: str
    label: str
    label_en: str
    kind: ItemKind
    required: bool
    blocks_restock: bool
    cosmetic: bool
    prices: dict[str, str]
    choices: list[str]
    fail_choices: list[str]
    min_pass: str | None
    unit: str


class SaveTemplateIn(Schema):
    category_id: Id | None = Field(None, description="null: the shop's default for `base`")
    base: Literal["phone", "laptop"] = "phone"
    name: SingleLineText = Field(min_length=1, max_length=50)
    items: list[TemplateItemIn] = Field(min_length=1, max_length=40)
    quarantine_fee: Money = Field(
        Decimal("0.00"), description="fixed charge for a device returned locked; 0: off"
    )


class TemplateOut(Schema):
    id: int | None = Field(description="null: the built-in default, never saved")
    category_id: int | None
    category_name: str
    base: Literal["phone", "laptop"]
    name: str
    is_builtin: bool
    items: list[TemplateItemOut]
    quarantine_fee: str
    updated_by_name: str


class ValueLabelOut(Schema):
    value: str
    label: str


class FinenessRowOut(Schema):
    functional: Literal["pass", "fail"]
    cosmetic_grade: CosmeticValue
    fineness: str


class TemplateListOut(Schema):
    templates: list[TemplateOut]
    severities: list[ValueLabelOut]
    cosmetic_grades: list[ValueLabelOut]
    fineness_table: list[FinenessRowOut]


class TemplateForUnitIn(Schema):
    unit_id: Id


class InspectionLineIn(Schema):
    code: SingleLineText = Field(min_length=1, max_length=30)
    passed: bool | None = None
    value: Annotated[Decimal, Field(ge=0, le=100000, decimal_places=2)] | None = None
    choice: SingleLineText = Field("", max_length=30)
    severity: SeverityValue = ""
    note: SingleLineText = Field("", max_length=200)


class CreateInspectionIn(Schema):
    occasion: OccasionValue
    unit_id: Id | None = Field(None, description="required but for ship_baseline")
    order_id: Id | None = Field(None, description="ship_baseline: the order shipped")
    cosmetic_grade: CosmeticValue
    lines: list[InspectionLineIn] = Field(max_length=40)
    damage_amount: Money | None = Field(
        None, description="return/exchange: typed over the computed total (needs a reason)"
    )
    damage_reason: MultiLineText = Field("", max_length=300)
    note: MultiLineText = Field("", max_length=500)
    photos_base64: list[Annotated[str, Field(max_length=1_500_000)]] = Field(
        default_factory=list, max_length=3, description="JPEG/PNG ≤ 1 MB each, base64"
    )
    started_at: datetime | None = None
    idempotency_key: SingleLineText = Field("", max_length=64)


class InspectionLineOut(Schema):
    code: str
    label: str
    kind: str
    passed: bool | None
    value: str | None
    choice: str
    severity: str
    price: str
    blocks_restock: bool
    note: str


class ComparedLineOut(InspectionLineOut):
    baseline: InspectionLineOut | None = Field(description="the shipping baseline's same item")
    changed: bool


class PhotoOut(Schema):
    file_id: int
    url: str | None


class BaselineOut(InspectionOut):
    photos: list[PhotoOut]


class InspectionDetailOut(InspectionOut):
    failed: list[str]
    lines: list[ComparedLineOut]
    changed_count: int
    photos: list[PhotoOut]
    baseline: BaselineOut | None


class CreateWorkOrderIn(Schema):
    unit_id: Id
    kind: Literal["repair", "refurbish", "battery", "clean", "data_wipe"]
    supplier_id: Id | None = Field(None, description="the repairer; null: in house")
    warranty: bool = False
    inspection_id: Id | None = None
    note: MultiLineText = Field("", max_length=300)


class UpdateWorkOrderIn(Schema):
    id: Id
    action: Literal["start", "done", "fail", "cancel"]
    parts_cost: Money | None = None
    labour_cost: Money | None = None
    capitalise: bool | None = None
    grade_after: GradeValue | Literal[""] = ""
    note: MultiLineText = Field("", max_length=300)


# --- the asset report (issue 63) ------------------------------------------------------------


class AssetReportIn(Schema):
    """getAssetReport's filters (the screen keeps them in its URL), and its export's."""

    group_by: Literal["sku", "category", "sub_shop"] = Field(
        "sku", description="one row per SKU, goods category or place (sub-shop or warehouse)"
    )
    sku_id: Id | None = None
    category_id: Id | None = Field(None, description="the platform category of the goods")
    sub_shop_id: Id | None = Field(None, description="units at this sub-shop")
    warehouse: bool = Field(False, description="units in the warehouse (not at a sub-shop)")
    idle_days: int = Field(30, ge=1, le=3650, description="in stock longer than this is idle")


class ReportStatusCountOut(Schema):
    status: UnitStatusValue
    label: str
    count: int


class ReportGradeCountOut(Schema):
    grade: GradeValue
    label: str
    count: int


class AssetReportRowOut(Schema):
    key: str | None = Field(description="the SKU, category or sub-shop id; null: none/warehouse")
    name: str
    units: int
    by_status: list[ReportStatusCountOut]
    by_grade: list[ReportGradeCountOut] = Field(description="units still the shop's, by grade")
    idle: int = Field(description="in stock longer than idle_days")
    in_recovery: int = Field(description="out with a customer whose order is overdue")
    utilisation: str | None = Field(description="days on lease / days owned, percent")
    average_payback: str | None = Field(description="mean of the units' payback, percent")
    paid_back: int = Field(description="units whose collected money reached their cost")
    average_days_to_pay_back: int | None
    cost_basis: str
    collected: str = Field(description="the ledger's income of the orders that held them")
    repair_spend: str
    book_value: str = Field(description="of the units still the shop's; a report figure")


class AssetReportOut(Schema):
    group_by: str
    idle_days: int
    today: date
    rows: list[AssetReportRowOut] = Field(description="most units first")
    total: AssetReportRowOut
