"""Consent for the purposes that rest on consent alone: recorded per customer and purpose
with when it was given and withdrawn; a withdrawal stops the purpose at once (a credit query
is refused with 1667 before anything is charged) and its answer says the lease rests on the
contract; the lease itself goes on."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.db import connection
from django_tenants.utils import tenant_context

from apps.orders.models import Order
from apps.risk.models import CreditQuery
from apps.subshops.tests.factories import sign_in, staff_make
from tests.leases import place, placed
from zulin.audit.models import AuditEntry, StatusChange
from zulin.ledger.selectors import account_balance

CONSENTS = "/api/backend/getCustomerConsents"
SAVE = "/api/backend/saveCustomerConsent"
APPLY = "/api/credit/applyCreditQuery"
RISK = "/api/general/getRisk"


def _customer_of(merchant, order_id: int) -> tuple[int, str]:
    with tenant_context(merchant):
        order = Order.objects.get(pk=order_id)
        found = (order.customer_id, order.status)
    connection.set_schema_to_public()
    return found


def _risk_balance(merchant) -> Decimal:
    with tenant_context(merchant):
        balance = account_balance("risk_prepaid")
    connection.set_schema_to_public()
    return balance


def test_a_withdrawn_credit_consent_refuses_credit_queries_and_the_lease_goes_on(
    demo, demo_owner, app, offer
):
    # given a customer with an order, and customer service, who records consents
    order = placed(demo, place(app, offer, key="consent-0001"))
    customer_id, status_before = _customer_of(demo, order.id)
    staff_make(demo_owner, "cora", ["customer_service"])
    service = sign_in("demo.localhost", "cora")
    shown = service.get(CONSENTS, {"customer_id": customer_id})
    assert shown.ok, shown
    assert {row["purpose"]: row["status"] for row in shown.data["consents"]} == {
        "marketing": "none",
        "face_check": "none",
        "credit_query": "none",
        "location": "none",
    }
    balance = _risk_balance(demo)

    # when the customer withdraws consent to credit queries
    withdrawn = service.post(
        SAVE,
        {"customer_id": customer_id, "purpose": "credit_query", "given": False, "reason": "电话"},
    )

    # then it is recorded with its time, the answer says the lease rests on the contract,
    assert withdrawn.ok, withdrawn
    row = next(r for r in withdrawn.data["consents"] if r["purpose"] == "credit_query")
    assert row["status"] == "withdrawn" and row["withdrawn_at"] and row["given_at"]
    # (given when the customer became the shop's, at intake: before the withdrawal)
    assert datetime.fromisoformat(row["given_at"]) < datetime.fromisoformat(row["withdrawn_at"])
    assert "合同" in withdrawn.data["lease_basis"]
    # and every credit query of the customer is refused at once, nothing charged or recorded
    applied = demo_owner.post(APPLY, {"order_id": order.id, "idempotency_key": "consent-q-1"})
    risk = demo_owner.post(
        RISK, {"order_id": order.id, "query_type": "standard", "idempotency_key": "consent-q-2"}
    )
    assert applied.code == 1667 and risk.code == 1667, (applied, risk)
    assert _risk_balance(demo) == balance
    with tenant_context(demo):
        assert not CreditQuery.objects.filter(order_id=order.id).exists()
        moves = StatusChange.objects.filter(target_type="consent")
        assert [m.to_status for m in moves] == ["withdrawn"]
    connection.set_schema_to_public()
    # while the lease itself is untouched
    assert _customer_of(demo, order.id)[1] == status_before

    # when consent is given again, the query goes ahead
    again = service.post(
        SAVE, {"customer_id": customer_id, "purpose": "credit_query", "given": True}
    )
    assert again.ok and again.data["lease_basis"] == ""
    assert demo_owner.post(APPLY, {"order_id": order.id, "idempotency_key": "consent-q-3"}).ok
    with tenant_context(demo):
        moves = StatusChange.objects.filter(target_type="consent").order_by("id")
        assert [m.to_status for m in moves] == ["withdrawn", "given"]
        assert AuditEntry.objects.filter(target_type="consent", action="consent.give").count() == 1
    connection.set_schema_to_public()


def test_bad_consent_input_changes_nothing(demo, demo_owner, app, offer):
    # given a customer of one shop
    order = placed(demo, place(app, offer, key="consent-0002"))
    customer_id, _ = _customer_of(demo, order.id)

    # when a purpose that does not rest on consent is sent, or a customer the shop lacks
    wrong = demo_owner.post(SAVE, {"customer_id": customer_id, "purpose": "lease", "given": False})
    missing = demo_owner.post(
        SAVE, {"customer_id": 99_999_999, "purpose": "marketing", "given": False}
    )

    # then each is a clear error and nothing is recorded
    assert wrong.code == 400 and missing.code == 404, (wrong, missing)
    with tenant_context(demo):
        assert not StatusChange.objects.filter(target_type="consent").exists()
    connection.set_schema_to_public()
