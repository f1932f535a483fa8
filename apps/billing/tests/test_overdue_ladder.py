"""The one overdue ladder (apps/billing/ladder.py, docs/zhima.md): a shop that never touches
it gets the night it had before the ladder, to the bill, the late fee, the case, the message,
the webhook event and the credit record; a shop that edits it gets its own steps, and the
order's state on the ladder shows the step reached and clears on payment.

The history is compressed: three leases made 12 days ago (under the demo's clock,
`zulin.core.clock.clock_at`), their second bills falling due on chosen days, and the shop's
nights and mornings run day by day as the beat runs them (`orders.demo_history.night_run`,
the morning reminders, credit reporting)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing import ladder
from apps.billing.models import Bill, BillLateFee, BillPayment
from apps.credit.models import CreditRecord
from apps.credit.services import authorisation_sign
from apps.orders.demo_history import night_job, night_run
from apps.orders.models import Order
from apps.recovery.models import RecoveryCase
from tests.leases import detail_of, in_lease
from zulin.core.clock import clock_at
from zulin.core.errors import ErrorCode
from zulin.outbox.models import OutboxEvent
from zulin.providers.models import SandboxFailureRule, SandboxSmsMessage
from zulin.providers.sandbox import sandbox_failure_add

HISTORY_DAYS = 12


def _china(day: date, at: time) -> datetime:
    return timezone.make_aware(datetime.combine(day, at))


def _leases(demo, owner, app, offer, *, base: date, due: dict[str, int], agreement: set[str]):
    """One lease per label (made on `base`), its bill 2 due `due[label]` days after `base`,
    the later ones a month apart; only the labels in `agreement` keep their withhold
    agreement; every customer authorised credit reporting."""
    orders: dict[str, Any] = {}
    with clock_at(_china(base, time(10, 0))):
        for n, label in enumerate(sorted(due), start=1):
            orders[label] = in_lease(
                demo,
                owner,
                app,
                offer,
                key=f"ladder-{n:04d}",
                seed=n,
                phone=f"1392222{n:04d}",
                tracking_no=f"SF91000{n:05d}",
                serial=f"IMEI-L{n}",
            )
        with tenant_context(demo):
            for label, order in orders.items():
                bills = Bill.objects.filter(order_id=order.id, period__gte=2).order_by("period")
                for offset, bill in enumerate(bills):
                    bill.due_date = base + timedelta(days=due[label] + 30 * offset)
                    bill.save(update_fields=["due_date"])
                if label not in agreement:
                    Order.objects.filter(pk=order.id).update(withhold_agreement_no="")
                authorisation_sign(actor=None, order_id=order.id, channel="alipay")
        connection.set_schema_to_public()
    return orders


def _day(demo, day: date) -> None:
    """The shop's night of `day` and its morning, as the beat runs them."""
    with tenant_context(demo):
        night_run(day, slug=demo.slug)
        with clock_at(_china(day, time(2, 20))):
            night_job("credit.refresh_reporting")
        with clock_at(_china(day, time(9, 0))):
            night_job("orders.send_reminders")
        with clock_at(_china(day, time(9, 30))):
            night_job("recovery.send_reminders")
    connection.set_schema_to_public()


def _seen(demo, orders: dict[str, Any], *, base: date) -> dict[str, Any]:
    """What the history left, named by lease label and day after `base`."""
    label_of = {order.id: label for label, order in orders.items()}
    ids = list(label_of)

    def day(at: Any) -> int:
        moment = at if isinstance(at, date) and not isinstance(at, datetime) else None
        return ((moment or timezone.localtime(at).date()) - base).days

    with tenant_context(demo):
        phones = dict(Order.objects.filter(pk__in=ids).values_list("customer__phone", "pk"))
        bills = sorted(
            (label_of[b.order_id], b.period, b.status, str(b.late_fee), str(b.late_fee_paid))
            for b in Bill.objects.filter(order_id__in=ids, period__in=(1, 2, 3))
        )
        cases = sorted(
            (label_of[c.order_id], day(c.opened_on), c.state, c.closed_on and day(c.closed_on))
            for c in RecoveryCase.objects.filter(order_id__in=ids)
        )
        events = sorted(
            (day(e.occurred_at), e.type, e.object_type)
            for e in OutboxEvent.objects.filter(
                occurred_at__gte=_china(base + timedelta(days=1), time(0, 0)),
                occurred_at__lt=_china(base + timedelta(days=HISTORY_DAYS - 1), time(0, 0)),
            )
        )
        records = sorted(
            (label_of[r.account.order_id], r.key, r.status_code, day(r.occurred_on), r.state)
            for r in CreditRecord.objects.filter(account__order_id__in=ids).select_related(
                "account"
            )
        )
    connection.set_schema_to_public()
    messages = sorted(
        (label_of[phones[m.phone]], day(m.created_at), m.template, m.params.get("period", ""))
        for m in SandboxSmsMessage.objects.filter(phone__in=list(phones))
        if m.created_at >= _china(base + timedelta(days=1), time(0, 0))
    )
    return {
        "bills": bills,
        "cases": cases,
        "messages": messages,
        "events": events,
        "records": records,
    }


def test_a_shop_that_never_touches_its_ladder_has_the_night_it_had_before(
    demo, demo_owner, app, offer
):
    # Given three leases: A's bill 2 due on day 2 and never paid (no withhold agreement),
    # B's due on day 5 and never paid, C's due on day 3, its withhold failing on days 3 and
    # 4 and taking it (paid 2 days late) on day 5.
    base = timezone.localdate() - timedelta(days=HISTORY_DAYS)
    orders = _leases(
        demo, demo_owner, app, offer, base=base, due={"A": 2, "B": 5, "C": 3}, agreement={"C"}
    )
    # When the shop's nights and mornings run from day 1 to day 10
    for offset in range(1, HISTORY_DAYS - 1):
        if offset in (3, 4):
            sandbox_failure_add(
                service="payment",
                operation="withhold",
                merchant=demo.slug,
                reason="INSUFFICIENT_BALANCE",
            )
        _day(demo, base + timedelta(days=offset))
    assert not SandboxFailureRule.objects.filter(merchant=demo.slug, remaining__gt=0).exists()
    # Then everything they did is what the night did before the ladder
    seen = _seen(demo, orders, base=base)
    assert seen == EXPECTED_NIGHT, seen


LADDER = "/api/finance/saveOverdueLadder"


def _step(days: int, action: str, **more: Any) -> dict[str, Any]:
    return {"days_past_due": days, "action": action, **more}


def test_a_shop_that_edits_its_ladder_gets_its_steps_and_the_state_clears_on_payment(
    demo, demo_owner, app, offer
):
    # Given the default ladder, and a shop that moves its recovery case to day 8
    default = demo_owner.get("/api/finance/getOverdueLadder")
    assert default.ok, default
    assert default.data["is_default"] is True
    assert [(s["days_past_due"], s["action"]) for s in default.data["steps"]] == [
        (1, "reminder"),
        (1, "withhold_retry"),
        (1, "late_fee_on"),
        (1, "recovery_case"),
        (1, "bureau_report"),
    ]
    steps = [
        _step(1, "reminder", params={"template": "bill_overdue", "channel": "sms"}),
        _step(1, "withhold_retry"),
        _step(1, "late_fee_on"),
        _step(1, "bureau_report"),
        _step(8, "recovery_case"),
    ]
    saved = demo_owner.post(LADDER, {"steps": steps})
    assert saved.ok, saved
    assert saved.data["is_default"] is False
    assert saved.data["version"] == default.data["version"] + 1
    assert demo_owner.get("/api/finance/getOverdueLadder").data["steps"] == saved.data["steps"]

    # and a lease whose bill 2 fell due on day 1, every withhold failing
    base = timezone.localdate() - timedelta(days=HISTORY_DAYS)
    order = _leases(demo, demo_owner, app, offer, base=base, due={"A": 1}, agreement={"A"})["A"]
    rule = sandbox_failure_add(
        service="payment",
        operation="withhold",
        merchant=demo.slug,
        reason="INSUFFICIENT_BALANCE",
        times=None,
    )
    # When the nights run to day 8, the bill 7 days past due
    for offset in range(1, 9):
        _day(demo, base + timedelta(days=offset))
    # Then the late fee, the reminder and the bureau came on day 2, but no case yet
    state = detail_of(demo_owner, order.id)["overdue_state"]
    assert (state["status"], state["step_action"], state["step_days"]) == (
        "overdue",
        "bureau_report",
        1,
    )
    assert state["reached_on"] == (base + timedelta(days=2)).isoformat()
    assert state["days_past_due"] == 7
    with tenant_context(demo):
        assert not RecoveryCase.objects.filter(order_id=order.id).exists()
        assert Bill.objects.get(order_id=order.id, period=2).late_fee > 0
    connection.set_schema_to_public()

    # When day 9 comes (8 days past due): the case opens, the order stands on that step
    _day(demo, base + timedelta(days=9))
    with tenant_context(demo):
        case = RecoveryCase.objects.get(order_id=order.id)
    connection.set_schema_to_public()
    assert (case.opened_on, case.state) == (base + timedelta(days=9), "open")
    state = detail_of(demo_owner, order.id)["overdue_state"]
    assert (state["step_action"], state["step_days"], state["ladder_version"]) == (
        "recovery_case",
        8,
        saved.data["version"],
    )

    # When the withhold goes through on day 10's night, the state clears with the payment
    rule.delete()
    _day(demo, base + timedelta(days=10))
    state = detail_of(demo_owner, order.id)["overdue_state"]
    assert (state["status"], state["step_action"], state["cleared_at"] is not None) == (
        "clear",
        "",
        True,
    )
    with tenant_context(demo):
        assert Bill.objects.get(order_id=order.id, period=2).status == "paid"
    connection.set_schema_to_public()


def test_each_action_waits_for_its_own_step_and_a_late_fee_step_counts_back_to_the_due_day(
    demo, demo_owner, app, offer
):
    # Given a ladder retrying the withhold from day 2, late fees from day 3, the bureau from
    # day 4, and a lease whose bill 2 falls due on day 1 with every withhold failing
    steps = [
        _step(1, "reminder"),
        _step(1, "recovery_case"),
        _step(2, "withhold_retry"),
        _step(3, "late_fee_on"),
        _step(4, "bureau_report"),
    ]
    assert demo_owner.post(LADDER, {"steps": steps}).ok
    base = timezone.localdate() - timedelta(days=HISTORY_DAYS)
    order = _leases(demo, demo_owner, app, offer, base=base, due={"A": 1}, agreement={"A"})["A"]
    sandbox_failure_add(
        service="payment",
        operation="withhold",
        merchant=demo.slug,
        reason="INSUFFICIENT_BALANCE",
        times=None,
    )
    seen = []
    # When each night runs, days 1 to 5 (the bill 0 to 4 days past due)
    for offset in range(1, 6):
        _day(demo, base + timedelta(days=offset))
        with tenant_context(demo):
            attempts = BillPayment.objects.filter(bill__order_id=order.id, bill__period=2).count()
            fee_days = list(
                BillLateFee.objects.filter(bill__order_id=order.id, bill__period=2)
                .order_by("day")
                .values_list("days_overdue", flat=True)
            )
            overdue_records = CreditRecord.objects.filter(
                account__order_id=order.id, kind="overdue"
            ).count()
        connection.set_schema_to_public()
        seen.append((offset - 1, attempts, fee_days, overdue_records))
    # Then each came on its own day: the withhold on the due day, then again from day 2;
    # the late fee on day 3 with every day since the due day; the bureau's record on day 4
    assert seen == [
        (0, 1, [], 0),
        (1, 1, [], 0),
        (2, 2, [], 0),
        (3, 3, [1, 2, 3], 0),
        (4, 4, [1, 2, 3, 4], 1),
    ]


def test_a_step_is_reached_by_days_and_by_its_minimums():
    step = ladder.Step(
        position=1, days_past_due=5, action="recovery_case", min_amount=Decimal("100"), min_bills=2
    )
    assert step.met(days=5, amount=Decimal("100"), bills=2)
    assert not step.met(days=4, amount=Decimal("500"), bills=3)
    assert not step.met(days=9, amount=Decimal("99.99"), bills=3)
    assert not step.met(days=9, amount=Decimal("500"), bills=1)
    steps = ladder.ladder_validate([_step(1, "reminder"), _step(5, "recovery_case")])
    reached = ladder.steps_reached(steps, days=3, amount=Decimal("1"), bills=1)
    assert [s.action for s in reached] == ["reminder"]


def test_a_ladder_that_breaks_its_rules_is_refused_field_by_field(demo_owner):
    cases = [
        ([_step(5, "reminder"), _step(3, "late_fee_on")], "steps.1.days_past_due"),
        ([_step(3, "reminder"), _step(3, "reminder")], "steps.1.action"),
        ([_step(30, "credit_violation")], "steps.0.action"),
        ([_step(10, "credit_notice"), _step(12, "credit_violation")], "steps.1.action"),
    ]
    for steps, field in cases:
        refused = demo_owner.post(LADDER, {"steps": steps})
        assert refused.code == ErrorCode.VALIDATION, refused
        assert field in refused.data["fields"], refused
    # A violation the grace (7 days) after its notice is accepted
    kept = demo_owner.post(
        LADDER, {"steps": [_step(10, "credit_notice"), _step(17, "credit_violation")]}
    )
    assert kept.ok, kept
    # Bad input is an envelope error, never a 500
    bad = demo_owner.post(LADDER, {"steps": [{"days_past_due": -1, "action": "nothing"}]})
    assert bad.code == ErrorCode.VALIDATION, bad


# What the night did on main just before the ladder (issue 66), recorded from this very
# history run there: days are days after `base`; a bill is (lease, period, status, late fee,
# late fee paid); a case (lease, opened, state, closed); a message (lease, day, template,
# bill); an event (day, type, object); a credit record (lease, key, status, day, state).
EXPECTED_NIGHT: dict[str, Any] = {
    "bills": [
        ("A", 1, "paid", "0.00", "0.00"),
        ("A", 2, "unpaid", "1.60", "0.00"),
        ("A", 3, "unpaid", "0.00", "0.00"),
        ("B", 1, "paid", "0.00", "0.00"),
        ("B", 2, "unpaid", "1.00", "0.00"),
        ("B", 3, "unpaid", "0.00", "0.00"),
        ("C", 1, "paid", "0.00", "0.00"),
        ("C", 2, "paid", "0.40", "0.40"),
        ("C", 3, "unpaid", "0.00", "0.00"),
    ],
    "cases": [("A", 3, "open", None), ("B", 6, "open", None), ("C", 4, "closed", 5)],
    "events": [
        (3, "bill.overdue", "bill"),
        (3, "recovery.case_changed", "recovery_case"),
        (4, "bill.overdue", "bill"),
        (4, "recovery.case_changed", "recovery_case"),
        (5, "bill.paid", "bill"),
        (5, "recovery.case_changed", "recovery_case"),
        (6, "bill.overdue", "bill"),
        (6, "recovery.case_changed", "recovery_case"),
    ],
    "messages": [
        ("A", 1, "bill_due_soon", "2"),
        ("A", 3, "bill_overdue", "2"),
        ("B", 2, "bill_due_soon", "2"),
        ("B", 6, "bill_overdue", "2"),
        ("C", 1, "bill_due_soon", "2"),
        ("C", 4, "bill_overdue", "2"),
    ],
    "records": [
        ("A", "open", "N", 0, "pending"),
        ("A", "overdue:2:1", "1", 3, "pending"),
        ("A", "repayment:1", "N", 0, "pending"),
        ("B", "open", "N", 0, "pending"),
        ("B", "overdue:2:1", "1", 6, "pending"),
        ("B", "repayment:1", "N", 0, "pending"),
        ("C", "open", "N", 0, "pending"),
        ("C", "overdue:2:1", "1", 4, "pending"),
        ("C", "repayment:1", "N", 0, "pending"),
        ("C", "repayment:2", "N", 5, "pending"),
    ],
}
