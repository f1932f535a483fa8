"""The demo takes in devices as a shop does (issue 59): a tracked SKU that ran out is
restocked on a stock receipt dated that day, from its supplier, at its cost, each device
scanned with a serial number and Luhn-valid IMEIs, so the history can grow to any size."""

from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from apps.assets.demo import imei_of, units_restock
from apps.assets.models import StockReceipt, Unit, UnitStatus
from apps.assets.services import Identifiers, receipt_scan
from apps.goods.selectors import sku_orderable
from apps.goods.services import sku_stock_reserve
from zulin.core.clock import clock_at, real_now

from .factories import imei_with_check, receipt_of


def test_a_sku_that_ran_out_is_restocked_on_a_receipt_of_that_day(shop):
    first = receipt_of(shop.sku.pk, 1, cost="5200.00")
    line = first.lines.get()
    receipt_scan(
        actor=None,
        line_id=line.pk,
        identifiers=Identifiers(
            serial_number="F2L000000001",
            imei1=imei_of("35391511", 1),
            imei2=imei_of("35391511", 500_001),
        ),
    )
    sku_stock_reserve(sku_id=shop.sku.pk, quantity=1, reference="ORDER-OUT")
    assert sku_orderable(shop.sku.pk) == 0

    # Ten in the morning, China time, 40 days ago: two hours later is still that day
    # (a run at 22:00–24:00 China time once crossed midnight between the two receipts).
    then = timezone.localtime(real_now() - timedelta(days=40)).replace(
        hour=10, minute=0, second=0, microsecond=0
    )
    with clock_at(then):
        receipt = units_restock(actor=None, sku_id=shop.sku.pk, quantity=3)

    assert receipt.receipt_date == timezone.localdate(then)
    assert receipt.supplier_id == first.supplier_id
    assert receipt.invoice_no == f"INV-{timezone.localdate(then):%Y%m%d}-01"
    assert StockReceipt.objects.get(pk=receipt.pk).status == StockReceipt.Status.RECEIVED
    units = list(Unit.objects.filter(receipt_line__receipt=receipt).order_by("id"))
    assert len(units) == 3 and {unit.status for unit in units} == {UnitStatus.IN_STOCK}
    assert {unit.cost for unit in units} == {Decimal("5200.00")}
    for unit in units:  # a phone like the SKU's first: two IMEIs, each with its check digit
        assert unit.imei1 == imei_with_check(unit.imei1[:14])
        assert unit.imei2 == imei_with_check(unit.imei2[:14]) and unit.serial_number
        assert then <= unit.created_at <= then + timedelta(minutes=10)
    assert sku_orderable(shop.sku.pk) == 3

    # The same day again: its own invoice number.
    with clock_at(then + timedelta(hours=2)):
        again = units_restock(actor=None, sku_id=shop.sku.pk, quantity=1)
    assert again.invoice_no.endswith("-02") and sku_orderable(shop.sku.pk) == 4
