"""A customer's credit-bureau query (charged to the prepaid risk balance, its report by the
bureau's callback or asked again), how often a customer was queried, and the customer's
real-name status at the identity provider."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection
from django_tenants.utils import tenant_context

from apps.subshops.tests.factories import sign_in, sub_shop_account_make, sub_shop_make
from tenants.risk.models import RiskQueryType
from tests.fixtures import grant_sub_merchants
from tests.leases import DEMO, IntakeClient, goods_on_shelf, place, placed
from zulin.core.errors import ErrorCode
from zulin.ledger.selectors import account_balance, ledger_check
from zulin.providers.credit import sandbox_credit_complete
from zulin.providers.models import SandboxCallback
from zulin.providers.sandbox import (
    sandbox_callback_replay,
    sandbox_callbacks_deliver,
    sandbox_failure_add,
)

APPLY = "/api/credit/applyCreditQuery"
RESULT = "/api/credit/getCreditQueryResult"
ASK_AGAIN = "/api/credit/applyResultQuery"
LIST = "/api/v2/userCreditQuery"
TIMES_POST = "/api/general/getCreditQueryTime"
TIMES_GET = "/api/v2/getCreditQueryTime"
IDENTITY = "/api/general/ali/userAuthenticationInfo"


def _balance(merchant) -> Decimal:
    with tenant_context(merchant):
        balance = account_balance("risk_prepaid")
        assert ledger_check() == []
    connection.set_schema_to_public()
    return balance


def _bureau_settles(merchant) -> None:
    sandbox_credit_complete(merchant=merchant.slug)
    sandbox_callbacks_deliver(merchant=merchant.slug)
    connection.set_schema_to_public()


@pytest.fixture
def order(demo, demo_owner):
    return placed(demo, place(IntakeClient(demo, DEMO), goods_on_shelf(demo_owner), grade="A"))


def test_a_credit_query_is_charged_once_and_its_report_arrives_by_callback(demo, demo_owner, order):
    price = RiskQueryType.objects.get(code="credit_report").price
    before = _balance(demo)
    body = {"order_id": order.id, "idempotency_key": "credit-key-0001"}

    applied = demo_owner.post(APPLY, body)

    assert applied.ok, applied
    assert (applied.data["status"], applied.data["score"]) == ("processing", None)
    assert applied.data["price"] == str(price) and applied.data["order_no"] == order.no
    assert _balance(demo) == before - price
    assert demo_owner.post(APPLY, body).data["id"] == applied.data["id"]
    assert _balance(demo) == before - price

    _bureau_settles(demo)

    report = demo_owner.get(RESULT, {"id": applied.data["id"]}).data
    assert report["status"] == "done"
    assert 350 <= report["score"] <= 950 and report["level"] in (
        "excellent",
        "good",
        "fair",
        "poor",
    )
    # The bureau sends it again: nothing changes; the balance paid for one query.
    sent = SandboxCallback.objects.filter(event_type="credit.query", merchant="demo").latest("id")
    assert sandbox_callback_replay(event_id=sent.event_id).delivered
    connection.set_schema_to_public()
    assert demo_owner.get(RESULT, {"id": applied.data["id"]}).data == report
    assert _balance(demo) == before - price
    listed = demo_owner.get(LIST, {"order_id": order.id}).data
    assert [row["apply_no"] for row in listed["list"]] == [report["apply_no"]]
    charge = demo_owner.get("/api/v2/getRiskBillList", {"type": "charge"}).data["list"][0]
    assert (charge["query_no"], charge["order_no"], charge["amount"]) == (
        report["apply_no"],
        order.no,
        f"-{price}",
    )


def test_a_lost_callback_is_made_good_by_asking_again(demo, demo_owner, order):
    sandbox_failure_add(
        service="credit", operation="query", merchant="demo", reason="CALLBACK_LOST"
    )
    applied = demo_owner.post(APPLY, {"order_id": order.id, "idempotency_key": "credit-k-0101"})
    _bureau_settles(demo)
    assert demo_owner.get(RESULT, {"id": applied.data["id"]}).data["status"] == "processing"

    asked = demo_owner.get(ASK_AGAIN, {"id": applied.data["id"]})

    assert asked.ok and asked.data["status"] == "done", asked


def test_a_person_without_a_credit_file_fails_and_a_silent_bureau_charges_nothing(
    demo, demo_owner, order
):
    sandbox_failure_add(
        service="credit", operation="query", merchant="demo", reason="NO_CREDIT_FILE"
    )
    failed = demo_owner.post(APPLY, {"order_id": order.id, "idempotency_key": "credit-k-0201"}).data
    _bureau_settles(demo)
    found = demo_owner.get(RESULT, {"id": failed["id"]}).data
    assert (found["status"], found["reason"], found["score"]) == ("failed", "NO_CREDIT_FILE", None)

    before = _balance(demo)
    sandbox_failure_add(service="credit", operation="query", merchant="demo", reason="SYSTEM_ERROR")
    silent = demo_owner.post(APPLY, {"order_id": order.id, "idempotency_key": "credit-k-0202"})
    assert silent.code == ErrorCode.PROVIDER_FAILED
    assert _balance(demo) == before


def test_a_short_balance_refuses_the_credit_query(demo, demo_owner, order):
    RiskQueryType.objects.filter(code="credit_report").update(price=Decimal("99999999.00"))
    before = _balance(demo)
    refused = demo_owner.post(APPLY, {"order_id": order.id, "idempotency_key": "credit-k-0301"})
    assert refused.code == ErrorCode.RISK_BALANCE_SHORT
    assert _balance(demo) == before
    assert demo_owner.get(LIST, {"order_id": order.id}).data["total"] == 0


def test_query_times_count_the_shops_queries_and_the_bureaus(demo, demo_owner, order):
    empty = demo_owner.post(TIMES_POST, {"order_id": order.id}).data
    assert (empty["times"], empty["last_query_at"], empty["bureau_times_90_days"]) == (
        0,
        None,
        None,
    )
    for number in range(2):
        body = {"order_id": order.id, "idempotency_key": f"credit-k-04{number:02d}"}
        assert demo_owner.post(APPLY, body).ok
        _bureau_settles(demo)

    posted = demo_owner.post(TIMES_POST, {"order_id": order.id, "days": 30}).data
    got = demo_owner.get(TIMES_GET, {"order_id": order.id, "days": 30}).data

    assert posted == got
    assert (posted["times"], posted["days"]) == (2, 30)
    # The bureau counted the first query when it compiled the second.
    assert posted["bureau_times_90_days"] == 1


def test_the_customers_real_name_status_comes_from_the_identity_provider(demo, demo_owner):
    app = IntakeClient(demo, DEMO)
    offer = goods_on_shelf(demo_owner)
    verified = placed(demo, place(app, offer, key="idv-order-1"))
    mismatch = placed(demo, place(app, offer, key="idv-order-2", phone="13900006666", seed=1))

    good = demo_owner.get(IDENTITY, {"order_id": verified.id}).data
    bad = demo_owner.get(IDENTITY, {"order_id": mismatch.id}).data

    assert (good["verified"], good["reason"]) == (True, "")
    assert (bad["verified"], bad["phone_matches"], bad["reason"]) == (
        False,
        False,
        "PHONE_MISMATCH",
    )
    assert (
        demo_owner.get(IDENTITY, {"order_id": verified.id}).data["reference"] == good["reference"]
    )


def test_other_merchants_and_sub_shops_cannot_read_or_ask(demo, demo_owner, acme_owner, order):
    applied = demo_owner.post(APPLY, {"order_id": order.id, "idempotency_key": "credit-k-0601"})
    query_id = applied.data["id"]

    assert acme_owner.get(RESULT, {"id": query_id}).code == ErrorCode.NOT_FOUND
    assert acme_owner.get(ASK_AGAIN, {"id": query_id}).code == ErrorCode.NOT_FOUND
    assert acme_owner.get(LIST).data["total"] == 0
    other = {"order_id": order.id, "idempotency_key": "credit-k-0602"}
    assert acme_owner.post(APPLY, other).code == ErrorCode.NOT_FOUND
    assert acme_owner.post(TIMES_POST, {"order_id": order.id}).code == ErrorCode.NOT_FOUND
    assert acme_owner.get(IDENTITY, {"order_id": order.id}).code == ErrorCode.NOT_FOUND

    east = sub_shop_make(demo_owner, "城东店")
    sub_shop_account_make(demo_owner, east["id"], "east")
    grant_sub_merchants("order.audit", "order.view")
    clerk = sign_in("demo.localhost", "east")
    assert clerk.post(APPLY, other).code == ErrorCode.FORBIDDEN
    assert clerk.get(RESULT, {"id": query_id}).code == ErrorCode.FORBIDDEN
    assert clerk.get(LIST).code == ErrorCode.FORBIDDEN
    # The order is not its sub-shop's: its customer's status answers as if there were none.
    assert clerk.get(IDENTITY, {"order_id": order.id}).code == ErrorCode.NOT_FOUND
