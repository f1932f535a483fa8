"""More ways money comes in for a lease, as finance records them (`finance.manage`): a bill
repaid offline with its voucher, and the lease settled early (docs/money.md, "Offline
repayments" and "Early settlement").

Both act on one order within the session's scope (a sibling sub-shop's or another shop's
order answers NOT_FOUND), under the order's row lock, and move the order as any payment
does (`lease.on_bill_paid`). Refused while an after-sale business is open (it decides what
is owed) and while a payment of the order is in flight.

After an early settlement: a lease that transfers ownership is bought out (the buyout
completion path: order finished, deposit thawed); any other lease runs to its end with
nothing left to pay, and the goods come back at term end as for every lease (the deposit
stays frozen until they are inspected).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.orders import machine
from apps.orders.models import AfterSale, Order, OrderKind
from apps.orders.outcomes import buyout_complete
from apps.orders.reads import buyout_allowed, order_setting
from apps.orders.scope import order_in_scope
from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode

from . import credit_pay, early, offline, settle
from .deposits import Op, bill_paid_outcome
from .models import Bill, BillStatus
from .offline import OfflineDetails
from .order_figures import order_money_keep

# A bill is repaid offline while the lease runs with goods out (as the shop charges one),
# and after it ended while something is still owed (`owing`).
OFFLINE_FROM = frozenset({machine.SHIPPED, machine.IN_LEASE}) | machine.MAY_OWE_AFTER


def _buyout_approved(order: Order) -> bool:
    return AfterSale.objects.filter(
        order=order, kind=AfterSale.Kind.BUYOUT, status=AfterSale.Status.APPROVED
    ).exists()


def _order_ready(order: Order, statuses: frozenset[str], to: str, *, buyout: bool = False) -> None:
    """The order may take the money: a lease in one of `statuses`, no after-sale business
    open (`buyout`: but an approved buyout, which is settled this way)."""
    if order.kind != OrderKind.LEASE or order.status not in statuses:
        raise ApplicationError(ErrorCode.CONFLICT, data={"from": order.status, "to": to})
    if order.has_open_after_sale and not (buyout and _buyout_approved(order)):
        raise ApplicationError(ErrorCode.AFTER_SALE_OPEN)


def _money_in_flight(order: Order) -> bool:
    """A payment of the order not yet confirmed: a bill being charged, an early settlement's
    withhold, or deposit being taken to pay bills."""
    return (
        Bill.objects.filter(order_id=order.pk, status=BillStatus.PAYING).exists()
        or early.settlement_in_flight(order.pk) is not None
        or order.deposit_operations.filter(
            kind=Op.Kind.TRANSFER, status=Op.Status.PROCESSING
        ).exists()
    )


# --- offline repayment of one bill ---------------------------------------------------------


def offline_repay(
    *,
    actor: Session,
    order_id: int,
    period: int,
    amount: Decimal,
    details: OfflineDetails,
    idempotency_key: str,
) -> Bill:
    """Records that the customer paid one bill outside the provider (`offline.py`): the
    oldest open bill, exactly what it owes. Locks: the order, then the bill."""
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)
        bill = Bill.objects.filter(order_id=order.pk, period=period).first()
        if bill is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        replay = offline.earlier_receipt(idempotency_key)
        if replay is None:
            _order_ready(order, OFFLINE_FROM, "paid")
        collected = offline.bill_repay_offline(
            bill_id=bill.pk,
            amount=amount,
            details=details,
            idempotency_key=idempotency_key,
            actor=actor,
        )
        if collected.newly_paid:
            bill_paid_outcome(order, collected.bill)
        else:
            order_money_keep(order)  # part of the bill paid: what is owed follows
        return collected.bill


# --- early settlement ----------------------------------------------------------------------


def _quote(order: Order, bills: list[Bill]) -> early.Quote:
    setting = order_setting()
    buyout = Decimal("0.00")
    if order.ownership_transfer:
        if not buyout_allowed(order):
            raise ApplicationError(ErrorCode.BUYOUT_NOT_ALLOWED)
        buyout = order.buyout_price
    return early.quote_make(
        bills=bills,
        today=timezone.localdate(),
        discount_rate=setting.early_buyout_discount_rate,
        buyout=buyout,
    )


def _settle_checks(order: Order) -> None:
    _order_ready(order, frozenset({machine.IN_LEASE}), "settled_early", buyout=True)
    if _money_in_flight(order):
        raise ApplicationError(ErrorCode.PAYMENT_IN_PROGRESS)


def buyout_quote(order: Order) -> Decimal:
    """What buying the goods out costs today: the early settlement's quote with the plan's
    buyout price (bills due in full with their late fees, later rent less the discount)."""
    if not buyout_allowed(order):
        raise ApplicationError(ErrorCode.BUYOUT_NOT_ALLOWED)
    return _quote(order, list(Bill.objects.filter(order_id=order.pk))).total


def buyout_settle(order: Order, *, actor: Session, idempotency_key: str) -> Decimal:
    """An approved buyout collected (the order locked): the early settlement of today's
    quote with the buyout price, through the customer's withhold agreement; the buyout
    completes when the provider confirms (`_after_settled`). Answers the settlement's total
    (billing's handler of `order_buyout_approved` keeps it on the after-sale business)."""
    if _money_in_flight(order):
        raise ApplicationError(ErrorCode.PAYMENT_IN_PROGRESS)
    quote = _quote(order, early.order_open_bills(order.pk))
    return _begin(order, quote, actor=actor, idempotency_key=idempotency_key).settlement.total


def _buyout_auth_no(order: Order, quote: early.Quote, offline: OfflineDetails | None) -> str:
    """A deposit-free lease bought out through the provider: against its authorisation,
    completing it (`credit_pay.buyout_auth_no`); '' otherwise."""
    if offline is not None or quote.buyout <= 0:
        return ""
    return credit_pay.buyout_auth_no(order)


def _begin(
    order: Order,
    quote: early.Quote,
    *,
    actor: Session,
    idempotency_key: str,
    offline: OfflineDetails | None = None,
) -> early.Outcome:
    """Starts the settlement of `quote` (the order locked and checked) and moves the order
    by what it came to at once (offline, or a provider that answered at once)."""
    outcome = early.settlement_begin(
        order_id=order.pk,
        order_no=order.order_no,
        quote=quote,
        idempotency_key=idempotency_key,
        actor=actor,
        agreement_no=order.withhold_agreement_no,
        auth_no=_buyout_auth_no(order, quote, offline),
        offline=offline,
    )
    _after_settled(order, outcome, actor)
    return outcome


def early_settlement_quote(*, actor: Session, order_id: int) -> dict[str, Any]:
    """What settling the lease early costs today, bill by bill (`early.py`), and the
    settlement in flight if there is one."""
    order = order_in_scope(actor, order_id)
    in_flight = early.settlement_in_flight(order.pk)
    if in_flight is not None:
        # Asked again here, so the screen that reads the quote sees the settlement's outcome
        # (the provider unreachable: it is still processing as far as we know).
        try:
            settlement_result_sync(out_no=in_flight.settlement_no, actor=actor)
        except ApplicationError as error:
            if error.code != ErrorCode.PROVIDER_FAILED:
                raise
        order.refresh_from_db()
        in_flight = early.settlement_in_flight(order.pk)
    _order_ready(order, frozenset({machine.IN_LEASE}), "settled_early", buyout=True)
    quote = (
        early.settlement_quote(in_flight)
        if in_flight is not None
        else _quote(order, list(Bill.objects.filter(order_id=order.pk)))
    )
    if not quote.lines:
        raise ApplicationError(ErrorCode.NOTHING_TO_SETTLE)
    return {
        "order_id": order.pk,
        **early.quote_answer(quote),
        # Through the provider: the withhold agreement, or a deposit-free buyout's authorisation.
        "withhold_available": bool(
            order.withhold_agreement_no
            or (in_flight is None and _buyout_auth_no(order, quote, None))
        ),
        "in_flight": early.settlement_answer(in_flight) if in_flight else None,
    }


def _after_settled(order: Order, outcome: early.Outcome, actor: Session | None) -> None:
    """A settlement newly ended with money (the order is locked): the timeline says so, then
    the order moves as the last bill paid moves it (the buyout bill: bought out). A short
    result (SHORT) paid the oldest bills only: the lease runs on with the rest owed."""
    settlement = outcome.settlement
    order_money_keep(order)  # the settlement in flight or ended, the bills it held
    if not outcome.newly_settled:
        if outcome.last_bill is not None:
            bill_paid_outcome(order, outcome.last_bill)
        return
    audit_record(
        actor=actor,
        action="order.settled_early",
        target_type="order",
        target_id=order.pk,
        after={
            "amount": str(settlement.total),
            "discount": str(settlement.discount),
            "method": settlement.method,
            "settlement_no": settlement.settlement_no,
            "bills": len(settlement.lines),
        },
    )
    if settlement.buyout_amount > 0:
        buyout_complete(order, reason="提前结清，买断完成")
    elif outcome.last_bill is not None:
        bill_paid_outcome(order, outcome.last_bill)


def early_settle(
    *,
    actor: Session,
    order_id: int,
    total: Decimal,
    idempotency_key: str,
    offline_details: OfflineDetails | None = None,
) -> dict[str, Any]:
    """Settles every bill left of the lease at the quote's `total`: through the provider
    (the customer's withhold agreement; counts when confirmed) or offline with a voucher.
    The same idempotency key answers the same settlement (asking the provider again while
    it is processing); a failed one is retried under a new key."""
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)
        # The request under the key is the one its fingerprint names (`zulin.idempotency`).
        earlier = early.settlement_for_key(idempotency_key)
        if earlier is not None:
            outcome = early.settlement_sync(out_no=earlier.settlement_no, actor=actor)
            if outcome is not None:
                _after_settled(order, outcome, actor)
            earlier.refresh_from_db()
            return early.settlement_answer(earlier)
        _settle_checks(order)
        bills = early.order_open_bills(order.pk)
        quote = _quote(order, bills)
        if not quote.lines:
            raise ApplicationError(ErrorCode.NOTHING_TO_SETTLE)
        if quote.total != total:
            raise ApplicationError(
                ErrorCode.QUOTE_CHANGED, data={"total": str(quote.total), "asked": str(total)}
            )
        if (
            offline_details is None
            and not order.withhold_agreement_no
            and not _buyout_auth_no(order, quote, offline_details)
        ):
            raise ApplicationError(
                ErrorCode.CONFLICT,
                "客户未签署代扣协议，请线下结清",
                msg_en="The customer has no withhold agreement; settle offline",
                data={"from": order.status, "to": "settled_early"},
            )
        outcome = _begin(
            order, quote, actor=actor, idempotency_key=idempotency_key, offline=offline_details
        )
        return early.settlement_answer(outcome.settlement)


def settlement_result_sync(
    *, out_no: str, actor: Session | None = None, close_if_processing: bool = False
) -> dict[str, Any] | None:
    """The provider's word on an early settlement's withhold (its callback, queryPayResult,
    the night's stale-payment step): recorded once, the order moved once."""
    settlement = early.EarlySettlement.objects.filter(settlement_no=out_no).first()
    if settlement is None:
        # A bill's own number while an early settlement holds it (the bill list's "query"):
        # the answer is the settlement's.
        held = Bill.objects.filter(out_trade_no=out_no, status=BillStatus.PAYING).first()
        if (
            held is None
            or held.payments.filter(status="processing", method__in=settle.BILL_TRADES).exists()
        ):
            return None
        settlement = early.settlement_in_flight(held.order_id)
        if settlement is None:
            return None
        out_no = settlement.settlement_no
    with transaction.atomic():
        order = Order.objects.select_for_update().get(pk=settlement.order_id)
        outcome = early.settlement_sync(
            out_no=out_no, actor=actor, close_if_processing=close_if_processing
        )
        if outcome is None:
            return None
        _after_settled(order, outcome, actor)
        return {
            "kind": "early_settlement",
            "status": outcome.settlement.status,
            "amount": outcome.settlement.total,
        }
