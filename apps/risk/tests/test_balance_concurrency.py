"""The prepaid risk balance under a race of queries, on real PostgreSQL connections,
committed (no test transaction hides a race); everything committed is removed afterwards
(`committed_demo`). The race of two audits of one recharge: tenants/risk/tests."""

from __future__ import annotations

from decimal import ROUND_UP, Decimal

from django_tenants.utils import tenant_context

from apps.risk.models import RiskQuery
from apps.risk.services import Subject, risk_query_run
from tenants.risk.models import RiskQueryType
from tests.committed import committed_balance, committed_demo  # noqa: F401 — the fixture
from zulin.core.errors import ErrorCode
from zulin.ledger.selectors import account_balance
from zulin.ledger.tests.test_ledger_concurrency import committed, in_threads
from zulin.providers.interfaces import RiskGrade
from zulin.providers.risk import sandbox_id_number_for

QUERIES = 50


def test_fifty_queries_at_once_never_take_the_balance_below_zero(committed_demo):  # noqa: F811
    demo = committed_demo
    start = committed(demo, lambda: account_balance("risk_prepaid", cached=True))
    # A price that lets fewer than 30 of the 50 queries through.
    price = (start / Decimal(30)).quantize(Decimal("0.01"), rounding=ROUND_UP)
    committed(
        demo,
        lambda: RiskQueryType.objects.create(
            code="race", name_zh="并发", name_en="Race", price=price
        ),
    )
    people = [sandbox_id_number_for(grade=RiskGrade.B, seed=n) for n in range(QUERIES)]

    def query(number: int) -> str:
        return risk_query_run(
            query_type="race",
            subject=Subject(name="王五", id_number=people[number], phone="13800000000"),
            idempotency_key=f"manual:race-{number}",
        ).query_no

    results = in_threads(demo, QUERIES, query)

    paid = [r for r in results if isinstance(r, str)]
    refused = [r for r in results if r == ErrorCode.RISK_BALANCE_SHORT]
    assert len(paid) + len(refused) == QUERIES, results
    assert len(paid) == int(start // price)
    end = committed_balance(demo, "risk_prepaid")
    assert end == start - price * len(paid)
    assert Decimal("0.00") <= end < price
    with tenant_context(demo):
        assert RiskQuery.objects.filter(query_type="race").count() == len(paid)
