"""What the shop's overdue ladder's steps do by themselves (docs/zhima.md, issue 66), in the
morning run (`rent_run.reminders_morning`: never in China's quiet hours, as a customer is
written to):

- a **reminder** step after the lowest one reached (which is the bills' own overdue SMS,
  `rent_run.bill_reminders_send`) goes once in the order's overdue episode: an SMS of the
  oldest bill past due, and/or an `order.overdue_step` event on the shop's webhooks, as its
  channel says (the lowest one's webhook goes here too). The steps sent are kept on the
  order's `OverdueState` (by their days past due) before anything goes, and emptied when the
  order clears;
- a **credit_notice** step sends a deposit-free lease's notice through the service a
  person's button uses (`credit_orders.credit_violation_notice`): once per debt, as the credit
  order it moves to violation pending refuses a second;
- a **credit_violation** step asks a person to confirm the violation
  (`credit_orders.credit_violation_ask`), no earlier than the shop's grace after the notice.
  Only a person's confirmation with a reason syncs VIOLATED.
"""

from __future__ import annotations

import logging
from datetime import date
from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.orders.models import Order
from tenants.catalog.selectors import money
from zulin.core.errors import ApplicationError
from zulin.outbox.services import event_emit
from zulin.providers.interfaces import ProviderError
from zulin.providers.sms import get_sms_provider

from . import credit_orders, ladder
from .models import (
    Bill,
    BillStatus,
    CreditOrder,
    CreditOrderStatus,
    OverdueStanding,
    OverdueState,
)

log = logging.getLogger(__name__)


def ladder_morning(*, today: date) -> dict[str, Any]:
    return {
        "reminders": ladder_reminders_send(today=today),
        "credit": credit_steps_act(today=today),
    }


# --- the later reminder steps ----------------------------------------------------------------


def _oldest_past_due(order_id: int, today: date) -> Bill | None:
    return (
        Bill.objects.filter(
            order_id=order_id,
            status=BillStatus.UNPAID,
            period__gte=1,
            due_date__lt=today,
            written_off_at__isnull=True,
        )
        .order_by("due_date", "id")
        .first()
    )


def ladder_reminders_send(*, today: date) -> dict[str, int]:
    """Each order past due whose reached reminder steps were not all sent in this episode:
    the highest of those not sent goes (one message a morning, however many were reached at
    once), and every reached one is kept as sent, committed before the SMS leaves (at most
    once, as the bills' reminders)."""
    counts = {"sms": 0, "webhook": 0, "failed": 0}
    reached_by_order = {
        order_id: reached
        for order_id, reached in ladder.reminder_steps_reached(today=today).items()
        if reached
    }
    standing = dict(
        OverdueState.objects.filter(
            order_id__in=list(reached_by_order), status=OverdueStanding.OVERDUE
        ).values_list("order_id", "reminders_sent")
    )
    for order_id, reached in sorted(reached_by_order.items()):
        if order_id not in standing or {s.days_past_due for s in reached} <= set(
            standing[order_id] or []
        ):
            continue  # not placed on the ladder yet (the night does it), or all sent
        claimed = _reminder_claim(order_id, reached, today=today)
        if claimed is None:
            continue
        step, bill, phone = claimed
        if "webhook" in ladder.step_channels(step):
            counts["webhook"] += 1
        if bill is None or not phone or step is reached[0]:
            continue  # the lowest step's SMS is the bills' own
        if "sms" not in ladder.step_channels(step):
            continue
        params = {
            "order_no": bill.order_no,
            "period": str(bill.period),
            "amount": money(bill.amount) or "0.00",
            "due_date": bill.due_date.isoformat(),
        }
        template = str((step.params or {}).get("template") or "bill_overdue")
        try:
            get_sms_provider().send(phone=phone, template=template, params=params)
        except ProviderError as error:
            log.warning("ladder reminder of order %s not sent: %s", order_id, error.reason)
            counts["failed"] += 1
            continue
        counts["sms"] += 1
    return counts


def _reminder_claim(
    order_id: int, reached: list[ladder.Step], *, today: date
) -> tuple[ladder.Step, Bill | None, str] | None:
    """Under the order's state lock: the highest reached step not sent yet (None: all sent,
    or the order not standing overdue), every reached one kept as sent, and its webhook
    event written with them."""
    with transaction.atomic():
        state = (
            OverdueState.objects.select_for_update()
            .filter(order_id=order_id, status=OverdueStanding.OVERDUE)
            .first()
        )
        if state is None:
            return None
        sent = set(state.reminders_sent or [])
        unsent = [step for step in reached if step.days_past_due not in sent]
        if not unsent:
            return None
        step = unsent[-1]
        state.reminders_sent = sorted(sent | {s.days_past_due for s in reached})
        state.save(update_fields=["reminders_sent", "updated_at"])
        bill = _oldest_past_due(order_id, today)
        order = Order.objects.filter(pk=order_id).values("order_no", "customer__phone").first()
        if order is None:
            return None
        if "webhook" in ladder.step_channels(step):
            _overdue_step_event(state, step, order_no=order["order_no"], bill=bill)
        return step, bill, order["customer__phone"] or ""


def _overdue_step_event(
    state: OverdueState, step: ladder.Step, *, order_no: str, bill: Bill | None
) -> None:
    """`order.overdue_step`: the order reached a reminder step whose channel is the shop's
    webhooks (docs/webhooks.md)."""
    event_emit(
        "order.overdue_step",
        object_type="order",
        object_id=state.order_id,
        data={
            "order_id": state.order_id,
            "order_no": order_no,
            "step": {
                "position": step.position,
                "action": step.action,
                "days_past_due": step.days_past_due,
            },
            "days_past_due": state.days_past_due,
            "oldest_due_on": state.oldest_due_on.isoformat() if state.oldest_due_on else None,
            "amount_past_due": _amount_past_due(state.order_id),
            "period": bill.period if bill else None,
        },
    )


def _amount_past_due(order_id: int) -> str:
    fact = ladder.ladder_past_due(today=timezone.localdate(), order_ids=[order_id])
    found = fact.get(order_id)
    return f"{found['total']:.2f}" if found else "0.00"


# --- the credit steps ------------------------------------------------------------------------


def credit_steps_act(*, today: date) -> dict[str, int]:
    """Deposit-free leases whose order reached a notice step (credit order performing): the
    notice is sent; those that reached a violation step (credit order pending, not asked
    yet): a person is asked to confirm, once the grace after the notice has run."""
    counts = {"noticed": 0, "asked": 0, "failed": 0}
    performing = list(
        CreditOrder.objects.filter(status=CreditOrderStatus.PERFORMING).values_list(
            "order_id", flat=True
        )
    )
    if performing:
        for order_id, step in sorted(
            ladder.action_steps("credit_notice", today=today, order_ids=performing).items()
        ):
            if step is None:
                continue
            try:
                credit_orders.credit_violation_notice(order_id, actor=None)
            except ApplicationError as error:
                log.warning("ladder notice of order %s not sent: %s", order_id, error)
                counts["failed"] += 1
                continue
            counts["noticed"] += 1
    pending = list(
        CreditOrder.objects.filter(
            status=CreditOrderStatus.VIOLATION_PENDING, violation_asked_at__isnull=True
        ).values_list("order_id", flat=True)
    )
    if pending:
        for order_id, step in sorted(
            ladder.action_steps("credit_violation", today=today, order_ids=pending).items()
        ):
            if step is not None and credit_orders.credit_violation_ask(order_id):
                counts["asked"] += 1
    return counts
