"""An order that ends without a deal gives back what is in flight (issue 60; docs/money.md,
"Ending an order without a deal").

Every way an order ends without one — the unsigned/unpaid job's cancel, the shop's close,
the platform's close with refund, the audit's refusal, the after-sale refund, a purchase
cancelled — comes here through `apps.orders.moves.order_unwind`, the order already moved
and locked. Each settlement of its bills still in flight is given its outcome at the
provider first: asked, and a withhold or customer payment still open is closed there, so it
can never succeed later. One the close did not reach in time (the customer paid first, or
the provider could not be reached) settles later through the same confirmations, which
never make a bill of such an order paid — a bill's withhold or customer payment, an early
settlement, a deposit transfer alike: the money is booked received and refunded
(`payments.payments_unwound_receive`), a failure cancels the bill
(`settle.payments_release`), and the deposit is thawed once nothing is in flight
(`deposits.deposit_rest_thaw`). Rent the deposit paid before the end is refunded with the
bill payments (`deposit_refunds.deposit_transfers_refund`)."""

from __future__ import annotations

from django.db import transaction

from apps.orders.models import Order
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode

from . import deposit_refunds, deposits, payments, settle
from .models import Bill, BillPayment, BillStatus
from .repayments import settlement_result_sync
from .selectors import order_trades_in_flight


def _in_flight_end(order: Order, *, actor: Session | None) -> None:
    """Each settlement of the order's bills in flight asked, and closed where the provider
    still has no outcome. A provider that cannot answer now leaves it in flight: its
    callback or the night's stale-payment step settles it later, by the same rules."""
    for out_no, method in order_trades_in_flight(order.pk):
        try:
            with transaction.atomic():
                if method in settle.BILL_TRADES:
                    payments.payment_sync(out_no=out_no, actor=actor, close_if_processing=True)
                elif method == BillPayment.Method.EARLY:
                    settlement_result_sync(out_no=out_no, actor=actor, close_if_processing=True)
                elif method == BillPayment.Method.DEPOSIT:
                    deposits.deposit_sync(out_no=out_no, actor=actor)
        except ApplicationError as error:
            if error.code != ErrorCode.PROVIDER_FAILED:
                raise


def order_money_unwind(order: Order, *, actor: Session | None, reason: str) -> None:
    """An order ended without a deal (moved to cancelled, refused, refunded or closed; the
    caller holds its lock): what is in flight closed or awaited, bills still owed cancelled
    (written off too; their late fee forgone with a waiver row), what the customer paid
    given back (bill payments and rent the deposit paid), the deposit thawed once nothing
    is in flight (else when the last in-flight settlement ends)."""
    _in_flight_end(order, actor=actor)
    order.refresh_from_db()
    # Nothing of a non-deal is collectable: a bill written off is cancelled too.
    for bill in Bill.objects.select_for_update().filter(
        order_id=order.pk, status__in=[BillStatus.UNPAID, BillStatus.WRITTEN_OFF]
    ):
        settle.bill_unwound_cancel(bill)
    payments.order_payments_refund(order_id=order.pk, reason=reason, actor=actor)
    deposit_refunds.deposit_transfers_refund(order, actor=actor)
    deposits.deposit_thaw(order, actor=actor)
