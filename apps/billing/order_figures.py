"""The order's money figures, as billing keeps them on the order's row.

Orders reads nothing of billing (docs/architecture.md): what its guards, its actions and
its lists need of a lease's money — what is owed and since when, how many periods are paid,
whether a bill or an instalment is open, whether an early settlement is being charged, what
of the deposit is free — billing computes here from its own rows and writes through
`apps/orders/outcomes.py` (`order_money_keep`), in the transaction of the money move that
changed it, the order row locked by the caller. Every money move of an order ends here:
a fact's handler (`order_facts.py`), a bill paid or its payment failed (`deposits
.bill_paid_outcome`, `confirmations.py`), a payment started (`bill_pay.py`), a waiver or a
write-off (`rent_run.py`, `charges.py`), an early settlement (`early.py`), a deposit
operation (`deposits._request`, `deposit_sync`), the night (`tasks.py`).
`tests/test_order_figures.py` checks each figure after each of them, and the money state
machine checks them after every step."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from django.db import transaction
from django.db.models import Count, Min, Q, Sum

from apps.billing.models import DepositOperation
from apps.orders import outcomes
from apps.orders.models import Order

from .credit_orders import credit_order_follow
from .ladder import overdue_state_follow
from .models import Bill, BillPayment, BillStatus, EarlySettlement
from .selectors import OWED_STATUSES, order_owed

ZERO = Decimal("0.00")
# Owed and not held by a payment in flight (`selectors.has_open_bills`).
OPEN_NOT_PAYING = tuple(status for status in OWED_STATUSES if status != BillStatus.PAYING)
Op = DepositOperation


def order_money(order: Order) -> outcomes.OrderMoney:
    """What billing's rows say of the order's money now (five queries)."""
    bills = Bill.objects.filter(order_id=order.pk).aggregate(
        paid=Count("pk", filter=Q(status=BillStatus.PAID)),
        oldest=Min("due_date", filter=Q(status__in=OWED_STATUSES)),
        open=Count("pk", filter=Q(status__in=OPEN_NOT_PAYING)),
        instalments=Count("pk", filter=Q(status__in=OPEN_NOT_PAYING, period__gte=1)),
    )
    pending = Op.objects.filter(
        order_id=order.pk,
        kind__in=(Op.Kind.THAW, Op.Kind.TRANSFER),
        status=Op.Status.PROCESSING,
    ).aggregate(s=Sum("amount", default=ZERO))["s"]
    return outcomes.OrderMoney(
        owed=order_owed(order.pk).total,
        oldest_owed_due=bills["oldest"],
        paid=BillPayment.objects.filter(
            bill__order_id=order.pk, status=BillPayment.Status.SUCCEEDED
        ).aggregate(s=Sum("amount", default=ZERO))["s"],
        paid_periods=bills["paid"],
        bills_open=bills["open"] > 0,
        instalments_open=bills["instalments"] > 0,
        settling_early=EarlySettlement.objects.filter(
            order_id=order.pk, status=EarlySettlement.Status.PROCESSING
        ).exists(),
        deposit_free=order.deposit_remaining - pending,
    )


def order_money_keep(order: Order) -> bool:
    """Keeps the order's figures on its row (the caller holds the row lock); answers whether
    anything of the order changed. A deposit-free lease's credit order follows the order
    here too (`credit_orders.credit_order_follow`: every money move ends here)."""
    changed = outcomes.order_money_keep(order, order_money(order))
    credit_order_follow(order)
    overdue_state_follow(order.pk)  # clears on the payment that leaves nothing past due
    return changed


def orders_money_keep(order_ids: Iterable[int]) -> int:
    """`order_money_keep` of each order, each under its own lock in its own transaction (the
    night's refresh); answers how many changed."""
    changed = 0
    for order_id in order_ids:
        with transaction.atomic():
            order = Order.objects.select_for_update().select_related("customer").get(pk=order_id)
            if order_money_keep(order):
                changed += 1
    return changed
