"""An operator lists every operation stuck waiting for its provider, across kinds and
merchants (`stuck_operations`, `manage.py stuck_operations`): operations of several kinds in
two merchants' schemas and in public, some stuck, some fresh, some finished."""

from __future__ import annotations

import json
from datetime import timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.credit.models import CreditReportFile
from apps.notary.models import Notarization
from apps.risk.models import CreditQuery
from tenants.finance.models import Withdrawal
from tenants.risk.models import RiskRecharge
from zulin.providers.selectors import operation_models, stuck_operations

pytestmark = pytest.mark.django_db

HOUR_AGO = timedelta(hours=1)
MINE = {"N1N1", "CQ-DEMO-OLD", "CQ-ACME-OLD", "F-ACME-OLD", "W-ACME-PAYING", "R-DEMO-NEW"}


def _aged(row, by: timedelta = HOUR_AGO) -> None:  # type: ignore[no-untyped-def]
    """The row last changed `by` ago (auto_now is not in an update())."""
    type(row).objects.filter(pk=row.pk).update(updated_at=timezone.now() - by)


def _query(no: str, status: str = "processing") -> CreditQuery:
    return CreditQuery.objects.create(
        apply_no=no,
        idempotency_key=no,
        query_type="credit",
        price=Decimal("1.00"),
        order_id=1,
        order_no="N1",
        subject_name="张三",
        id_number_masked="1101**********0011",
        id_number_hash="h",
        status=status,
    )


def _file(no: str, status: str) -> CreditReportFile:
    return CreditReportFile.objects.create(
        file_no=no,
        period="2026-11",
        status=status,
        stored_file_id=1,
        file_name="f.xml",
        sha256="0" * 64,
        size=1,
        record_count=1,
    )


def _withdrawal(merchant, no: str, status: str) -> Withdrawal:  # type: ignore[no-untyped-def]
    return Withdrawal.objects.create(
        merchant=merchant,
        withdrawal_no=no,
        amount=Decimal("1.00"),
        status=status,
        bank_name="银行",
        account_name="演示",
        account_number="6222",
        idempotency_key=no,
    )


def test_every_operation_stuck_in_processing_is_listed_across_kinds_and_merchants(
    demo, acme
) -> None:
    with tenant_context(demo):
        stuck_query = _query("CQ-DEMO-OLD")
        _aged(stuck_query)
        CreditQuery.objects.filter(pk=stuck_query.pk).update(attempts=3, last_error="SYSTEM_ERROR")
        _query("CQ-DEMO-NEW")  # waiting, but only just
        _aged(_query("CQ-DEMO-DONE", status="done"))  # ended long ago
        stuck_case = Notarization.objects.create(
            order_id=1, order_no="N1", status="submitted", out_no="N1N1"
        )
        _aged(stuck_case, timedelta(days=2))
        _aged(Notarization.objects.create(order_id=2, order_no="N2", status="draft"))
    with tenant_context(acme):
        _aged(_file("F-ACME-OLD", "submitted"))
        _aged(_file("F-ACME-ANSWERED", "accepted"))
        _aged(_query("CQ-ACME-OLD"), timedelta(hours=3))
    connection.set_schema_to_public()
    _aged(_withdrawal(acme, "W-ACME-PAYING", "paying"))
    _aged(_withdrawal(demo, "W-DEMO-PENDING", "pending"))  # not at the provider yet
    _aged(
        RiskRecharge.objects.create(
            merchant=demo,
            recharge_no="R-DEMO-NEW",
            method="qr",
            amount=Decimal("1.00"),
            status="paying",
            idempotency_key="r-1",
        ),
        timedelta(minutes=5),
    )

    # Only what this test made (the test database's merchants may hold rows of their own).
    stuck = [s for s in stuck_operations(older_than=timedelta(minutes=30)) if s.reference in MINE]

    assert [(s.kind, s.merchant, s.reference, s.status) for s in stuck] == [
        ("notarization", "demo", "N1N1", "submitted"),
        ("credit_query", "acme", "CQ-ACME-OLD", "processing"),
        ("credit_query", "demo", "CQ-DEMO-OLD", "processing"),
        ("credit_report_file", "acme", "F-ACME-OLD", "submitted"),
        ("withdrawal", "acme", "W-ACME-PAYING", "paying"),
    ]
    by_reference = {s.reference: s for s in stuck}
    assert (by_reference["CQ-DEMO-OLD"].attempts, by_reference["CQ-DEMO-OLD"].last_error) == (
        3,
        "SYSTEM_ERROR",
    )
    assert by_reference["N1N1"].age > timedelta(days=1, hours=23)
    # Five minutes is stuck enough for the recharge when the operator asks so.
    assert "R-DEMO-NEW" in {s.reference for s in stuck_operations(older_than=timedelta(0))}

    out = StringIO()
    call_command("stuck_operations", "--minutes", "30", "--json", stdout=out)
    answered = [
        (row["kind"], row["merchant"], row["reference"], row["attempts"])
        for row in json.loads(out.getvalue())
    ]
    for s in stuck:
        assert (s.kind, s.merchant, s.reference, s.attempts) in answered
    assert not {"CQ-DEMO-NEW", "CQ-DEMO-DONE", "W-DEMO-PENDING"} & {row[2] for row in answered}
    table = StringIO()
    call_command("stuck_operations", stdout=table)
    lines = table.getvalue().splitlines()
    assert any(line.startswith("withdrawal") and "W-ACME-PAYING" in line for line in lines)
    assert lines[-1] == f"{len(answered)} stuck"


def test_every_operation_model_names_its_kind_reference_and_waiting_statuses() -> None:
    kinds = {model.KIND: model for model in operation_models()}
    assert set(kinds) == {
        "bill_payment",
        "refund",
        "early_settlement",
        "deposit",
        "credit_query",
        "credit_report_file",
        "notarization",
        "risk_recharge",
        "withdrawal",
        "waybill",  # a carrier shipment (issue 65)
    }
    for model in kinds.values():
        field_names = {field.name for field in model._meta.get_fields()}
        statuses = {value for value, _label in model._meta.get_field("status").choices}
        assert model.REFERENCE in field_names and set(model.WAITING) <= statuses, model
