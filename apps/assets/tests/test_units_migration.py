"""From a counted stock to units (apps/orders/units_migration.py): nothing lost, the counts
before and after agree."""

from collections import Counter

import pytest
from django.db import connection

from apps.assets.models import Unit, UnitMovement, UnitStatus
from apps.assets.services import Identifiers, receipt_scan, unit_move
from apps.goods.models import Goods, Sku, StockMovement
from apps.goods.selectors import sku_stocks
from apps.goods.services import sku_stock_reserve, sku_stock_update, sku_tracked_set
from apps.orders.units_migration import sku_units_migrate
from tests.leases import (
    DEMO,
    IntakeClient,
    awaiting_shipment,
    goods_on_shelf,
    in_lease,
    shipped,
)
from zulin.core.errors import ApplicationError, ErrorCode

from .factories import imei_with_check, receipt_of


def _orderable(sku):
    return {r["sku_id"]: r["stock"] for r in sku_stocks(sku.goods_id, session=None)}[sku.pk]


def test_a_counted_stock_with_waiting_reservations_becomes_as_many_units(demo):
    connection.set_tenant(demo)
    goods = Goods.objects.create(title="迁移测试手机", sub_shop_ids=[])
    sku = Sku.objects.create(goods=goods, specs={"颜色": "黑"}, stock=0)
    sku_stock_update(actor=None, sku_id=sku.pk, mode="set", quantity=7)
    sku_stock_reserve(sku_id=sku.pk, quantity=1, reference="NOT-SHIPPED-1")
    sku_stock_reserve(sku_id=sku.pk, quantity=2, reference="NOT-SHIPPED-2")
    before = _orderable(sku)
    assert before == 4

    counts = sku_units_migrate(actor=None, sku_id=sku.pk)

    assert Sku.objects.get(pk=sku.pk).tracked
    assert (counts.stock_before, counts.waiting_to_ship, counts.in_warehouse) == (4, 3, 7)
    units = Unit.objects.filter(sku_id=sku.pk)
    assert Counter(units.values_list("status", flat=True)) == {UnitStatus.SERIAL_PENDING: 7}
    assert set(units.values_list("sub_shop_id", flat=True)) == {None}
    assert UnitMovement.objects.filter(unit__sku_id=sku.pk, action="migrate").count() == 7
    # Serial-pending units are not orderable yet; scanned, they are, less the 3 reserved.
    assert _orderable(sku) == 0
    Unit.objects.filter(sku_id=sku.pk).update(status=UnitStatus.IN_STOCK)
    assert _orderable(sku) == before

    with pytest.raises(ApplicationError) as twice:
        sku_units_migrate(actor=None, sku_id=sku.pk)
    assert twice.value.code == ErrorCode.CONFLICT
    assert Unit.objects.filter(sku_id=sku.pk).count() == 7


def test_shipped_orders_get_their_units_and_the_counts_agree(demo, demo_owner):
    """Real leases through the calls: one in lease, one shipped, one awaiting shipment."""
    offer = goods_on_shelf(demo_owner)  # its SKU: stock 5
    app = IntakeClient(demo, DEMO)
    imei = imei_with_check("35000011112222")
    leased = in_lease(demo, demo_owner, app, offer, serial=imei, key="units-0001", seed=1)
    sent = shipped(
        demo,
        demo_owner,
        app,
        offer,
        serial="c02xk1abjg5h",
        key="units-0002",
        seed=2,
        phone="13912345602",
        tracking_no="SF0000000002",
    )
    waiting = awaiting_shipment(
        demo, demo_owner, app, offer, key="units-0003", seed=3, phone="13912345603"
    )
    connection.set_tenant(demo)
    sku = Sku.objects.get(pk=offer.sku_id)
    stock_before, orderable_before = sku.stock, _orderable(sku)
    assert (stock_before, orderable_before) == (2, 2)  # 5 less three reservations

    # A live unit of another SKU already holds the shipped order's serial: nothing migrates.
    other = Sku.objects.create(goods=sku.goods, specs={"颜色": "灰"}, stock=0)
    sku_tracked_set(actor=None, sku_id=other.pk)
    line = receipt_of(other.pk, 1).lines.get()
    holder = receipt_scan(
        actor=None, line_id=line.pk, identifiers=Identifiers(serial_number="C02XK1ABJG5H")
    )
    with pytest.raises(ApplicationError) as taken:
        sku_units_migrate(actor=None, sku_id=sku.pk)
    assert taken.value.data["unit_id"] == holder.pk
    assert not Sku.objects.get(pk=sku.pk).tracked
    assert not Unit.objects.filter(sku_id=sku.pk).exists()
    assert not StockMovement.objects.filter(sku=sku, kind="consume").exists()
    unit_move(Unit.objects.select_for_update().get(pk=holder.pk), action="sell", actor=None)

    counts = sku_units_migrate(actor=None, sku_id=sku.pk)

    out = Unit.objects.filter(sku_id=sku.pk, status=UnitStatus.OUT_WITH_CUSTOMER)
    assert {(u.order_id, u.imei1, u.serial_number) for u in out} == {
        (leased.id, imei, ""),
        (sent.id, "", "C02XK1ABJG5H"),
    }
    assert (counts.devices_out, counts.shipped_consumed, counts.waiting_to_ship) == (2, 2, 1)
    pending = Unit.objects.filter(sku_id=sku.pk, status=UnitStatus.SERIAL_PENDING)
    assert pending.count() == stock_before + 1  # the waiting order's device is in the shop
    assert not StockMovement.objects.filter(sku=sku, reference=waiting.no, kind="consume")
    assert _orderable(sku) == 0  # every unit in the warehouse awaits its serial
    pending.update(status=UnitStatus.IN_STOCK)
    assert _orderable(sku) == orderable_before  # the counts before and after agree
    with pytest.raises(ApplicationError) as refused:
        sku_stock_update(actor=None, sku_id=sku.pk, mode="add", quantity=1)
    assert refused.value.code == ErrorCode.SKU_TRACKED_BY_UNIT
