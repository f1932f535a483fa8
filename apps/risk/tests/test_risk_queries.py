"""Risk queries charged to the prepaid risk balance: getRisk of a person or of an order's
customer, the intake's own check, a short balance, a failing provider, the lists, and who may
see and spend it."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection
from django_tenants.utils import get_public_schema_name, schema_context, tenant_context

from apps.orders.models import Order
from apps.risk.models import RiskQuery
from apps.subshops.tests.factories import sign_in, staff_make, sub_shop_account_make, sub_shop_make
from tenants.risk.models import RiskQueryType
from tests.fixtures import grant_sub_merchants, login
from tests.leases import DEMO, IntakeClient, goods_on_shelf, place, placed
from zulin.audit.models import AuditEntry
from zulin.core.errors import ErrorCode
from zulin.ledger.models import Journal
from zulin.ledger.selectors import account_balance, ledger_check
from zulin.providers.interfaces import RiskGrade
from zulin.providers.models import SandboxRiskAssessment
from zulin.providers.risk import sandbox_id_number_for

GET_RISK = "/api/general/getRisk"
BALANCE = "/api/backend/getRiskBalance"
QUERIES = "/api/general/chartRiskListDetail"
BILLS = "/api/v2/getRiskBillList"
DETAIL = "/api/merchant/orderInfo"


def _books(merchant) -> dict[str, Decimal]:
    """The balance in the merchant's books and its mirror in the platform's, both checked."""
    with tenant_context(merchant):
        found = {
            "prepaid": account_balance("risk_prepaid"),
            "expense": account_balance("risk_check_expense"),
        }
        assert account_balance("risk_prepaid", cached=True) == found["prepaid"]
        assert ledger_check() == []
    with schema_context(get_public_schema_name()):
        sub = f"merchant:{merchant.pk}"
        found["held"] = account_balance("risk_recharge_liability", sub_key=sub)
        found["income"] = account_balance("risk_service_income", sub_key=sub)
        assert ledger_check() == []
    connection.set_schema_to_public()
    return found


def _person(seed: int = 0, phone: str = "13811112222", grade: RiskGrade = RiskGrade.B) -> dict:
    return {
        "name": "李四",
        "id_number": sandbox_id_number_for(grade=grade, seed=seed),
        "phone": phone,
    }


def _price(code: str) -> Decimal:
    return RiskQueryType.objects.get(code=code).price


def test_a_query_charges_its_price_in_both_books_once_per_key(demo, demo_owner):
    before = _books(demo)
    price = _price("deep")
    body = {"query_type": "deep", **_person(), "idempotency_key": "risk-key-0001"}

    answer = demo_owner.post(GET_RISK, body)

    assert answer.ok, answer
    data = answer.data
    assert (data["grade"], data["decision"], data["source"]) == ("B", "pass", "manual")
    assert data["price"] == str(price) and data["hit_rules"], data
    assert data["name"] == "李*" and body["id_number"] not in str(data)
    after = _books(demo)
    assert after["prepaid"] == before["prepaid"] - price
    assert after["expense"] == before["expense"] + price
    assert (after["held"], after["income"]) == (before["held"] - price, before["income"] + price)
    assert Decimal(data["balance"]) == after["prepaid"]

    again = demo_owner.post(GET_RISK, body)
    assert again.data["id"] == data["id"]
    assert _books(demo) == after
    other_type = demo_owner.post(GET_RISK, {**body, "query_type": "blacklist"})
    assert other_type.code == ErrorCode.IDEMPOTENCY_KEY_REUSED

    listed = demo_owner.post(QUERIES, {"query_type": "deep"}).data
    assert [row["query_no"] for row in listed["list"]] == [data["query_no"]]
    bills = demo_owner.get(BILLS, {"type": "charge"}).data
    assert bills["list"][0]["amount"] == f"-{price}"
    assert bills["list"][0]["query_no"] == data["query_no"]
    assert Decimal(bills["balance"]) == after["prepaid"] and Decimal(bills["charged"]) >= price
    assert Decimal(demo_owner.get(BALANCE).data["balance"]) == after["prepaid"]


def test_a_short_balance_refuses_the_query_and_charges_nothing(demo, demo_owner):
    with tenant_context(demo):
        balance = account_balance("risk_prepaid")
    connection.set_schema_to_public()
    RiskQueryType.objects.create(
        code="premium", name_zh="高级", name_en="Premium", price=balance + Decimal("0.01")
    )
    before = _books(demo)
    assessments = SandboxRiskAssessment.objects.count()

    answer = demo_owner.post(
        GET_RISK, {"query_type": "premium", **_person(), "idempotency_key": "risk-key-0101"}
    )
    english = login("demo.localhost", "owner")
    english.language = "en"
    in_english = english.post(
        GET_RISK, {"query_type": "premium", **_person(), "idempotency_key": "risk-key-0102"}
    )

    assert answer.code == ErrorCode.RISK_BALANCE_SHORT
    assert answer.data["balance"] == str(balance) and "充值" in answer.msg
    assert "recharge" in in_english.msg
    assert _books(demo) == before
    assert SandboxRiskAssessment.objects.count() == assessments  # the provider was not asked
    with tenant_context(demo):
        assert not RiskQuery.objects.filter(query_type="premium").exists()
        assert not Journal.objects.filter(kind="risk_charge", meta__query_type="premium").exists()


def test_a_provider_failure_charges_nothing(demo, demo_owner):
    before = _books(demo)
    answer = demo_owner.post(
        GET_RISK,
        {"query_type": "standard", **_person(phone="13800005555"), "idempotency_key": "risk-k-201"},
    )
    assert answer.code == ErrorCode.PROVIDER_FAILED
    assert _books(demo) == before


def test_bad_input_is_refused_before_anything_is_charged(demo, demo_owner):
    before = _books(demo)
    unknown = demo_owner.post(
        GET_RISK, {"query_type": "nope", **_person(), "idempotency_key": "risk-k-301"}
    )
    assert unknown.code == 400 and "query_type" in unknown.data["fields"]
    no_person = demo_owner.post(GET_RISK, {"query_type": "deep", "idempotency_key": "risk-k-302"})
    assert no_person.code == 400 and "name" in no_person.data["fields"]
    bad_id = demo_owner.post(
        GET_RISK,
        {
            "query_type": "deep",
            **_person(),
            "id_number": "110101199001011234",
            "idempotency_key": "risk-k-303",
        },
    )
    assert bad_id.code == 400 and "id_number" in bad_id.data["fields"]
    assert _books(demo) == before


def test_the_intake_check_and_a_later_query_are_the_orders_risk_results(demo, demo_owner):
    before = _books(demo)
    order = placed(demo, place(IntakeClient(demo, DEMO), goods_on_shelf(demo_owner), grade="C"))
    intake_price = _price("standard")
    assert _books(demo)["prepaid"] == before["prepaid"] - intake_price

    deeper = demo_owner.post(
        GET_RISK, {"query_type": "deep", "order_id": order.id, "idempotency_key": "risk-k-401"}
    )

    assert deeper.ok, deeper
    assert (deeper.data["order_no"], deeper.data["source"]) == (order.no, "manual")
    risk = demo_owner.get(DETAIL, {"id": order.id}).data["risk"]
    assert (risk["grade"], risk["decision"]) == ("C", "review")
    checks = risk["checks"]
    assert [(c["query_type"], c["source"], c["grade"]) for c in checks] == [
        ("standard", "intake", "C"),
        ("deep", "manual", "C"),
    ]
    assert all(c["hit_rules"] and c["hit_rules"][0]["name_en"] for c in checks)
    by_order = demo_owner.post(QUERIES, {"order_no": order.no}).data
    assert by_order["total"] == 2


def test_intake_with_a_short_balance_waits_for_a_manual_audit_and_charges_nothing(demo, demo_owner):
    standard = RiskQueryType.objects.get(code="standard")
    normal_price = standard.price
    standard.price = Decimal("99999999.00")
    standard.save()
    before = _books(demo)
    warned_before = demo_owner.get(BALANCE).data["unchecked_orders"]

    answer = place(IntakeClient(demo, DEMO), goods_on_shelf(demo_owner), grade="E")

    order = placed(demo, answer)
    assert answer.data["status"] == "awaiting_audit"  # grade E, yet not refused: not checked
    detail = demo_owner.get(DETAIL, {"id": order.id}).data
    assert (detail["risk"]["decision"], detail["risk"]["grade"]) == ("balance_short", "")
    assert detail["risk"]["checks"] == []
    assert _books(demo) == before
    warning = demo_owner.get(BALANCE).data
    assert warning["unchecked_orders"] == warned_before + 1 and warning["low"] is True
    with tenant_context(demo):
        entry = AuditEntry.objects.get(action="order.risk_unchecked", target_id=str(order.id))
        assert "风控余额不足" in entry.reason
    connection.set_schema_to_public()

    # Recharged (the price back to normal here), the auditor checks it: the grade arrives.
    standard.price = normal_price
    standard.save()
    checked = demo_owner.post(
        GET_RISK, {"query_type": "standard", "order_id": order.id, "idempotency_key": "risk-k-501"}
    )
    assert checked.ok, checked
    risk = demo_owner.get(DETAIL, {"id": order.id}).data["risk"]
    assert (risk["grade"], risk["decision"]) == ("E", "refuse")
    assert demo_owner.get(BALANCE).data["unchecked_orders"] == warned_before
    with tenant_context(demo):
        assert Order.objects.get(pk=order.id).status == "awaiting_audit"  # the auditor decides


def test_intake_with_a_failing_provider_waits_for_a_manual_audit(demo, demo_owner):
    before = _books(demo)
    order = placed(
        demo, place(IntakeClient(demo, DEMO), goods_on_shelf(demo_owner), phone="13900005555")
    )
    risk = demo_owner.get(DETAIL, {"id": order.id}).data["risk"]
    assert (risk["decision"], risk["checks"]) == ("unavailable", [])
    assert _books(demo) == before


def test_other_merchants_sub_shops_and_the_platform_cannot_read_or_spend_it(
    demo, demo_owner, acme_owner, admin_client
):
    order = placed(demo, place(IntakeClient(demo, DEMO), goods_on_shelf(demo_owner)))
    queried = demo_owner.post(
        GET_RISK, {"query_type": "deep", "order_id": order.id, "idempotency_key": "risk-k-601"}
    )
    assert queried.ok

    # Another merchant: the order does not exist there; its lists hold none of demo's.
    by_id = acme_owner.post(
        GET_RISK, {"query_type": "deep", "order_id": order.id, "idempotency_key": "risk-k-602"}
    )
    assert by_id.code == ErrorCode.NOT_FOUND
    acme_rows = acme_owner.post(QUERIES, {}).data["list"]
    assert queried.data["query_no"] not in {row["query_no"] for row in acme_rows}
    acme_bills = acme_owner.get(BILLS, {"type": "charge"}).data["list"]
    assert queried.data["query_no"] not in {row["query_no"] for row in acme_bills}

    # A sub-shop's account: never the shop's balance or queries; even granted the audit, it
    # checks its own sub-shop's orders only (a sibling's answers as if it did not exist).
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店", phone="13600000011")
    sub_shop_account_make(demo_owner, east["id"], "east")
    grant_sub_merchants("order.audit")
    app = IntakeClient(demo, DEMO)
    offer = goods_on_shelf(demo_owner)
    own = placed(demo, place(app, offer, key="risk-sub-0001", sub_shop_id=east["id"]))
    sibling = placed(demo, place(app, offer, key="risk-sub-0002", sub_shop_id=west["id"]))
    clerk = sign_in("demo.localhost", "east")
    assert clerk.get(BALANCE).code == ErrorCode.FORBIDDEN
    assert clerk.post(QUERIES, {}).code == ErrorCode.FORBIDDEN
    spend = {"query_type": "deep", "idempotency_key": "risk-k-603"}
    assert clerk.post(GET_RISK, {**spend, "order_id": sibling.id}).code == ErrorCode.NOT_FOUND
    assert clerk.post(GET_RISK, {**spend, **_person()}).code == 400
    assert clerk.post(GET_RISK, {**spend, "order_id": own.id}).ok

    # The platform reads no merchant's balance or queries: these are the shop's own calls.
    assert admin_client.get(BALANCE).code == ErrorCode.WRONG_SIDE
    assert admin_client.post(QUERIES, {}).code == ErrorCode.WRONG_SIDE


@pytest.mark.parametrize("path", [BALANCE, QUERIES])
def test_an_auditor_reads_the_balance_a_salesman_does_not(demo, demo_owner, path):
    staff_make(demo_owner, "risk_auditor", ["auditor"])
    staff_make(demo_owner, "risk_sales", ["salesman"])
    auditor = sign_in("demo.localhost", "risk_auditor")
    salesman = sign_in("demo.localhost", "risk_sales")
    call = auditor.get if path == BALANCE else auditor.post
    assert call(path, {}).ok
    call = salesman.get if path == BALANCE else salesman.post
    assert call(path, {}).code == ErrorCode.FORBIDDEN
