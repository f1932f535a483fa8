from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import MultiLineText, SingleLineText

from . import rules

Money = Annotated[Decimal, Field(max_digits=12, decimal_places=2)]
Label = Annotated[SingleLineText, Field(min_length=1, max_length=20)]
Url = Annotated[SingleLineText, Field(min_length=1, max_length=500)]
SpecName = Annotated[SingleLineText, Field(min_length=1, max_length=20)]
SpecValue = Annotated[SingleLineText, Field(min_length=1, max_length=50)]
# Positions in the payload's own lists (spu_list ≤ 100, rent_list ≤ 300 rows).
Index = Annotated[int, Field(ge=0, le=999)]
FinenessCode = Literal["new", "99", "95", "90", "80"]
TermUnitCode = Literal["day", "month"]


class SkuIn(Schema):
    id: Id | None = Field(None, description="an existing SKU's id; omit for a new SKU")
    specs: dict[SpecName, SpecValue] = Field(default_factory=dict, max_length=5)
    code: SingleLineText = Field("", max_length=50)
    stock: int = Field(0, ge=0, le=1_000_000, description="initial stock of a new SKU only")


class RentIn(Schema):
    sku_index: Index = Field(description="index of the SKU in spu_list")
    term: int = Field(ge=1, le=10_000, description="number of periods, one of getTerms")
    term_unit: TermUnitCode
    rent: Money = Field(ge=rules.RENT_MIN, le=rules.RENT_MAX, description="rent per period")
    deposit: Money = Field(ge=0, le=rules.DEPOSIT_MAX)
    buyout_price: Money = Field(ge=0, le=rules.BUYOUT_MAX)
    ownership_transfer: bool = True
    min_term: int | None = Field(
        None, ge=0, le=10_000, description="minimum term (periods); None: the shop's default"
    )
    early_fee_mode: Literal["", "none", "rate", "fixed"] = Field(
        "", description="early-termination fee; '': the shop's default"
    )
    early_fee_value: Decimal | None = Field(
        None,
        ge=0,
        max_digits=10,
        decimal_places=4,
        description="rate: a share 0-1 of the rent a return cancels; fixed: yuan",
    )
    credit_deposit_max: Money = Field(
        Decimal("0.00"),
        ge=0,
        le=rules.DEPOSIT_MAX,
        description="deposit-free: the largest part of the deposit Zhima credit may cover",
    )
    fineness: Literal["", "new", "99", "95", "90", "80"] = Field(
        "",
        description="leased again as used: the plan leases a unit of this fineness only, "
        "with its own rent and deposit ('' : the goods' own fineness); a fineness other than "
        "the goods' is offered on a SKU tracked by unit only",
    )


class SellIn(Schema):
    sku_index: Index
    price: Money = Field(ge=rules.SELL_MIN, le=rules.SELL_MAX)
    original_price: Money | None = Field(None, ge=rules.SELL_MIN, le=rules.SELL_MAX)


class PackageIn(Schema):
    name: SingleLineText = Field(min_length=1, max_length=50)
    rent_index: Index = Field(description="index of the rent plan in rent_list")
    gain_ids: list[Id] = Field(default_factory=list, max_length=20)


class GoodsIn(Schema):
    id: Id | None = Field(None, description="omit to create; the goods' id to edit")
    title: SingleLineText = Field(min_length=1, max_length=100)
    category_id: Id
    brand: SingleLineText = Field("", max_length=50)
    fineness: FinenessCode = "new"
    pictures: list[Url] = Field(default_factory=list, max_length=10)
    description: MultiLineText = Field("", max_length=50_000)
    channels: list[Label] = Field(default_factory=list, max_length=10)
    sub_shop_ids: list[Id] = Field(default_factory=list, max_length=200)
    sort: int = Field(0, ge=0, le=999_999)
    spu_list: list[SkuIn] = Field(default_factory=list, max_length=100)
    rent_list: list[RentIn] = Field(default_factory=list, max_length=300)
    sell_list: list[SellIn] = Field(default_factory=list, max_length=100)
    package_list: list[PackageIn] = Field(default_factory=list, max_length=50)


class IdIn(Schema):
    id: Id


class GoodsIdIn(Schema):
    goods_id: Id


class ReviewSettingQueryIn(Schema):
    merchant_id: Id


class IdsIn(Schema):
    ids: list[Id] = Field(min_length=1, max_length=100)


class StatusIn(IdsIn):
    status: Literal["on_shelf", "off_shelf"]


class CategorySetIn(IdsIn):
    category_id: Id


class SortIn(Schema):
    id: Id
    sort: int = Field(ge=0, le=999_999)


class StockIn(Schema):
    sku_id: Id
    mode: Literal["set", "add"] = Field(
        "set", description="set: stock = quantity; add: stock += quantity (may be negative)"
    )
    quantity: int = Field(ge=-1_000_000, le=1_000_000)


class ForceDownIn(Schema):
    id: Id = Field(description="platform goods id (platformGoodsList's id)")
    reason_code: SingleLineText = Field(
        max_length=50, description="a code from getForceRefuseReasons"
    )
    reason_text: MultiLineText = Field(
        "", max_length=200, description="free text; required for other"
    )


class ReviewIn(Schema):
    id: Id = Field(description="platform goods id (platformGoodsList's id)")
    approve: bool
    reason: MultiLineText = Field("", max_length=300, description="required when turning down")


class ReviewSettingIn(Schema):
    merchant_id: Id
    need_review: bool


class PlatformGoodsDecisionOut(Schema):
    id: int
    status: str
    reason: str


class ReviewSettingOut(Schema):
    merchant_id: int
    need_review: bool


class GainIn(Schema):
    name: SingleLineText = Field(min_length=1, max_length=50)
    gain_type: SingleLineText = Field(max_length=50, description="a key of newGetGoodsGainTypeMap")
    price: Money = Field(ge=0, le=rules.ADDON_PRICE_MAX)
    description: MultiLineText = Field("", max_length=500)
    is_required: bool = False
    sort: int = Field(0, ge=0, le=999_999)


class GainEditIn(GainIn):
    id: Id


class GainStatusIn(Schema):
    id: Id = Field(description="the add-on's id (platform side: the id its list answers)")
    status: int = Field(ge=0, le=1, description="1 enabled, 0 disabled")
    reason: str = Field(
        "", max_length=300, description="platform side: why it is disabled (the merchant sees it)"
    )


class GoodsFiltersIn(Schema):
    """The goods list's filters: goodsList, and the goods export (kind `goods`)."""

    status: Literal["draft", "in_review", "on_shelf", "off_shelf", "force_down"] | None = None
    category_id: Id | None = None
    keyword: SingleLineText = Field("", max_length=100)


class GoodsListIn(GoodsFiltersIn):
    page: Page = 1
    page_size: PageSize = 20
    tracked: bool = Field(
        False, description="only goods with an active SKU tracked by unit (stock receipts)"
    )


class GainListIn(Schema):
    gain_type: SingleLineText | None = Field(None, max_length=50)
    merchant_id: Id | None = Field(None, description="platform side: one merchant's only")
    status: int | None = Field(None, ge=0, le=1)
    keyword: SingleLineText = Field("", max_length=50)
    page: Page = 1
    page_size: PageSize = 20


# --- answers ---------------------------------------------------------------------------------


class FinenessStockOut(Schema):
    """A tracked SKU's stock at one fineness (its units of that grade)."""

    fineness: str
    fineness_name: str
    in_stock: int
    reserved: int
    available: int


class SkuStockFieldsOut(Schema):
    """A SKU's stock: what a customer can order, and for a SKU tracked by unit the two figures
    it comes from (a counted SKU: null)."""

    stock: int = Field(
        description="what a customer can order: a counted SKU's kept count; a tracked SKU's "
        "in_stock less reserved, never below 0"
    )
    tracked: bool = Field(description="tracked by unit: its stock is derived from its units")
    in_stock: int | None = Field(
        description="tracked: its units at the goods' own fineness in stock in the warehouse "
        "or a sub-shop the goods are sold in; counted: null"
    )
    reserved: int | None = Field(
        description="tracked: its open reservations (orders not shipped yet); counted: null"
    )
    by_fineness: list[FinenessStockOut] | None = Field(
        None,
        description="tracked (goodsDetail, getSkuStock): the same figures per fineness its "
        "units are leased at (the goods' own and its used plans'); otherwise null",
    )


class SkuOut(SkuStockFieldsOut):
    id: int
    specs: dict[str, str]
    code: str


class RentOut(Schema):
    id: int
    sku_index: int
    sku_id: int
    term: int
    term_unit: str
    rent: str
    deposit: str
    buyout_price: str
    ownership_transfer: bool
    min_term: int | None
    early_fee_mode: str
    early_fee_value: str | None
    credit_deposit_max: str
    total_rent: str
    fineness: str = Field(description="as saved: '' leases at the goods' own fineness")
    lease_fineness: str = Field(description="the condition this plan leases: its own or the goods'")
    lease_fineness_name: str
    used: bool = Field(description="leased as used: any fineness but new")
    stock: int = Field(
        description="what a customer can order on this plan: a tracked SKU's units of the "
        "plan's fineness in stock less the open reservations at it; a counted SKU's count"
    )


class SellOut(Schema):
    id: int
    sku_index: int
    sku_id: int
    price: str
    original_price: str | None


class PackageOut(Schema):
    id: int
    name: str
    rent_index: int
    rent_plan_id: int
    gain_ids: list[int]
    gains_price: str


class DisabledOut(Schema):
    locked: bool
    fields: list[str]
    reason: str


class GoodsDetailOut(Schema):
    id: int
    title: str
    category_id: int | None
    category_name: str
    brand: str
    fineness: str
    pictures: list[str]
    description: str
    channels: list[str]
    sub_shop_ids: list[int]
    status: str
    status_name: str
    sort: int
    force_down: bool
    force_down_reason: str
    force_down_at: datetime | None
    review_note: str
    # Whether the platform shows the goods on its own storefront (the platform decides).
    display_status: bool
    spu_list: list[SkuOut]
    rent_list: list[RentOut]
    sell_list: list[SellOut]
    package_list: list[PackageOut]
    disabled: DisabledOut
    created_at: datetime
    updated_at: datetime


class TrackedStockOut(Schema):
    sku_count: int
    available: int = Field(description="what a customer can order of them (in total_stock)")
    in_stock: int = Field(description="their units in stock where the goods are sold")
    reserved: int = Field(description="their open reservations")


class GoodsRowOut(Schema):
    id: int
    title: str
    category_id: int | None
    category_name: str
    brand: str
    fineness: str
    picture: str
    status: str
    status_name: str
    sort: int
    min_rent: str | None
    total_stock: int
    sku_count: int
    tracked_stock: TrackedStockOut | None = Field(
        description="its SKUs tracked by unit in all (their available part is in total_stock); "
        "null: none is tracked"
    )
    force_down: bool
    force_down_reason: str
    review_note: str
    # Whether the platform shows the goods on its own storefront (the platform decides).
    display_status: bool
    updated_at: datetime


class GoodsPageOut(PageOut):
    list: list[GoodsRowOut]


class SkuStockOut(SkuStockFieldsOut):
    sku_id: int
    specs: dict[str, str]
    code: str


class GainOut(Schema):
    id: int
    name: str
    gain_type: str
    gain_type_name: str
    price: str
    description: str
    is_required: bool
    status: int
    sort: int
    # Disabled by the platform, with the reason the merchant sees; only the platform lifts it.
    platform_disabled: bool = False
    platform_reason: str = ""
    # Platform side only: whose add-on it is.
    merchant_id: int | None = None
    merchant_name: str | None = None
    updated_at: datetime


class GainGroupOut(Schema):
    """getGainSet: enabled add-on services of one type."""

    gain_type: str
    gain_type_name: str
    gains: list[GainOut]


class RentPlanOut(RentOut):
    """getRentPlan: a rent plan with its SKU's specs and what rent plus buyout come to."""

    specs: dict[str, str]
    total_with_buyout: str


class GainPageOut(PageOut):
    list: list[GainOut]


class OptionOut(Schema):
    value: str
    label: str


class TermOut(Schema):
    term: int
    term_unit: str
    label: str


class SavedOut(Schema):
    id: int
    status: str


class CountOut(Schema):
    count: int
