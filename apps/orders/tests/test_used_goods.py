"""Leased again as used (issue 63, docs/assets.md "Used goods at a fineness"): a goods item
offers plans at a fineness of their own, with their own rent and deposit; an order on such a
plan reserves a unit of THAT fineness only and ships only a unit of that grade; its contract
and the answers the customer and the shop read state the condition. Real leases through the
calls (`tests/leases.py`)."""

from __future__ import annotations

from io import BytesIO
from typing import Any

from django.db import connection
from django_tenants.utils import tenant_context
from pypdf import PdfReader

from apps.assets.models import Unit
from apps.assets.selectors import unit_to_ship
from apps.assets.services import Identifiers, receipt_scan
from apps.assets.tests.factories import next_imei, next_serial, receipt_of, units_in_stock
from apps.goods.models import StockMovement
from apps.goods.services import sku_tracked_set
from apps.goods.tests.factories import goods_payload, leaf_category
from apps.orders.reads import applet_order, applet_order_row
from tests.leases import Offer, awaiting_shipment, detail_of, place
from zulin.core.errors import ErrorCode

SAVE = "/api/platform/saveGood"
SAVE_AND_ACTIVATE = "/api/platform/saveAndActiveGoods"
DETAIL = "/api/platform/goodsDetail"
SHIP = "/api/merchant/addExpress"

USED_PLAN = {
    "sku_index": 0,
    "term": 12,
    "term_unit": "month",
    "rent": "259.00",
    "deposit": "600.00",
    "buyout_price": "1.00",
    "ownership_transfer": True,
    "fineness": "95",
}


def _in_demo(merchant, work) -> Any:
    with tenant_context(merchant):
        answer = work()
    connection.set_schema_to_public()
    return answer


def _used_95(merchant, owner, *, at_99: int, at_95: int) -> tuple[Offer, Offer, dict[str, Any]]:
    """Goods at 99新 (the factory's) whose first SKU is tracked by unit, `at_99` units of it
    at the goods' fineness and `at_95` returned ones graded 95 in stock, on shelf with a plan
    at 95新 of its own: the 99 offer, the 95 offer and the goods' detail."""
    category = leaf_category()
    goods_id = owner.post(SAVE, goods_payload(category.pk)).data["id"]
    detail = owner.post(DETAIL, {"id": goods_id}).data
    sku_id = detail["spu_list"][0]["id"]

    def stock() -> None:
        sku_tracked_set(actor=None, sku_id=sku_id)
        units_in_stock(sku_id, at_99)
        if at_95:
            line = receipt_of(sku_id, at_95).lines.get()
            for _ in range(at_95):
                identifiers = Identifiers(serial_number=next_serial(), imei1=next_imei())
                receipt_scan(actor=None, line_id=line.pk, identifiers=identifiers, grade="95")

    _in_demo(merchant, stock)
    payload = goods_payload(category.pk, id=goods_id)
    payload["spu_list"] = [
        {**row, "id": sku["id"]}
        for row, sku in zip(payload["spu_list"], detail["spu_list"], strict=True)
    ]
    payload["rent_list"] = [*payload["rent_list"], USED_PLAN]
    saved = owner.post(SAVE_AND_ACTIVATE, payload)
    assert saved.ok, saved
    detail = owner.post(DETAIL, {"id": goods_id}).data
    own, used = detail["rent_list"][0], detail["rent_list"][2]
    return (
        Offer(goods_id=goods_id, sku_id=sku_id, rent_plan_id=own["id"]),
        Offer(goods_id=goods_id, sku_id=sku_id, rent_plan_id=used["id"]),
        detail,
    )


def _units(merchant, sku_id: int, grade: str) -> list[Unit]:
    return _in_demo(
        merchant, lambda: list(Unit.objects.filter(sku_id=sku_id, grade=grade).order_by("id"))
    )


def _plan(owner, offer: Offer) -> dict[str, Any]:
    rent_list = owner.post(DETAIL, {"id": offer.goods_id}).data["rent_list"]
    return next(plan for plan in rent_list if plan["id"] == offer.rent_plan_id)


def _ship(owner, order_id: int, code: str):
    body = {"order_id": order_id, "company_code": "SF", "tracking_no": "SF7100000001"}
    return owner.post(SHIP, {**body, "device_serial": code})


def test_a_used_plan_has_its_own_rent_deposit_and_stock_of_its_fineness(demo, demo_owner):
    own, used, detail = _used_95(demo, demo_owner, at_99=2, at_95=1)

    plan = detail["rent_list"][2]
    assert (plan["fineness"], plan["lease_fineness"], plan["used"]) == ("95", "95", True)
    assert (plan["rent"], plan["deposit"], plan["lease_fineness_name"]) == (
        "259.00",
        "600.00",
        "95新",
    )
    assert plan["stock"] == 1  # its one unit graded 95
    assert (detail["rent_list"][0]["lease_fineness"], detail["rent_list"][0]["stock"]) == ("99", 2)
    sku = detail["spu_list"][0]
    # The SKU's own stock is the goods' fineness; each fineness is said beside it.
    assert (sku["stock"], sku["in_stock"], sku["reserved"]) == (2, 2, 0)
    assert [(row["fineness"], row["available"]) for row in sku["by_fineness"]] == [
        ("99", 2),
        ("95", 1),
    ]


def test_a_used_plan_on_a_counted_sku_is_refused(demo_owner):
    category = leaf_category()
    payload = goods_payload(category.pk)
    payload["rent_list"] = [*payload["rent_list"], USED_PLAN]

    answer = demo_owner.post(SAVE, payload)

    assert answer.code == ErrorCode.VALIDATION, answer
    assert "rent_list.2.fineness" in answer.data["fields"]
    # The goods' own fineness on a plan is no used plan: saved, and kept as the goods'.
    payload["rent_list"][2] = {**USED_PLAN, "fineness": "99"}
    saved = demo_owner.post(SAVE, payload)
    assert saved.ok, saved
    plans = demo_owner.post(DETAIL, {"id": saved.data["id"]}).data["rent_list"]
    assert (plans[2]["fineness"], plans[2]["lease_fineness"], plans[2]["used"]) == ("", "99", True)


def test_an_order_at_95_is_never_served_from_the_99_stock(demo, demo_owner, app):
    own, used, _ = _used_95(demo, demo_owner, at_99=2, at_95=1)

    first = place(app, used, key="used-95-0001", seed=1, phone="13933330001")
    assert first.ok, first
    # The customer's app is told the condition it rents.
    assert (first.data["fineness"], first.data["fineness_name"]) == ("95", "95新")
    # The one unit at 95 is held; the two at 99 are not touched.
    assert (_plan(demo_owner, used)["stock"], _plan(demo_owner, own)["stock"]) == (0, 2)
    reserved = _in_demo(
        demo,
        lambda: (
            StockMovement.objects.get(reference=first.data["order_no"], kind="reserve").fineness
        ),
    )
    assert reserved == "95"

    second = place(app, used, key="used-95-0002", seed=2, phone="13933330002")

    # Two units at 99 stand in stock, yet a second order at 95 finds none of its fineness.
    assert second.code == ErrorCode.STOCK_INSUFFICIENT, second
    assert _plan(demo_owner, own)["stock"] == 2
    # And an order at 99 takes from its own count, never from the 95 one.
    assert place(app, own, key="used-99-0001", seed=3, phone="13933330003").ok
    assert (_plan(demo_owner, used)["stock"], _plan(demo_owner, own)["stock"]) == (0, 1)


def test_a_used_order_ships_only_a_unit_of_its_fineness(demo, demo_owner, app, client):
    own, used, _ = _used_95(demo, demo_owner, at_99=1, at_95=1)
    (at_99,) = _units(demo, used.sku_id, "99")
    (at_95,) = _units(demo, used.sku_id, "95")
    # What the demo's shipments pick: the oldest unit of the order's grade, never another.
    picked = _in_demo(demo, lambda: unit_to_ship(used.sku_id, None, grade="95"))
    assert (picked.pk, _in_demo(demo, lambda: unit_to_ship(used.sku_id, None)).pk) == (
        at_95.pk,
        at_99.pk,
    )
    order = awaiting_shipment(
        demo, demo_owner, app, used, key="used-ship-01", seed=4, phone="13933330004"
    )

    checked = demo_owner.get("/api/backend/findUnit", {"code": at_99.imei1, "order_id": order.id})
    refused = _ship(demo_owner, order.id, at_99.imei1)

    assert checked.data["ship_check"]["ok"] is False
    assert refused.code == ErrorCode.UNIT_WRONG_GRADE, refused
    assert "99新" in refused.msg and "95新" in refused.msg
    assert _in_demo(demo, lambda: Unit.objects.get(pk=at_99.pk).status) == "in_stock"

    shipped = _ship(demo_owner, order.id, at_95.imei1)

    assert shipped.ok, shipped
    assert _in_demo(demo, lambda: Unit.objects.get(pk=at_95.pk).order_id) == order.id
    # What the shop and the customer read: the condition rented.
    detail = detail_of(demo_owner, order.id)
    assert (detail["fineness"], detail["fineness_name"]) == ("95", "95新")
    applet = _in_demo(demo, lambda: applet_order_row(applet_order(order.no)))
    assert (applet["fineness"], applet["fineness_name"]) == ("95", "95新")
    # The contract states it.
    link = demo_owner.post(
        "/api/applet/lookContract", {"order_id": order.id, "reason": "核对成色条款"}
    ).data["url"]
    pdf = PdfReader(
        BytesIO(b"".join(client.get(link, HTTP_HOST="demo.localhost").streaming_content))
    )
    text = "".join(page.extract_text() for page in pdf.pages).replace(" ", "")
    assert "成色95新" in text.replace("\n", "")
