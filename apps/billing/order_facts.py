"""What billing does when something happens to an order (issue 62, item 1).

Orders publishes facts about its own state change (`apps/orders/events.py`: placed, audit
passed, contract signed, delivered, renewed, return inspected, cancelled, bought out,
buyout opened, buyout approved), in
the transaction that changes it, the order row locked; billing's handlers below are
registered on them in `BillingConfig.ready()` and decide, in that transaction, what each
fact does to the deposit, the bills, the payments and the ledger. Orders learns nothing
back: where a fact needs an answer orders shows (what a return settled), billing writes it
on orders' side through `outcomes.py`, in the same transaction; each handler that moves
money ends by keeping the order's money figures on its row (`order_figures.py`), which is
all orders reads of billing (issue 62, item 2)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from apps.orders import events, outcomes
from apps.orders.models import Order, OrderKind, OrderStatus
from zulin.core.auth import Session
from zulin.providers.interfaces import ProviderError

from . import deposits, repayments, returns, services, unwind
from .order_figures import order_money_keep
from .payments import payment_provider, provider_failed

ZERO = Decimal("0.00")


def on_order_placed(order: Order, *, placed_on: date) -> None:
    """A lease waiting for its audit has its deposit frozen (what the risk grade did not
    waive); a purchase is paid at once: its one bill (price and shipping fee), due today."""
    if order.kind == OrderKind.LEASE:
        if order.status == OrderStatus.AWAITING_AUDIT:
            deposits.deposit_freeze(order)
            order_money_keep(order)
        return
    services.bills_create(
        order_id=order.pk,
        order_no=order.order_no,
        sub_shop_id=order.sub_shop_id,
        start=placed_on,
        term=1,
        term_unit="day",
        rent=order.sale_price,
        addon_amount=ZERO,
        fee_amount=order.shipping_fee,
        kind="purchase",
    )
    order_money_keep(order)


def on_order_audit_passed(order: Order) -> None:
    """A lease's schedule from the lease start the audit set (delivery moves it)."""
    if order.kind != OrderKind.LEASE or order.lease_start is None:
        return
    services.bills_create(
        order_id=order.pk,
        order_no=order.order_no,
        sub_shop_id=order.sub_shop_id,
        start=order.lease_start,
        term=order.term,
        term_unit=order.term_unit,
        rent=order.rent,
        addon_amount=order.addon_total,
        fee_amount=order.shipping_fee,
    )
    order_money_keep(order)


def on_order_contract_signed(order: Order) -> None:
    """The customer's withhold agreement, signed with the contract (later bills are charged
    by it)."""
    if order.withhold_agreement_no:
        return
    try:
        result = payment_provider().withhold_sign(
            out_no=f"{order.order_no}W", payer=f"cust-{order.customer_id}"
        )
    except ProviderError as error:
        raise provider_failed(error) from error
    if result.succeeded:
        outcomes.withhold_agreement_keep(order, result.agreement_no)


def on_order_delivered(order: Order) -> None:
    """A lease starts the day its goods arrived: its unpaid bills move to that schedule."""
    if order.kind != OrderKind.LEASE or order.lease_start is None:
        return
    services.bills_shift(
        order_id=order.pk, start=order.lease_start, term=order.term, term_unit=order.term_unit
    )
    order_money_keep(order)


def on_order_renewed(
    order: Order, *, extra: int, term_before: int, end_before: date | None
) -> None:
    """A renewal's bills, after the lease as it stood before (`returns.bills_renew`)."""
    returns.bills_renew(order, extra=extra, term_before=term_before, end_before=end_before)
    order_money_keep(order)


def on_order_return_inspected(
    order: Order,
    *,
    after_sale_id: int,
    return_day: date,
    damage: Decimal,
    actor: Session | None,
) -> None:
    """A return settled at inspection (`returns.return_settle`); what it cancelled and the
    fee are kept on the after-sale business, as its screen shows them."""
    quote = returns.return_settle(order, return_day=return_day, damage=damage, actor=actor)
    outcomes.return_settlement_keep(
        after_sale_id, rent_cancelled=quote.rent_cancelled, fee=quote.fee
    )
    order_money_keep(order)


def on_order_cancelled(order: Order, *, actor: Session | None, reason: str) -> None:
    """An order ended without a deal: its money unwound (`unwind.order_money_unwind`)."""
    unwind.order_money_unwind(order, actor=actor, reason=reason)
    order_money_keep(order)


def on_order_bought_out(order: Order) -> None:
    """The goods bought out: the deposit goes back (kept while something comes first) —
    a deposit-free buyout charged against the authorisation had it released with it."""
    if not deposits.deposit_auth_completed(order, actor=None):
        deposits.deposit_thaw(order, actor=None)
    order_money_keep(order)


def on_order_buyout_opened(order: Order, *, after_sale_id: int) -> None:
    """A buyout asked: today's price of it (`repayments.buyout_quote`: the early
    settlement's quote with the plan's buyout price), kept on the business."""
    outcomes.after_sale_amount_keep(after_sale_id, repayments.buyout_quote(order))


def on_order_buyout_approved(
    order: Order, *, after_sale_id: int, actor: Session, idempotency_key: str
) -> None:
    """A buyout approved: collected as an early settlement with the buyout price through
    the customer's withhold agreement (`repayments.buyout_settle`); its total kept on the
    business. The buyout completes when the provider confirms."""
    total = repayments.buyout_settle(order, actor=actor, idempotency_key=idempotency_key)
    outcomes.after_sale_amount_keep(after_sale_id, total)
    order_money_keep(order)


def facts_register() -> None:
    events.ORDER_PLACED.register(on_order_placed)
    events.ORDER_AUDIT_PASSED.register(on_order_audit_passed)
    events.ORDER_CONTRACT_SIGNED.register(on_order_contract_signed)
    events.ORDER_DELIVERED.register(on_order_delivered)
    events.ORDER_RENEWED.register(on_order_renewed)
    events.ORDER_RETURN_INSPECTED.register(on_order_return_inspected)
    events.ORDER_CANCELLED.register(on_order_cancelled)
    events.ORDER_BOUGHT_OUT.register(on_order_bought_out)
    events.ORDER_BUYOUT_OPENED.register(on_order_buyout_opened)
    events.ORDER_BUYOUT_APPROVED.register(on_order_buyout_approved)
