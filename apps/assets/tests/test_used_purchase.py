"""A used purchase (issue 63): a stock receipt line may receive its units at a fineness
other than the goods' own, at its own cost; those units count in that fineness's stock
only, never in the goods' own."""

from __future__ import annotations

from django.db import connection

from apps.assets.models import StockReceiptLine, Unit
from apps.goods.selectors import sku_orderable

from .factories import next_imei

B = "/api/backend"


def _supplier(owner) -> int:
    made = owner.post(f"{B}/createSupplier", {"name": "二手回收商", "phone": "13800000000"})
    assert made.ok, made
    return made.data["id"]


def _receipt(owner, supplier_id: int, lines: list[dict], key: str):
    return owner.post(
        f"{B}/createStockReceipt",
        {
            "supplier_id": supplier_id,
            "receipt_date": "2026-11-27",
            "invoice_no": "USED-1",
            "lines": lines,
            "idempotency_key": key,
        },
    )


def test_a_used_purchase_line_receives_its_units_at_its_fineness_and_cost(shop, demo_owner):
    # Given a receipt with a line of new goods and a line bought used at 95.
    supplier_id = _supplier(demo_owner)
    made = _receipt(
        demo_owner,
        supplier_id,
        [
            {"sku_id": shop.sku.pk, "expected_quantity": 1, "unit_cost": "5200.00"},
            {
                "sku_id": shop.sku.pk,
                "expected_quantity": 2,
                "unit_cost": "3100.00",
                "fineness": "95",
            },
        ],
        "used-purchase-1",
    )
    assert made.ok, made
    own, used = made.data["lines"]
    assert (own["fineness"], used["fineness"]) == ("", "95")

    # When each line is scanned.
    def scan(line: dict):
        body = {"receipt_id": made.data["id"], "line_id": line["id"], "code": next_imei()}
        scanned = demo_owner.post(f"{B}/scanStockReceipt", body)
        assert scanned.ok, scanned
        return scanned.data["unit"]

    new_unit = scan(own)
    used_units = [scan(used), scan(used)]

    # Then the used line's units are graded 95 at its cost, the other at the goods' own.
    assert (new_unit["grade"], new_unit["cost"]) == ("99", "5200.00")
    assert {(u["grade"], u["grade_label"], u["cost"]) for u in used_units} == {
        ("95", "95新", "3100.00")
    }
    # And they count in the 95 stock only: an order at 99 is not served from them.
    connection.set_tenant(shop.merchant)
    assert sku_orderable(shop.sku.pk, "95") == 2
    assert sku_orderable(shop.sku.pk) == 1
    detail = demo_owner.get(f"{B}/getStockReceiptDetail", {"id": made.data["id"]}).data
    assert [line["fineness"] for line in detail["lines"]] == ["", "95"]


def test_a_line_at_the_goods_own_fineness_is_no_used_purchase_and_a_bad_one_is_refused(
    shop, demo_owner
):
    supplier_id = _supplier(demo_owner)
    line = {"sku_id": shop.sku.pk, "expected_quantity": 1, "unit_cost": "5200.00"}

    refused = _receipt(demo_owner, supplier_id, [{**line, "fineness": "70"}], "used-purchase-bad")
    assert not refused.ok and "lines.0.fineness" in str(refused.data), refused
    connection.set_tenant(shop.merchant)
    assert not StockReceiptLine.objects.exists()

    own = _receipt(demo_owner, supplier_id, [{**line, "fineness": "99"}], "used-purchase-own")
    assert own.ok and own.data["lines"][0]["fineness"] == "", own
    connection.set_tenant(shop.merchant)
    assert StockReceiptLine.objects.get().fineness == ""
    assert not Unit.objects.exists()
