"""A recharge of the prepaid risk balance audited by two platform accounts at once, on real
PostgreSQL connections, committed (no test transaction hides a race); everything committed
is removed afterwards (`committed_demo`). The race of queries: apps/risk/tests."""

from __future__ import annotations

from decimal import Decimal

from django.db import connection

from tenants.accounts.demo import demo_actor
from tenants.accounts.tests.test_api_platform_staff import STAFF_PASSWORD, staff_make
from tenants.risk.models import RiskRecharge
from tenants.risk.services import recharge_offline_apply
from tests.committed import committed_balance, committed_demo  # noqa: F401 — the fixture
from tests.fixtures import PASSWORD, login
from zulin.core.sides import PlatformType
from zulin.ledger.tests.test_ledger_concurrency import committed, in_threads

ONE_PIXEL_PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5E"
    "rkJggg=="
)


def test_two_platform_accounts_approving_at_once_credit_once(committed_demo):  # noqa: F811
    demo = committed_demo

    def apply() -> int:
        staff_make(login("admin.localhost", "admin"), "race_finance", ["platform_finance"])
        connection.set_tenant(demo)
        owner = demo_actor(platform_type=PlatformType.STORE, merchant=demo, username="owner")
        return recharge_offline_apply(
            actor=owner,
            amount=Decimal("250.00"),
            voucher_base64=ONE_PIXEL_PNG,
            idempotency_key="race-recharge-1",
        ).pk

    recharge_id = committed(demo, apply)
    start = committed_balance(demo, "risk_prepaid")
    accounts = [("admin", PASSWORD), ("race_finance", STAFF_PASSWORD)]

    def approve(number: int) -> int:
        client = login("admin.localhost", *accounts[number])
        body = {"id": recharge_id, "action": "approve", "idempotency_key": f"race-check-{number}"}
        return client.post("/api/merchant/checkChart", body).code

    codes = in_threads(demo, 2, approve)

    assert sorted(codes) == [200, 409], codes
    assert committed_balance(demo, "risk_prepaid") == start + Decimal("250.00")
    assert RiskRecharge.objects.get(pk=recharge_id).status == "credited"
