"""Scans of one device on real PostgreSQL connections, committed: no test transaction hides
the race. Eight receipts (so no receipt's or line's row lock orders them) take the same IMEI
at once: one unit is made, the seven others are refused naming it.

`available_apps=["apps.assets"]` limits the flush after the test to the schema active then
(public, which has no unit tables); the rows committed in the merchant's schema are removed
at its end (raw deletes, as in apps/goods/tests/test_stock_concurrency.py)."""

import threading
from datetime import date
from decimal import Decimal

import pytest
from django.db import connection, connections

from apps.assets.models import (
    StockReceipt,
    StockReceiptLine,
    Supplier,
    Unit,
    UnitFigures,
    UnitMovement,
)
from apps.assets.services import Identifiers, ReceiptLineIn, receipt_create, receipt_scan
from apps.goods.models import Goods, Sku
from tenants.merchants.models import Merchant
from zulin.audit.models import AuditEntry, StatusChange
from zulin.core.errors import ApplicationError

from .factories import next_imei

WORKERS = 8


@pytest.mark.django_db(transaction=True, available_apps=["apps.assets"])
def test_one_imei_scanned_on_eight_receipts_at_once_makes_one_unit():
    demo = Merchant.objects.get(slug="demo")
    connection.set_tenant(demo)
    goods = Goods.objects.create(title="并发扫码测试")
    sku = Sku.objects.create(goods=goods, specs={"颜色": "黑"}, stock=None, tracked=True)
    supplier = Supplier.objects.create(name="并发扫码供应商")
    lines = [
        receipt_create(
            actor=None,
            supplier_id=supplier.pk,
            receipt_date=date(2026, 11, 27),
            lines=[ReceiptLineIn(sku_id=sku.pk, quantity=1, unit_cost=Decimal("100.00"))],
        )
        .lines.get()
        .pk
        for _ in range(WORKERS)
    ]
    imei = next_imei()
    barrier = threading.Barrier(WORKERS)
    outcomes: list[object] = []
    lock = threading.Lock()

    def scan(line_id: int) -> None:
        try:
            connection.set_tenant(demo)  # this thread's own connection
            barrier.wait(timeout=30)
            try:
                outcome: object = receipt_scan(
                    actor=None, line_id=line_id, identifiers=Identifiers(imei1=imei)
                ).pk
            except ApplicationError as error:
                outcome = error.data["unit_id"]
            with lock:
                outcomes.append(outcome)
        finally:
            connections.close_all()

    try:
        threads = [threading.Thread(target=scan, args=(line_id,)) for line_id in lines]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)

        made = list(Unit.objects.filter(sku_id=sku.pk).values_list("pk", flat=True))
        assert len(made) == 1
        assert outcomes == [made[0]] * WORKERS  # the unit, or the refusal naming it
        assert StockReceiptLine.objects.filter(pk__in=lines, received_quantity=1).count() == 1
    finally:
        units = Unit.objects.filter(sku_id=sku.pk)
        unit_ids = [str(pk) for pk in units.values_list("pk", flat=True)]
        receipts = StockReceipt.objects.filter(supplier=supplier)
        receipt_ids = [str(pk) for pk in receipts.values_list("pk", flat=True)]
        StatusChange.objects.filter(target_type="unit", target_id__in=unit_ids)._raw_delete(
            connection.alias
        )
        for target_type, ids in (
            ("unit", unit_ids),
            ("stock_receipt", receipt_ids),
            ("sku", [str(sku.pk)]),
        ):
            AuditEntry.objects.filter(target_type=target_type, target_id__in=ids)._raw_delete(
                connection.alias
            )
        UnitMovement.objects.filter(unit__sku_id=sku.pk)._raw_delete(connection.alias)
        UnitFigures.objects.filter(unit__sku_id=sku.pk)._raw_delete(connection.alias)
        units._raw_delete(connection.alias)
        StockReceiptLine.objects.filter(receipt__supplier=supplier)._raw_delete(connection.alias)
        receipts._raw_delete(connection.alias)
        Supplier.objects.filter(pk=supplier.pk)._raw_delete(connection.alias)
        Sku.objects.filter(pk=sku.pk)._raw_delete(connection.alias)
        Goods.objects.filter(pk=goods.pk)._raw_delete(connection.alias)
        assert not Goods.objects.filter(pk=goods.pk).exists()
        connection.set_schema_to_public()
