"""The units' calls (apps/assets/api.py) as the screens call them: receiving by scan,
lists and their counts, a unit's detail, scans, adjustments, transfers, suppliers, labels
and the export; bad input, another merchant's and a sibling sub-shop's ids, moves not
allowed now, and who may call what."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from decimal import Decimal
from io import BytesIO

import pytest
from django.db import connection
from openpyxl import load_workbook

from apps.assets import order_facts
from apps.assets.models import StockReceipt, StockTransfer, Unit, UnitMovement, UnitStatus
from apps.goods.models import Sku
from apps.subshops.tests.factories import sign_in, staff_make, sub_shop_account_make, sub_shop_make
from tests.fixtures import ApiClient

from .factories import next_imei, next_serial

B = "/api/backend"


def _tenant(shop) -> None:
    connection.set_tenant(shop.merchant)


def _receipt(owner: ApiClient, sku_id: int, quantity: int = 3, key: str = "receipt-key-1") -> dict:
    supplier = owner.post(f"{B}/createSupplier", {"name": f"供应商{key}", "phone": "13800000000"})
    assert supplier.ok, supplier
    made = owner.post(
        f"{B}/createStockReceipt",
        {
            "supplier_id": supplier.data["id"],
            "receipt_date": "2026-11-27",
            "invoice_no": "INV-9",
            "lines": [{"sku_id": sku_id, "expected_quantity": quantity, "unit_cost": "4999.50"}],
            "idempotency_key": key,
        },
    )
    assert made.ok, made
    return made.data


def _scan(client: ApiClient, receipt: dict, code: str, **extra) -> object:
    return client.post(
        f"{B}/scanStockReceipt",
        {
            "receipt_id": receipt["id"],
            "line_id": receipt["lines"][0]["id"],
            "code": code,
            **extra,
        },
    )


def _units(owner: ApiClient, sku_id: int, count: int, key: str = "receipt-key-u") -> list[dict]:
    receipt = _receipt(owner, sku_id, count, key=key)
    units = []
    for _ in range(count):
        scanned = _scan(owner, receipt, next_imei())
        assert scanned.ok, scanned
        units.append(scanned.data["unit"])
    return units


@pytest.fixture
def places(shop, demo_owner):
    """Two sibling sub-shops (east, west), each with its account signed in."""
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店", phone="13600000011")
    sub_shop_account_make(demo_owner, east["id"], "east")
    sub_shop_account_make(demo_owner, west["id"], "west")
    found = {
        "east": east["id"],
        "west": west["id"],
        "east_client": sign_in("demo.localhost", "east"),
        "west_client": sign_in("demo.localhost", "west"),
    }
    _tenant(shop)
    return found


# --- receiving by scan, the lists and a unit's detail ----------------------------------------


def test_a_receipt_is_received_by_scan_in_parts_and_the_lists_follow(shop, demo_owner):
    receipt = _receipt(demo_owner, shop.sku.pk, 3)
    assert (receipt["status"], receipt["expected"], receipt["scanned"]) == ("open", 3, 0)
    assert receipt["total_cost"] == "14998.50" and receipt["receipt_no"].startswith("RK20261127")
    assert (
        receipt["lines"][0]["sku_name"] == "黑" and receipt["lines"][0]["goods_name"] == "测试手机"
    )

    imei, serial = next_imei(), next_serial().lower()
    first = _scan(demo_owner, receipt, imei)
    second = _scan(demo_owner, receipt, serial, grade="95")
    assert first.ok and second.ok, (first, second)
    assert (first.data["unit"]["imei1"], first.data["unit"]["serial_number"]) == (imei, "")
    assert second.data["unit"]["serial_number"] == serial.upper()
    assert (second.data["unit"]["grade"], second.data["unit"]["grade_label"]) == ("95", "95新")
    assert (second.data["expected"], second.data["scanned"]) == (3, 2)
    assert second.data["line"]["received_quantity"] == 2
    unit = first.data["unit"]
    assert unit["cost"] == "4999.50" and unit["place_name"] == "总仓"
    assert unit["status"] == "in_stock" and unit["receipt_id"] == receipt["id"]
    assert unit["supplier_name"] == "供应商receipt-key-1"
    assert datetime.fromisoformat(unit["acquired_at"]).utcoffset().total_seconds() == 8 * 3600

    listed = demo_owner.get(f"{B}/getStockReceiptList").data
    assert listed["list"][0]["status"] == "partial" and listed["status_counts"]["partial"] >= 1
    detail = demo_owner.get(f"{B}/getStockReceiptDetail", {"id": receipt["id"]}).data
    assert [u["id"] for u in detail["units"]] == [second.data["unit"]["id"], unit["id"]]

    units = demo_owner.get(f"{B}/getUnitList", {"sku_id": shop.sku.pk}).data
    assert units["total"] == 2 and units["status_counts"]["in_stock"] == 2
    assert units["status_counts"]["all"] == 2
    by_prefix = demo_owner.get(f"{B}/getUnitList", {"keyword": imei[:10]}).data
    assert [u["id"] for u in by_prefix["list"]] == [unit["id"]]
    graded = demo_owner.get(f"{B}/getUnitList", {"grade": "95", "sku_id": shop.sku.pk}).data
    assert [u["id"] for u in graded["list"]] == [second.data["unit"]["id"]]
    lost = demo_owner.post(
        f"{B}/adjustUnit", {"unit_id": unit["id"], "action": "lose", "reason": "盘点缺失"}
    )
    assert lost.ok and lost.data["status"] == "lost", lost
    tabs = demo_owner.get(f"{B}/getUnitList", {"sku_id": shop.sku.pk, "status": "lost"}).data
    # The tabs count under every filter but the status, and each equals its list.
    assert tabs["total"] == tabs["status_counts"]["lost"] == 1
    assert tabs["status_counts"]["in_stock"] == 1 and tabs["status_counts"]["all"] == 2

    detail = demo_owner.get(f"{B}/getUnitDetail", {"id": unit["id"]}).data
    assert [(h["action"], h["to_status"]) for h in detail["history"]] == [
        ("receive", "in_stock"),
        ("lose", "lost"),
    ]
    assert detail["history"][1]["reason"] == "盘点缺失"
    actions = {a["action"]: a["allowed"] for a in detail["actions"]}
    assert actions == {
        "serial_record": False,
        "transfer_send": False,
        "restock": False,
        "lose": False,
        "find": True,
        "inspect": False,
        "release": False,
        "repair_start": False,
        "scrap": False,
    }
    found = demo_owner.get(f"{B}/findUnit", {"code": imei}).data
    assert found["unit"]["id"] == unit["id"] and found["ship_check"] is None
    assert demo_owner.get(f"{B}/findUnit", {"code": "NOPE-1"}).data == {
        "unit": None,
        "ship_check": None,
    }


def test_the_same_idempotency_key_answers_the_same_receipt_and_refuses_another(shop, demo_owner):
    receipt = _receipt(demo_owner, shop.sku.pk, 2, key="same-key-0001")
    body = {
        "supplier_id": receipt["supplier_id"],
        "receipt_date": "2026-11-27",
        "invoice_no": "INV-9",
        "lines": [{"sku_id": shop.sku.pk, "expected_quantity": 2, "unit_cost": "4999.50"}],
        "idempotency_key": "same-key-0001",
    }
    again = demo_owner.post(f"{B}/createStockReceipt", body)
    assert again.ok and again.data["id"] == receipt["id"]
    # Every field counts: the same receipt with another invoice number is another request.
    assert demo_owner.post(f"{B}/createStockReceipt", {**body, "invoice_no": "INV-10"}).code == 1101
    other = demo_owner.post(
        f"{B}/createStockReceipt",
        {**body, "lines": [{"sku_id": shop.sku.pk, "expected_quantity": 5, "unit_cost": "1"}]},
    )
    assert other.code == 1101
    _tenant(shop)
    assert StockReceipt.objects.filter(idempotency_key="same-key-0001").count() == 1


# --- bad input changes nothing -------------------------------------------------------------


def test_bad_input_answers_a_clear_error_and_changes_nothing(shop, demo_owner):
    _tenant(shop)
    counted_sku = Sku.objects.create(goods=shop.goods, specs={"颜色": "白"}, stock=3)
    receipt = _receipt(demo_owner, shop.sku.pk, 1)
    supplier_id = receipt["supplier_id"]
    base = {"supplier_id": supplier_id, "receipt_date": "2026-11-27", "idempotency_key": "bad-0001"}
    refusals = [
        # a counted SKU, a SKU that does not exist, no lines, a bad date, a negative cost
        (
            base
            | {"lines": [{"sku_id": counted_sku.pk, "expected_quantity": 1, "unit_cost": "1"}]},
            400,
        ),
        (base | {"lines": [{"sku_id": 99999999, "expected_quantity": 1, "unit_cost": "1"}]}, 404),
        (base | {"lines": []}, 400),
        (base | {"receipt_date": "2026-13-01", "lines": []}, 400),
        (
            base | {"lines": [{"sku_id": shop.sku.pk, "expected_quantity": 1, "unit_cost": "-1"}]},
            400,
        ),
        (
            base
            | {
                "supplier_id": 99999999,
                "lines": [{"sku_id": shop.sku.pk, "expected_quantity": 1, "unit_cost": "1"}],
            },
            400,
        ),
        ({k: v for k, v in base.items() if k != "idempotency_key"}, 400),
    ]
    for body, code in refusals:
        answer = demo_owner.post(f"{B}/createStockReceipt", body)
        assert answer.code == code, (body, answer)
        assert set(answer.data) <= {"fields", "goods"} or answer.data is None or answer.data
    _tenant(shop)
    assert StockReceipt.objects.count() == 1

    assert _scan(demo_owner, receipt, "a!").code == 400  # neither a serial nor an IMEI
    imei = next_imei()
    assert _scan(demo_owner, receipt, imei).ok
    full = _scan(demo_owner, receipt, next_imei())
    assert full.code == 1231
    other = _receipt(demo_owner, shop.sku.pk, 2, key="receipt-key-2")
    taken = _scan(demo_owner, other, imei)
    assert taken.code == 1230 and taken.data["identifier"] == imei
    wrong_line = demo_owner.post(
        f"{B}/scanStockReceipt",
        {"receipt_id": other["id"], "line_id": receipt["lines"][0]["id"], "code": next_imei()},
    )
    assert wrong_line.code == 404
    _tenant(shop)
    assert Unit.objects.count() == 1

    unit_id = Unit.objects.get().pk
    for body in (
        {"unit_id": unit_id, "action": "sell", "reason": "x"},
        {"unit_id": unit_id, "action": "lose", "reason": ""},
        {"unit_id": unit_id, "action": "lose"},
        {"unit_id": 0, "action": "lose", "reason": "x"},
    ):
        assert demo_owner.post(f"{B}/adjustUnit", body).code == 400, body
    assert demo_owner.post(f"{B}/createUnitLabels", {"unit_ids": []}).code == 400
    assert demo_owner.post(f"{B}/createUnitLabels", {"unit_ids": [unit_id] * 501}).code == 400
    assert (
        demo_owner.post(f"{B}/createUnitLabels", {"unit_ids": [unit_id], "format": "ean13"}).code
        == 400
    )
    assert demo_owner.get(f"{B}/getUnitList", {"status": "gone"}).code == 400
    assert demo_owner.get(f"{B}/findUnit", {"code": ""}).code == 400
    assert demo_owner.post(f"{B}/createSupplier", {"name": "供应商receipt-key-1"}).code == 400
    assert (
        demo_owner.post(f"{B}/sendStockTransfer", {"idempotency_key": "transfer-none-1"}).code
        == 400
    )
    _tenant(shop)
    assert Unit.objects.get().status == UnitStatus.IN_STOCK
    assert UnitMovement.objects.count() == 1


def test_a_move_not_allowed_now_is_a_conflict_naming_from_and_to(shop, demo_owner, places):
    [unit] = _units(demo_owner, shop.sku.pk, 1)
    found = demo_owner.post(
        f"{B}/adjustUnit", {"unit_id": unit["id"], "action": "find", "reason": "x"}
    )
    assert found.code == 409 and found.data == {"from": "in_stock", "to": "received"}
    restock = demo_owner.post(
        f"{B}/adjustUnit", {"unit_id": unit["id"], "action": "restock", "reason": "x"}
    )
    assert restock.code == 409
    serial = demo_owner.post(
        f"{B}/recordUnitSerial", {"unit_id": unit["id"], "serial_number": "SN-NEW-1"}
    )
    assert serial.code == 409

    sent = demo_owner.post(
        f"{B}/sendStockTransfer",
        {
            "to_sub_shop_id": places["east"],
            "unit_ids": [unit["id"]],
            "idempotency_key": "transfer-1",
        },
    )
    assert sent.ok, sent
    assert (
        demo_owner.post(
            f"{B}/sendStockTransfer",
            {
                "to_sub_shop_id": places["west"],
                "unit_ids": [unit["id"]],
                "idempotency_key": "transfer-2",
            },
        ).code
        == 409
    )  # in transit: not in stock to send
    assert demo_owner.post(f"{B}/receiveStockTransfer", {"id": sent.data["id"]}).ok
    assert demo_owner.post(f"{B}/receiveStockTransfer", {"id": sent.data["id"]}).code == 409
    _tenant(shop)
    assert Unit.objects.get(pk=unit["id"]).status == UnitStatus.IN_STOCK


def test_a_unit_awaiting_its_serial_gets_it_and_is_in_stock(shop, demo_owner):
    _tenant(shop)
    from apps.assets.services import units_from_stock

    [pending] = units_from_stock(actor=None, sku_id=shop.sku.pk, in_warehouse=1, devices_out=[])
    bad = demo_owner.post(
        f"{B}/recordUnitSerial", {"unit_id": pending.pk, "imei1": "123456789012345"}
    )
    assert bad.code == 400 and "imei1" in bad.data["fields"]
    imei = next_imei()
    done = demo_owner.post(
        f"{B}/recordUnitSerial", {"unit_id": pending.pk, "serial_number": "sn-77-a", "imei1": imei}
    )
    assert done.ok, done
    assert (done.data["status"], done.data["serial_number"], done.data["imei1"]) == (
        "in_stock",
        "SN-77-A",
        imei,
    )


# --- scope: another merchant, a sibling sub-shop ---------------------------------------------


def test_another_merchants_ids_answer_not_found(shop, demo_owner, acme_owner):
    [unit] = _units(demo_owner, shop.sku.pk, 1)
    _tenant(shop)
    receipt = StockReceipt.objects.get()
    line = receipt.lines.get()
    calls = [
        ("GET", "getUnitDetail", {"id": unit["id"]}),
        ("GET", "getStockReceiptDetail", {"id": receipt.pk}),
        ("POST", "adjustUnit", {"unit_id": unit["id"], "action": "lose", "reason": "x"}),
        ("POST", "createUnitLabels", {"unit_ids": [unit["id"]]}),
        (
            "POST",
            "scanStockReceipt",
            {"receipt_id": receipt.pk, "line_id": line.pk, "code": next_imei()},
        ),
        ("POST", "recordUnitSerial", {"unit_id": unit["id"], "serial_number": "SN-X-1"}),
        (
            "POST",
            "sendStockTransfer",
            {"unit_ids": [unit["id"]], "to_sub_shop_id": None, "idempotency_key": "acme-key-1"},
        ),
    ]
    for method, name, body in calls:
        assert acme_owner.call(method, f"{B}/{name}", body).code == 404, name
    assert acme_owner.get(f"{B}/findUnit", {"code": unit["imei1"]}).data["unit"] is None
    assert acme_owner.get(f"{B}/getUnitList").data["total"] == 0
    _tenant(shop)
    assert Unit.objects.get(pk=unit["id"]).status == UnitStatus.IN_STOCK


def test_a_sub_shop_sees_and_moves_only_its_own_units(shop, demo_owner, places):
    east, west = places["east_client"], places["west_client"]
    units = _units(demo_owner, shop.sku.pk, 3)
    sent = demo_owner.post(
        f"{B}/sendStockTransfer",
        {
            "from_sub_shop_id": None,
            "to_sub_shop_id": places["east"],
            "codes": [units[0]["imei1"], units[1]["imei1"]],
            "idempotency_key": "to-east-0001",
        },
    )
    assert sent.ok, sent
    assert sent.data["unit_count"] == 2 and sent.data["to_name"] == "城东店"
    assert sent.data["from_name"] == "总仓" and sent.data["status"] == "in_transit"
    replay = demo_owner.post(
        f"{B}/sendStockTransfer",
        {
            "to_sub_shop_id": places["east"],
            "codes": [units[0]["imei1"], units[1]["imei1"]],
            "idempotency_key": "to-east-0001",
        },
    )
    assert replay.ok and replay.data["id"] == sent.data["id"]

    # West neither sees the transfer nor may receive it; east receives it.
    assert west.get(f"{B}/getStockTransferDetail", {"id": sent.data["id"]}).code == 404
    assert west.post(f"{B}/receiveStockTransfer", {"id": sent.data["id"]}).code == 404
    assert west.get(f"{B}/getStockTransferList").data["total"] == 0
    assert east.get(f"{B}/getStockTransferList").data["status_counts"]["in_transit"] == 1
    received = east.post(f"{B}/receiveStockTransfer", {"id": sent.data["id"]})
    assert received.ok and received.data["status"] == "received", received
    assert received.data["received_by"]

    mine = east.get(f"{B}/getUnitList").data
    assert {u["id"] for u in mine["list"]} == {units[0]["id"], units[1]["id"]}
    assert mine["status_counts"]["all"] == 2
    assert {u["place_name"] for u in mine["list"]} == {"城东店"}
    assert west.get(f"{B}/getUnitList").data["total"] == 0
    for client, unit, visible in (
        (west, units[0], False),
        (east, units[2], False),
        (east, units[0], True),
    ):
        detail = client.get(f"{B}/getUnitDetail", {"id": unit["id"]})
        assert detail.ok is visible, (unit, detail)
        labels = client.post(f"{B}/createUnitLabels", {"unit_ids": [unit["id"]]})
        assert labels.ok is visible
        if not visible:
            assert detail.code == labels.code == 404
    assert west.get(f"{B}/findUnit", {"code": units[0]["imei1"]}).data["unit"] is None

    # A sub-shop's account is refused the warehouse's receipts and adjustments.
    for method, name, body in (
        ("GET", "getStockReceiptList", {}),
        ("POST", "createSupplier", {"name": "东店供应商"}),
        ("POST", "adjustUnit", {"unit_id": units[0]["id"], "action": "lose", "reason": "x"}),
    ):
        assert east.call(method, f"{B}/{name}", body).code == 403, name
    # East sends its own back to the warehouse, never a sibling's or the warehouse's.
    assert (
        east.post(
            f"{B}/sendStockTransfer",
            {
                "unit_ids": [units[2]["id"]],
                "to_sub_shop_id": None,
                "idempotency_key": "east-back-2",
            },
        ).code
        == 404
    )
    wrong_origin = east.post(
        f"{B}/sendStockTransfer",
        {
            "from_sub_shop_id": None,  # the warehouse: not where the unit is
            "unit_ids": [units[1]["id"]],
            "to_sub_shop_id": None,
            "idempotency_key": "east-back-0",
        },
    )
    assert wrong_origin.code == 400 and "from_sub_shop_id" in wrong_origin.data["fields"]
    unsaid = east.post(
        f"{B}/sendStockTransfer",
        {"unit_ids": [units[1]["id"]], "to_sub_shop_id": None, "idempotency_key": "east-back-3"},
    )
    assert unsaid.ok and unsaid.data["from_sub_shop_id"] == places["east"], unsaid
    back = east.post(
        f"{B}/sendStockTransfer",
        {
            "from_sub_shop_id": places["east"],
            "unit_ids": [units[0]["id"]],
            "to_sub_shop_id": None,
            "idempotency_key": "east-back-1",
        },
    )
    assert back.ok, back
    assert east.post(f"{B}/receiveStockTransfer", {"id": back.data["id"]}).code == 404
    assert demo_owner.post(f"{B}/receiveStockTransfer", {"id": back.data["id"]}).ok
    _tenant(shop)
    assert Unit.objects.get(pk=units[0]["id"]).sub_shop_id is None
    assert StockTransfer.objects.count() == 3


# --- who may call what ---------------------------------------------------------------------


def test_warehouse_staff_may_and_a_salesman_may_not(shop, demo_owner):
    staff_make(demo_owner, "sales1", ["salesman"])
    staff_make(demo_owner, "keeper", ["warehouse"])
    salesman, keeper = sign_in("demo.localhost", "sales1"), sign_in("demo.localhost", "keeper")
    for name in ("getUnitList", "getStockReceiptList", "getStockTransferList", "getSupplierList"):
        assert salesman.get(f"{B}/{name}").code == 403, name
        assert keeper.get(f"{B}/{name}").ok, name
    assert salesman.post(f"{B}/createSupplier", {"name": "甲"}).code == 403
    units = _units(keeper, shop.sku.pk, 1, key="keeper-key-1")
    assert keeper.post(
        f"{B}/adjustUnit", {"unit_id": units[0]["id"], "action": "lose", "reason": "丢了"}
    ).ok
    info = keeper.get("/api/platform/getLoginUserInfo").data
    assert "warehouse" in {role["code"] for role in info["roles"]}
    assert {"/assets", "/stockReceipts", "/stockTransfers"} <= set(_paths(info["menus"]))
    english = ApiClient(keeper.host, token=keeper.token, language="en")
    roles = english.get("/api/platform/getLoginUserInfo").data["roles"]
    assert "Warehouse" in {role["name"] for role in roles}


def test_a_sub_shops_menu_holds_its_devices_and_transfers_not_receipts(places):
    info = places["east_client"].get("/api/platform/getLoginUserInfo").data
    paths = set(_paths(info["menus"]))
    assert {"/assets", "/stockTransfers"} <= paths and "/stockReceipts" not in paths


def _paths(nodes: list[dict]) -> Iterator[str]:
    for node in nodes:
        yield node["path"]
        yield from _paths(node.get("children") or [])


# --- labels and the export -----------------------------------------------------------------


@pytest.mark.parametrize("barcode", ["code128", "qr"])
def test_labels_are_a_pdf_behind_a_signed_link(shop, demo_owner, barcode, settings, tmp_path):
    settings.PRIVATE_ROOT = tmp_path
    units = _units(demo_owner, shop.sku.pk, 2)
    made = demo_owner.post(
        f"{B}/createUnitLabels", {"unit_ids": [u["id"] for u in units], "format": barcode}
    )
    assert made.ok, made
    assert made.data["count"] == 2 and made.data["url"].startswith("/api/files/")
    response = demo_owner.client.get(made.data["url"], HTTP_HOST=demo_owner.host)
    body = b"".join(response.streaming_content)
    assert response.status_code == 200 and body.startswith(b"%PDF")


def test_the_units_export_holds_the_lists_rows(
    shop, demo_owner, celery_eager, django_capture_on_commit_callbacks
):
    units = _units(demo_owner, shop.sku.pk, 3)
    listed = demo_owner.get(f"{B}/getUnitList", {"sku_id": shop.sku.pk}).data["list"]
    with django_capture_on_commit_callbacks(execute=True):
        created = demo_owner.post(
            "/api/platform/exportCreate", {"kind": "units", "filters": {"sku_id": shop.sku.pk}}
        )
    assert created.ok, created
    status = demo_owner.get("/api/platform/exportStatus", {"id": created.data["id"]})
    assert status.data["status"] == "done", status
    response = demo_owner.client.get(status.data["download_url"], HTTP_HOST=demo_owner.host)
    rows = list(
        load_workbook(BytesIO(b"".join(response.streaming_content))).active.iter_rows(
            values_only=True
        )
    )
    assert rows[0][:4] == ("设备ID", "商品", "规格", "序列号")
    assert [r[0] for r in rows[1:]] == [u["id"] for u in listed] and len(listed) == len(units)
    assert rows[1][10] == Decimal("4999.50") or rows[1][10] == 4999.5
    bad = demo_owner.post(
        "/api/platform/exportCreate", {"kind": "units", "filters": {"status": "x"}}
    )
    assert bad.code == 400


# --- a scan checked against an order --------------------------------------------------------


@pytest.fixture
def orders_known(places) -> Iterator[dict[int, order_facts.OrderFact]]:
    """Orders as orders would answer them through the port (orders registers it later)."""
    known: dict[int, order_facts.OrderFact] = {}
    registered = order_facts._reader  # orders' own reader: put back afterwards
    order_facts.unregister()
    order_facts.register(lambda ids: {i: known[i] for i in ids if i in known})
    yield known
    order_facts.unregister()
    if registered is not None:
        order_facts.register(registered)


def _order(order_id: int, sku_id: int, sub_shop_id: int | None, **extra) -> order_facts.OrderFact:
    values = {
        "order_no": f"ZL{order_id}",
        "status": "awaiting_shipment",
        "awaiting_shipment": True,
        "shipped_at": None,
        "returned_at": None,
        "paid": Decimal("0"),
    } | extra
    return order_facts.OrderFact(
        order_id=order_id, sku_id=sku_id, sub_shop_id=sub_shop_id, **values
    )


def test_a_scan_says_whether_the_unit_may_ship_for_the_order(
    shop, demo_owner, places, orders_known
):
    east, west = places["east"], places["west"]
    _tenant(shop)
    other_sku = Sku.objects.create(goods=shop.goods, specs={"颜色": "蓝"}, stock=0)
    units = _units(demo_owner, shop.sku.pk, 2)
    orders_known[1] = _order(1, shop.sku.pk, east)
    orders_known[2] = _order(2, other_sku.pk, east)
    orders_known[3] = _order(3, shop.sku.pk, east, awaiting_shipment=False, status="in_lease")
    orders_known[4] = _order(4, shop.sku.pk, west)

    def check(code: str, order_id: int, client: ApiClient = demo_owner) -> dict:
        answer = client.get(f"{B}/findUnit", {"code": code, "order_id": order_id})
        assert answer.ok, answer
        return answer.data["ship_check"]

    assert check(units[0]["imei1"], 1) == {"ok": True, "reason": ""}
    # The shipping's own refusal (unit_ship_refusal), word for word.
    # The goods named (title and specs), never a unit's internal id.
    assert (
        check(units[0]["imei1"], 2)["reason"]
        == "扫描的设备是「测试手机 · 黑」，订单订的是「测试手机 · 蓝」"
    )
    assert not check(units[0]["imei1"], 3)["ok"]
    assert check("NOPE-404", 1) == {
        "ok": False,
        "reason": "未找到序列号或 IMEI 为「NOPE-404」的设备",
    }
    assert demo_owner.get(f"{B}/findUnit", {"code": "X-1", "order_id": 99}).code == 404
    # A unit at a sibling sub-shop is not where east's order may take it from.
    sent = demo_owner.post(
        f"{B}/sendStockTransfer",
        {"to_sub_shop_id": west, "unit_ids": [units[1]["id"]], "idempotency_key": "to-west-01"},
    )
    assert not check(units[1]["imei1"], 1)["ok"]  # in transit
    demo_owner.post(f"{B}/receiveStockTransfer", {"id": sent.data["id"]})
    assert "城西店" in check(units[1]["imei1"], 1)["reason"]
    assert check(units[1]["imei1"], 4)["ok"]
    # East's account checks its own orders only.
    assert places["east_client"].get(f"{B}/findUnit", {"code": "X-1", "order_id": 4}).code == 404
    _tenant(shop)
    Unit.objects.filter(pk=units[0]["id"]).update(order_id=1)
    assert demo_owner.get(f"{B}/getUnitDetail", {"id": units[0]["id"]}).data["order_no"] == "ZL1"


def test_tab_counts_stop_at_the_bound_as_a_lists_total_does(shop, demo_owner, monkeypatch):
    from apps.assets.selectors import unit_pages

    _units(demo_owner, shop.sku.pk, 3)
    monkeypatch.setattr(unit_pages, "COUNT_BOUND", 2)
    answer = demo_owner.get(f"{B}/getUnitList", {"sku_id": shop.sku.pk}).data
    assert answer["status_counts"]["in_stock"] == answer["status_counts"]["all"] == 2
    assert answer["status_counts"]["lost"] == 0
    assert answer["status_counts_capped"] == ["in_stock", "all"]
    deep = demo_owner.get(f"{B}/getUnitList", {"sku_id": shop.sku.pk, "page": 3, "page_size": 1})
    assert (len(deep.data["list"]), deep.data["total"]) == (1, 3)  # past the bound: counted


# --- scans that catch a typo and say why (issue 59) -------------------------------------------


def _typo(imei: str) -> str:
    return imei[:14] + str((int(imei[14]) + 1) % 10)


def test_a_mistyped_imei_at_a_receipt_is_refused_unless_confirmed_not_an_imei(shop, demo_owner):
    receipt = _receipt(demo_owner, shop.sku.pk, 2)
    typo = _typo(next_imei())
    refused = _scan(demo_owner, receipt, typo)
    assert refused.code == 400, refused
    assert refused.data["fields"]["code"][0].startswith("IMEI 校验位不对")
    assert refused.data["confirm"] == "not_imei" and refused.data["code"] == typo
    assert refused.msg.startswith(f"「{typo}」IMEI 校验位不对")
    english = demo_owner.post(
        f"{B}/scanStockReceipt",
        {"receipt_id": receipt["id"], "line_id": receipt["lines"][0]["id"], "code": typo},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert english.data["fields"]["code"][0].startswith("The IMEI's check digit is wrong")
    _tenant(shop)
    assert not Unit.objects.exists() and not UnitMovement.objects.exists()
    assert demo_owner.get(f"{B}/getStockReceiptDetail", {"id": receipt["id"]}).data["scanned"] == 0

    kept = _scan(demo_owner, receipt, typo, not_imei=True)
    assert kept.ok, kept
    unit = kept.data["unit"]
    assert (unit["serial_number"], unit["imei1"], unit["imei2"]) == (typo, "", "")
    assert kept.data["scanned"] == 1


def test_a_serial_recorded_by_scan_refuses_a_mistyped_imei_unless_confirmed(shop, demo_owner):
    _tenant(shop)
    from apps.assets.services import units_from_stock

    [pending] = units_from_stock(actor=None, sku_id=shop.sku.pk, in_warehouse=1, devices_out=[])
    typo = _typo(next_imei())
    body = {"unit_id": pending.pk, "serial_number": typo}
    refused = demo_owner.post(f"{B}/recordUnitSerial", body)
    assert refused.code == 400 and refused.data["confirm"] == "not_imei", refused
    assert refused.data["fields"]["serial_number"][0].startswith("IMEI 校验位不对")
    _tenant(shop)
    assert Unit.objects.get(pk=pending.pk).status == UnitStatus.SERIAL_PENDING
    done = demo_owner.post(f"{B}/recordUnitSerial", body | {"not_imei": True})
    assert done.ok, done
    assert (done.data["serial_number"], done.data["imei1"]) == (typo, "")


def test_a_receipt_offers_and_takes_only_skus_tracked_by_unit(shop, demo_owner):
    _tenant(shop)
    counted = Sku.objects.create(goods=shop.goods, specs={"颜色": "白"}, stock=3)
    from apps.goods.models import Goods

    plain = Goods.objects.create(title="计数商品", fineness="new", sub_shop_ids=[])
    Sku.objects.create(goods=plain, specs={"颜色": "红"}, stock=5)
    # The goods picker: goods with a SKU tracked by unit, each SKU saying whether it is.
    tracked = demo_owner.get("/api/platform/goodsList", {"tracked": True, "page_size": 100})
    assert tracked.ok, tracked
    titles = {row["title"] for row in tracked.data["list"]}
    assert "测试手机" in titles and "计数商品" not in titles
    every = demo_owner.get("/api/platform/goodsList", {"page_size": 100}).data["list"]
    assert "计数商品" in {row["title"] for row in every}
    skus = demo_owner.get("/api/platform/getSkuStock", {"goods_id": shop.goods.pk}).data
    assert {row["sku_id"]: row["tracked"] for row in skus} == {
        shop.sku.pk: True,
        counted.pk: False,
    }

    supplier = demo_owner.post(f"{B}/createSupplier", {"name": "计数供应商"}).data
    body = {
        "supplier_id": supplier["id"],
        "receipt_date": "2026-11-27",
        "lines": [
            {"sku_id": shop.sku.pk, "expected_quantity": 1, "unit_cost": "1"},
            {"sku_id": counted.pk, "expected_quantity": 1, "unit_cost": "1"},
        ],
        "idempotency_key": "counted-0001",
    }
    refused = demo_owner.post(f"{B}/createStockReceipt", body)
    assert refused.code == 400
    assert refused.data["fields"] == {"lines.1.sku_id": ["该规格按数量管理库存，不按台入库"]}
    assert refused.msg == "「测试手机 · 白」该规格按数量管理库存，不按台入库"
    english = demo_owner.post(f"{B}/createStockReceipt", body, HTTP_ACCEPT_LANGUAGE="en")
    assert english.msg == "测试手机 · 白: this SKU's stock is counted, not received by unit"
    _tenant(shop)
    assert not StockReceipt.objects.exists()


def test_a_transfer_refuses_a_unit_not_in_stock_saying_where_it_is(
    shop, demo_owner, places, orders_known
):
    units = _units(demo_owner, shop.sku.pk, 2)
    orders_known[5] = _order(5, shop.sku.pk, None, status="in_lease", awaiting_shipment=False)
    _tenant(shop)
    Unit.objects.filter(pk=units[0]["id"]).update(status="out_with_customer", order_id=5)

    def send(unit: dict, key: str) -> object:
        return demo_owner.post(
            f"{B}/sendStockTransfer",
            {"to_sub_shop_id": places["east"], "unit_ids": [unit["id"]], "idempotency_key": key},
        )

    out = send(units[0], "out-with-customer-1")
    assert out.code == 409 and out.data["order_no"] == "ZL5", out
    assert out.msg == f"「{units[0]['imei1']}」不能调拨：在客户处，订单 ZL5（只能调拨在库设备）"
    # findUnit answers the order's number too, which the screen names.
    found = demo_owner.get(f"{B}/findUnit", {"code": units[0]["imei1"]}).data["unit"]
    assert (found["status"], found["order_no"]) == ("out_with_customer", "ZL5")

    assert send(units[1], "in-transit-0001").ok
    again = send(units[1], "in-transit-0002")
    assert again.code == 409 and "调拨中，尚未收货" in again.msg, again
    missing = demo_owner.post(
        f"{B}/sendStockTransfer",
        {"to_sub_shop_id": None, "codes": [_typo(next_imei())], "idempotency_key": "typo-0001"},
    )
    assert missing.code == 404 and "IMEI 校验位不对" in missing.msg, missing


def test_a_transfer_is_received_by_ticks_or_scans_the_rest_staying_in_transit(
    shop, demo_owner, places
):
    east = places["east_client"]
    units = _units(demo_owner, shop.sku.pk, 4)
    sent = demo_owner.post(
        f"{B}/sendStockTransfer",
        {
            "to_sub_shop_id": places["east"],
            "unit_ids": [unit["id"] for unit in units],
            "idempotency_key": "to-east-parts",
        },
    ).data
    assert (sent["unit_count"], sent["received_count"]) == (4, 0)

    ticked = east.post(
        f"{B}/receiveStockTransfer", {"id": sent["id"], "unit_ids": [units[0]["id"]]}
    )
    assert ticked.ok, ticked
    assert (ticked.data["status"], ticked.data["received_count"]) == ("in_transit", 1)
    assert ticked.data["received_at"] is None
    states = {unit["id"]: unit["status"] for unit in ticked.data["units"]}
    assert states[units[0]["id"]] == "in_stock" and states[units[1]["id"]] == "in_transit"

    scanned = east.post(
        f"{B}/receiveStockTransfer", {"id": sent["id"], "codes": [units[1]["imei1"].lower()]}
    )
    assert scanned.ok and scanned.data["received_count"] == 2, scanned
    # Received already, not on the transfer, or another unit's id: refused, nothing moves.
    twice = east.post(f"{B}/receiveStockTransfer", {"id": sent["id"], "codes": [units[1]["imei1"]]})
    assert twice.code == 409 and "已收货" in twice.msg, twice
    stranger = _units(demo_owner, shop.sku.pk, 1, key="receipt-key-s")[0]
    foreign = east.post(
        f"{B}/receiveStockTransfer",
        {"id": sent["id"], "codes": [units[2]["imei1"], stranger["imei1"]]},
    )
    assert foreign.code == 404 and "不是这张调拨单的设备" in foreign.msg, foreign
    assert (
        east.post(
            f"{B}/receiveStockTransfer", {"id": sent["id"], "unit_ids": [stranger["id"]]}
        ).code
        == 404
    )
    _tenant(shop)
    assert Unit.objects.get(pk=units[2]["id"]).status == UnitStatus.IN_TRANSIT

    rest = east.post(f"{B}/receiveStockTransfer", {"id": sent["id"]})
    assert rest.ok, rest
    assert (rest.data["status"], rest.data["received_count"]) == ("received", 4)
    assert rest.data["received_at"] and rest.data["received_by"]
    _tenant(shop)
    assert (
        UnitMovement.objects.filter(transfer_id=sent["id"], action="transfer_receive").count() == 4
    )
    assert set(
        Unit.objects.filter(pk__in=[u["id"] for u in units]).values_list("status", "sub_shop_id")
    ) == {(UnitStatus.IN_STOCK, places["east"])}


def test_the_ship_check_names_the_goods_and_a_mistyped_imei(shop, demo_owner, places, orders_known):
    units = _units(demo_owner, shop.sku.pk, 3)
    orders_known[1] = _order(1, shop.sku.pk, places["east"])
    leasing = {"status": "in_lease", "awaiting_shipment": False}
    orders_known[6] = _order(6, shop.sku.pk, places["east"], **leasing)
    orders_known[7] = _order(7, shop.sku.pk, places["west"], **leasing)
    _tenant(shop)
    Unit.objects.filter(pk=units[1]["id"]).update(status="out_with_customer", order_id=6)
    Unit.objects.filter(pk=units[2]["id"]).update(status="out_with_customer", order_id=7)

    def reason(code: str, **headers: str) -> str:
        answer = demo_owner.get(f"{B}/findUnit", {"code": code, "order_id": 1}, **headers)
        assert answer.ok and not answer.data["ship_check"]["ok"], answer
        return answer.data["ship_check"]["reason"]

    typo = _typo(units[0]["imei1"])
    assert reason(typo) == f"「{typo}」IMEI 校验位不对，请重新扫描"
    assert reason(typo, HTTP_ACCEPT_LANGUAGE="en").startswith(
        f"{typo}: The IMEI's check digit is wrong"
    )
    out = reason(units[1]["imei1"])
    assert (
        out == f"「测试手机 · 黑」（{units[1]['imei1']}）当前不可发货：在客户处（总仓，订单 ZL6）"
    )
    assert "#" not in out
    # A sibling sub-shop's order is not named to this one's.
    assert reason(units[2]["imei1"]).endswith("当前不可发货：在客户处（总仓）")
