"""Fixed lists and limits of goods editing, in one place (answered by the option calls).

Money limits (CNY, two decimals, checked on every save):
- rent per period: 0.01 – 1,000,000.00
- deposit: 0 – 200,000.00, and at most 10 × the plan's total rent (rent × term), so a
  deposit is never an outsized multiple of what the customer actually rents for
- buyout (final payment) price: 0 – 1,000,000.00
- outright sale price: 0.01 – 1,000,000.00
- add-on service price: 0 – 100,000.00
"""

from __future__ import annotations

from decimal import Decimal

from tenants.catalog import rules as catalog_rules
from zulin.core.i18n import Text, choice_name, pick

from .models import Fineness, GoodsStatus, TermUnit

RENT_MIN = Decimal("0.01")
RENT_MAX = Decimal("1000000.00")
DEPOSIT_MAX = Decimal("200000.00")
DEPOSIT_MAX_RENT_MULTIPLE = 10
BUYOUT_MAX = Decimal("1000000.00")
SELL_MIN = Decimal("0.01")
SELL_MAX = Decimal("1000000.00")
ADDON_PRICE_MAX = Decimal("100000.00")

# Lease terms a rent plan may use (getTerms): periods per unit.
TERMS: dict[str, list[int]] = {
    TermUnit.MONTH: [1, 3, 6, 12, 24, 36],
    TermUnit.DAY: [7, 15, 30, 60, 90],
}

FINENESS_EN = {"new": "New", "99": "99% new", "95": "95% new", "90": "90% new", "80": "80% new"}


def fineness_options() -> list[dict[str, str]]:
    """Fineness (condition) choices, named in the request's language."""
    return [{"value": c.value, "label": choice_name(c, FINENESS_EN)} for c in Fineness]


def term_label(term: int, unit: str) -> str:
    """A lease term as people read it: 12个月 / 12 months, 7天 / 7 days."""
    if unit == TermUnit.MONTH:
        return pick(Text(f"{term}个月", f"{term} month" + ("s" if term != 1 else "")))
    return pick(Text(f"{term}天", f"{term} day" + ("s" if term != 1 else "")))


STATUSES = [status.value for status in GoodsStatus]
STATUS_LABELS = {status.value: status.label for status in GoodsStatus}

# Parts of the editing state that cannot change while goods are on shelf or under review:
# they are what a customer agrees to (the SKUs, prices, rent plans and bundles).
LOCKED_FIELDS = ["spu_list", "rent_list", "sell_list", "package_list"]
LOCKING_STATUSES = {GoodsStatus.ON_SHELF, GoodsStatus.IN_REVIEW}

FORCE_DOWN_REASONS = catalog_rules.FORCE_DOWN_REASONS

# Why goods cannot go on shelf (updateGoodsStatus, saveAndActiveGoods).
INCOMPLETE_REASONS = {
    "no_picture": ("没有商品图片", "no picture"),
    "no_sku": ("没有规格（SKU）", "no SKU"),
    "no_rent_plan": ("有规格没有租赁方案", "a SKU has no rent plan"),
    "no_stock": ("库存为 0", "zero stock"),
    "category_unavailable": ("分类不存在或已停用", "the category is missing or disabled"),
}


# Early return (a rent plan's, or the shop's defaults: `apps/orders/termination.py`).
EARLY_FEE_MODES = ("none", "rate", "fixed")
EARLY_FEE_FIXED_MAX = Decimal("100000.00")


def early_fee_text(mode: str, value: Decimal) -> str:
    """An early-termination fee's value as the calls answer it: a rate's share with 4 places,
    a fixed fee (or none) in yuan with 2."""
    return f"{value:.4f}" if mode == "rate" else f"{value:.2f}"


def early_fee_problem(mode: str, value: Decimal | None) -> Text | None:
    """Why an early-termination fee rule cannot be kept (None when it can): a rate is a share
    above 0 and at most 1 (4 places), a fixed fee yuan above 0 in cents."""
    if mode in ("", "none"):
        return None
    if mode not in EARLY_FEE_MODES:
        return Text("应为不收取、按比例或固定金额", "none, rate or fixed")
    if value is None or value <= 0:
        return Text("应大于 0", "above 0")
    if mode == "rate" and (value > 1 or value != value.quantize(Decimal("0.0001"))):
        return Text(
            "应为大于 0、不超过 1 的比例，最多 4 位小数",
            "a share above 0, at most 1, 4 decimal places",
        )
    if mode == "fixed" and (
        value > EARLY_FEE_FIXED_MAX or value != value.quantize(Decimal("0.01"))
    ):
        return Text(
            "应为大于 0、不超过 {0} 元的金额，精确到分", "yuan above 0, at most {0}, in cents"
        ).format(EARLY_FEE_FIXED_MAX)
    return None
