"""The shop's one overdue ladder (docs/zhima.md, issue 66): what the night does to an order
past due, step by step, in one place the shop sets.

A step is reached when the order's oldest unpaid bill is `days_past_due` or more China days
past its due day (a bill due on D is 1 day past due on D + 1), and, when set, at least
`min_amount` is past due (rent, charges and late fees still owed) over at least `min_bills`
bills. Each of the night's overdue actions asks the ladder which orders it must leave alone
tonight (`held_back`): the orders past due that have not reached a step of that action.
An order with nothing past due is never held back, so what a paid debt's history calls for
(the bureau's records of a bill paid late) goes as before.

The default ladder (every shop that never edited its own) is the night as it was before
the ladder: the overdue reminder, the withhold retried, the late fee and the recovery case
from the first day past due, and the bureau's nightly overdue records as `apps/credit`
sends them. It has no notice or violation step (a person sends the notice and confirms a
violation, `credit_orders`), and the notice does not gate the bureau's records.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from zulin.audit.services import audit_settings_change
from zulin.audit.state import Machine, move, status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, field_error
from zulin.core.i18n import Text

from .models import LadderAction, OverdueLadder, OverdueStanding, OverdueState, OverdueStep
from .selectors import past_due_by_order as ladder_past_due

ACTIONS = tuple(LadderAction.values)
MAX_STEPS = 20
MAX_DAYS = 3650
REMINDER_TEMPLATES = ("bill_overdue",)  # the SMS templates a bill's reminder fills
# How a reminder step goes: an SMS to the customer, an `order.overdue_step` event on the
# shop's webhooks, or both.
REMINDER_CHANNELS = ("sms", "webhook", "both")
# The credit-reporting grace (days) a violation step needs after the notice step, unless the
# ladder's notice step names its own (`params.grace_days`).
DEFAULT_CREDIT_GRACE_DAYS = 7

# The night before the ladder, as steps (each from the first day past due; no minimum).
DEFAULT_STEPS: tuple[dict[str, Any], ...] = (
    {
        "days_past_due": 1,
        "action": "reminder",
        "params": {"template": "bill_overdue", "channel": "sms"},
    },
    {"days_past_due": 1, "action": "withhold_retry", "params": {}},
    {"days_past_due": 1, "action": "late_fee_on", "params": {}},
    {"days_past_due": 1, "action": "recovery_case", "params": {}},
    {"days_past_due": 1, "action": "bureau_report", "params": {}},
)

OVERDUE_STATE_MACHINE = Machine(
    model=OverdueState,
    target_type="overdue_state",
    moves=(
        move(OverdueStanding.CLEAR, "reach", OverdueStanding.OVERDUE),
        move(OverdueStanding.OVERDUE, "climb", OverdueStanding.OVERDUE),
        move(OverdueStanding.OVERDUE, "clear", OverdueStanding.CLEAR),
        # A ladder saved: the order is placed on the new ladder's highest step it reached
        # (lower, higher or none), nothing acted (`overdue_states_replace`).
        move(OverdueStanding.OVERDUE, "replace", OverdueStanding.OVERDUE),
    ),
    labels={"clear": ("未逾期", "clear"), "overdue": ("逾期中", "overdue")},
)


@dataclass(frozen=True)
class Step:
    position: int
    days_past_due: int
    action: str
    min_amount: Decimal | None = None
    min_bills: int | None = None
    params: dict[str, Any] | None = None

    def met(self, *, days: int, amount: Decimal, bills: int) -> bool:
        return (
            days >= self.days_past_due
            and (self.min_amount is None or amount >= self.min_amount)
            and (self.min_bills is None or bills >= self.min_bills)
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "days_past_due": self.days_past_due,
            "action": self.action,
            "min_amount": self.min_amount,
            "min_bills": self.min_bills,
            "params": dict(self.params or {}),
        }


# An overdue bill of an order not past due by the ladder's count (no deal: `past_due_by_order`
# leaves it out) is treated as the night treated it before the ladder.
NOT_PAST_DUE = Step(position=0, days_past_due=1, action="reminder", params={})


def _steps_of(rows: Iterable[dict[str, Any]]) -> list[Step]:
    return [
        Step(
            position=index,
            days_past_due=int(row["days_past_due"]),
            action=str(row["action"]),
            min_amount=row.get("min_amount"),
            min_bills=row.get("min_bills"),
            params=dict(row.get("params") or {}),
        )
        for index, row in enumerate(rows, start=1)
    ]


# --- reads ---------------------------------------------------------------------------------


def ladder_steps() -> tuple[int, bool, list[Step]]:
    """(version, is_default, steps) of the shop's ladder in force: the default ladder when
    the shop has none yet (a shop made before the data migration ran or without it)."""
    ladder = OverdueLadder.objects.first()
    if ladder is None:
        return 0, True, _steps_of(DEFAULT_STEPS)
    rows = ladder.steps.order_by("position").values(
        "position", "days_past_due", "action", "min_amount", "min_bills", "params"
    )
    steps = [
        Step(
            position=row["position"],
            days_past_due=row["days_past_due"],
            action=row["action"],
            min_amount=row["min_amount"],
            min_bills=row["min_bills"],
            params=row["params"],
        )
        for row in rows
    ]
    return ladder.version, ladder.is_default, steps


def ladder_read() -> dict[str, Any]:
    """`getOverdueLadder`: the ladder in force, its version and whether it is the default."""
    version, is_default, steps = ladder_steps()
    ladder = OverdueLadder.objects.first()
    return {
        "version": version,
        "is_default": is_default,
        "updated_at": ladder.updated_at if ladder else None,
        "steps": [step.as_dict() for step in steps],
        "default_steps": [step.as_dict() for step in _steps_of(DEFAULT_STEPS)],
    }


def steps_reached(steps: list[Step], *, days: int, amount: Decimal, bills: int) -> list[Step]:
    """The steps an order `days` past due with `amount` over `bills` bills has reached."""
    return [step for step in steps if step.met(days=days, amount=amount, bills=bills)]


def action_steps(
    action: str, *, today: date, order_ids: Iterable[int] | None = None
) -> dict[int, Step | None]:
    """Each order past due on `today` → the highest step of `action` it reached (None: none
    yet, the night's `action` leaves it alone tonight)."""
    _, _, steps = ladder_steps()
    of_action = [step for step in steps if step.action == action]
    facts = ladder_past_due(today=today, order_ids=order_ids)
    found: dict[int, Step | None] = {}
    for order_id, fact in facts.items():
        reached = steps_reached(
            of_action,
            days=(today - fact["oldest_due"]).days,
            amount=fact["total"],
            bills=fact["bills"],
        )
        found[order_id] = reached[-1] if reached else None
    return found


def reminder_steps_reached(
    *, today: date, order_ids: Iterable[int] | None = None
) -> dict[int, list[Step]]:
    """Each order past due on `today` → the reminder steps it reached, lowest first (empty:
    none yet). The lowest reached is the bills' own overdue reminder (`rent_run`); each
    later one is sent once in the order's overdue episode (`ladder_acts`)."""
    _, _, steps = ladder_steps()
    reminders = [step for step in steps if step.action == "reminder"]
    facts = ladder_past_due(today=today, order_ids=order_ids)
    return {
        order_id: steps_reached(
            reminders,
            days=(today - fact["oldest_due"]).days,
            amount=fact["total"],
            bills=fact["bills"],
        )
        for order_id, fact in facts.items()
    }


def step_channels(step: Step) -> set[str]:
    """How a reminder step goes: `sms` (the default), `webhook` or `both`."""
    channel = str((step.params or {}).get("channel") or "sms")
    return {"sms", "webhook"} if channel == "both" else {channel}


def held_back(action: str, *, today: date, order_ids: Iterable[int] | None = None) -> set[int]:
    """The orders past due on `today` that have not reached a step of `action`: the night's
    `action` leaves them alone tonight. Empty in the default ladder (every step from the
    first day past due)."""
    reached = action_steps(action, today=today, order_ids=order_ids)
    return {order_id for order_id, step in reached.items() if step is None}


def overdue_state_read(order_id: int) -> dict[str, Any]:
    """The order's place on the ladder, for its detail page (an order never past due: the
    row's defaults, clear)."""
    row = OverdueState.objects.filter(order_id=order_id).first() or OverdueState()
    return {
        "status": row.status,
        "step_position": row.step_position,
        "step_action": row.step_action,
        "step_days": row.step_days,
        "ladder_version": row.ladder_version,
        "reached_on": row.reached_on,
        "reached_at": row.reached_at,
        "oldest_due_on": row.oldest_due_on,
        "days_past_due": row.days_past_due,
        "cleared_at": row.cleared_at,
    }


# --- the ladder's state of each order ---------------------------------------------------------


def overdue_states_refresh(
    *,
    today: date | None = None,
    order_ids: Iterable[int] | None = None,
    actor: Session | None = None,
) -> dict[str, int]:
    """Each order past due climbs to the highest step it reached (on a ladder saved since,
    it is placed afresh: `replace`); an order whose state is overdue and has nothing past
    due any more clears. Through the state machine (history and audit); safe to run again
    (nothing moves twice). Moves states only: no step acts here."""
    today = today or timezone.localdate()
    wanted = None if order_ids is None else list(order_ids)
    version, _, steps = ladder_steps()
    facts = ladder_past_due(today=today, order_ids=wanted)
    standing = OverdueState.objects.filter(status=OverdueStanding.OVERDUE)
    if wanted is not None:
        standing = standing.filter(order_id__in=wanted)
    counts = {"reached": 0, "climbed": 0, "replaced": 0, "cleared": 0}
    for order_id, fact in sorted(facts.items()):
        days = (today - fact["oldest_due"]).days
        reached = steps_reached(steps, days=days, amount=fact["total"], bills=fact["bills"])
        top = max(reached, key=lambda step: step.position) if reached else None
        moved = _state_follow(
            order_id, top, version=version, today=today, fact=fact, days=days, actor=actor
        )
        if moved:
            counts[moved] += 1
    for order_id in standing.exclude(order_id__in=list(facts)).values_list("order_id", flat=True):
        if _state_clear(order_id):
            counts["cleared"] += 1
    return counts


def _state_follow(
    order_id: int,
    top: Step | None,
    *,
    version: int,
    today: date,
    fact: dict[str, Any],
    days: int,
    actor: Session | None = None,
) -> str | None:
    """Moves the order's state to `top` (the highest step reached) when it is higher than
    the one it holds (or the ladder's version changed); keeps its days past due. An order
    on an older ladder that reached no step of the new one stands on none (`replace`)."""
    with transaction.atomic():
        row = OverdueState.objects.select_for_update().filter(order_id=order_id).first()
        if row is None:
            row = OverdueState(order_id=order_id)
            row.save()
            status_created(OVERDUE_STATE_MACHINE, row=row, actor=None)
        higher = top is not None and (
            row.status == OverdueStanding.CLEAR
            or row.ladder_version != version
            or (row.step_position or 0) < top.position
        )
        if top is None and row.status == OverdueStanding.OVERDUE and row.ladder_version != version:

            def none_reached(state: OverdueState) -> dict[str, Any]:
                state.step_position, state.step_action, state.step_days = None, "", None
                state.ladder_version, state.reached_on, state.reached_at = version, None, None
                state.oldest_due_on, state.days_past_due = fact["oldest_due"], days
                return {"step": None, "days_past_due": days}

            transition_locked(
                OVERDUE_STATE_MACHINE, row=row, action="replace", actor=actor, change=none_reached
            )
            return "replaced"
        if not higher:
            if row.days_past_due != days or row.oldest_due_on != fact["oldest_due"]:
                row.days_past_due, row.oldest_due_on = days, fact["oldest_due"]
                row.save(update_fields=["days_past_due", "oldest_due_on", "updated_at"])
            return None
        assert top is not None
        action = "reach" if row.status == OverdueStanding.CLEAR else "climb"
        if row.status == OverdueStanding.OVERDUE and row.ladder_version != version:
            action = "replace"

        def change(state: OverdueState) -> dict[str, Any]:
            state.step_position, state.step_action = top.position, top.action
            state.step_days, state.ladder_version = top.days_past_due, version
            state.reached_on, state.reached_at = today, timezone.now()
            state.oldest_due_on, state.days_past_due = fact["oldest_due"], days
            state.cleared_at = None
            return {"step": top.position, "action": top.action, "days_past_due": days}

        transition_locked(OVERDUE_STATE_MACHINE, row=row, action=action, actor=actor, change=change)
        return {"reach": "reached", "climb": "climbed"}.get(action, "replaced")


def _state_clear(order_id: int) -> bool:
    with transaction.atomic():
        row = (
            OverdueState.objects.select_for_update()
            .filter(order_id=order_id, status=OverdueStanding.OVERDUE)
            .first()
        )
        if row is None:
            return False

        def change(state: OverdueState) -> dict[str, Any]:
            state.step_position, state.step_action, state.step_days = None, "", None
            state.days_past_due, state.oldest_due_on = 0, None
            state.cleared_at = timezone.now()
            state.reminders_sent = []
            return {}

        transition_locked(
            OVERDUE_STATE_MACHINE,
            row=row,
            action="clear",
            actor=None,
            reason="逾期欠款已结清",
            change=change,
        )
        return True


def overdue_state_follow(order_id: int) -> None:
    """The order's state clears at once when a payment (or a waiver, a write-off) leaves
    nothing past due; climbing waits for the night."""
    if not OverdueState.objects.filter(order_id=order_id, status=OverdueStanding.OVERDUE).exists():
        return
    if not ladder_past_due(today=timezone.localdate(), order_ids=[order_id]):
        _state_clear(order_id)


# --- the ladder's making and editing ------------------------------------------------------


def ladder_default_create() -> OverdueLadder:
    """The shop's ladder, made as the default when it has none (a new shop's provisioning,
    the data migration's twin). Safe to run again."""
    with transaction.atomic():
        ladder = OverdueLadder.objects.select_for_update().first()
        if ladder is not None:
            return ladder
        ladder = OverdueLadder.objects.create(version=1, is_default=True)
        OverdueStep.objects.bulk_create(
            OverdueStep(ladder=ladder, **step.as_dict()) for step in _steps_of(DEFAULT_STEPS)
        )
        return ladder


def _problem(index: int, field: str, text: Text) -> ApplicationError:
    return field_error(f"steps.{index}.{field}", text)


def ladder_validate(rows: list[dict[str, Any]]) -> list[Step]:
    """The steps as given, checked: ordered by days, days 0…3650, minimums positive, no
    action twice on one day, a reminder's channel known, and a violation step at least the
    credit grace after a notice step."""
    if len(rows) > MAX_STEPS:
        raise field_error("steps", Text("最多 {0} 步", "at most {0} steps").format(MAX_STEPS))
    steps = _steps_of(rows)
    seen: set[tuple[int, str]] = set()
    for index, step in enumerate(steps):
        if step.action not in ACTIONS:
            raise _problem(index, "action", Text("未知的动作", "unknown action"))
        if not 0 <= step.days_past_due <= MAX_DAYS:
            raise _problem(
                index, "days_past_due", Text("应为 0 到 {0} 天", "0 to {0} days").format(MAX_DAYS)
            )
        if index and step.days_past_due < steps[index - 1].days_past_due:
            raise _problem(
                index, "days_past_due", Text("步骤应按逾期天数排序", "steps go in order of days")
            )
        if step.min_amount is not None and step.min_amount <= 0:
            raise _problem(index, "min_amount", Text("应大于 0", "must be above 0"))
        if step.min_bills is not None and step.min_bills < 1:
            raise _problem(index, "min_bills", Text("至少 1 期", "at least 1 bill"))
        if (step.days_past_due, step.action) in seen:
            raise _problem(
                index, "action", Text("同一天不能重复同一动作", "the same action twice on one day")
            )
        seen.add((step.days_past_due, step.action))
        params = step.params or {}
        if step.action == "reminder" and (params.get("channel") or "sms") not in REMINDER_CHANNELS:
            raise _problem(
                index,
                "channel",
                Text("提醒渠道应为短信、Webhook 或两者", "the channel is sms, webhook or both"),
            )
        if (
            step.action == "reminder"
            and (params.get("template") or "bill_overdue") not in REMINDER_TEMPLATES
        ):
            raise _problem(index, "params", Text("未知的提醒模板", "unknown reminder template"))
        if step.action == "credit_violation":
            _violation_after_notice(steps, index)
    return steps


def _violation_after_notice(steps: list[Step], index: int) -> None:
    violation = steps[index]
    notices = [step for step in steps[:index] if step.action == "credit_notice"]
    for notice in notices:
        grace = int((notice.params or {}).get("grace_days", DEFAULT_CREDIT_GRACE_DAYS))
        if violation.days_past_due - notice.days_past_due >= grace:
            return
    raise _problem(
        index,
        "action",
        Text(
            "同步违约前须有报送前告知步骤，且至少早于宽限期 {0} 天",
            "a violation needs a notice step at least the grace ({0} days) earlier",
        ).format(DEFAULT_CREDIT_GRACE_DAYS),
    )


def ladder_save(*, actor: Session, steps: list[dict[str, Any]]) -> dict[str, Any]:
    """`saveOverdueLadder`: the shop's steps replace its ladder (a new version); audited.
    Every order standing overdue is placed on the new ladder at once (the highest step it
    reached there, or none): its state moves, no step acts (the night and morning do)."""
    checked = ladder_validate(steps)
    with transaction.atomic():
        before = ladder_read()
        ladder = OverdueLadder.objects.select_for_update().first()
        if ladder is None:
            ladder = OverdueLadder.objects.create(version=0)
        ladder.steps.all().delete()
        OverdueStep.objects.bulk_create(
            OverdueStep(ladder=ladder, **step.as_dict()) for step in checked
        )
        ladder.version += 1
        ladder.is_default = False
        ladder.actor_account_id = actor.account.pk
        ladder.save()
        after = ladder_read()
        audit_settings_change(
            actor=actor,
            action="finance.overdue_ladder",
            target_type="overdue_ladder",
            target_id=ladder.pk,
            before=_audited(before),
            after=_audited(after),
        )
        standing = OverdueState.objects.filter(status=OverdueStanding.OVERDUE)
        overdue_states_refresh(
            order_ids=list(standing.values_list("order_id", flat=True)), actor=actor
        )
    return after


def _audited(ladder: dict[str, Any]) -> dict[str, Any]:
    return {
        "version": ladder["version"],
        "steps": [
            {**step, "min_amount": None if step["min_amount"] is None else str(step["min_amount"])}
            for step in ladder["steps"]
        ],
    }
