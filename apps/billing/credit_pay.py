"""Instalments from the authorisation (docs/zhima.md): a deposit-free lease's bill charged
against its Zhima fund authorisation (Alipay's `alipay.trade.pay` with `auth_no`) instead
of the withhold agreement, through the one collection path (`bill_pay.order_bill_pay` →
`payments.bill_collect`, method `auth`).

The money is the customer's, whole, like a withhold's: the bill's payment books it as rent
(`settle.py`), and what is frozen stays as it is (`auth_confirm_mode` NOT_COMPLETE) — the
deposit keeps standing for the goods until they come back or are bought out, when the last
thaw completes the credit order with fulfilment (bizComplete).

The payment that ends the lease's money completes the authorisation instead (COMPLETE):
the lease has ended (returned or bought out) and this bill is all it still owes. The
provider then releases what remained frozen with it; the order records that release as the
thaw it is (`deposits.deposit_auth_completed`), booking only its fund part. A buyout is
such a payment too (`buyout_auth_no`): the early settlement with the buyout price charged
against the authorisation with COMPLETE.
"""

from __future__ import annotations

from dataclasses import dataclass

from apps.orders import machine as order_machine
from apps.orders.models import Order

from .models import Bill, CreditOrder, CreditOrderStatus
from .selectors import order_owed

S = CreditOrderStatus
# A credit order whose authorisation still stands: payments may be taken against it.
AUTH_STANDING = frozenset({S.FROZEN, S.PERFORMING, S.VIOLATION_PENDING, S.VIOLATED})


@dataclass(frozen=True)
class AuthRoute:
    auth_no: str
    complete: bool  # COMPLETE: this payment ends the authorisation


def _standing_auth_no(order: Order) -> str:
    """The locked order's authorisation while payments may be taken against it; '': not a
    deposit-free lease, or its authorisation no longer stands (the credit order ended,
    nothing frozen any more, or a thaw or transfer of the rest in flight)."""
    row = CreditOrder.objects.filter(order_id=order.pk).first()
    if row is None or not row.auth_no or row.status not in AUTH_STANDING:
        return ""
    if row.auth_no != order.deposit_auth_no or order.deposit_remaining <= 0:
        return ""
    in_flight = order.deposit_operations.filter(status="processing", kind__in=("thaw", "transfer"))
    return "" if in_flight.exists() else row.auth_no


def buyout_auth_no(order: Order) -> str:
    """The authorisation a deposit-free lease's buyout is charged against, completing it
    (COMPLETE: the goods become the customer's, the lease's money ends with the buyout; the
    provider releases the rest with fulfilment); '': the early settlement's withhold, as
    for any lease."""
    return _standing_auth_no(order)


def auth_route(order: Order, bill: Bill) -> AuthRoute | None:
    """How `bill` of the locked order is charged against the authorisation; None: its
    authorisation does not stand (`_standing_auth_no`) — the withhold agreement then, as
    for any lease."""
    auth_no = _standing_auth_no(order)
    if not auth_no:
        return None
    owing = order_owed(order.pk)
    last = all(line.bill.pk == bill.pk for line in owing.lines)
    return AuthRoute(auth_no=auth_no, complete=order.status in order_machine.MAY_OWE_AFTER and last)


def auth_order_ids(order_ids: set[int]) -> set[int]:
    """Of these orders, those whose bills may be charged against the authorisation (the
    night's collection takes them without a withhold agreement)."""
    return set(
        CreditOrder.objects.filter(order_id__in=order_ids, status__in=AUTH_STANDING)
        .exclude(auth_no="")
        .values_list("order_id", flat=True)
    )
