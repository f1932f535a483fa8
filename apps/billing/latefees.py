"""Late fees of overdue bills, their waivers, and the shop's finance settings.

A bill due on day D and still unpaid is overdue from D + 1. Each overdue day adds one
`BillLateFee` row: the bill's unpaid amount that day × the day's rate (the shop's
`late_fee_rate_early` percent for the first `late_fee_tier_days` days, `late_fee_rate_late`
after), rounded half-up to the cent, the total never above the bill's amount. A day is
added at most once (a unique row per bill and day), so the nightly run, its re-run and a
run killed halfway all end with the same fees; a night missed is caught up by the next.
An order accrues once it reached its shop's `late_fee_on` step of the overdue ladder
(`ladder.py`; the default: from its first day past due), and then every overdue day of its
bills counts, from each bill's due day (a grace forgiven when paid before the step).
A bill whose payment is being processed accrues nothing meanwhile; if that payment fails,
the days in between are caught up.

Late fees are income only when paid (the ledger is cash basis): accrual and waivers post
nothing; the payment that settles a bill pays its late fee first, then its rent.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from datetime import date
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from zulin.audit.services import actor_name, audit_record, audit_settings_change
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.money.latefees import Tiers, fee_days

from . import ladder
from .models import CHARGE_KINDS, Bill, BillLateFee, BillStatus, FinanceSetting, LateFeeWaiver
from .outbox import bill_event
from .selectors import no_deal_order_ids

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
SETTING_FIELDS = ("late_fee_rate_early", "late_fee_rate_late", "reminder_days_before")
MAX_RATE = Decimal("5.0000")  # percent per day; the law caps far lower, this guards typos
MAX_REMINDER_DAYS = 15


def finance_setting() -> dict[str, Any]:
    """The shop's finance settings in force: its own values, the platform's default for
    each field it left empty, and whether each is its own."""
    row = FinanceSetting.objects.first()
    defaults = settings.FINANCE_DEFAULTS
    answer: dict[str, Any] = {
        "late_fee_tier_days": defaults["late_fee_tier_days"],
        "updated_at": row.updated_at if row else None,
        "own": [],
    }
    for field in SETTING_FIELDS:
        own = getattr(row, field) if row else None
        answer[field] = defaults[field] if own is None else own
        if own is not None:
            answer["own"].append(field)
    answer["platform_defaults"] = {field: defaults[field] for field in SETTING_FIELDS}
    return answer


def finance_setting_save(*, actor: Session, fields: dict[str, Any]) -> dict[str, Any]:
    """Saves the fields given (None: back to the platform's default); audited."""
    for field in ("late_fee_rate_early", "late_fee_rate_late"):
        value = fields.get(field)
        if value is not None and not (ZERO <= value <= MAX_RATE):
            raise field_error(
                field,
                Text("应为每日 0 到 {0} 的百分比", "a percent per day from 0 to {0}").format(
                    MAX_RATE
                ),
            )
        if value is not None and value != value.quantize(Decimal("0.0001")):
            raise field_error(field, Text("最多 4 位小数", "at most four decimal places"))
    days = fields.get("reminder_days_before")
    if days is not None and not (0 <= days <= MAX_REMINDER_DAYS):
        raise field_error(
            "reminder_days_before",
            Text("应为 0 到 {0} 天", "0 to {0} days").format(MAX_REMINDER_DAYS),
        )
    with transaction.atomic():
        before = finance_setting()
        row = FinanceSetting.objects.select_for_update().first() or FinanceSetting()
        for field in SETTING_FIELDS:
            if field in fields:
                setattr(row, field, fields[field])
        row.updated_at = timezone.now()
        row.actor_account_id = actor.account.pk
        row.save()
        after = finance_setting()
        audit_settings_change(
            actor=actor,
            action="finance.settings",
            target_type="finance_setting",
            target_id=row.pk,
            before=_audited(before),
            after=_audited(after),
        )
    return after


def _audited(setting: dict[str, Any]) -> dict[str, Any]:
    return {field: str(setting[field]) for field in SETTING_FIELDS} | {"own": setting["own"]}


def tiers_of(setting: dict[str, Any]) -> Tiers:
    """The shop's late-fee setting as the pure rule reads it."""
    return Tiers(
        tier_days=int(setting["late_fee_tier_days"]),
        rate_early=Decimal(setting["late_fee_rate_early"]),
        rate_late=Decimal(setting["late_fee_rate_late"]),
    )


def _days_missing(
    bill: Bill, last: date | None, *, today: date, setting: dict[str, Any]
) -> list[BillLateFee]:
    """The bill's overdue days after `last` (its latest fee day) up to `today`, each the unpaid
    amount x the day's rate, the total never above the bill's amount (`zulin.money.latefees`)."""
    base = bill.rent_owed
    return [
        BillLateFee(
            bill=bill,
            day=row.day,
            days_overdue=row.days_overdue,
            base=base,
            rate=row.rate,
            amount=row.amount,
        )
        for row in fee_days(
            due_date=bill.due_date,
            last=last,
            today=today,
            base=base,
            room=bill.amount - bill.late_fee,
            tiers=tiers_of(setting),
        )
    ]


def bill_late_fees_accrue(bill_id: int, *, today: date, setting: dict[str, Any]) -> Decimal:
    """Adds the bill's missing overdue days up to `today` (its own transaction, the bill
    locked); answers what was added. Nothing for a bill paid, cancelled, being paid or not
    overdue, or at its cap."""
    order_ids = Bill.objects.filter(pk=bill_id).values_list("order_id", flat=True)
    held = ladder.held_back("late_fee_on", today=today, order_ids=list(order_ids))
    added, _ = _accrue_locked([bill_id], today=today, setting=setting, held=held)
    return added


def _accrue_locked(
    bill_ids: list[int],
    *,
    today: date,
    setting: dict[str, Any],
    held: AbstractSet[int] = frozenset(),
) -> tuple[Decimal, int]:
    """One transaction: the bills locked (in the order every other multi-bill lock takes),
    those still unpaid and overdue given their missing days, unless their order has not
    reached the ladder's late-fee step (`held`: their days are given once it has); answers
    (added, bills given fees)."""
    with transaction.atomic():
        bills = list(
            Bill.objects.select_for_update()
            .filter(pk__in=bill_ids, status=BillStatus.UNPAID, due_date__lt=today)
            .exclude(kind__in=CHARGE_KINDS)  # no late fee accrues on a charge
            .exclude(order_id__in=no_deal_order_ids())  # nor on a bill of no deal
            .order_by("order_id", "period")
        )
        if not bills:
            return ZERO, 0
        last_days = dict(
            BillLateFee.objects.filter(bill__in=bills)
            .order_by()
            .values("bill_id")
            .annotate(last=Max("day"))
            .values_list("bill_id", "last")
        )
        rows: list[BillLateFee] = []
        charged = []
        newly_overdue = []
        now = timezone.now()
        for bill in bills:
            missing = (
                []
                if bill.order_id in held
                else _days_missing(bill, last_days.get(bill.pk), today=today, setting=setting)
            )
            # Its first night past due, whatever its late fee (a rate of 0 adds no row).
            if bill.overdue_noted_on is None:
                bill.overdue_noted_on = today
                newly_overdue.append(bill)
            if missing:
                rows += missing
                bill.late_fee += sum((row.amount for row in missing), ZERO)
                charged.append(bill)
        touched = list({bill.pk: bill for bill in charged + newly_overdue}.values())
        if not touched:
            return ZERO, 0
        for bill in touched:
            bill.updated_at = now
        BillLateFee.objects.bulk_create(rows)
        Bill.objects.bulk_update(touched, ["late_fee", "overdue_noted_on", "updated_at"])
        for bill in newly_overdue:
            bill_event(bill, "bill.overdue")
        return sum((row.amount for row in rows), ZERO), len(charged)


# Bills given their days per transaction: a night's overdue bills in a few statements, each
# transaction short enough not to keep a payment of one of them waiting.
ACCRUE_BATCH = 200


def late_fees_accrue(*, today: date | None = None) -> dict[str, Any]:
    """Every overdue unpaid bill of the shop, caught up to `today` (default: the local
    date), ACCRUE_BATCH bills a transaction. Safe to run again: a day already added is not
    added twice."""
    today = today or timezone.localdate()
    setting = finance_setting()
    bill_ids = list(
        Bill.objects.filter(status=BillStatus.UNPAID, due_date__lt=today)
        .exclude(order_id__in=no_deal_order_ids())
        .order_by("due_date", "id")
        .values_list("pk", flat=True)
    )
    # The shop's ladder says from when (and from how much) an order's bills accrue.
    held = ladder.held_back("late_fee_on", today=today)
    added = ZERO
    touched = 0
    for start in range(0, len(bill_ids), ACCRUE_BATCH):
        amount, bills = _accrue_locked(
            bill_ids[start : start + ACCRUE_BATCH], today=today, setting=setting, held=held
        )
        added += amount
        touched += bills
    return {"bills": touched, "added": str(added)}


def late_fee_waive(
    *,
    actor: Session | None,
    bill: Bill,
    amount: Decimal | None,
    reason: str,
    idempotency_key: str = "",
) -> LateFeeWaiver:
    """Forgoes `amount` (None: all) of the late fee the bill still owes, with a reason. The
    caller holds the bill's row lock (and its order's). The same idempotency key answers the
    same waiver."""
    if idempotency_key:
        earlier = LateFeeWaiver.objects.filter(idempotency_key=idempotency_key).first()
        if earlier is not None:
            return earlier
    if bill.status == BillStatus.PAYING:
        # The payment in flight already counts the late fee it would pay.
        raise ApplicationError(ErrorCode.PAYMENT_IN_PROGRESS)
    owed = bill.late_fee_owed
    amount = owed if amount is None else amount
    if amount <= 0 or amount > owed:
        raise ApplicationError(
            ErrorCode.WAIVER_EXCEEDS_LATE_FEE, data={"owed": str(owed), "amount": str(amount)}
        )
    waiver = LateFeeWaiver.objects.create(
        bill=bill,
        amount=amount,
        reason=reason,
        idempotency_key=idempotency_key,
        actor_account_id=actor.account.pk if actor else None,
        actor_name=actor_name(actor),
    )
    bill.late_fee_waived += amount
    bill.save(update_fields=["late_fee_waived", "updated_at"])
    audit_record(
        actor=actor,
        action="bill.late_fee_waived",
        target_type="order",
        target_id=bill.order_id,
        before={"period": bill.period, "late_fee_owed": str(owed)},
        after={"period": bill.period, "waived": str(amount)},
        reason=reason,
    )
    return waiver
