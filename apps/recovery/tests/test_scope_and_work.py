"""Who sees and works which case, on every call: a collector its own cases, a sub-shop's
account its sub-shop's, the owner and finance every case; a case out of scope answers as a
missing one. Promises decided by the nightly run; the payment link paid in the sandbox."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.service.models import CustomerMessage
from apps.subshops.tests.factories import (
    sign_in,
    staff_make,
    sub_shop_account_make,
    sub_shop_make,
)
from tests.leases import provider_settles

from .support import CASE, CASES, COUNT, case_of, night, overdue_lease

HOST = "demo.localhost"


def _collectors(owner):
    one = staff_make(owner, "coll1", ["collector"])
    two = staff_make(owner, "coll2", ["collector"])
    return one, two, sign_in(HOST, "coll1"), sign_in(HOST, "coll2")


def _calls(case_id: int, n: int) -> list[tuple[str, str, dict]]:
    """Every recovery call naming a case."""
    return [
        ("get", CASE, {"case_id": case_id}),
        (
            "post",
            "/api/backend/addContactRecord",
            {"case_id": case_id, "channel": "call", "outcome": "no_answer"},
        ),
        (
            "post",
            "/api/backend/addPromiseToPay",
            {
                "case_id": case_id,
                "promised_on": timezone.localdate().isoformat(),
                "amount": "1.00",
                "idempotency_key": f"promise-key-{n:04d}",
            },
        ),
        (
            "post",
            "/api/backend/sendPaymentLink",
            {"case_id": case_id, "idempotency_key": f"link-key-{n:04d}"},
        ),
    ]


def test_a_collector_sees_and_works_only_its_own_cases(demo, demo_owner, app, offer):
    first = overdue_lease(demo, demo_owner, app, offer, days=10, n=11)
    second = overdue_lease(demo, demo_owner, app, offer, days=12, n=12)
    one, two, coll1, coll2 = _collectors(demo_owner)
    night(demo)  # round robin: each collector gets one of the M1 cases
    mine = {case_of(demo, o.id).assignee_account_id for o in (first, second)}
    assert mine == {one["id"], two["id"]}
    own = (
        case_of(demo, first.id)
        if case_of(demo, first.id).assignee_account_id == one["id"]
        else case_of(demo, second.id)
    )
    other = case_of(demo, second.id if own.order_id == first.id else first.id)

    page = coll1.get(CASES, {})
    assert [r["id"] for r in page.data["list"]] == [own.pk]
    assert coll1.get(COUNT, {}).data["all"]["count"] == 1
    for method, path, body in _calls(other.pk, 1):
        answer = getattr(coll1, method)(path, body)
        assert answer.code == 404, (path, answer)
    missing = coll1.get(CASE, {"case_id": 99_999_999})
    assert missing.code == 404 and missing.msg == coll1.get(CASE, {"case_id": other.pk}).msg
    # Nor may a collector assign or change the settings.
    assert (
        coll1.post(
            "/api/backend/assignRecoveryCases", {"case_ids": [own.pk], "assignee_id": one["id"]}
        ).code
        == 403
    )
    assert coll1.post("/api/backend/saveRecoverySetting", {}).code == 403

    # Its own case it works: a contact, then the owner reassigns it in bulk to the other.
    assert coll1.post(
        "/api/backend/addContactRecord",
        {"case_id": own.pk, "channel": "call", "outcome": "reached", "note": "下周还"},
    ).ok
    moved = demo_owner.post(
        "/api/backend/assignRecoveryCases",
        {"case_ids": [own.pk, other.pk], "assignee_id": two["id"]},
    )
    assert moved.data == {"assigned": 2}, moved
    assert coll1.get(CASE, {"case_id": own.pk}).code == 404
    assert coll2.get(COUNT, {}).data["all"]["count"] == 2
    collectors = demo_owner.get("/api/backend/getRecoveryCollectors").data
    assert {(c["username"], c["open_cases"]) for c in collectors} == {("coll1", 0), ("coll2", 2)}


def test_a_sub_shop_sees_only_its_own_cases(demo, demo_owner, app, offer):
    east, west = sub_shop_make(demo_owner, "城东店"), sub_shop_make(demo_owner, "城西店")
    sub_shop_account_make(demo_owner, east["id"], "eastie")
    sub_shop_account_make(demo_owner, west["id"], "westie")
    ours = overdue_lease(demo, demo_owner, app, offer, days=10, n=21)
    theirs = overdue_lease(demo, demo_owner, app, offer, days=10, n=22)
    for order, shop in ((ours, east), (theirs, west)):
        moved = demo_owner.post(
            "/api/backend/allocateToSubShop", {"ids": [order.id], "sub_shop_id": shop["id"]}
        )
        assert moved.ok, moved
    night(demo)
    sibling = case_of(demo, theirs.id)
    eastie = sign_in(HOST, "eastie")
    assert [r["order_no"] for r in eastie.get(CASES, {}).data["list"]] == [ours.no]
    assert eastie.get(COUNT, {}).data["all"]["count"] == 1
    for method, path, body in _calls(sibling.pk, 2):
        assert getattr(eastie, method)(path, body).code == 404, path
    # The owner sees both.
    assert demo_owner.get(CASES, {}).data["total"] == 2


def test_promises_are_decided_by_the_night_a_broken_one_raises_the_priority(
    demo, demo_owner, app, offer
):
    kept_order = overdue_lease(demo, demo_owner, app, offer, days=10, n=31)
    broken_order = overdue_lease(demo, demo_owner, app, offer, days=10, n=32)
    night(demo)
    today = timezone.localdate()
    for order, key in ((kept_order, "kept-promise-1"), (broken_order, "broken-promise-1")):
        case = case_of(demo, order.id)
        made = demo_owner.post(
            "/api/backend/addPromiseToPay",
            {
                "case_id": case.pk,
                "promised_on": (today + timedelta(days=1)).isoformat(),
                "amount": "50.00",
                "idempotency_key": key,
            },
        )
        assert made.ok and made.data["state"] == "pending", made
    # The kept one: the customer pays through the link the collector sent (sandbox QR).
    kept_case = case_of(demo, kept_order.id)
    link = demo_owner.post(
        "/api/backend/sendPaymentLink", {"case_id": kept_case.pk, "idempotency_key": "link-0031"}
    )
    assert link.ok, link
    assert link.data["status"] == "processing" and "/sandbox/cashier/" in link.data["pay_url"]
    assert link.data["period"] == 2 and Decimal(link.data["amount"]) > 0
    provider_settles(demo, customer_pays=link.data["out_trade_no"])
    # Paid through the one settling path: the bill is paid, the case closed at once.
    assert case_of(demo, kept_order.id).state == "closed"

    # Tomorrow night nothing is broken yet (the day has not passed); the night after it is.
    assert night(demo, today + timedelta(days=1))["promises"] == {"kept": 0, "broken": 0}
    assert night(demo, today + timedelta(days=2))["promises"] == {"kept": 0, "broken": 1}
    broken = case_of(demo, broken_order.id)
    assert (broken.broken_promises, broken.priority) == (1, 1)
    detail = demo_owner.get(CASE, {"case_id": broken.pk}).data
    assert [p["state"] for p in detail["promises"]] == ["broken"]
    kept = demo_owner.get(CASE, {"case_id": kept_case.pk}).data
    assert [p["state"] for p in kept["promises"]] == ["kept"]
    # A closed case takes no more work.
    assert (
        demo_owner.post(
            "/api/backend/addContactRecord",
            {"case_id": kept_case.pk, "channel": "call", "outcome": "reached"},
        ).code
        == 409
    )


def test_a_message_from_a_case_goes_through_send_message_and_its_throttle(
    demo, demo_owner, app, offer, china_clock
):
    china_clock(10, 0)  # in the day: no collection message at night
    demo_owner.post("/api/general/baseSet", {"phone": "400-800-1234", "hours": "09:00-21:00"})
    order = overdue_lease(demo, demo_owner, app, offer, days=10, n=41)
    night(demo)
    case = case_of(demo, order.id)
    sent = demo_owner.post(
        "/api/backend/addContactRecord",
        {
            "case_id": case.pk,
            "channel": "sms",
            "outcome": "reached",
            "template_code": "bill_overdue",
            "idempotency_key": "case-sms-0001",
        },
    )
    assert sent.ok, sent
    assert "已逾期" in sent.data["note"]
    with tenant_context(demo):
        [message] = CustomerMessage.objects.filter(order_id=order.id)
        assert message.template_code == "bill_overdue"
    connection.set_schema_to_public()
