"""Writes of recovery: cases opened, refreshed and closed with the order's debt (the nightly
run, a payment's outcome), assignment (by rule and by hand), contacts, promises to pay and
their verdicts, the payment link, and the settings.

Every change of a case's state goes through the state machine (`zulin.audit.state`): its
history row and audit entry are written in the change's transaction. What else happens to a
case (assigned, a contact, a promise, a link) is an audit entry on the case."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.billing import bill_pay, charges, ladder
from apps.billing.payments import payment_pay_link
from apps.billing.reminders import quiet_hours, reminders_sent_count
from apps.billing.rent_run import order_owed_refresh
from apps.billing.selectors import (
    OPEN_STATUSES,
    oldest_past_due_period,
    order_paid_total,
    past_due_by_order,
    period_paid_by_key,
)
from apps.billing.settle import order_bills_lock
from apps.credit import services as credit
from apps.orders.devices import device_lost as order_device_lost
from apps.orders.reads import order_ids_of_customer, recovery_order_facts
from apps.promotion.selectors import qr_picture
from apps.service.rules import PAYMENT_LINK_TEMPLATE
from apps.service.selectors import messages_counted, template_find
from apps.service.services import message_send
from apps.subshops.selectors import sub_shop_names
from tenants.catalog.selectors import money
from zulin.audit.services import audit_record, audit_settings_change
from zulin.audit.state import Machine, move, status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.dates import day_start
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text, current_language
from zulin.providers.interfaces import ProviderError

from . import rules, selectors
from .models import (
    AssignmentRule,
    CaseState,
    ContactOutcome,
    ContactRecord,
    PromiseState,
    PromiseToPay,
    RecoveryCase,
    RecoverySetting,
    WriteOff,
)
from .outbox import case_event
from .projection import aging_project
from .selectors import ASSIGN, CASE_TARGET, CONFIG, WORK, WRITE_OFF

CASE = Machine(
    model=RecoveryCase,
    target_type=CASE_TARGET,
    field="state",
    moves=(
        move(CaseState.OPEN, "close", CaseState.CLOSED),
        move(CaseState.OPEN, "write_off", CaseState.WRITTEN_OFF, right=WRITE_OFF),
    ),
    labels={
        "open": ("跟进中", "open"),
        "closed": ("已结案", "closed"),
        "written_off": ("已核销", "written off"),
    },
)
logger = logging.getLogger(__name__)
PROMISE_DAYS_MAX = 30  # a promise further out than this is no promise


def _who(actor: Session | None) -> tuple[int | None, str]:
    if actor is None:
        return None, "系统"
    return actor.account.pk, actor.account.name or actor.account.username


# --- cases follow the debt -----------------------------------------------------------------


@dataclass
class Assigner:
    """Round robin per bucket among the collectors, or the sub-shop's collector."""

    setting: RecoverySetting
    collectors: list[int]
    names: dict[int, str]

    @classmethod
    def load(cls, setting: RecoverySetting) -> Assigner:
        people = selectors.collectors()
        return cls(setting, [p["id"] for p in people], {p["id"]: p["name"] for p in people})

    def pick(self, case: RecoveryCase) -> int | None:
        if not self.collectors:
            return None
        if self.setting.assignment_rule == AssignmentRule.BY_SUB_SHOP and case.sub_shop_id:
            chosen = self.setting.sub_shop_collectors.get(str(case.sub_shop_id))
            if chosen in self.collectors:
                return int(chosen)
        last = self.setting.round_robin_last.get(case.bucket)
        later = [c for c in self.collectors if last is None or c > int(last)]
        chosen = (later or self.collectors)[0]
        self.setting.round_robin_last = {**self.setting.round_robin_last, case.bucket: chosen}
        return chosen


def cases_refresh(
    *, today: date | None = None, order_ids: list[int] | None = None
) -> dict[str, int]:
    """Opens a case for every order with anything past due (instalments, charges, their
    late fees) and none open, refreshes the aging and amounts of the open ones, and closes
    those whose order owes nothing past due any more (or was deleted). Safe to run again."""
    today = today or timezone.localdate()
    past = past_due_by_order(today=today, order_ids=order_ids)
    opened = RecoveryCase.objects.filter(state=CaseState.OPEN)
    if order_ids is not None:
        opened = opened.filter(order_id__in=order_ids)
    open_by_order = {case.order_id: case for case in opened}
    facts = recovery_order_facts(list(set(past) | set(open_by_order)))
    # A case opens once the order reached its shop's recovery step of the overdue ladder
    # (the default: the night after its first bill went past due).
    not_yet = ladder.held_back("recovery_case", today=today, order_ids=order_ids)
    counts = {"opened": 0, "refreshed": 0, "closed": 0}
    with transaction.atomic():
        setting = RecoverySetting.objects.select_for_update().get_or_create(pk=1)[0]
        bounds = selectors.bounds_of(setting)
        assigner = Assigner.load(setting)
        for order_id, owed in sorted(past.items()):
            fact = facts.get(order_id)
            if fact is None or fact["is_deleted"] or owed["total"] <= 0:
                continue
            days = rules.days_past_due(owed["oldest_due"], today)
            aging = {
                "oldest_due_on": owed["oldest_due"],
                "days_past_due": days,
                "bucket": rules.bucket_of(days, bounds),
                "rent_owed": owed["rent"],
                "late_fee_owed": owed["late_fee"],
                "charges_owed": owed["charges"],
                "total_owed": owed["total"],
                "refreshed_on": today,
            }
            case = open_by_order.get(order_id)
            if case is None and order_id in not_yet:
                continue
            if case is None:
                _case_open(fact, aging, today=today, assigner=assigner)
                counts["opened"] += 1
            elif any(getattr(case, k) != v for k, v in aging.items() if k != "refreshed_on"):
                RecoveryCase.objects.filter(pk=case.pk).update(**aging, updated_at=timezone.now())
                counts["refreshed"] += 1
        setting.save(update_fields=["round_robin_last"])
    for order_id, case in open_by_order.items():
        still = past.get(order_id)
        known = facts.get(order_id)
        if still is None or still["total"] <= 0 or known is None or known["is_deleted"]:
            reason = "订单已删除" if known is None or known["is_deleted"] else "逾期欠款已结清"
            _case_close(case.pk, today=today, reason=reason)
            counts["closed"] += 1
    # The platform's aging follows every refresh: four rows, one GROUP BY over open cases.
    aging_project(today=today)
    return counts


def _case_open(
    fact: dict[str, Any], aging: dict[str, Any], *, today: date, assigner: Assigner
) -> RecoveryCase | None:
    case = RecoveryCase(
        order_id=fact["order_id"],
        order_no=fact["order_no"],
        sub_shop_id=fact["sub_shop_id"],
        customer_id=fact["customer_id"],
        customer_hash=fact["customer_hash"],
        opened_on=today,
        next_action_on=today,
        **aging,
    )
    chosen = assigner.pick(case)
    if chosen is not None:
        case.assignee_account_id = chosen
        case.assignee_name = assigner.names.get(chosen, "")
        case.assigned_at = timezone.now()
    try:
        with transaction.atomic():
            case.save()
            status_created(CASE, row=case, actor=None, reason="逾期未还，自动立案")
            case_event(case, "open")
            audit_record(
                actor=None,
                action="recovery_case.open",
                target_type=CASE_TARGET,
                target_id=case.pk,
                after={
                    "order_no": case.order_no,
                    "bucket": case.bucket,
                    "total_owed": money(case.total_owed),
                    "assignee": case.assignee_name,
                },
            )
    except IntegrityError:
        return None  # opened meanwhile by a payment's outcome: one open case per order
    return case


def _case_close(case_id: int, *, today: date, reason: str) -> None:
    with transaction.atomic():
        case = RecoveryCase.objects.select_for_update().filter(pk=case_id).first()
        if case is None or case.state != CaseState.OPEN:
            return

        def closed(row: RecoveryCase) -> dict[str, Any]:
            row.closed_on = today
            row.close_reason = reason
            row.next_action_on = None
            return {"closed_on": today.isoformat()}

        transition_locked(CASE, row=case, action="close", actor=None, reason=reason, change=closed)
        case_event(case, "close")
        # A promise still waiting is kept when the debt is gone.
        PromiseToPay.objects.filter(case=case, state=PromiseState.PENDING).update(
            state=PromiseState.KEPT, decided_on=today
        )


def case_follow_payment(*, order_id: int, status: str) -> None:
    """A bill payment of the order succeeded or failed: its case follows at once (opened
    when something is past due, closed when nothing is)."""
    cases_refresh(order_ids=[order_id])


# --- promises decided ----------------------------------------------------------------------


def promises_decide(*, today: date | None = None) -> dict[str, int]:
    """Each promise still waiting: kept once the order has paid its amount since it was
    made; broken when its day has passed without that (the case's priority rises, the
    broken promise is counted and the case is due for action today)."""
    today = today or timezone.localdate()
    counts = {"kept": 0, "broken": 0}
    pending = PromiseToPay.objects.filter(state=PromiseState.PENDING).select_related("case")
    for promise in list(pending.order_by("id")):
        paid = order_paid_total(promise.case.order_id) - promise.paid_before
        if paid >= promise.amount:
            verdict = PromiseState.KEPT
        elif promise.promised_on < today:
            verdict = PromiseState.BROKEN
        else:
            continue
        with transaction.atomic():
            locked = PromiseToPay.objects.select_for_update().get(pk=promise.pk)
            if locked.state != PromiseState.PENDING:
                continue
            locked.state, locked.decided_on = verdict, today
            locked.save(update_fields=["state", "decided_on"])
            case = RecoveryCase.objects.select_for_update().get(pk=promise.case_id)
            if verdict == PromiseState.BROKEN:
                case.broken_promises += 1
                case.priority = min(case.priority + 1, rules.PRIORITY_MAX)
                if case.state == CaseState.OPEN:
                    case.next_action_on = today
                case.save(update_fields=["broken_promises", "priority", "next_action_on"])
            audit_record(
                actor=None,
                action=f"recovery_case.promise_{verdict}",
                target_type=CASE_TARGET,
                target_id=case.pk,
                after={
                    "promise_id": locked.pk,
                    "amount": money(locked.amount),
                    "promised_on": locked.promised_on.isoformat(),
                    "paid": money(max(paid, Decimal("0.00"))),
                },
            )
        counts[verdict] += 1
    return counts


def recovery_night(*, today: date | None = None) -> dict[str, Any]:
    """The night's recovery: cases follow the debt, then promises are decided."""
    today = today or timezone.localdate()
    return {"cases": cases_refresh(today=today), "promises": promises_decide(today=today)}


# --- reminders -----------------------------------------------------------------------------


def sent_today(case: RecoveryCase, *, now: datetime) -> int:
    """What the case's customer got today (China day) that counts against the daily cap:
    every message to them (a collector's by hand, the automatic ones) and their bills'
    reminders."""
    since = day_start(timezone.localtime(now).date())
    return messages_counted(case.customer_hash, since) + reminders_sent_count(
        order_ids_of_customer(case.customer_id), since=since
    )


def case_reminders_send(*, now: datetime | None = None) -> dict[str, Any]:
    """The morning's automatic reminders of open cases, each from its bucket's template,
    through the shop's messages (`sendMessage`'s path and throttle): never in China's quiet
    hours (21:00–08:00), at most `reminders_per_day` to a customer a China day, counting
    what they already got today; one per case and day (its idempotency key)."""
    now = now or timezone.now()
    counts = {"quiet": False, "sent": 0, "capped": 0, "failed": 0}
    if quiet_hours(now):
        return {**counts, "quiet": True}
    setting = selectors.recovery_setting()
    if setting.reminders_per_day == 0:
        return counts
    day = timezone.localtime(now).date()
    templates = {**rules.DEFAULT_BUCKET_TEMPLATES, **setting.bucket_templates}
    cases = RecoveryCase.objects.filter(state=CaseState.OPEN).order_by("-days_past_due", "id")
    for case in list(cases):
        if sent_today(case, now=now) >= setting.reminders_per_day:
            counts["capped"] += 1
            continue
        try:
            message_send(
                actor=None,
                order_id=case.order_id,
                template_code=templates[case.bucket],
                idempotency_key=f"recovery:{case.pk}:{day.isoformat()}",
                scope_checked=True,
            )
        except (ApplicationError, ProviderError):
            counts["failed"] += 1  # throttled, a variable missing, the gateway down
            continue
        counts["sent"] += 1
    return counts


# --- working a case ------------------------------------------------------------------------


def cases_assign(*, actor: Session, case_ids: list[int], assignee_id: int | None) -> int:
    """Assigns cases (in the session's scope) to a collector, or takes them back
    (`assignee_id` None). Every case asked for must be in scope (NOT_FOUND otherwise, and
    nothing changes)."""
    if not actor.can(ASSIGN):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    wanted = sorted(set(case_ids))
    if not wanted:
        raise field_error("case_ids", Text("必填", "required"))
    names = {p["id"]: p["name"] for p in selectors.collectors()}
    if assignee_id is not None and assignee_id not in names:
        raise field_error(
            "assignee_id", Text("不是本店在职的催收员", "not an active collector of the shop")
        )
    with transaction.atomic():
        cases = list(
            selectors.visible_cases(actor).select_for_update().filter(pk__in=wanted).order_by("pk")
        )
        if len(cases) != len(wanted):
            raise ApplicationError(ErrorCode.NOT_FOUND)
        now = timezone.now()
        for case in cases:
            before = case.assignee_name
            case.assignee_account_id = assignee_id
            case.assignee_name = names.get(assignee_id, "") if assignee_id else ""
            case.assigned_at = now if assignee_id else None
            case.save(update_fields=["assignee_account_id", "assignee_name", "assigned_at"])
            audit_record(
                actor=actor,
                action="recovery_case.assign",
                target_type=CASE_TARGET,
                target_id=case.pk,
                before={"assignee": before},
                after={"assignee": case.assignee_name},
            )
    return len(cases)


# Days until the next action after a contact's outcome.
NEXT_ACTION_DAYS = {
    ContactOutcome.REACHED: 3,
    ContactOutcome.NO_ANSWER: 1,
    ContactOutcome.WRONG_NUMBER: 1,
    ContactOutcome.PROMISED: 1,
    ContactOutcome.REFUSED: 2,
    ContactOutcome.DISPUTES: 3,
    ContactOutcome.PAID_ELSEWHERE: 1,
}


# A written-off case is closed in the shop's collection but still owed (docs/recovery.md):
# the collector may still reach the customer and send a payment link; promises, assignment
# and a second write-off belong to open cases only.
COLLECTABLE_STATES = (CaseState.OPEN, CaseState.WRITTEN_OFF)


def _open_case(
    actor: Session, case_id: int, *, states: tuple[str, ...] = (CaseState.OPEN,)
) -> RecoveryCase:
    if not actor.can(WORK):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    case = selectors.case_in_scope(actor, case_id, lock=True)
    if case.state not in states:
        raise CASE.conflict(case.state, "close")
    return case


def contact_add(
    *,
    actor: Session,
    case_id: int,
    channel: str,
    outcome: str,
    note: str = "",
    contacted_at: datetime | None = None,
    template_code: str = "",
    idempotency_key: str = "",
) -> ContactRecord:
    """A contact with the customer on an open or written-off case in the session's scope (a
    written-off debt is still collected): the channel, the outcome, a note and when (not in
    the future). An SMS naming a template is sent through the shop's messages
    (`sendMessage`: its template, its per-customer throttle), counted with the day's
    reminders."""
    if idempotency_key:
        earlier = ContactRecord.objects.filter(idempotency_key=idempotency_key).first()
        if earlier is not None:
            return earlier  # the record this key made (`zulin.idempotency`: the same request)
    now = timezone.now()
    contacted_at = contacted_at or now
    if contacted_at > now + timedelta(minutes=5):
        raise field_error("contacted_at", Text("不能晚于现在", "in the future"))
    if template_code and channel != "sms":
        raise field_error("template_code", Text("仅用于短信", "only for an SMS"))
    if template_code and quiet_hours(now):
        raise ApplicationError(ErrorCode.MESSAGE_QUIET_HOURS)
    with transaction.atomic():
        case = _open_case(actor, case_id, states=COLLECTABLE_STATES)
        order_id = case.order_id
    if template_code:
        key = f"recovery:{case_id}:{idempotency_key}" if idempotency_key else ""
        message = message_send(
            actor=actor,
            order_id=order_id,
            template_code=template_code,
            idempotency_key=key,
            scope_checked=True,
        )
        note = (note + "\n" if note else "") + message.text
    who, name = _who(actor)
    with transaction.atomic():
        case = _open_case(actor, case_id, states=COLLECTABLE_STATES)
        contact = ContactRecord.objects.create(
            case=case,
            channel=channel,
            outcome=outcome,
            note=note[:500],
            contacted_at=contacted_at,
            actor_account_id=who,
            actor_name=name,
            idempotency_key=idempotency_key,
        )
        case.next_action_on = timezone.localdate() + timedelta(
            days=NEXT_ACTION_DAYS.get(ContactOutcome(outcome), 1)
        )
        case.save(update_fields=["next_action_on"])
        audit_record(
            actor=actor,
            action="recovery_case.contact",
            target_type=CASE_TARGET,
            target_id=case.pk,
            after={"contact_id": contact.pk, "channel": channel, "outcome": outcome},
            reason=note[:300],
        )
    return contact


def promise_add(
    *,
    actor: Session,
    case_id: int,
    promised_on: date,
    amount: Decimal,
    note: str = "",
    idempotency_key: str = "",
    made_on: date | None = None,
) -> PromiseToPay:
    """The customer promises to pay `amount` by `promised_on` (the day it is made … 30 days
    on, never more than the case owes); decided kept or broken by the nightly run. The same
    idempotency key answers the same promise. `made_on`: the China day the customer made it
    (today; the showcase records promises of past days)."""
    who, name = _who(actor)
    key = f"{who}:{idempotency_key}" if idempotency_key else ""
    if key:
        earlier = PromiseToPay.objects.filter(idempotency_key=key).first()
        if earlier is not None:
            if earlier.case_id != case_id or earlier.amount != amount:
                raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
            selectors.case_in_scope(actor, case_id)
            return earlier
    today = made_on or timezone.localdate()
    if promised_on < today or promised_on > today + timedelta(days=PROMISE_DAYS_MAX):
        raise field_error(
            "promised_on",
            Text("应为今天或 {days} 天内", "today or within {days} days").format(
                days=PROMISE_DAYS_MAX
            ),
        )
    if amount <= 0:
        raise field_error("amount", Text("应大于 0", "must be above 0"))
    try:
        with transaction.atomic():
            case = _open_case(actor, case_id)
            owed = selectors.cases_owed([case])[case.pk]["total"]  # what its screen says
            if amount > owed:
                raise field_error(
                    "amount",
                    Text("超过案件欠款（{owed}）", "more than the case owes ({owed})").format(
                        owed=money(owed)
                    ),
                )
            promise = PromiseToPay.objects.create(
                case=case,
                promised_on=promised_on,
                amount=amount,
                paid_before=order_paid_total(case.order_id),
                note=note[:300],
                idempotency_key=key,
                actor_account_id=who,
                actor_name=name,
            )
            case.next_action_on = promised_on + timedelta(days=1)
            case.save(update_fields=["next_action_on"])
            audit_record(
                actor=actor,
                action="recovery_case.promise",
                target_type=CASE_TARGET,
                target_id=case.pk,
                after={
                    "promise_id": promise.pk,
                    "amount": money(amount),
                    "promised_on": promised_on.isoformat(),
                },
                reason=note[:300],
            )
    except IntegrityError:
        return PromiseToPay.objects.get(idempotency_key=key)
    return promise


def payment_link_send(
    *, actor: Session, case_id: int, idempotency_key: str, send_sms: bool = False
) -> dict[str, Any]:
    """A payment of the case's oldest bill past due by the customer (the applet's bill
    payment: the provider's cashier, a QR code or an H5 link), for the collector to send, on
    an open case or a written-off one (its bills are still owed: the oldest written-off bill);
    what it collects goes through the one settling path like any payment of the bill. The
    same idempotency key answers the same payment.

    `send_sms`: the link is also texted to the customer (the payment-link template, through
    `sendMessage`'s path: its per-customer throttle, counted with the day's reminders; never
    in the quiet hours, when nothing is made). A message the gateway or the throttle refuses
    leaves the link made, answered with why, to be sent another way; the same key never
    texts twice."""
    if not idempotency_key:
        raise field_error("idempotency_key", Text("必填", "required"))
    if send_sms and quiet_hours(timezone.now()):
        raise ApplicationError(ErrorCode.MESSAGE_QUIET_HOURS)
    who, _ = _who(actor)
    with transaction.atomic():
        case = _open_case(actor, case_id, states=COLLECTABLE_STATES)
    key = f"recovery:{who}:{idempotency_key}"[:64]
    # A replay answers the bill its first call chose (now being paid, or paid), and records
    # nothing again.
    replayed = period_paid_by_key(case.order_id, key)
    period = replayed or oldest_past_due_period(case.order_id, today=timezone.localdate())
    if period is None:
        raise ApplicationError(
            ErrorCode.CONFLICT,
            "没有可支付的逾期账单（可能正在支付中）",
            msg_en="No bill past due to pay (one may be being paid)",
        )
    collected = bill_pay.order_bill_pay(
        order_id=case.order_id, period=period, actor=None, idempotency_key=key, by_customer=True
    )
    payment = collected.payment
    link = payment_pay_link(payment.out_trade_no) if payment.status == "processing" else ""
    sms = _link_texted(actor, case, payment, link, idempotency_key) if send_sms and link else None
    if replayed is None:
        audit_record(
            actor=actor,
            action="recovery_case.payment_link",
            target_type=CASE_TARGET,
            target_id=case.pk,
            after={
                "out_trade_no": payment.out_trade_no,
                "period": period,
                "amount": money(payment.amount),
                **({"sms": sms["status"], "message_id": sms["message_id"]} if sms else {}),
            },
        )
    return {
        "case_id": case.pk,
        "period": period,
        "out_trade_no": payment.out_trade_no,
        "amount": money(payment.amount),
        "status": payment.status,
        "pay_url": link,
        "qr_code": qr_picture(link) if link else "",
        "sms": sms,
    }


def _link_texted(
    actor: Session, case: RecoveryCase, payment: Any, link: str, idempotency_key: str
) -> dict[str, Any]:
    """The payment link texted to the case's customer: the message kept (name masked), or
    why it was not sent."""
    try:
        message = message_send(
            actor=actor,
            order_id=case.order_id,
            template_code=PAYMENT_LINK_TEMPLATE.code,
            idempotency_key=f"recovery-link:{case.pk}:{idempotency_key}",
            scope_checked=True,
            link={"pay_url": link, "pay_amount": money(payment.amount) or ""},
        )
    except ApplicationError as error:
        failed = (error.data or {}).get("message_id")
        return {
            "status": "failed",
            "message_id": failed,
            "phone": "",
            "text": "",
            "error_code": int(error.code),
            "error": error.message(current_language()),
        }
    return {
        "status": message.status,
        "message_id": message.pk,
        "phone": message.phone_masked,
        "text": message.text,
        "error_code": None,
        "error": message.failure_reason,
    }


# --- settings ------------------------------------------------------------------------------


def setting_save(
    *,
    actor: Session,
    m1_max_days: int,
    m2_max_days: int,
    m3_max_days: int,
    reminders_per_day: int,
    assignment_rule: str,
    sub_shop_collectors: dict[int, int],
    bucket_templates: dict[str, str] | None = None,
    write_off_after_days: int | None = None,
) -> RecoverySetting:
    """The buckets' bounds (M1 ≤ M2 ≤ M3, increasing), the automatic reminders a customer
    may get per China day (0–3), the assignment rule and, for `by_sub_shop`, each
    sub-shop's collector, and each bucket's reminder template (an active one), and the age
    at which a case may be written off (days past due, 1–3650; None keeps it). Audited
    with before and after."""
    if not actor.can(CONFIG):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    if not rules.Bounds(m1_max_days, m2_max_days, m3_max_days).valid():
        raise field_error(
            "m2_max_days",
            Text(
                "分段上限应递增：1 ≤ M1 < M2 < M3 ≤ 3650",
                "the bounds must increase: 1 ≤ M1 < M2 < M3 ≤ 3650",
            ),
        )
    if not 0 <= reminders_per_day <= 3:
        raise field_error("reminders_per_day", Text("应为 0 到 3", "0 to 3"))
    if write_off_after_days is not None and not 1 <= write_off_after_days <= 3650:
        raise field_error("write_off_after_days", Text("应为 1 到 3650", "1 to 3650"))
    collectors = set(selectors.collector_ids())
    shops = sub_shop_names(list(sub_shop_collectors))
    for sub_shop_id, account_id in sub_shop_collectors.items():
        if sub_shop_id not in shops:
            raise field_error(
                "sub_shop_collectors",
                Text("没有子店铺 {id}", "no sub-shop {id}").format(id=sub_shop_id),
            )
        if account_id not in collectors:
            raise field_error(
                "sub_shop_collectors",
                Text("{id} 不是在职的催收员", "{id} is not an active collector").format(
                    id=account_id
                ),
            )
    for bucket, code in (bucket_templates or {}).items():
        if bucket not in rules.BUCKETS:
            raise field_error(
                "bucket_templates", Text("没有账龄段 {b}", "no bucket {b}").format(b=bucket)
            )
        if template_find(code) is None:
            raise field_error(
                "bucket_templates",
                Text("没有启用的模板 {c}", "no active template {c}").format(c=code),
            )
    with transaction.atomic():
        setting = RecoverySetting.objects.select_for_update().get_or_create(pk=1)[0]
        before = selectors.setting_answer(setting)
        if bucket_templates is not None:
            setting.bucket_templates = {**setting.bucket_templates, **bucket_templates}
        setting.m1_max_days, setting.m2_max_days, setting.m3_max_days = (
            m1_max_days,
            m2_max_days,
            m3_max_days,
        )
        setting.reminders_per_day = reminders_per_day
        if write_off_after_days is not None:
            setting.write_off_after_days = write_off_after_days
        setting.assignment_rule = assignment_rule
        setting.sub_shop_collectors = {str(k): v for k, v in sub_shop_collectors.items()}
        setting.save()
        audit_settings_change(
            actor=actor,
            action="recovery.settings_update",
            target_type="recovery_setting",
            target_id=setting.pk,
            before=before,
            after=selectors.setting_answer(setting),
        )
    return setting


# --- write-off -----------------------------------------------------------------------------

# Who the credit file names as collecting a written-off debt: the shop itself.
WRITE_OFF_COLLECTOR = "本商户（核销后自行催收）"


def case_write_off(
    *, actor: Session, case_id: int, reason: str, idempotency_key: str = ""
) -> WriteOff:
    """Writes off what an open case's order owes past due, once the case is the shop's age
    for it (`write_off_after_days`, default 180 days past due), with a reason, by a role
    holding `recovery.writeoff`: its bills close as written off (they keep what they owed),
    the case moves to `written_off` (the state machine: its history and audit entry), the
    write-off keeps who, why and what. No journal: the books are on a cash basis; money that
    comes later is income when it arrives (the one settling path) and marks the bills it
    pays recovered after write-off. The credit file is told at once (`_credit_report`). A
    case outside the session's scope answers NOT_FOUND; the same key, the same write-off."""
    if not actor.can(WRITE_OFF):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    who, name = _who(actor)
    key = f"{who}:{idempotency_key}"[:120] if idempotency_key else ""
    if key:
        earlier = WriteOff.objects.filter(idempotency_key=key).first()
        if earlier is not None:
            if earlier.case_id != case_id:
                raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
            selectors.case_in_scope(actor, case_id)
            return earlier
    reason = reason.strip()
    if not reason:
        raise field_error("reason", Text("必填", "required"))
    today = timezone.localdate()
    found = selectors.case_in_scope(actor, case_id)
    with transaction.atomic():
        # The order and its bills first (every writer of an order's bills locks so), then
        # the case.
        bills = order_bills_lock(found.order_id)
        case = selectors.case_in_scope(actor, case_id, lock=True)
        if case.state != CaseState.OPEN:
            raise CASE.conflict(case.state, "write_off")
        age = rules.days_past_due(_oldest_due(bills, today) or case.oldest_due_on, today)
        after_days = selectors.recovery_setting().write_off_after_days
        if age < after_days:
            raise ApplicationError(
                ErrorCode.RECOVERY_WRITE_OFF_TOO_EARLY,
                data={"days_past_due": age, "write_off_after_days": after_days},
            )
        written = charges.bills_write_off(
            actor=actor, order_id=case.order_id, before=today, reason=reason
        )
        order_owed_refresh(case.order_id)
        amount = sum((bill.written_off_amount for bill in written), Decimal("0.00"))
        if amount <= 0:
            raise ApplicationError(
                ErrorCode.CONFLICT,
                "该案件已没有可核销的逾期欠款",
                msg_en="The case owes nothing past due to write off",
            )
        write_off = WriteOff.objects.create(
            case=case,
            order_id=case.order_id,
            amount=amount,
            bills=[
                {
                    "bill_id": bill.pk,
                    "period": bill.period,
                    "kind": bill.kind,
                    "amount": money(bill.written_off_amount),
                }
                for bill in written
            ],
            days_past_due=age,
            reason=reason[:300],
            idempotency_key=key,
            actor_account_id=who,
            actor_name=name,
            written_off_on=today,
        )

        def closed(row: RecoveryCase) -> dict[str, Any]:
            row.closed_on = today
            row.close_reason = f"核销：{reason}"[:100]
            row.next_action_on = None
            return {"written_off": money(amount), "days_past_due": age}

        transition_locked(
            CASE, row=case, action="write_off", actor=actor, reason=reason[:300], change=closed
        )
        case_event(case, "write_off")
        # A device still out with the customer is written off with the debt: lost (found
        # again later, it comes back to received through the units' adjustment).
        order_device_lost(order_id=case.order_id, actor=actor, reason=f"核销：{reason}"[:300])
    _credit_report(case.order_id, today)
    aging_project(today=today)  # the platform's aging drops the written-off case at once
    return write_off


def _oldest_due(bills: list[Any], today: date) -> date | None:
    due = [b.due_date for b in bills if b.status in OPEN_STATUSES and b.due_date < today]
    return min(due) if due else None


def _credit_report(order_id: int, day: date) -> None:
    """What the credit file says of a written-off debt, made pending at once for the next
    file (docs/recovery.md): the D1 account's records the bills now call for (it stays open,
    overdue, until paid) and the collection record (a C1 account: the debt the shop now
    collects itself after writing it off). A lease never authorised or never opened to the
    bureau has nothing to report; a failure here never undoes the write-off."""
    try:
        with transaction.atomic():
            credit.records_append(actor=None, order_id=order_id, kinds=("overdue", "repayment"))
            credit.collection_report(
                actor=None, order_id=order_id, collector=WRITE_OFF_COLLECTOR, handed_on=day
            )
    except ApplicationError:
        logger.info("recovery.write_off: order %s has no credit account to report", order_id)
