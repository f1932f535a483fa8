"""How a deposit-free lease's performance reaches the credit service (docs/zhima.md), on
real orders through the services: a bill paid late by another route than the authorisation
is told COMPLETE (its own request number; a retry reuses it; a replay sends nothing), a debt
paid after a violation completes the credit order, a lease ending fulfilled (bought out,
returned, its debt paid after the end) completes it with the unfreeze's fulfilment, and a
lease cancelled before any payment closes it."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill, CreditOrderNotice, CreditOrderSync
from apps.billing.order_figures import orders_money_keep
from apps.billing.tests.support import overdue_with_late_fee
from apps.billing.tests.test_credit_orders import (
    _confirm,
    _notice,
    credit_order,
    deposit_free,
    history,
    syncs,
)
from tests.leases import (
    books_balance,
    deposit_of,
    detail_of,
    in_lease,
    place,
    placed,
    provider_settles,
)
from zulin.providers.models import SandboxPaymentRecord
from zulin.providers.sandbox import sandbox_failure_add, sandbox_failures_clear

DEAL = "/api/platform/dealAfterSale"


def _pay_bill(app, merchant, order, period: int, key: str) -> None:
    """The customer pays the bill in the app (another route than the authorisation)."""
    paid = app.post(
        "/api/applet/payBill", {"order_no": order.no, "period": period, "idempotency_key": key}
    )
    assert paid.ok, paid
    provider_settles(merchant, customer_pays=f"{order.no}B{period:03d}")


def _bill_syncs(merchant, order_id: int) -> list[tuple[int | None, str, str, dict]]:
    with tenant_context(merchant):
        rows = [
            (s.period, s.sync_status, s.result, s.request.get("bill", {}))
            for s in CreditOrderSync.objects.filter(credit_order__order_id=order_id)
        ]
    connection.set_schema_to_public()
    return rows


def test_a_bill_paid_late_by_another_route_is_told_complete_once_under_its_own_number(
    demo, demo_owner, app, offer
):
    deposit_free(demo_owner, demo, offer)
    order = in_lease(demo, demo_owner, app, offer)
    # Bill 1 was paid on time at intake: nothing to tell.
    assert syncs(demo, order.id) == []
    bill = overdue_with_late_fee(demo, order.id, days=5)
    # The service does not answer at first.
    sandbox_failure_add(service="payment", operation="credit_sync", reason="SYSTEM_ERROR")
    _pay_bill(app, demo, order, 2, "zhima-late-0002")

    [(out_no, status, result, attempts)] = syncs(demo, order.id)
    assert (status, result, attempts) == ("COMPLETE", "processing", 1)
    sandbox_failures_clear(service="payment")
    with tenant_context(demo):
        orders_money_keep([order.id])  # the night's refresh sends it again, same number
    connection.set_schema_to_public()
    assert syncs(demo, order.id) == [(out_no, "COMPLETE", "succeeded", 2)]
    [(period, _, _, told)] = _bill_syncs(demo, order.id)
    assert period == 2
    assert told == {
        "period": 2,
        "amount": f"{bill.amount:.2f}",
        "late_fee": f"{bill.late_fee:.2f}",
        "due_date": (timezone.localdate() - timedelta(days=5)).isoformat(),
        "paid_on": timezone.localdate().isoformat(),
        "paid_by": "customer",
    }
    # The lease performs on: the credit order's status did not move.
    row = credit_order(demo, order.id)
    assert row.status == "performing"
    assert [a for a, _, _ in history(demo, row)] == ["create", "freeze", "perform"]
    # Told once: the next money move and the night's refresh send nothing more.
    with tenant_context(demo):
        orders_money_keep([order.id])
    connection.set_schema_to_public()
    assert len(syncs(demo, order.id)) == 1


def test_a_bill_paid_on_time_tells_nothing(demo, demo_owner, app, offer):
    deposit_free(demo_owner, demo, offer)
    order = in_lease(demo, demo_owner, app, offer)
    _pay_bill(app, demo, order, 2, "zhima-ontime-02")
    with tenant_context(demo):
        assert Bill.objects.get(order_id=order.id, period=2).status == "paid"
    connection.set_schema_to_public()
    assert syncs(demo, order.id) == []


def test_a_debt_paid_after_a_violation_completes_the_credit_order(demo, demo_owner, app, offer):
    deposit_free(demo_owner, demo, offer, grace=7)
    order = in_lease(demo, demo_owner, app, offer)
    overdue_with_late_fee(demo, order.id, days=20)
    assert _notice(demo_owner, order.id).ok
    with tenant_context(demo):
        CreditOrderNotice.objects.filter(credit_order__order_id=order.id).update(
            sent_at=timezone.now() - timedelta(days=8)
        )
    connection.set_schema_to_public()
    assert _confirm(demo_owner, order.id).ok
    assert credit_order(demo, order.id).status == "violated"

    _pay_bill(app, demo, order, 2, "zhima-after-violation")

    row = credit_order(demo, order.id)
    assert row.status == "completed"
    # What was reported stays in the log; the debt paid is told after it.
    assert [(s, r) for _, s, r, _ in syncs(demo, order.id)] == [
        ("VIOLATED", "succeeded"),
        ("COMPLETE", "succeeded"),
    ]
    assert [a for a, _, _ in history(demo, row)][-2:] == ["violate", "complete"]


def test_a_returned_lease_completes_with_the_unfreezes_fulfilment(demo, demo_owner, app, offer):
    deposit_free(demo_owner, demo, offer)
    order = in_lease(demo, demo_owner, app, offer)
    assert app.post("/api/applet/applyAfterSale", {"order_no": order.no, "kind": "return"}).ok
    assert demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"}).ok
    for payload in (
        {"decision": "receive", "device_serial": "IMEI-1"},
        {"decision": "inspect", "damage_amount": "0"},
    ):
        answer = demo_owner.post(DEAL, {"order_id": order.id, **payload})
        assert answer.ok, (payload, answer)
    provider_settles(demo)

    assert detail_of(demo_owner, order.id)["status"] == "completed"
    row = credit_order(demo, order.id)
    assert row.status == "completed"
    assert [(s, r) for _, s, r, _ in syncs(demo, order.id)] == [("COMPLETE", "succeeded")]
    with tenant_context(demo):
        thaw = SandboxPaymentRecord.objects.get(merchant="demo", operation="thaw")
    connection.set_schema_to_public()
    assert (thaw.subject, thaw.amount) == ("bizComplete", Decimal("500.00"))
    assert deposit_of(demo_owner, order.id)["remaining"] == "0.00"
    assert books_balance(demo) == []


def test_a_lease_cancelled_before_any_payment_closes_its_credit_order(demo, demo_owner, app, offer):
    deposit_free(demo_owner, demo, offer)
    order = placed(demo, place(app, offer))
    cancelled = app.post("/api/applet/cancelOrder", {"order_no": order.no})
    assert cancelled.ok, cancelled
    provider_settles(demo)

    row = credit_order(demo, order.id)
    assert row.status == "closed"
    assert [(s, r) for _, s, r, _ in syncs(demo, order.id)] == [("CLOSED", "succeeded")]
    assert [a for a, _, _ in history(demo, row)] == ["create", "freeze", "close"]
