"""Daily reconciliation with the payment provider: each kind of difference is found (made
with the sandbox's failures on demand), a re-run replaces the day's result, a difference is
resolved with a note (audited) or fixed by asking the provider again, the provider failing
fails the run and the job tries again; only platform finance reads and acts."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill, DepositOperation
from tenants.accounts.tests.test_api_platform_staff import STAFF_PASSWORD, staff_make
from tenants.finance.models import ReconciliationMismatch, ReconciliationRun
from tenants.finance.reconciliation import reconcile_day
from tenants.finance.tasks import finance_reconcile
from tests.fixtures import ApiClient, login
from tests.leases import (
    DEMO,
    IntakeClient,
    goods_on_shelf,
    in_lease,
    provider_settles,
)
from zulin.audit.models import AuditEntry, StatusChange
from zulin.celery import app as celery_app
from zulin.core.errors import ErrorCode
from zulin.ledger.services import post_event
from zulin.providers.payment import (
    sandbox_payment_unknown,
    sandbox_payment_void,
    sandbox_payments_complete,
)
from zulin.providers.sandbox import sandbox_failure_add

RUNS = "/api/platform/getReconciliationRuns"
RUN = "/api/platform/getReconciliationRun"
RESOLVE = "/api/platform/resolveReconciliationMismatch"
RERUN = "/api/platform/rerunReconciliation"
SYNC = "/api/platform/syncReconciliationMismatch"
D = Decimal


def _reconcile(merchant, day=None):
    with tenant_context(merchant):
        run = reconcile_day(day=day or timezone.localdate())
    connection.set_schema_to_public()
    return run


def _kinds(run: ReconciliationRun) -> dict[str, str]:
    return {m.out_no: m.kind for m in ReconciliationMismatch.objects.filter(run=run)}


@pytest.fixture
def lease(demo, demo_owner):
    """A lease in the demo shop: its deposit frozen (500.00) and bill 1 paid (399.00)."""
    return in_lease(demo, demo_owner, IntakeClient(demo, DEMO), goods_on_shelf(demo_owner))


@pytest.fixture
def finance(admin_client) -> ApiClient:
    staff_make(admin_client, "recon1", ["platform_finance"])
    return login("admin.localhost", "recon1", STAFF_PASSWORD)


def test_a_day_that_agrees_with_the_provider_is_balanced(demo, lease):
    run = _reconcile(demo)

    assert run.status == "balanced"
    assert (run.provider_count, run.ledger_count, run.matched_count) == (2, 2, 2)
    assert run.matched_amount == D("899.00")  # the deposit frozen and bill 1
    assert run.mismatch_count == 0 and run.attempts == 1


def test_recharges_of_the_risk_balance_agree_a_qr_one_is_a_provider_trade_a_transfer_none(
    demo, demo_owner, admin_client
):
    from tenants.risk.tests.test_recharges import CHECK, QR, _offline, _paid

    paid = demo_owner.post(QR, {"amount": "300.00", "idempotency_key": "recon-qr-0001"}).data
    _paid(demo, paid["recharge_no"])
    transfer = _offline(demo_owner, key="recon-transfer-0001")
    decision = {"id": transfer["id"], "action": "approve", "idempotency_key": "recon-check-01"}
    assert admin_client.post(CHECK, decision).ok

    run = _reconcile(demo)

    assert run.status == "balanced", _kinds(run)
    assert (run.provider_count, run.ledger_count, run.matched_count) == (1, 1, 1)
    assert run.matched_amount == D("300.00")


def test_each_kind_of_difference_is_found(demo, demo_owner, lease):
    today = timezone.localdate()
    # Bill 2 withheld: the provider takes it, its callback never comes.
    sandbox_failure_add(
        service="payment", operation="withhold", merchant="demo", reason="CALLBACK_LOST"
    )
    charged = demo_owner.post(
        "/api/v2/BillPayment", {"order_id": lease.id, "period": 2, "idempotency_key": "recon-b2"}
    )
    assert charged.data["status"] == "processing", charged
    sandbox_payments_complete(merchant="demo")
    # The provider reverses the deposit's freeze; it takes a payment we never asked for.
    with tenant_context(demo):
        freeze = DepositOperation.objects.get(order_id=lease.id, kind="freeze").out_request_no
    connection.set_schema_to_public()
    sandbox_payment_void(merchant="demo", out_no=freeze)
    sandbox_payment_unknown(merchant="demo", amount=D("66.00"), out_no="WALKIN-1")
    # A booking the provider never had (as a bug on our side would make).
    with tenant_context(demo):
        post_event("bill_payment", {"received": D("10.00"), "rent": D(10)}, reference="pay:GHOST-1")
        bill_2 = Bill.objects.get(order_id=lease.id, period=2).out_trade_no
    connection.set_schema_to_public()

    run = _reconcile(demo, today)

    assert _kinds(run) == {
        bill_2: "missing_in_ledger",
        "WALKIN-1": "missing_in_ledger",
        freeze: "status_differs",
        "GHOST-1": "missing_at_provider",
        # The ghost is in the merchant's books only: the platform's mirror of them differs.
        "": "books_differ",
    }
    assert (run.status, run.mismatch_count, run.open_count) == ("mismatched", 5, 5)
    assert run.mismatch_amount == D("399.00") + D("66.00") + D("500.00") + D("10.00")
    ghost = ReconciliationMismatch.objects.get(run=run, out_no="GHOST-1")
    assert (ghost.provider_amount, ghost.ledger_amount) == (None, D("10.00"))


def test_an_amount_the_provider_took_otherwise_differs(demo, demo_owner):
    order = in_lease(demo, demo_owner, IntakeClient(demo, DEMO), goods_on_shelf(demo_owner))
    sandbox_failure_add(
        service="payment", operation="withhold", merchant="demo", reason="AMOUNT_DIFFERS"
    )
    charged = demo_owner.post(
        "/api/v2/BillPayment", {"order_id": order.id, "period": 2, "idempotency_key": "differs-2"}
    )
    assert charged.ok, charged
    provider_settles(demo)

    run = _reconcile(demo)

    # The settling path books what came (398.99) and leaves 0.01 owed on the bill; the
    # run still reports that the provider took otherwise than asked.
    (found,) = ReconciliationMismatch.objects.filter(run=run)
    assert (found.kind, found.out_no) == ("amount_differs", f"{order.no}B002")
    assert (found.provider_amount, found.ledger_amount, found.difference) == (
        D("398.99"),
        D("398.99"),
        D("0.01"),
    )
    assert "asked 399.00" in found.detail
    with tenant_context(demo):
        assert Bill.objects.get(order_id=order.id, period=2).rent_owed == D("0.01")
    connection.set_schema_to_public()


def test_a_rerun_replaces_the_day_and_keeps_resolutions(demo, lease, finance):
    sandbox_payment_unknown(merchant="demo", amount=D("66.00"), out_no="WALKIN-1")
    sandbox_payment_unknown(merchant="demo", amount=D("8.00"), out_no="WALKIN-2")
    run = _reconcile(demo)
    first = ReconciliationMismatch.objects.get(run=run, out_no="WALKIN-1")
    resolved = finance.post(
        RESOLVE, {"id": first.pk, "resolution": "written_off", "note": "顾客线下确认，核销"}
    )
    assert resolved.ok, resolved

    again = finance.post(RERUN, {"merchant_id": demo.pk, "day": timezone.localdate().isoformat()})

    assert again.ok, again
    assert (again.data["id"], again.data["attempts"]) == (run.pk, 2)
    assert ReconciliationRun.objects.filter(merchant=demo).count() == 1
    rows = {m.out_no: m for m in ReconciliationMismatch.objects.filter(run=run)}
    assert set(rows) == {"WALKIN-1", "WALKIN-2"}
    assert (rows["WALKIN-1"].status, rows["WALKIN-1"].resolution) == ("resolved", "written_off")
    assert rows["WALKIN-1"].note == "顾客线下确认，核销"
    assert (again.data["open_count"], again.data["status"]) == (1, "mismatched")
    assert AuditEntry.objects.filter(action="reconciliation.rerun", target_id=str(run.pk)).exists()


def test_resolving_needs_a_note_is_audited_and_settles_the_run(demo, lease, finance):
    sandbox_payment_unknown(merchant="demo", amount=D("66.00"), out_no="WALKIN-1")
    run = _reconcile(demo)
    mismatch = ReconciliationMismatch.objects.get(run=run)

    no_note = finance.post(RESOLVE, {"id": mismatch.pk, "resolution": "other", "note": "  "})
    assert no_note.code == ErrorCode.VALIDATION
    done = finance.post(
        RESOLVE, {"id": mismatch.pk, "resolution": "provider_error", "note": "渠道确认误扣，已退回"}
    )
    twice = finance.post(RESOLVE, {"id": mismatch.pk, "resolution": "other", "note": "again"})

    assert done.ok, done
    assert (done.data["status"], done.data["resolution"], done.data["resolved_by"]) == (
        "resolved",
        "provider_error",
        "recon1 员工",
    )
    assert twice.code == ErrorCode.CONFLICT
    detail = finance.get(RUN, {"id": run.pk}).data
    assert (detail["run"]["status"], detail["run"]["open_count"]) == ("resolved", 0)
    entry = AuditEntry.objects.get(action="reconciliation_mismatch.resolve")
    assert (entry.target_id, entry.reason, entry.after["resolution"]) == (
        str(mismatch.pk),
        "渠道确认误扣，已退回",
        "provider_error",
    )
    assert StatusChange.objects.filter(
        target_type="reconciliation_mismatch", target_id=str(mismatch.pk), to_status="resolved"
    ).exists()


def test_a_lost_callback_is_fixed_by_asking_the_provider_again(demo, demo_owner, lease, finance):
    sandbox_failure_add(
        service="payment", operation="withhold", merchant="demo", reason="CALLBACK_LOST"
    )
    demo_owner.post(
        "/api/v2/BillPayment", {"order_id": lease.id, "period": 2, "idempotency_key": "recon-b2"}
    )
    sandbox_payments_complete(merchant="demo")
    sandbox_payment_unknown(merchant="demo", amount=D("66.00"), out_no="WALKIN-1")
    run = _reconcile(demo)
    lost = ReconciliationMismatch.objects.get(run=run, out_no=f"{lease.no}B002")
    unknown = ReconciliationMismatch.objects.get(run=run, out_no="WALKIN-1")
    listed = {m["out_no"]: m for m in finance.get(RUN, {"id": run.pk}).data["mismatches"]}
    assert listed[lost.out_no]["can_sync"] is True

    synced = finance.post(SYNC, {"id": lost.pk})
    nothing = finance.post(SYNC, {"id": unknown.pk})

    assert synced.ok and synced.data["synced"] is True, synced
    assert (synced.data["mismatch"]["status"], synced.data["mismatch"]["resolution"]) == (
        "resolved",
        "synced",
    )
    assert nothing.code == ErrorCode.RECONCILIATION_NOTHING_TO_SYNC
    bills = demo_owner.get("/api/merchant/orderInfo", {"id": lease.id}).data["bills"]
    assert {b["period"]: b["status"] for b in bills}[2] == "paid"
    rerun = _reconcile(demo)
    assert _kinds(rerun) == {"WALKIN-1": "missing_in_ledger"}
    assert rerun.matched_count == 3


def test_only_a_missing_booking_is_offered_a_sync(demo, lease, finance):
    sandbox_payment_void(merchant="demo", out_no=f"{lease.no}B001")
    run = _reconcile(demo)
    (reversed_payment,) = ReconciliationMismatch.objects.filter(run=run)

    answer = finance.post(SYNC, {"id": reversed_payment.pk})

    assert reversed_payment.kind == "status_differs"
    assert answer.code == ErrorCode.RECONCILIATION_NOT_SYNCABLE


def test_a_provider_failure_fails_the_run_and_the_job_tries_again(demo, lease):
    today = timezone.localdate()
    sandbox_failure_add(
        service="payment", operation="statement", merchant="demo", reason="SYSTEM_ERROR"
    )
    failed = _reconcile(demo, today - timedelta(days=1))
    assert (failed.status, failed.error[:12]) == ("failed", "SYSTEM_ERROR")
    sandbox_failure_add(
        service="payment", operation="statement", merchant="demo", reason="SYSTEM_ERROR"
    )
    celery_app.conf.task_always_eager = True
    try:
        with tenant_context(demo):
            result = finance_reconcile.apply(kwargs={"day": today.isoformat()})
    finally:
        celery_app.conf.task_always_eager = False
        connection.set_schema_to_public()

    # The first attempt failed today's statement; the retry had both days.
    assert result.state == "SUCCESS", result.traceback
    runs = {r.day: r for r in ReconciliationRun.objects.filter(merchant=demo)}
    assert result.result["runs"] == {
        (today - timedelta(days=1)).isoformat(): "balanced",
        today.isoformat(): "balanced",
    }
    assert (runs[today].status, runs[today].attempts, runs[today].matched_count) == (
        "balanced",
        2,
        2,
    )


def test_the_runs_list_filters_and_counts_by_status(demo, acme, lease, finance):
    today = timezone.localdate()
    sandbox_payment_unknown(merchant="demo", amount=D("66.00"), out_no="WALKIN-1")
    _reconcile(demo)
    _reconcile(acme)
    _reconcile(demo, today - timedelta(days=3))

    every = finance.get(RUNS).data
    mismatched = finance.get(RUNS, {"status": "mismatched"}).data
    of_acme = finance.get(RUNS, {"merchant_id": acme.pk}).data
    older = finance.get(RUNS, {"date_to": (today - timedelta(days=1)).isoformat()}).data

    assert [(r["merchant_name"], r["day"]) for r in every["list"]][:2] == [
        ("演示租赁商城", today.isoformat()),
        ("Acme 数码租赁", today.isoformat()),
    ]
    assert {s["value"]: s["count"] for s in every["statuses"]} == {
        "running": 0,
        "balanced": 2,
        "mismatched": 1,
        "resolved": 0,
        "failed": 0,
    }
    assert [(r["merchant_id"], r["open_count"]) for r in mismatched["list"]] == [(demo.pk, 1)]
    assert {s["value"]: s["count"] for s in mismatched["statuses"]}["balanced"] == 2
    assert [r["merchant_id"] for r in of_acme["list"]] == [acme.pk]
    assert older["total"] == 1


def test_only_platform_finance_reads_and_acts(demo, lease, admin_client, demo_owner):
    sandbox_payment_unknown(merchant="demo", amount=D("66.00"), out_no="WALKIN-1")
    run = _reconcile(demo)
    mismatch = ReconciliationMismatch.objects.get(run=run)
    staff_make(admin_client, "audit1", ["platform_auditor"])
    staff_make(admin_client, "ops1", ["platform_operator"])
    auditor = login("admin.localhost", "audit1", STAFF_PASSWORD)
    operator = login("admin.localhost", "ops1", STAFF_PASSWORD)
    resolve = {"id": mismatch.pk, "resolution": "other", "note": "看过了"}

    assert auditor.get(RUN, {"id": run.pk}).ok  # finance.view reads
    assert auditor.post(RESOLVE, resolve).code == ErrorCode.FORBIDDEN
    assert auditor.post(SYNC, {"id": mismatch.pk}).code == ErrorCode.FORBIDDEN
    assert operator.get(RUNS).code == ErrorCode.FORBIDDEN
    # The store side: none of these calls exist for it.
    for method, path, body in (
        ("GET", RUNS, {}),
        ("GET", RUN, {"id": run.pk}),
        ("POST", RESOLVE, resolve),
        ("POST", RERUN, {"merchant_id": demo.pk, "day": timezone.localdate().isoformat()}),
        ("POST", SYNC, {"id": mismatch.pk}),
    ):
        assert demo_owner.call(method, path, body).code == ErrorCode.WRONG_SIDE, path
    assert admin_client.get(RUN, {"id": 999_999}).code == ErrorCode.NOT_FOUND
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()
    assert admin_client.post(RERUN, {"merchant_id": demo.pk, "day": tomorrow}).code == 400
    assert ReconciliationMismatch.objects.get(pk=mismatch.pk).status == "open"
