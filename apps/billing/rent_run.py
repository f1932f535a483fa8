"""Collecting rent every night, per shop: payments left processing, late fees, the
auto-debit of bills due (`orders.rent_run`), and the customers' reminders in the morning
(`orders.send_reminders`, never in China's quiet hours). Run by `tasks.py`, each step safe
to run again and to be killed at any point:

- a stale payment is asked about again, then closed at the provider before its bill is
  retried, so a trade never succeeds after we gave up on it;
- late fees are one row per bill per day (`apps.billing.latefees`);
- the auto-debit of a bill uses the idempotency key `auto:<bill>:<date>`: a re-run of the
  night answers the attempt already made, and a run killed between the provider's answer
  and our commit sends the same trade number again, which the provider answers with the
  same trade (never a second charge);
- a reminder is claimed (committed) before it is sent.

Orders with an after-sale business open (return, buyout, renewal) are not charged: the
business decides what is owed.
"""

from __future__ import annotations

import logging
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from apps.orders import machine, outcomes
from apps.orders.models import Order, OrderStage
from apps.orders.scope import order_in_scope
from tenants.catalog.selectors import money
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.idempotency.services import keyed_run
from zulin.providers.interfaces import ProviderError
from zulin.providers.sms import get_sms_provider

from . import (
    bill_pay,
    charges,
    confirmations,
    credit_pay,
    deposits,
    ladder,
    ladder_acts,
    latefees,
    payments,
    reminders,
    statements,
)
from .early import stale_settlement_numbers
from .models import Bill, BillPayment, BillRefund, BillWaiver
from .order_figures import order_money_keep, orders_money_keep
from .payments import Collected
from .selectors import (
    due_unpaid_bills,
    order_overdue_money,
    order_owed,
    owed_amount_stale,
    stale_payment_numbers,
)

log = logging.getLogger("zulin.task")
ZERO = Decimal("0.00")


def payments_stale_close(*, now: Any = None) -> dict[str, int]:
    """Bill payments processing longer than PAYMENT_STALE_MINUTES: asked again, closed at
    the provider when still without an outcome (the bill is retried by the auto-debit)."""
    cutoff = (now or timezone.now()) - timedelta(minutes=settings.PAYMENT_STALE_MINUTES)
    numbers = stale_payment_numbers(older_than=cutoff) + stale_settlement_numbers(older_than=cutoff)
    settled = 0
    for out_no in numbers:
        try:
            result = confirmations.payment_result_sync(out_no=out_no, close_if_processing=True)
        except ApplicationError as error:
            log.warning("stale payment %s left for the next run: %s", out_no, error)
            continue
        if result and result["status"] != "processing":
            settled += 1
    return {"stale": len(numbers), "settled": settled}


def _night_collect(order_id: int, bill_id: int, period: int, today: date) -> Collected:
    """The night's attempt at one bill, under its own key (`auto:<bill>:<date>`: a re-run of
    the night answers the same attempt), claimed as a request's key is."""
    key = f"auto:{bill_id}:{today.isoformat()}"
    return keyed_run(
        key,
        operation="internal:bills_debit_due",
        fields={"bill_id": bill_id, "period": period, "day": today},
        work=lambda: bill_pay.order_bill_pay(
            order_id=order_id, period=period, actor=None, idempotency_key=key
        ),
    )


def bills_debit_due(*, today: date | None = None) -> dict[str, int]:
    """Charges every bill due by `today` through the customer's withhold agreement, each
    order's oldest first (a later bill waits while an older one is unpaid or being paid):
    a running lease's instalments, and what an ended order still owes (`owing`: past-due
    bills, damage above the deposit, an early-termination fee)."""
    today = today or timezone.localdate()
    due = due_unpaid_bills(today=today)
    order_ids = sorted({order_id for order_id, _, _ in due})
    # Through the withhold agreement, or a deposit-free lease's authorisation (`credit_pay`).
    by_authorisation = credit_pay.auth_order_ids(set(order_ids))
    chargeable = set(
        Order.objects.filter(
            Q(status__in=machine.DEAL_RUNNING) | Q(stage=OrderStage.OWING),
            ~Q(withhold_agreement_no="") | Q(pk__in=by_authorisation),
            pk__in=order_ids,
            has_open_after_sale=False,
            is_deleted=False,
        ).values_list("pk", flat=True)
    )
    counts = {"due": len(due), "charged": 0, "paid": 0, "failed": 0, "skipped": 0}
    # An order past due is retried once it reached its ladder's withhold-retry step (the
    # default: every night from the first day past due); its later bills wait with it.
    blocked: set[int] = ladder.held_back("withhold_retry", today=today, order_ids=order_ids)
    for order_id, bill_id, period in due:
        if order_id not in chargeable or order_id in blocked:
            counts["skipped"] += 1
            continue
        try:
            collected = _night_collect(order_id, bill_id, period, today)
        except ApplicationError as error:
            counts["skipped"] += 1
            if error.code == ErrorCode.BILL_ALREADY_PAID:
                continue  # paid meanwhile (by the customer's own payment): the next may follow
            # Moved since it was read, an older bill still being paid, the provider down:
            # the order's later bills wait for the next run.
            blocked.add(order_id)
            if error.code == ErrorCode.PROVIDER_FAILED:
                log.warning("auto-debit of bill %s failed at the provider: %s", bill_id, error)
            continue
        counts["charged"] += 1
        status = collected.payment.status
        if status == "succeeded":
            counts["paid"] += 1
        else:
            blocked.add(order_id)  # processing or failed: the next bill waits
            if status == "failed":
                counts["failed"] += 1
    return counts


def bill_reminders_send(*, today: date | None = None) -> dict[str, int]:
    """Reminder SMS for bills due soon and bills overdue, each at most once per bill."""
    today = today or timezone.localdate()
    setting = latefees.finance_setting()
    wanted = reminders.bills_to_remind(
        today=today, days_before=int(setting["reminder_days_before"])
    )
    # A bill's overdue SMS waits for its order's first reminder step of the ladder, and goes
    # as that step says (the default: from the first day past due, `bill_overdue` by SMS);
    # the later reminder steps go once an episode (`ladder_acts.ladder_reminders_send`).
    reached = ladder.reminder_steps_reached(
        today=today, order_ids={row["order_id"] for row in wanted if row["kind"] == "overdue"}
    )
    steps = {order_id: found[0] for order_id, found in reached.items() if found}
    wanted = [
        row
        for row in wanted
        if row["kind"] != "overdue"
        or (
            (row["order_id"] in steps or row["order_id"] not in reached)
            and "sms" in ladder.step_channels(steps.get(row["order_id"], ladder.NOT_PAST_DUE))
        )
    ]
    phones = dict(
        Order.objects.filter(pk__in={row["order_id"] for row in wanted}).values_list(
            "pk", "customer__phone"
        )
    )
    sent = failed = 0
    sms = get_sms_provider()
    for row in wanted:
        phone = phones.get(row["order_id"])
        if not phone:
            continue
        reminder = reminders.reminder_begin(bill_id=row["id"], kind=row["kind"])
        if reminder is None:
            continue
        template = "bill_due_soon"
        if row["kind"] == "overdue":
            step = steps.get(row["order_id"]) or ladder.NOT_PAST_DUE
            template = str((step.params or {}).get("template") or "bill_overdue")
        params = {
            "order_no": row["order_no"],
            "period": str(row["period"]),
            "amount": money(row["amount"]) or "0.00",
            "due_date": row["due_date"].isoformat(),
        }
        try:
            receipt = sms.send(phone=phone, template=template, params=params)
        except ProviderError as error:
            reminders.reminder_finish(reminder, error=error.reason)
            failed += 1
            continue
        reminders.reminder_finish(reminder, reference=receipt.reference)
        sent += 1
    return {"wanted": len(wanted), "sent": sent, "failed": failed}


def ended_owed_refresh() -> dict[str, int]:
    """Ended leases still owing (`owing`) whose owed amount is no longer what their bills
    owe — the late fees the night just added — refreshed at once, each under its lock (the
    morning's overdue refresh runs before the night's collection, so it would only see them
    a day later). A running order's kept owed figure follows the late fees too
    (`outcomes.orders_owed_keep`: nothing else of a running order reads it, so no lock, no
    savepoint and no stage change)."""
    ended = dict(
        Order.objects.filter(
            status__in=machine.MAY_OWE_AFTER, stage=OrderStage.OWING, is_deleted=False
        ).values_list("pk", "owed_amount")
    )
    running = dict(
        Order.objects.filter(oldest_owed_due__isnull=False, is_deleted=False)
        .exclude(status__in=machine.MAY_OWE_AFTER)
        .values_list("pk", "money_owed")
    )
    outcomes.orders_owed_keep(
        {
            order_id: (running[order_id], order_owed(order_id).total)
            for order_id in owed_amount_stale(running)
        }
    )
    return {"changed": orders_money_keep(owed_amount_stale(ended))}


def rent_run_night(*, today: date | None = None) -> dict[str, Any]:
    """The night's steps in order: stale payments, late fees (an ended lease's owed amount
    follows them), auto-debit, each order's place on the overdue ladder (`ladder.py`), and
    the settlement statements whose day has come. Reminders
    are not the night's: they go in the morning (`reminders_morning`), never between 21:00
    and 08:00 China time."""
    today = today or timezone.localdate()
    return {
        "stale": payments_stale_close(),
        "late_fees": latefees.late_fees_accrue(today=today),
        "owed": ended_owed_refresh(),
        "debit": bills_debit_due(today=today),
        "ladder": ladder.overdue_states_refresh(today=today),
        "statements": statements.statements_close(today=today),
    }


def reminders_morning(*, now: Any = None) -> dict[str, Any]:
    """The morning's reminder SMS of bills (`bill_reminders_send`), unless the clock is in
    China's quiet hours (21:00–08:00): then nothing is sent, and the next morning's run
    sends what is still wanted."""
    now = now or timezone.now()
    if reminders.quiet_hours(now):
        return {"quiet": True, "wanted": 0, "sent": 0, "failed": 0}
    today = timezone.localtime(now).date()
    return {
        "quiet": False,
        **bill_reminders_send(today=today),
        "ladder": ladder_acts.ladder_morning(today=today),
    }


# --- calls ------------------------------------------------------------------------------


def overdue_money(*, actor: Session | None, order_id: int) -> dict[str, Any]:
    """`getOverdueMoney`: what the order owes for lateness (the caller's scope applies)."""
    order = order_in_scope(actor, order_id)
    return order_overdue_money(order.pk)


def _order_bill_locked(actor: Session | None, order_id: int, period: int) -> tuple[Order, Bill]:
    """The order in the caller's scope and its bill `period`, locked in that order (inside
    the caller's transaction); NOT_FOUND without such a bill."""
    order = order_in_scope(actor, order_id, lock=True)
    bill = Bill.objects.select_for_update().filter(order_id=order.pk, period=period).first()
    if bill is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return order, bill


def late_fee_waive(
    *,
    actor: Session,
    order_id: int,
    period: int,
    amount: Decimal | None,
    reason: str,
    idempotency_key: str = "",
) -> Bill:
    """Forgoes late fee of one bill of an order with a reason (locks: order, then bill); the
    order's owed amount and stage follow, and an ended lease's deposit kept for the debt
    goes back once nothing comes first."""
    with transaction.atomic():
        order, bill = _order_bill_locked(actor, order_id, period)
        latefees.late_fee_waive(
            actor=actor,
            bill=bill,
            amount=amount,
            reason=reason,
            idempotency_key=idempotency_key,
        )
        order_money_keep(order)
        deposits.deposit_rest_thaw(order, actor=actor)
        return bill


def charge_waive(
    *,
    actor: Session,
    order_id: int,
    period: int,
    reason: str,
    idempotency_key: str,
    amount: Decimal | None = None,
) -> BillWaiver:
    """`waiveOrderCharge`: forgoes everything one bill or charge of the order still owes, or
    `amount` of its principal (the rest stays owed), with a reason, by a role holding
    `finance.waive` (`apps/billing/charges.py`); the order's owed amount and stage follow
    (locks: order, then bill)."""
    with transaction.atomic():
        order, bill = _order_bill_locked(actor, order_id, period)
        waiver = charges.bill_waive(
            actor=actor,
            bill=bill,
            reason=reason,
            idempotency_key=idempotency_key,
            amount=amount,
        )
        order_money_keep(order)
        # What the deposit was kept frozen for may be gone: the rest goes back.
        deposits.deposit_rest_thaw(order, actor=actor)
        return waiver


def order_owed_refresh(order_id: int) -> None:
    """The order's owed amount, overdue day and stage follow its bills after a change made
    elsewhere (a recovery write-off: `apps.recovery`). Locks the order row (the caller
    usually holds it already)."""
    with transaction.atomic():
        order = Order.objects.select_for_update().filter(pk=order_id).first()
        if order is not None:
            order_money_keep(order)


def bill_payment_refund(
    *,
    actor: Session,
    order_id: int,
    period: int,
    amount: Decimal,
    reason: str,
    idempotency_key: str,
) -> Any:
    """Gives back part or all of what a bill's payment took (never more than is left of it,
    through the provider; the commission of the rent it returns comes back on confirmation).
    A bill paid in parts (a short result, then the rest): the newest payment that still
    holds the amount. Locks: the order, then the bill."""
    with transaction.atomic():
        order, bill = _order_bill_locked(actor, order_id, period)
        # A replay answers the refund it made (the request under the key is the one its
        # fingerprint names, `zulin.idempotency`).
        earlier = (
            BillRefund.objects.filter(idempotency_key=idempotency_key).first()
            if idempotency_key
            else None
        )
        if earlier is not None:
            return earlier
        succeeded = BillPayment.objects.filter(
            bill=bill, status=BillPayment.Status.SUCCEEDED
        ).select_related("bill")
        payment = next(
            (
                p
                for p in succeeded.order_by("-id")
                if payments.refundable(p, BillRefund.Purpose.ORDER) >= amount
            ),
            None,
        )
        if payment is None:
            raise ApplicationError(ErrorCode.REFUND_EXCEEDS_PAID)
        return payments.payment_refund(
            payment=payment,
            amount=amount,
            purpose=BillRefund.Purpose.ORDER,
            reason=reason,
            actor=actor,
            idempotency_key=idempotency_key,
        )
