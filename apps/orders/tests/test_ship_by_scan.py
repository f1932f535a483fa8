"""Orders use units (issue 43, docs/orders.md "Devices"): for a SKU tracked by unit the
shipment's `device_serial` is the scanned code, its unit bound to the order and the stock
reservation consumed in the shipping transaction; returns, exchanges, buyouts and
write-offs move the unit. Real leases through the calls (`tests/leases.py`)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.assets.models import Unit, UnitMovement
from apps.assets.services import (
    Identifiers,
    receipt_scan,
    transfer_receive,
    transfer_send,
    unit_adjust,
)
from apps.assets.tests.factories import next_imei, receipt_of, units_in_stock
from apps.goods.models import StockMovement
from apps.goods.selectors import sku_stocks
from apps.goods.services import sku_tracked_set
from apps.orders.devices import device_lost
from apps.orders.models import Order
from apps.recovery.tests.support import CASE, case_of, night, past_due
from apps.subshops.tests.factories import sub_shop_make
from tests.leases import (
    Offer,
    awaiting_shipment,
    detail_of,
    goods_on_shelf,
    in_lease,
    place,
    provider_settles,
)
from zulin.core.errors import ApplicationError, ErrorCode

SHIP = "/api/merchant/addExpress"
UPDATE = "/api/merchant/updateExpress"
DEAL = "/api/platform/dealAfterSale"


def tracked_offer(merchant, owner, units: int = 3) -> tuple[Offer, list[Unit]]:
    """Goods on shelf whose SKU is tracked by unit, `units` of it received in the warehouse."""
    offer = goods_on_shelf(owner)
    with tenant_context(merchant):
        sku_tracked_set(actor=None, sku_id=offer.sku_id)
        made = units_in_stock(offer.sku_id, units)
    connection.set_schema_to_public()
    return offer, made


def _ship(owner, order_id: int, code: str, tracking_no: str = "SF7000000001"):
    return owner.post(
        SHIP,
        {
            "order_id": order_id,
            "company_code": "SF",
            "tracking_no": tracking_no,
            "device_serial": code,
        },
    )


def _unit(merchant, unit_id: int) -> Unit:
    with tenant_context(merchant):
        unit = Unit.objects.get(pk=unit_id)
    connection.set_schema_to_public()
    return unit


def _in_demo(merchant, work) -> Any:
    with tenant_context(merchant):
        answer = work()
    connection.set_schema_to_public()
    return answer


def _orderable(merchant, offer: Offer) -> int:
    rows = _in_demo(merchant, lambda: sku_stocks(offer.goods_id, session=None))
    return {row["sku_id"]: row["stock"] for row in rows}[offer.sku_id]


def _lease(merchant, owner, app, offer, n: int, **extra):
    return awaiting_shipment(
        merchant, owner, app, offer, key=f"scan-{n:04d}", seed=n, phone=f"1392222{n:04d}", **extra
    )


def test_a_scan_binds_its_unit_and_consumes_the_reservation(demo, demo_owner, app):
    offer, (first, second) = tracked_offer(demo, demo_owner, units=2)
    order = _lease(demo, demo_owner, app, offer, 1)
    assert _orderable(demo, offer) == 1  # two in stock, one reserved
    # The scan the ship dialog makes first (findUnit with the order): the same rule.
    checked = demo_owner.get("/api/backend/findUnit", {"code": first.imei1, "order_id": order.id})
    assert checked.ok and checked.data["ship_check"] == {"ok": True, "reason": ""}, checked

    shipped = _ship(demo_owner, order.id, first.imei1)

    assert shipped.ok and shipped.data["status"] == "shipped", shipped
    unit = _unit(demo, first.pk)
    assert (unit.status, unit.order_id, unit.sub_shop_id) == ("out_with_customer", order.id, None)
    consumed = _in_demo(
        demo,
        lambda: list(
            StockMovement.objects.filter(sku_id=offer.sku_id, reference=order.no).values_list(
                "kind", flat=True
            )
        ),
    )
    assert sorted(consumed) == ["consume", "reserve"]
    assert _orderable(demo, offer) == 1  # the unit left stock and the reservation with it
    detail = detail_of(demo_owner, order.id)
    assert detail["sku_tracked"] is True
    assert detail["unit"] == {
        "id": first.pk,
        "serial_number": first.serial_number,
        "imei1": first.imei1,
        "imei2": "",
        "meid": "",
        "grade": "99",
        "status": "out_with_customer",
        "customer_todo": [],
    }
    assert detail["device_serial"] == first.imei1
    [parcel] = detail["shipments"]
    assert (parcel["serial_number"], parcel["imei1"]) == (first.serial_number, first.imei1)
    assert _unit(demo, second.pk).status == "in_stock"
    moves = _in_demo(
        demo,
        lambda: list(
            UnitMovement.objects.filter(unit_id=first.pk).values_list("action", "order_id")
        ),
    )
    assert moves == [("receive", None), ("ship", order.id)]
    # The device's page names the order (orders' facts, registered by orders) and what its
    # customer paid on it.
    device = demo_owner.get("/api/backend/getUnitDetail", {"id": first.pk})
    assert device.ok, device
    assert device.data["order_no"] == order.no
    [held] = device.data["orders"]
    assert (held["order_no"], held["status"], held["paid"]) == (
        order.no,
        "shipped",
        f"{sum(Decimal(bill['paid_amount']) for bill in detail['bills']):.2f}",  # bill 1
    )
    again = demo_owner.get("/api/backend/findUnit", {"code": first.imei1, "order_id": order.id})
    assert again.data["ship_check"]["ok"] is False  # out with its customer now


def test_a_serial_number_scans_as_well_in_either_case(demo, demo_owner, app):
    offer, (unit,) = tracked_offer(demo, demo_owner, units=1)
    order = _lease(demo, demo_owner, app, offer, 2)

    assert _ship(demo_owner, order.id, f"  {unit.serial_number.lower()} ").ok

    assert _unit(demo, unit.pk).order_id == order.id


def test_a_scan_that_names_no_unit_the_wrong_sku_or_one_not_in_stock_is_refused_whole(
    demo, demo_owner, app
):
    offer, (unit, spare) = tracked_offer(demo, demo_owner, units=2)
    other, (stranger,) = tracked_offer(demo, demo_owner, units=1)
    order = _lease(demo, demo_owner, app, offer, 3)
    rival = _lease(demo, demo_owner, app, other, 4)
    same = _lease(demo, demo_owner, app, offer, 5)

    missing = _ship(demo_owner, order.id, next_imei())
    wrong = _ship(demo_owner, order.id, stranger.imei1)
    blank = _ship(demo_owner, order.id, "")

    assert missing.code == 1240 and missing.data["code"], missing
    assert wrong.code == 1241 and wrong.data["unit_id"] == stranger.pk, wrong
    assert blank.code == 400, blank
    # The other order ships the stranger; scanning it again names where it is now.
    assert _ship(demo_owner, rival.id, stranger.serial_number, tracking_no="SF7000000002").ok
    wrong_again = _ship(demo_owner, order.id, stranger.imei1)
    assert wrong_again.code == 1241
    # Nothing half-saved: the order waits, no parcel, its unit still in stock.
    detail = detail_of(demo_owner, order.id)
    assert (detail["status"], detail["shipments"], detail["unit"]) == (
        "awaiting_shipment",
        [],
        None,
    )
    assert _unit(demo, unit.pk).status == "in_stock"
    assert not _in_demo(
        demo, lambda: StockMovement.objects.filter(reference=order.no, kind="consume").exists()
    )
    # A unit of the right SKU already out with another order: not available, naming it.
    assert _ship(demo_owner, order.id, unit.imei1).ok
    taken = _ship(demo_owner, same.id, unit.imei1, tracking_no="SF7000000003")
    assert taken.code == 1242, taken
    assert (taken.data["status"], taken.data["place_name"], taken.data["order_id"]) == (
        "out_with_customer",
        "总仓",
        order.id,
    )
    assert "在客户处" in taken.msg
    assert _ship(demo_owner, same.id, spare.imei1, tracking_no="SF7000000003").ok


def test_a_sub_shops_order_ships_from_the_warehouse_or_its_own_sub_shop_only(demo, demo_owner, app):
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店", phone="13600000011")
    offer, (at_east, at_west, in_warehouse) = tracked_offer(demo, demo_owner, units=3)
    with tenant_context(demo):
        for unit, shop in ((at_east, east), (at_west, west)):
            sent = transfer_send(actor=None, unit_ids=[unit.pk], to_sub_shop_id=shop["id"])
            transfer_receive(actor=None, transfer_id=sent.pk)
    connection.set_schema_to_public()
    order = _lease(demo, demo_owner, app, offer, 6, sub_shop_id=east["id"])
    other = _lease(demo, demo_owner, app, offer, 7, sub_shop_id=east["id"])
    own = _lease(demo, demo_owner, app, offer, 8)  # the shop's own order: the warehouse only

    elsewhere = _ship(demo_owner, order.id, at_west.imei1)
    assert elsewhere.code == 1242 and elsewhere.data["place_name"] == "城西店", elsewhere
    assert _ship(demo_owner, own.id, at_east.imei1).code == 1242
    assert _ship(demo_owner, order.id, at_east.imei1).ok
    assert _ship(demo_owner, other.id, in_warehouse.imei1, tracking_no="SF7000000009").ok
    assert _unit(demo, at_east.pk).sub_shop_id == east["id"]


def test_a_counted_sku_ships_as_before(demo, demo_owner, app):
    offer = goods_on_shelf(demo_owner)
    order = _lease(demo, demo_owner, app, offer, 9)

    assert _ship(demo_owner, order.id, "ANY-TEXT-1").ok

    detail = detail_of(demo_owner, order.id)
    assert (detail["device_serial"], detail["unit"], detail["sku_tracked"]) == (
        "ANY-TEXT-1",
        None,
        False,
    )
    assert detail["shipments"][0]["serial_number"] == ""


def test_correcting_a_shipment_to_another_unit_gives_the_first_back_to_stock(demo, demo_owner, app):
    offer, (first, second) = tracked_offer(demo, demo_owner, units=2)
    order = _lease(demo, demo_owner, app, offer, 10)
    assert _ship(demo_owner, order.id, first.imei1).ok
    body = {"order_id": order.id, "company_code": "SF", "tracking_no": "SF7000000010"}

    same = demo_owner.post(UPDATE, {**body, "device_serial": first.serial_number})
    assert same.ok and _unit(demo, first.pk).status == "out_with_customer", same
    unknown = demo_owner.post(UPDATE, {**body, "device_serial": next_imei()})
    assert unknown.code == 1240 and _unit(demo, first.pk).status == "out_with_customer"
    corrected = demo_owner.post(UPDATE, {**body, "device_serial": second.imei1})

    assert corrected.ok, corrected
    back, out = _unit(demo, first.pk), _unit(demo, second.pk)
    assert (back.status, back.order_id, back.sub_shop_id) == ("in_stock", None, None)
    assert (out.status, out.order_id) == ("out_with_customer", order.id)
    assert corrected.data["imei1"] == second.imei1
    assert detail_of(demo_owner, order.id)["unit"]["id"] == second.pk
    actions = _in_demo(
        demo,
        lambda: list(
            UnitMovement.objects.filter(unit_id=first.pk).values_list("action", "order_id")
        ),
    )
    assert actions == [("receive", None), ("ship", order.id), ("ship_correct", order.id)]
    assert _orderable(demo, offer) == 1  # the first unit is orderable again


def test_a_return_checks_the_scan_against_the_orders_unit_and_receives_it(demo, demo_owner, app):
    offer, (unit, _) = tracked_offer(demo, demo_owner, units=2)
    order = in_lease(demo, demo_owner, app, offer, serial=unit.imei1, key="scan-0011", seed=11)
    assert app.post("/api/applet/applyAfterSale", {"order_no": order.no, "kind": "return"}).ok
    assert demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"}).ok
    sent_back = app.post(
        "/api/applet/returnShipment",
        {"order_no": order.no, "company_code": "SF", "tracking_no": "SF8000000011"},
    )
    assert sent_back.ok, sent_back
    assert _unit(demo, unit.pk).status == "returning"

    wrong = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "receive", "device_serial": next_imei()}
    )
    assert wrong.code == 1307 and wrong.data["unit_id"] == unit.pk, wrong
    assert _unit(demo, unit.pk).status == "returning"
    before = timezone.now().replace(microsecond=0)
    received = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "receive", "device_serial": unit.serial_number}
    )

    assert received.ok, received
    back = _unit(demo, unit.pk)
    assert (back.status, back.order_id) == ("received", order.id)
    assert detail_of(demo_owner, order.id)["status"] == "inspecting"
    assert detail_of(demo_owner, order.id)["unit"]["status"] == "received"
    # The unit's history: the order's return time is the moment the shop confirmed it back.
    history = demo_owner.get("/api/backend/getUnitDetail", {"id": unit.pk})
    [row] = [row for row in history.data["orders"] if row["order_id"] == order.id]
    returned_at = datetime.fromisoformat(row["returned_at"])
    assert before <= returned_at <= timezone.now(), row


def test_an_exchange_receives_the_old_unit_and_ships_a_new_one_by_scan(demo, demo_owner, app):
    offer, (old, new) = tracked_offer(demo, demo_owner, units=2)
    order = in_lease(demo, demo_owner, app, offer, serial=old.imei1, key="scan-0012", seed=12)
    assert app.post("/api/applet/applyAfterSale", {"order_no": order.no, "kind": "exchange"}).ok
    assert demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"}).ok
    # Before the old device is back the order ships nothing: its screen offers the receipt.
    assert _ship(demo_owner, order.id, new.imei1).code == 1302
    actions = detail_of(demo_owner, order.id)["actions"]
    assert "return_receive" in actions and "ship" not in actions
    assert app.post(
        "/api/applet/returnShipment",
        {"order_no": order.no, "company_code": "SF", "tracking_no": "SF8000000012"},
    ).ok
    assert demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "receive", "device_serial": old.imei1}
    ).ok
    assert _unit(demo, old.pk).status == "received"
    actions = detail_of(demo_owner, order.id)["actions"]
    assert "ship" in actions and "return_receive" not in actions  # now the new device
    checked = demo_owner.get(
        "/api/backend/findUnit", {"code": new.serial_number, "order_id": order.id}
    )
    assert checked.data["ship_check"] == {"ok": True, "reason": ""}, checked

    assert _ship(demo_owner, order.id, old.imei1, tracking_no="SF8000000013").code == 1242
    sent = _ship(demo_owner, order.id, new.serial_number, tracking_no="SF8000000013")

    assert sent.ok, sent
    detail = detail_of(demo_owner, order.id)
    assert (detail["status"], detail["has_open_after_sale"]) == ("in_lease", False)
    assert detail["after_sales"][0]["status"] == "done"
    assert detail["unit"]["id"] == new.pk and detail["device_serial"] == new.serial_number
    assert [(s["direction"], s["imei1"]) for s in detail["shipments"]] == [
        ("out", old.imei1),
        ("return", ""),
        ("out", new.imei1),
    ]
    assert (_unit(demo, new.pk).status, _unit(demo, new.pk).order_id) == (
        "out_with_customer",
        order.id,
    )
    # The new device comes back like any other.
    assert app.post("/api/applet/applyAfterSale", {"order_no": order.no, "kind": "return"}).ok
    assert demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"}).ok
    old_scan = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "receive", "device_serial": old.imei1}
    )
    assert old_scan.code == 1307
    assert demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "receive", "device_serial": new.imei1}
    ).ok


def test_a_refund_before_shipping_gives_the_reserved_unit_back(demo, demo_owner, app):
    offer, (unit,) = tracked_offer(demo, demo_owner, units=1)
    order = _lease(demo, demo_owner, app, offer, 13)
    assert _orderable(demo, offer) == 0

    assert app.post("/api/applet/applyAfterSale", {"order_no": order.no, "kind": "refund"}).ok
    assert demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"}).ok

    assert detail_of(demo_owner, order.id)["status"] == "refunded"
    assert _orderable(demo, offer) == 1
    assert _unit(demo, unit.pk).status == "in_stock"


def test_a_buyout_sells_the_unit(demo, demo_owner, app):
    offer, (unit,) = tracked_offer(demo, demo_owner, units=1)
    order = in_lease(demo, demo_owner, app, offer, serial=unit.imei1, key="scan-0014", seed=14)
    assert app.post("/api/applet/applyAfterSale", {"order_no": order.no, "kind": "buyout"}).ok
    assert demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "approve", "idempotency_key": "buyout-scan-14"}
    ).ok
    assert _unit(demo, unit.pk).status == "out_with_customer"  # nothing before it is paid

    provider_settles(demo)

    assert detail_of(demo_owner, order.id)["status"] == "bought_out"
    sold = _unit(demo, unit.pk)
    assert (sold.status, sold.order_id) == ("sold", order.id)
    # Sold: its identifiers are free for a device bought again later.
    with tenant_context(demo):
        line = receipt_of(offer.sku_id, 1).lines.get()
        again = receipt_scan(actor=None, line_id=line.pk, identifiers=Identifiers(imei1=unit.imei1))
    connection.set_schema_to_public()
    assert again.pk != unit.pk


def test_a_written_off_lease_loses_its_unit_and_a_found_device_comes_back_received(
    demo, demo_owner, app
):
    offer, (unit,) = tracked_offer(demo, demo_owner, units=1)
    order = in_lease(demo, demo_owner, app, offer, serial=unit.imei1, key="scan-0015", seed=15)
    past_due(demo, order.id, 200)
    night(demo)
    case = case_of(demo, order.id)
    before = demo_owner.get(CASE, {"case_id": case.pk}).data["order"]["device"]
    assert (before["id"], before["imei1"], before["status"]) == (
        unit.pk,
        unit.imei1,
        "out_with_customer",
    )

    written = demo_owner.post(
        "/api/backend/writeOffDebt",
        {"case_id": case.pk, "reason": "失联逾期超半年", "idempotency_key": "scan-wo-0015"},
    )

    assert written.ok, written
    lost = _unit(demo, unit.pk)
    assert (lost.status, lost.order_id) == ("lost", order.id)
    last = _in_demo(demo, lambda: UnitMovement.objects.filter(unit_id=unit.pk).last())
    assert (last.action, last.reason, last.order_id) == ("lose", "核销：失联逾期超半年", order.id)
    assert demo_owner.get(CASE, {"case_id": case.pk}).data["order"]["device"]["status"] == "lost"
    assert detail_of(demo_owner, order.id)["unit"]["status"] == "lost"
    # Lost keeps its identifiers: the same IMEI is not received again as a new unit.
    with tenant_context(demo):
        line = receipt_of(offer.sku_id, 1).lines.get()
        try:
            receipt_scan(actor=None, line_id=line.pk, identifiers=Identifiers(imei1=unit.imei1))
            raise AssertionError("a lost unit's IMEI was received again")
        except ApplicationError as taken:
            assert taken.code == ErrorCode.UNIT_IDENTIFIER_TAKEN
        found = unit_adjust(
            actor=None, unit_id=unit.pk, action="find", reason="客户归还设备（核销后追回）"
        )
    connection.set_schema_to_public()

    assert (found.status, found.order_id) == ("received", order.id)
    assert detail_of(demo_owner, order.id)["unit"]["status"] == "received"


def test_a_write_off_after_the_device_came_back_leaves_the_unit_alone(demo):
    """Nothing out: a write-off of a lease whose unit came back changes no unit."""
    with tenant_context(demo):
        assert device_lost(order_id=999_999, actor=None, reason="核销") is False
    connection.set_schema_to_public()


def test_a_purchase_ships_by_scan_and_its_delivery_sells_the_unit(demo, demo_owner, app):
    offer, (unit,) = tracked_offer(demo, demo_owner, units=1)
    answer = place(app, offer, key="scan-buy-0016", seed=16, rent_plan_id=None)
    assert answer.ok and answer.data["kind"] == "purchase", answer
    order_no = answer.data["order_no"]
    order_id = _in_demo(demo, lambda: Order.objects.get(order_no=order_no).pk)
    paying = {"order_no": order_no, "period": 1, "idempotency_key": "scan-buy-pay-16"}
    assert app.post("/api/applet/payBill", paying).ok
    provider_settles(demo, customer_pays=f"{order_no}B001")
    assert detail_of(demo_owner, order_id)["status"] == "paid"

    assert _ship(demo_owner, order_id, "").code == 400  # tracked: the scan is required
    assert _ship(demo_owner, order_id, unit.imei1).ok
    assert _unit(demo, unit.pk).status == "out_with_customer"
    delivered = app.post("/api/applet/confirmReceipt", {"order_no": order_no})

    assert delivered.ok and delivered.data["status"] == "completed", delivered
    sold = _unit(demo, unit.pk)
    assert (sold.status, sold.order_id) == ("sold", order_id)


def test_the_shop_starts_an_exchange_for_the_customer_and_swaps_the_device_by_scan(
    demo, demo_owner, app
):
    offer, (old, new) = tracked_offer(demo, demo_owner, units=2)
    order = in_lease(demo, demo_owner, app, offer, serial=old.imei1, key="scan-0021", seed=21)
    # In lease, nothing open: the screen offers an exchange beside the return.
    assert {"return", "exchange"} <= set(detail_of(demo_owner, order.id)["actions"])

    started = demo_owner.post(
        "/api/platform/applyAfterSale",
        {"order_id": order.id, "kind": "exchange", "reason": "客户来电：屏幕坏点"},
    )

    assert started.ok, started
    assert (started.data["kind"], started.data["status"], started.data["started_by"]) == (
        "exchange",
        "approved",
        "shop",
    )
    detail = detail_of(demo_owner, order.id)
    assert detail["status"] == "in_lease" and detail["has_open_after_sale"]
    # The shop's own decision: nothing left to approve, no second business; the old device next.
    assert "exchange" not in detail["actions"] and "return" not in detail["actions"]
    assert "return_receive" in detail["actions"] and "ship" not in detail["actions"]
    assert demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"}).code == 409
    assert demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "receive", "device_serial": old.imei1}
    ).ok
    assert "ship" in detail_of(demo_owner, order.id)["actions"]
    sent = _ship(demo_owner, order.id, new.serial_number, tracking_no="SF8000000021")
    assert sent.ok, sent
    detail = detail_of(demo_owner, order.id)
    assert (detail["status"], detail["has_open_after_sale"]) == ("in_lease", False)
    assert detail["unit"]["id"] == new.pk and _unit(demo, old.pk).status == "received"
