"""An order's early-return terms (docs/money.md, "Early return").

A rent plan may set a minimum term (periods) and an early-termination fee — a share of the
rent a return cancels (`rate`), a fixed amount (`fixed`) or none; a plan that sets none
takes the shop's defaults (order settings). The terms are copied onto the order when it is
placed (`terms_resolve`) and printed in its contract (`contract_note`); later changes of
the plan or the settings never reach a placed order.

What a return settles by these terms (rent cancelled after the return's day, the fee, the
damage, the deposit) is billing's: `apps/billing/returns.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from zulin.money import quotes
from zulin.money.schedule import add_months

from .models import Order, OrderSetting

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
FEE_MODES = ("none", "rate", "fixed")
FEE_MODE_TEXT = {"none": "不收取", "rate": "按剩余租金比例", "fixed": "固定金额"}


@dataclass(frozen=True)
class Terms:
    min_term: int
    fee_mode: str
    fee_value: Decimal


def terms_resolve(
    *,
    setting: OrderSetting,
    min_term: int | None,
    fee_mode: str,
    fee_value: Decimal | None,
) -> Terms:
    """A plan's terms, its unset parts taken from the shop's settings."""
    if min_term is None:
        min_term = setting.early_return_min_term
    if not fee_mode:
        fee_mode, fee_value = setting.early_return_fee_mode, setting.early_return_fee_value
    if fee_mode == "none":
        fee_value = ZERO
    return Terms(min_term=min_term, fee_mode=fee_mode, fee_value=fee_value or ZERO)


def order_terms(order: Order) -> Terms:
    return Terms(order.min_term, order.early_fee_mode, order.early_fee_value)


def min_term_end(order: Order) -> date | None:
    """The first day a return owes no early-termination fee (None: no minimum term)."""
    if order.min_term <= 0:
        return None
    start = order.lease_start
    if start is None:
        return None
    if order.term_unit == "day":
        return start + timedelta(days=order.min_term)
    return add_months(start, order.min_term)


def termination_fee(terms: Terms, rent_cancelled: Decimal) -> Decimal:
    """The fee of a return before the minimum term that cancels `rent_cancelled`
    (`zulin.money.quotes.termination_fee`)."""
    return quotes.termination_fee(
        mode=terms.fee_mode, value=terms.fee_value, rent_cancelled=rent_cancelled
    )


def contract_note(order: Order) -> str:
    """The early-return clause printed under the lease plan of the order's contract."""
    unit = "天" if order.term_unit == "day" else "个月"
    head = (
        "提前退租：归还日为出租人收到归还商品之日；归还日后到期的租金不再收取，"
        "归还日及之前到期的租金、逾期违约金及损坏赔偿仍应支付，押金先行抵扣。"
    )
    if order.min_term <= 0 or order.early_fee_mode == "none":
        return head + "本合同不设最短租期违约金。"
    if order.early_fee_mode == "rate":
        share = (order.early_fee_value * 100).quantize(Decimal("0.01")).normalize()
        fee = f"归还日后到期租金的{share:f}%"
    else:
        fee = f"{order.early_fee_value.quantize(CENT)}元"
    return (
        head
        + f"最短租期为{order.min_term}{unit}；在最短租期届满前退租的，承租人应支付提前退租违约金"
        + f"{fee}，且不超过归还日后到期的租金总额。"
    )
