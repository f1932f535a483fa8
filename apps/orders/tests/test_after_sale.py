"""After-sale businesses the customer opens and the shop decides: buyout (its price falls
with each period paid), renewal, rejection with a listed reason, one business at a time,
and a refund before shipment."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django_tenants.utils import tenant_context

from apps.billing.models import BillRefund
from apps.goods.models import Sku
from tests.events import events_of
from tests.fixtures import ApiClient
from tests.leases import (
    awaiting_shipment,
    bill_states,
    books_balance,
    deposit_of,
    detail_of,
    in_lease,
    order_books,
    order_settings_save,
    provider_settles,
)

APPLY = "/api/applet/applyAfterSale"
DEAL = "/api/platform/dealAfterSale"


def _apply(app, order, kind: str, **extra):
    return app.post(APPLY, {"order_no": order.no, "kind": kind, **extra})


def _business(owner, order_id) -> dict:
    """The order's newest after-sale business."""
    return detail_of(owner, order_id)["after_sales"][0]


def _months(day: date) -> int:
    return day.year * 12 + day.month


def test_the_buyout_price_falls_with_each_period_paid(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    # Bill 1 paid: the plan's 1.00 + 11 unpaid periods of 399.00.
    assert _apply(app, order, "buyout").ok
    assert _business(demo_owner, order.id)["amount"] == "4390.00"
    rejected = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "reject", "reject_code": "not_in_window"}
    )
    assert rejected.ok, rejected
    assert demo_owner.post(
        "/api/v2/BillPayment", {"order_id": order.id, "period": 2, "idempotency_key": "bill-2-pay"}
    ).ok
    provider_settles(demo)

    assert _apply(app, order, "buyout").ok

    assert _business(demo_owner, order.id)["amount"] == "3991.00"


def test_an_approved_buyout_ends_the_lease_once_its_bill_is_paid(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    order_settings_save(demo_owner, discount="0.1000")  # 10 % of the remaining rent waived
    opened = _apply(app, order, "buyout", reason="想留下这台手机")
    assert opened.data["stage"] == "after_sale", opened

    approved = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "approve", "idempotency_key": "buyout-0001"}
    )

    # 1.00 + 11 × 399.00 − 10 % of 4389.00 (438.90)
    assert approved.ok, approved
    assert (approved.data["status"], approved.data["amount"]) == ("approved", "3951.10")
    # The buyout is an early settlement with the buyout price, charged by withhold: every
    # bill it pays is held meanwhile; nothing ends before the provider confirms.
    before = detail_of(demo_owner, order.id)
    assert before["status"] == "in_lease" and before["stage"] == "after_sale"
    assert {bill_states(demo_owner, order.id)[period] for period in range(2, 13)} == {"paying"}

    provider_settles(demo)

    after = detail_of(demo_owner, order.id)
    assert (after["status"], after["stage"], after["has_open_after_sale"]) == (
        "bought_out",
        "finished",
        False,
    )
    assert after["after_sales"][0]["status"] == "done"
    # Every bill paid by the one settlement (the later rent less its discount), none
    # cancelled away.
    assert set(bill_states(demo_owner, order.id).values()) == {"paid"}
    assert deposit_of(demo_owner, order.id) == {
        "frozen": "500.00",
        "transferred": "0.00",
        "thawed": "500.00",
        "remaining": "0.00",
        "state": "settled",
    }
    books = order_books(demo, order.id)
    assert (books["buyout_income"], books["early_settlement_discount"]) == (
        Decimal("1.00"),
        Decimal("438.90"),
    )
    assert books_balance(demo) == []


def test_a_buyout_before_the_shops_first_buyout_period_is_refused(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    order_settings_save(demo_owner, from_period=3)

    refused = _apply(app, order, "buyout")

    assert refused.code == 1306
    assert detail_of(demo_owner, order.id)["after_sales"] == []


def test_a_renewal_adds_bills_and_moves_the_lease_end(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    before = detail_of(demo_owner, order.id)
    assert _apply(app, order, "renewal", extra_term=0).code == 400
    assert _apply(app, order, "renewal", extra_term=3).ok

    approved = demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"})

    assert approved.ok and approved.data["status"] == "done", approved
    after = detail_of(demo_owner, order.id)
    bills = {b["period"]: b for b in after["bills"]}
    assert sorted(bills) == list(range(1, 16))
    assert all(bills[p]["amount"] == "399.00" and bills[p]["status"] == "unpaid" for p in (13, 14))
    dues = [date.fromisoformat(bills[p]["due_date"]) for p in range(12, 16)]
    assert [_months(d) - _months(dues[0]) for d in dues] == [0, 1, 2, 3]
    lease_end_before = date.fromisoformat(before["lease_end"])
    lease_end_after = date.fromisoformat(after["lease_end"])
    assert _months(lease_end_after) - _months(lease_end_before) == 3
    assert (after["term"], after["total_rent"]) == (15, "5985.00")
    assert (after["status"], after["stage"]) == ("in_lease", "dealing")


def test_a_business_is_rejected_with_a_listed_reason_and_the_lease_goes_on(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    reasons = demo_owner.get("/api/platform/getAfterSaleRejectReason").data
    labels = {row["code"]: row["label"] for row in reasons}
    assert {"bills_unpaid", "other"} <= set(labels)
    assert _apply(app, order, "return", reason="不想用了").ok

    unknown = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "reject", "reject_code": "because"}
    )
    rejected = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "reject", "reject_code": "bills_unpaid"}
    )

    assert unknown.code == 400
    assert rejected.ok, rejected
    assert (rejected.data["status"], rejected.data["reject_reason"]) == (
        "rejected",
        labels["bills_unpaid"],
    )
    after = detail_of(demo_owner, order.id)
    assert (after["status"], after["stage"], after["has_open_after_sale"]) == (
        "in_lease",
        "dealing",
        False,
    )
    # Nothing open any more: a second decision has nothing to decide.
    assert demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"}).code == 409
    # "other" keeps the shop's own words.
    assert _apply(app, order, "return").ok
    own_words = demo_owner.post(
        DEAL,
        {
            "order_id": order.id,
            "decision": "reject",
            "reject_code": "other",
            "reason": "设备在外地",
        },
    )
    assert own_words.data["reject_reason"] == "设备在外地"
    # Each business opened and decided is an after_sale.changed event, as it then stood.
    changed = events_of(demo, "after_sale.changed")
    assert [(e["action"], e["status"], e["order_id"]) for e in changed] == [
        ("open", "open", order.id),
        ("reject", "rejected", order.id),
        ("open", "open", order.id),
        ("reject", "rejected", order.id),
    ]
    assert changed[-1]["reject_reason"] == "设备在外地" and changed[-1]["finished_at"]


def test_a_listed_refusal_reads_in_the_readers_language_the_shops_own_words_as_typed(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    english = ApiClient(demo_owner.host, token=demo_owner.token, language="en")
    assert _apply(app, order, "return").ok
    assert demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "reject", "reject_code": "bills_unpaid"}
    ).ok
    assert _apply(app, order, "return").ok
    own = {
        "order_id": order.id,
        "decision": "reject",
        "reject_code": "other",
        "reason": "设备在外地",
    }
    assert demo_owner.post(DEAL, own).ok

    in_english = detail_of(english, order.id)
    in_chinese = detail_of(demo_owner, order.id)

    assert [a["reject_reason"] for a in in_english["after_sales"]] == [
        "设备在外地",
        "Bills are still unpaid",
    ]
    assert [a["reject_reason"] for a in in_chinese["after_sales"]] == [
        "设备在外地",
        "存在未结清的账单",
    ]
    refusals = [
        row["reason"]
        for row in in_english["timeline"]
        if row.get("action") == "order.after_sale_reject"
    ]
    assert refusals == ["设备在外地", "Bills are still unpaid"]


def test_a_second_business_while_one_is_open_is_refused(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    assert _apply(app, order, "return").ok

    second = _apply(app, order, "renewal", extra_term=2)

    assert second.code == 1302
    assert [(b["kind"], b["status"]) for b in detail_of(demo_owner, order.id)["after_sales"]] == [
        ("return", "open")
    ]
    # The open business is the only thing the shop may act on.
    assert "renewal" not in detail_of(demo_owner, order.id)["actions"]


def test_a_refund_before_shipment_gives_everything_back(demo, demo_owner, app, offer):
    order = awaiting_shipment(demo, demo_owner, app, offer)
    with tenant_context(demo):
        stock_before = Sku.objects.get(pk=offer.sku_id).stock
    assert _apply(app, order, "refund", reason="不想要了").ok

    approved = demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"})

    assert approved.ok and approved.data["status"] == "done", approved
    provider_settles(demo)
    after = detail_of(demo_owner, order.id)
    assert (after["status"], after["stage"]) == ("refunded", "finished")
    states = bill_states(demo_owner, order.id)
    assert states[1] == "paid" and {states[p] for p in range(2, 13)} == {"cancelled"}
    with tenant_context(demo):
        refunds = list(
            BillRefund.objects.filter(order_id=order.id).values_list("amount", "status", "purpose")
        )
        assert Sku.objects.get(pk=offer.sku_id).stock == stock_before + 1
    assert refunds == [(Decimal("399.00"), "succeeded", "order")]
    assert deposit_of(demo_owner, order.id)["thawed"] == "500.00"
    assert deposit_of(demo_owner, order.id)["remaining"] == "0.00"
    assert order_books(demo, order.id).get("rent_income", Decimal("0")) == Decimal("399.00")
    assert order_books(demo, order.id)["refunds"] == Decimal("399.00")
    assert books_balance(demo) == []


def test_a_refund_is_refused_once_the_goods_are_out(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)

    refused = _apply(app, order, "refund")

    assert refused.code == 409 and refused.data == {"from": "in_lease", "to": "refunded"}
    assert detail_of(demo_owner, order.id)["after_sales"] == []


def test_rent_is_not_charged_again_while_an_approved_buyout_includes_it(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    assert _apply(app, order, "buyout").ok
    approved = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "approve", "idempotency_key": "buyout-0002"}
    )
    assert approved.data["amount"] == "4390.00"  # bills 2-12 are in the price

    by_withhold = demo_owner.post(
        "/api/v2/BillPayment", {"order_id": order.id, "period": 2, "idempotency_key": "bill-2-0002"}
    )
    by_deposit = demo_owner.post(
        "/api/platform/depositTransferPay",
        {"order_id": order.id, "purpose": "bills", "idempotency_key": "transfer-0009"},
    )
    provider_settles(demo)

    assert by_withhold.code == 1302 and by_deposit.code == 1302
    assert detail_of(demo_owner, order.id)["status"] == "bought_out"
    # Bills 2-12 are paid by the buyout's settlement, once; none is cancelled away.
    assert set(bill_states(demo_owner, order.id).values()) == {"paid"}
    books = order_books(demo, order.id)
    assert (books["rent_income"], books["buyout_income"]) == (Decimal("4788.00"), Decimal("1.00"))
    assert books_balance(demo) == []
