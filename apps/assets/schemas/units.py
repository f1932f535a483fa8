"""What the units' calls take and answer: the list, a unit's page, a scan, labels."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import MultiLineText, SingleLineText

from .common import MAX_LABELS, Code, GradeValue, Identifier, NotImei, StatusNames, UnitStatusValue

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
