"""The migrations that put the operation models on `ProviderOperation` keep every row and
every existing column's data: rows are written, each migration is taken back and made again
(inside the test's transaction), and every column the rows had before reads the same after;
the new columns read their defaults, `updated_at` the row's finish or creation."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django_tenants.utils import tenant_context

from apps.credit.models import CreditReportFile
from apps.notary.models import Notarization
from apps.risk.models import CreditQuery
from tenants.finance.models import Withdrawal
from tenants.risk.models import RiskRecharge
from tests.leases import awaiting_shipment

pytestmark = pytest.mark.django_db

MERCHANT_SIDE = [
    ("billing", "0011_provider_operations", ["billpayment", "billrefund", "earlysettlement"]),
    ("orders", "0009_provider_operations", ["depositoperation"]),
    ("risk", "0003_provider_operations", ["creditquery"]),
    ("credit", "0002_provider_operations", ["creditreportfile"]),
    ("notary", "0002_provider_operations", ["notarization"]),
]
PUBLIC_SIDE = [
    ("risk_platform", "0004_provider_operations", ["riskrecharge"]),
    ("finance", "0006_provider_operations", ["withdrawal"]),
]
# No refund or early settlement is made here: their tables are taken back and made again empty.
MAY_BE_EMPTY = {"billing_billrefund", "billing_earlysettlement"}
NEW_COLUMNS = {"attempts", "last_error", "updated_at", "idempotency_key"}


def _rows(table: str) -> dict[int, dict[str, Any]]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {table} ORDER BY id")  # noqa: S608 (our table names)
        names = [column.name for column in cursor.description]
        return {row[0]: dict(zip(names, row, strict=True)) for row in cursor.fetchall()}


def _round_trip(app: str, name: str, models: list[str]) -> None:
    executor = MigrationExecutor(connection)
    migration = executor.loader.get_migration(app, name)
    before = executor.loader.project_state(migration.dependencies)
    tables = [f"{app}_{model}" for model in models]
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # no pending trigger event blocks DDL
    with connection.schema_editor(atomic=True) as editor:
        migration.unapply(before.clone(), editor)
    old = {table: _rows(table) for table in tables}
    with connection.schema_editor(atomic=True) as editor:
        migration.apply(before.clone(), editor)
    for table in tables:
        assert old[table] or table in MAY_BE_EMPTY, table
        new = _rows(table)
        assert set(new) == set(old[table]), table
        for pk, row in old[table].items():
            assert {column: new[pk][column] for column in row} == row, (table, pk)
            assert (new[pk]["attempts"], new[pk]["last_error"]) == (0, ""), (table, pk)
            added = set(new[pk]) - set(row)
            assert added <= NEW_COLUMNS, (table, added)
            if "updated_at" in added:
                assert new[pk]["updated_at"] == (row.get("finished_at") or row["created_at"]) or (
                    new[pk]["updated_at"] == (row.get("confirmed_at") or row["created_at"])
                ), (table, pk)


def test_the_operation_migrations_keep_every_row_and_column(demo, demo_owner, app, offer) -> None:
    awaiting_shipment(demo, demo_owner, app, offer)  # a bill payment and a deposit freeze
    with tenant_context(demo):
        Notarization.objects.create(order_id=1, order_no="N1", provider_reference="CASE-1")
        CreditQuery.objects.create(
            apply_no="CQ1",
            idempotency_key="cq-1",
            query_type="credit",
            price=Decimal("1.00"),
            order_id=1,
            order_no="N1",
            subject_name="张三",
            id_number_masked="1101**********0011",
            id_number_hash="h",
            failure_reason="NO_CREDIT_FILE",
        )
        CreditReportFile.objects.create(
            file_no="F1",
            period="2026-11",
            stored_file_id=1,
            file_name="f.xml",
            sha256="0" * 64,
            size=1,
            record_count=1,
            failure_reason="FORMAT",
        )
        for app_label, name, models in MERCHANT_SIDE:
            _round_trip(app_label, name, models)
        assert Notarization.objects.get(provider_reference="CASE-1").order_no == "N1"
        assert CreditQuery.objects.get(apply_no="CQ1").failure_reason == "NO_CREDIT_FILE"
        assert CreditReportFile.objects.get(file_no="F1").failure_reason == "FORMAT"
    connection.set_schema_to_public()
    Withdrawal.objects.create(
        merchant=demo,
        withdrawal_no="W1",
        amount=Decimal("1.00"),
        bank_name="银行",
        account_name="演示",
        account_number="6222",
        idempotency_key="w-1",
        provider_reference="T-W1",
    )
    RiskRecharge.objects.create(
        merchant=demo,
        recharge_no="R1",
        method="qr",
        amount=Decimal("1.00"),
        status="paying",
        idempotency_key="r-1",
        provider_reference="T-R1",
    )
    for app_label, name, models in PUBLIC_SIDE:
        _round_trip(app_label, name, models)
    assert Withdrawal.objects.get(withdrawal_no="W1").provider_reference == "T-W1"
    assert RiskRecharge.objects.get(recharge_no="R1").provider_reference == "T-R1"
