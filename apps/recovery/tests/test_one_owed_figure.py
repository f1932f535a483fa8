"""One owed figure on every screen (issue 60, item 10): a recovery case's owed figures (its
row in the list, its page, the report) are asked of billing's one owed selector when read,
so they say what the order's bills say (`bill_totals.past_due`) — never the amounts the
case kept from its last refresh, which a waiver leaves behind until the night, nor, once
written off, the amount written off (the write-off's own figure, shown as such)."""

from __future__ import annotations

from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.latefees import late_fees_accrue
from apps.billing.selectors import order_owed
from apps.recovery.models import RecoveryCase, WriteOff
from tests.leases import DETAIL

from .support import CASE, CASES, COUNT, case_of, night, overdue_lease

REPORT = "/api/backend/getRecoveryReport"


def _late_fees(demo, owner) -> None:
    rate = "0.1000"
    saved = owner.post(
        "/api/finance/saveFinanceSetting",
        {"late_fee_rate_early": rate, "late_fee_rate_late": rate, "reminder_days_before": 3},
    )
    assert saved.ok, saved
    with tenant_context(demo):
        late_fees_accrue(today=timezone.localdate())
    connection.set_schema_to_public()


def _figures(owner, order_id: int, case_id: int, state: str) -> dict[str, Decimal]:
    """The owed figure of each screen: the case's page, its list row and its tab (the only
    case of the test), the report, the order's bills (past due)."""
    today = timezone.localdate().isoformat()
    row = next(r for r in owner.get(CASES, {"state": state}).data["list"] if r["id"] == case_id)
    report = owner.get(REPORT, {"date_from": today, "date_to": today}).data
    return {
        "case": Decimal(owner.get(CASE, {"case_id": case_id}).data["total_owed"]),
        "row": Decimal(row["total_owed"]),
        "tab": Decimal(owner.get(COUNT, {"state": state}).data["all"]["total_owed"]),
        "report": Decimal(report["totals"]["owed"]),
        "bills": Decimal(owner.get(DETAIL, {"id": order_id}).data["bill_totals"]["past_due"]),
    }


def test_an_open_case_owes_what_the_order_owes_past_due_after_a_late_fee_waiver(
    demo, demo_owner, app, offer
):
    # Given an open case of a lease whose bill 2 is 20 days past due, with its late fee
    order = overdue_lease(demo, demo_owner, app, offer, days=20, n=61)
    _late_fees(demo, demo_owner)
    night(demo)
    case = case_of(demo, order.id)
    with tenant_context(demo):
        past_due = sum(
            (line.total for line in order_owed(order.id).past_due(timezone.localdate())),
            Decimal("0"),
        )
    connection.set_schema_to_public()
    assert case.late_fee_owed > 0 and case.total_owed == past_due

    # When part of the late fee is waived (the order's figures follow at once; the case's
    # kept amounts only at the night's refresh)
    waived = demo_owner.post(
        "/api/finance/waiveLateFee",
        {
            "order_id": order.id,
            "period": 2,
            "amount": "1.00",
            "reason": "客户协商，减免部分违约金",
            "idempotency_key": "one-owed-waive-1",
        },
    )
    assert waived.ok, waived

    # Then every screen says the same owed figure, the order's
    figures = _figures(demo_owner, order.id, case.pk, "open")
    assert set(figures.values()) == {past_due - Decimal("1.00")}, figures
    with tenant_context(demo):
        kept = RecoveryCase.objects.get(pk=case.pk).total_owed
    connection.set_schema_to_public()
    assert kept == past_due  # the cause: the kept amount had not moved


def test_a_written_off_case_owes_what_the_order_still_owes_not_what_was_written_off(
    demo, demo_owner, app, offer
):
    # Given bill 2 written off with its late fee, then 100.00 of its rent waived
    order = overdue_lease(demo, demo_owner, app, offer, days=200, n=62)
    _late_fees(demo, demo_owner)
    night(demo)
    case = case_of(demo, order.id)
    written_off = demo_owner.post(
        "/api/backend/writeOffDebt",
        {"case_id": case.pk, "reason": "失联逾期超半年，核销", "idempotency_key": "one-owed-wo"},
    )
    assert written_off.ok, written_off
    waived = demo_owner.post(
        "/api/finance/waiveOrderCharge",
        {
            "order_id": order.id,
            "period": 2,
            "amount": "100.00",
            "reason": "协商减免部分本金",
            "idempotency_key": "one-owed-waive-2",
        },
    )
    assert waived.ok, waived
    with tenant_context(demo):
        amount = WriteOff.objects.get(case_id=case.pk).amount
    connection.set_schema_to_public()

    # When each screen is read
    figures = _figures(demo_owner, order.id, case.pk, "written_off")
    detail = demo_owner.get(CASE, {"case_id": case.pk}).data

    # Then each says what the order still owes, late fee included; the amount written off
    # is the write-off's own figure
    assert amount > Decimal("100.00") and Decimal(detail["late_fee_owed"]) > 0
    assert set(figures.values()) == {amount - Decimal("100.00")}, figures
    assert Decimal(detail["write_off"]["amount"]) == amount
    bills = demo_owner.get(DETAIL, {"id": order.id}).data["bill_totals"]
    assert Decimal(bills["owed"]) + Decimal(bills["late_fee_owed"]) == Decimal(bills["owed_total"])
