"""The demo offers a device back from a lease as used (issue 63): the goods taken off shelf,
a month plan at the unit's fineness added beside the goods' own, back on shelf."""

from django_tenants.utils import tenant_context

from apps.assets.services import Identifiers, receipt_scan
from apps.assets.tests.factories import next_imei, next_serial, receipt_of, units_in_stock
from apps.goods.demo_used import used_plan_offer
from apps.goods.models import Goods, GoodsStatus, RentPlan
from apps.goods.selectors import sku_orderable
from apps.goods.services import sku_tracked_set

from .factories import goods_payload, leaf_category


def test_the_demo_offers_a_used_unit_on_a_plan_at_its_fineness_and_the_goods_stay_on_shelf(
    demo, demo_owner
):
    # Given goods sold new, on shelf, whose first SKU is tracked: two new units and one
    # back from a lease graded 95.
    payload = goods_payload(leaf_category().pk, fineness="new")
    saved = demo_owner.post("/api/platform/saveAndActiveGoods", payload)
    assert saved.ok, saved
    goods_id = saved.data["id"]
    with tenant_context(demo):
        goods = Goods.objects.get(pk=goods_id)
        assert goods.status == GoodsStatus.ON_SHELF
        sku = goods.skus.order_by("position").first()
        sku_tracked_set(actor=None, sku_id=sku.pk)
        units_in_stock(sku.pk, 2)
        line = receipt_of(sku.pk, 1).lines.get()
        identifiers = Identifiers(serial_number=next_serial(), imei1=next_imei())
        receipt_scan(actor=None, line_id=line.pk, identifiers=identifiers, grade="95")
        own = {
            (p.sku_id, p.term, p.rent, p.deposit)
            for p in RentPlan.objects.filter(is_active=True, sku__goods=goods)
        }

        # When the demo offers it at 95, twice.
        plan = used_plan_offer(actor=None, sku_id=sku.pk, fineness="95")
        again = used_plan_offer(actor=None, sku_id=sku.pk, fineness="95")

        # Then a 12-month plan at 95 a fifth cheaper than the new one, beside the goods' own
        # (unchanged), the goods back on shelf, its one unit at 95 orderable on it.
        assert again.pk == plan.pk
        assert (plan.term, plan.term_unit, plan.fineness) == (12, "month", "95")
        assert (str(plan.rent), str(plan.deposit)) == ("319.00", "800.00")
        active = RentPlan.objects.filter(is_active=True, sku__goods=goods)
        assert {(p.sku_id, p.term, p.rent, p.deposit) for p in active.exclude(pk=plan.pk)} == own
        assert active.count() == len(own) + 1
        assert Goods.objects.get(pk=goods_id).status == GoodsStatus.ON_SHELF
        assert sku_orderable(sku.pk, "95") == 1 and sku_orderable(sku.pk) == 2


def test_goods_whose_only_stock_is_used_units_go_back_on_shelf_on_their_used_plan(demo, demo_owner):
    # Given goods sold new, on shelf, whose tracked SKU has no new unit left, only one back
    # from a lease graded 95.
    payload = goods_payload(leaf_category().pk, fineness="new")
    saved = demo_owner.post("/api/platform/saveAndActiveGoods", payload)
    assert saved.ok, saved
    with tenant_context(demo):
        goods = Goods.objects.get(pk=saved.data["id"])
        sku = goods.skus.order_by("position").first()
        sku_tracked_set(actor=None, sku_id=sku.pk)
        line = receipt_of(sku.pk, 1).lines.get()
        identifiers = Identifiers(serial_number=next_serial(), imei1=next_imei())
        receipt_scan(actor=None, line_id=line.pk, identifiers=identifiers, grade="95")
        assert sku_orderable(sku.pk) == 0

        # When the shop offers it at 95 (off shelf, the plan added, on shelf again).
        used_plan_offer(actor=None, sku_id=sku.pk, fineness="95")

        # Then the goods are on shelf: a customer can order the used unit on that plan.
        assert Goods.objects.get(pk=goods.pk).status == GoodsStatus.ON_SHELF
        assert sku_orderable(sku.pk, "95") == 1
