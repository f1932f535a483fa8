"""What the calls of inspections, templates and work orders take and answer, and the asset
report's (issue 63)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

from zulin.core.numbers import Id
from zulin.core.schema import Schema
from zulin.core.text import MultiLineText, SingleLineText

from .common import GradeValue, UnitStatusValue
from .units import CosmeticValue, InspectionOut, ItemKind, Money, OccasionValue, SeverityValue

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


class AssetReportPageIn(AssetReportIn):
    """getAssetReport's filters and the page of its groups (the export writes every group)."""

    page: int = Field(1, ge=1, le=100_000)
    page_size: int = Field(100, ge=1, le=500, description="groups a page")


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
    count: int = Field(description="groups in all (the rows are a page of them)")
    page: int
    rows: list[AssetReportRowOut] = Field(description="most units first, this page's")
    total: AssetReportRowOut
