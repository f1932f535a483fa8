"""The overdue ladder's steps that act by themselves (apps/billing/ladder_acts.py,
docs/zhima.md): the notice before reporting and the violation step of a deposit-free lease,
a later reminder step sent once an episode by SMS and/or webhook, and orders placed on a
saved ladder at once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing import credit_orders, ladder, ladder_acts, rent_run
from apps.billing.models import Bill, CreditOrderNotice, CreditOrderSync, OverdueState
from apps.billing.tests.test_credit_orders import credit_order, deposit_free, history
from apps.recovery.models import RecoveryCase
from tests.leases import detail_of, in_lease, provider_settles
from zulin.core.errors import ErrorCode
from zulin.outbox.models import OutboxEvent
from zulin.providers.models import SandboxSmsMessage

LADDER = "/api/finance/saveOverdueLadder"


def _step(days: int, action: str, **more: Any) -> dict[str, Any]:
    return {"days_past_due": days, "action": action, **more}


def _overdue(merchant, order_id: int, *, days: int) -> None:
    """Bill 2 of the order due `days` days ago, the later bills a month apart after it."""
    today = timezone.localdate()
    with tenant_context(merchant):
        bills = Bill.objects.filter(order_id=order_id, period__gte=2).order_by("period")
        for offset, bill in enumerate(bills):
            bill.due_date = today - timedelta(days=days - 30 * offset)
            bill.save(update_fields=["due_date"])
    connection.set_schema_to_public()


def _morning(merchant) -> dict[str, Any]:
    """The night's placing on the ladder, then the morning's reminders and steps."""
    today = timezone.localdate()
    with tenant_context(merchant):
        ladder.overdue_states_refresh(today=today)
        sent = rent_run.bill_reminders_send(today=today)
        acted = ladder_acts.ladder_morning(today=today)
    connection.set_schema_to_public()
    return {"bills": sent, **acted}


def _sms(phone: str) -> list[tuple[str, str]]:
    return [
        (m.template, m.params.get("period", ""))
        for m in SandboxSmsMessage.objects.filter(phone=phone).order_by("id")
        if m.template in ("bill_overdue", "credit_violation_notice")
    ]


def _step_events(merchant, order_id: int) -> list[dict[str, Any]]:
    with tenant_context(merchant):
        found = [
            e.data
            for e in OutboxEvent.objects.filter(type="order.overdue_step", object_id=str(order_id))
        ]
    connection.set_schema_to_public()
    return found


def _phone(merchant, order_id: int) -> str:
    from apps.orders.models import Order

    with tenant_context(merchant):
        phone = Order.objects.get(pk=order_id).customer.phone
    connection.set_schema_to_public()
    return phone


def _notice_back(merchant, order_id: int, days: int) -> None:
    with tenant_context(merchant):
        CreditOrderNotice.objects.filter(credit_order__order_id=order_id).update(
            sent_at=timezone.now() - timedelta(days=days, minutes=1)
        )
    connection.set_schema_to_public()


def test_the_default_ladder_neither_notices_nor_asks(demo, demo_owner, app, offer):
    deposit_free(demo_owner, demo, offer)
    order = in_lease(demo, demo_owner, app, offer)
    _overdue(demo, order.id, days=30)
    acted = _morning(demo)
    assert acted["credit"] == {"noticed": 0, "asked": 0, "failed": 0}
    assert credit_order(demo, order.id).status == "performing"
    assert ("credit_violation_notice", "") not in _sms(_phone(demo, order.id))


def test_the_notice_step_sends_the_notice_once_and_the_violation_step_asks_after_the_grace(
    demo, demo_owner, app, offer
):
    # Given a ladder telling the customer on day 3 and asking for the violation on day 10
    deposit_free(demo_owner, demo, offer, grace=7)
    steps = [
        _step(1, "reminder"),
        _step(3, "credit_notice", params={"grace_days": 7}),
        _step(10, "credit_violation"),
    ]
    assert demo_owner.post(LADDER, {"steps": steps}).ok
    order = in_lease(demo, demo_owner, app, offer)
    phone = _phone(demo, order.id)

    # When the debt is 2 days past due: no notice yet
    _overdue(demo, order.id, days=2)
    assert _morning(demo)["credit"]["noticed"] == 0
    assert credit_order(demo, order.id).status == "performing"

    # When it is 4 days past due: the notice goes through the button's service, once
    _overdue(demo, order.id, days=4)
    assert _morning(demo)["credit"] == {"noticed": 1, "asked": 0, "failed": 0}
    assert _morning(demo)["credit"] == {"noticed": 0, "asked": 0, "failed": 0}
    row = credit_order(demo, order.id)
    assert row.status == "violation_pending" and row.violation_asked_at is None
    with tenant_context(demo):
        notice = CreditOrderNotice.objects.get(credit_order__order_id=order.id)
    connection.set_schema_to_public()
    assert notice.actor_account_id is None  # the ladder's, not a person's
    assert _sms(phone).count(("credit_violation_notice", "")) == 1
    message = SandboxSmsMessage.objects.get(phone=phone, template="credit_violation_notice")
    assert order.no in message.text and f"{notice.amount_owed:.2f}" in message.text

    # When the violation step is reached but the grace after the notice has not run: nothing
    _overdue(demo, order.id, days=12)
    assert _morning(demo)["credit"]["asked"] == 0
    assert credit_order(demo, order.id).violation_asked_at is None

    # When the grace has run: a person is asked to confirm, once; nothing is synced
    _notice_back(demo, order.id, 7)
    assert _morning(demo)["credit"] == {"noticed": 0, "asked": 1, "failed": 0}
    assert _morning(demo)["credit"]["asked"] == 0
    row = credit_order(demo, order.id)
    assert row.status == "violation_pending" and row.violation_asked_at is not None
    assert [a for a, _, _ in history(demo, row)][-2:] == ["notice", "ask"]
    with tenant_context(demo):
        assert not CreditOrderSync.objects.filter(credit_order__order_id=order.id).exists()
    connection.set_schema_to_public()
    panel = demo_owner.get("/api/merchant/getCreditOrder", {"order_id": order.id})
    assert panel.ok and panel.data["credit_order"]["violation_asked_at"], panel

    # When the debt is paid: performing again, the ask gone, and no notice on the next morning
    assert app.post(
        "/api/applet/payBill",
        {"order_no": order.no, "period": 2, "idempotency_key": "ladder-acts-pay-0002"},
    ).ok
    provider_settles(demo, customer_pays=f"{order.no}B002")
    row = credit_order(demo, order.id)
    assert row.status == "performing" and row.violation_asked_at is None
    assert _morning(demo)["credit"] == {"noticed": 0, "asked": 0, "failed": 0}
    assert _sms(phone).count(("credit_violation_notice", "")) == 1


def test_no_notice_means_no_ask(demo, demo_owner, app, offer):
    deposit_free(demo_owner, demo, offer)
    order = in_lease(demo, demo_owner, app, offer)
    _overdue(demo, order.id, days=30)
    with tenant_context(demo):
        assert credit_orders.credit_violation_ask(order.id) is False
    connection.set_schema_to_public()
    assert credit_order(demo, order.id).status == "performing"


def test_each_reminder_step_goes_once_an_episode_by_its_channel(demo, demo_owner, app, offer):
    # Given reminders on day 1 (the bills' SMS), day 4 (SMS and webhook), day 6 (webhook)
    steps = [
        _step(1, "reminder"),
        _step(4, "reminder", params={"channel": "both"}),
        _step(6, "reminder", params={"channel": "webhook"}),
        _step(8, "late_fee_on"),
    ]
    saved = demo_owner.post(LADDER, {"steps": steps})
    assert saved.ok, saved
    assert saved.data["steps"][1]["params"] == {"channel": "both"}
    order = in_lease(demo, demo_owner, app, offer)
    phone = _phone(demo, order.id)

    _overdue(demo, order.id, days=2)
    _morning(demo)
    _morning(demo)
    assert _sms(phone) == [("bill_overdue", "2")]
    assert _step_events(demo, order.id) == []

    _overdue(demo, order.id, days=5)
    _morning(demo)
    _morning(demo)
    assert _sms(phone) == [("bill_overdue", "2"), ("bill_overdue", "2")]
    events = _step_events(demo, order.id)
    assert [(e["step"]["days_past_due"], e["days_past_due"], e["period"]) for e in events] == [
        (4, 5, 2)
    ]
    assert events[0]["order_no"] == order.no and events[0]["amount_past_due"] != "0.00"

    _overdue(demo, order.id, days=7)
    _morning(demo)
    assert len(_sms(phone)) == 2  # the day-6 step is a webhook only
    assert [e["step"]["days_past_due"] for e in _step_events(demo, order.id)] == [4, 6]

    # When the debt is paid the episode ends: its steps are forgotten
    assert app.post(
        "/api/applet/payBill",
        {"order_no": order.no, "period": 2, "idempotency_key": "ladder-acts-pay-0003"},
    ).ok
    provider_settles(demo, customer_pays=f"{order.no}B002")
    with tenant_context(demo):
        state = OverdueState.objects.get(order_id=order.id)
    connection.set_schema_to_public()
    assert (state.status, state.reminders_sent) == ("clear", [])


def test_a_reminder_channel_is_checked_step_by_step(demo_owner):
    refused = demo_owner.post(
        LADDER, {"steps": [_step(1, "reminder"), _step(3, "reminder", params={"channel": "fax"})]}
    )
    assert refused.code == ErrorCode.VALIDATION, refused
    assert "steps.1.channel" in refused.data["fields"], refused


def test_a_saved_ladder_places_every_overdue_order_at_once_and_acts_nothing(
    demo, demo_owner, app, offer
):
    # Given an order 3 days past due on the default ladder (its last step: the bureau)
    order = in_lease(demo, demo_owner, app, offer)
    _overdue(demo, order.id, days=3)
    _morning(demo)
    before = detail_of(demo_owner, order.id)["overdue_state"]
    assert (before["status"], before["step_action"]) == ("overdue", "bureau_report")
    with tenant_context(demo):
        cases = RecoveryCase.objects.filter(order_id=order.id).count()
        events = OutboxEvent.objects.count()
    connection.set_schema_to_public()
    messages = SandboxSmsMessage.objects.count()

    # When the shop saves a ladder whose steps after day 1 wait: on the late fee at once
    saved = demo_owner.post(
        LADDER,
        {"steps": [_step(2, "late_fee_on"), _step(5, "recovery_case"), _step(9, "reminder")]},
    )
    assert saved.ok, saved
    state = detail_of(demo_owner, order.id)["overdue_state"]
    assert (state["status"], state["step_action"], state["step_days"]) == (
        "overdue",
        "late_fee_on",
        2,
    )
    assert state["ladder_version"] == saved.data["version"]

    # When it saves one whose every step is later: overdue, on no step
    saved = demo_owner.post(LADDER, {"steps": [_step(10, "recovery_case")]})
    assert saved.ok, saved
    state = detail_of(demo_owner, order.id)["overdue_state"]
    assert (state["status"], state["step_action"], state["step_position"]) == ("overdue", "", None)

    # Then nothing acted at the saves
    with tenant_context(demo):
        assert RecoveryCase.objects.filter(order_id=order.id).count() == cases
        assert OutboxEvent.objects.count() == events
    connection.set_schema_to_public()
    assert SandboxSmsMessage.objects.count() == messages
