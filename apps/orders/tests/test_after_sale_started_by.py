"""Who started an after-sale business (issue 41): the customer's request waits for the shop's
decision; a return the shop starts for the customer is the shop's decision already — it
starts approved, the order returning at once, with no approval the shop would give itself —
and the timeline names the shop's person as the one who started it. Settling it moves the
same money as a customer's return."""

from __future__ import annotations

from typing import Any

from tests.leases import deposit_of, detail_of, in_lease, provider_settles

SHOP_APPLY = "/api/platform/applyAfterSale"
APPLET_APPLY = "/api/applet/applyAfterSale"
DEAL = "/api/platform/dealAfterSale"


def _entries(detail: dict[str, Any], action: str) -> list[dict[str, Any]]:
    return [row for row in detail["timeline"] if row["action"] == action]


def test_a_return_the_shop_starts_is_approved_at_once_and_names_the_shops_person(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)

    opened = demo_owner.post(
        SHOP_APPLY, {"order_id": order.id, "kind": "return", "reason": "客户来电要求退租"}
    )

    assert opened.ok, opened
    assert (opened.data["kind"], opened.data["status"], opened.data["started_by"]) == (
        "return",
        "approved",
        "shop",
    )
    detail = detail_of(demo_owner, order.id)
    assert (detail["status"], detail["stage"], detail["has_open_after_sale"]) == (
        "returning",
        "after_sale",
        True,
    )
    assert detail["after_sales"][0]["started_by"] == "shop"
    # No approval step the shop would give itself: there is nothing left to approve or reject.
    again = demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"})
    assert again.code == 409
    rejected = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "reject", "reject_code": "other"}
    )
    assert rejected.code == 409
    assert "return_receive" in detail["actions"]
    # The timeline: the shop's person opened it for the customer, and moved the order.
    shop_person = _entries(detail, "audit_pass")[0]["actor"]
    assert shop_person and shop_person != "system"
    [started] = _entries(detail, "order.after_sale_open")
    assert started["actor"] == shop_person
    assert started["after"]["started_by"] == "shop"
    assert started["after"]["kind"] == "return"
    [move] = _entries(detail, "return_start")
    assert (move["from_status"], move["to_status"], move["actor"]) == (
        "in_lease",
        "returning",
        shop_person,
    )
    assert _entries(detail, "order.after_sale_approve") == []


def test_a_customers_return_still_waits_for_the_shops_decision(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)

    assert app.post(APPLET_APPLY, {"order_no": order.no, "kind": "return"}).ok

    detail = detail_of(demo_owner, order.id)
    business = detail["after_sales"][0]
    assert (business["status"], business["started_by"]) == ("open", "customer")
    assert detail["status"] == "in_lease"
    [started] = _entries(detail, "order.after_sale_open")
    assert (started["actor"], started["after"]["started_by"]) == ("system", "customer")
    approved = demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"})
    assert approved.ok, approved
    assert detail_of(demo_owner, order.id)["status"] == "returning"


def test_a_shop_started_business_other_than_a_return_still_waits_for_a_decision(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)

    opened = demo_owner.post(SHOP_APPLY, {"order_id": order.id, "kind": "renewal", "extra_term": 2})

    assert opened.ok, opened
    assert (opened.data["status"], opened.data["started_by"]) == ("open", "shop")
    assert detail_of(demo_owner, order.id)["status"] == "in_lease"


def _settled(owner, order_id: int, *, approve: bool) -> dict[str, str]:
    if approve:
        assert owner.post(DEAL, {"order_id": order_id, "decision": "approve"}).ok
    for payload in (
        {"decision": "receive", "device_serial": "IMEI-1"},
        {"decision": "inspect", "damage_amount": "200.00"},
    ):
        answer = owner.post(DEAL, {"order_id": order_id, **payload})
        assert answer.ok, (payload, answer)
    return deposit_of(owner, order_id)


def test_a_shop_started_return_settles_the_same_money_as_a_customers(demo, demo_owner, app, offer):
    by_shop = in_lease(demo, demo_owner, app, offer)
    by_customer = in_lease(demo, demo_owner, app, offer, key="started-by-customer", seed=1)
    assert demo_owner.post(SHOP_APPLY, {"order_id": by_shop.id, "kind": "return"}).ok
    assert app.post(APPLET_APPLY, {"order_no": by_customer.no, "kind": "return"}).ok

    _settled(demo_owner, by_shop.id, approve=False)
    _settled(demo_owner, by_customer.id, approve=True)
    provider_settles(demo)

    shop_detail = detail_of(demo_owner, by_shop.id)
    customer_detail = detail_of(demo_owner, by_customer.id)
    assert shop_detail["status"] == customer_detail["status"] == "completed"
    assert deposit_of(demo_owner, by_shop.id) == deposit_of(demo_owner, by_customer.id)
    assert deposit_of(demo_owner, by_shop.id)["transferred"] == "200.00"

    def bills(detail: dict[str, Any]) -> list[tuple[int, str, str, str]]:
        return [(b["period"], b["kind"], b["amount"], b["status"]) for b in detail["bills"]]

    assert bills(shop_detail) == bills(customer_detail)
