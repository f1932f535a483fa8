"""The demo's devices after their leases (issue 63), checked by tests/test_demo.py on the
showcase it loads: every unit owned before it was shipped and leased a believable part of
the time, returned devices at every step of their second life (the one restocked as used
leased again, with its bills), and the asset report's collected figure equal to the
ledger's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.utils import timezone
from django_tenants.utils import tenant_context

from tenants.merchants.models import Merchant
from tests.fixtures import login


def owned_before_leased_checked(demo: Merchant) -> Callable[[], None]:
    """Issue 63: every unit was the shop's (received on its stock receipt) before it was
    shipped to anyone, and each unit's utilisation (days on lease over days owned) is within
    0-100 %; the whole shop's is believable, neither idle stock nor more lease than owned."""
    from apps.assets.earnings import units_earnings
    from apps.assets.models import Unit, UnitMovement
    from apps.assets.report import asset_report

    def checked() -> None:
        with tenant_context(demo):
            received = dict(
                UnitMovement.objects.filter(action="receive").values_list("unit_id", "at")
            )
            shipped = list(UnitMovement.objects.filter(action="ship").values_list("unit_id", "at"))
            assert len(shipped) > 10
            early = [(unit_id, at) for unit_id, at in shipped if at < received[unit_id]]
            assert early == []
            receipt_days = dict(
                Unit.objects.values_list("pk", "receipt_line__receipt__receipt_date")
            )
            early_days = [
                unit_id
                for unit_id, at in shipped
                if timezone.localtime(at).date() < receipt_days[unit_id]
            ]
            assert early_days == []
            earned = units_earnings(list(Unit.objects.all()))
            rates = [Decimal(e["utilisation"]) for e in earned.values() if e["utilisation"]]
            assert rates and all(Decimal(0) <= rate <= Decimal(100) for rate in rates)
            total = asset_report(session=None, group_by="sku")["total"]
            assert Decimal(0) < Decimal(total["utilisation"]) < Decimal(100), total

    checked()
    return checked


def second_life_checked(demo: Merchant) -> Callable[[], None]:
    """Issue 63: leases still out with their shipping baseline; returned devices at every
    step — waiting, inspected and restocked as used, quarantined with the customer's to-do,
    in repair with a started work order, scrapped with what was recovered — dated after
    they came back."""
    from apps.assets.earnings import unit_earnings
    from apps.assets.inspection_selectors import unit_todo
    from apps.assets.models import Inspection, Unit, WorkOrder
    from apps.billing.models import Bill
    from apps.goods.models import RentPlan
    from apps.orders.models import Order

    def back_of(unit: Unit) -> Any:
        return unit.movements.filter(action="return_receive").order_by("id").first().at

    def unit_detail_orders(unit: Unit) -> set[int]:
        owner = login("demo.localhost", "owner")
        detail = owner.get("/api/backend/getUnitDetail", {"id": unit.pk}).data
        return {row["order_id"] for row in detail["orders"]}

    with tenant_context(demo):
        baselines = Inspection.objects.filter(occasion="ship_baseline")
        assert baselines.exists()
        for baseline in baselines:
            shipped = baseline.unit.movements.filter(action="ship", order_id=baseline.order_id)
            assert shipped.filter(at__lt=baseline.finished_at).exists()
        returns = Inspection.objects.filter(occasion="return")
        assert returns.count() == 4
        for inspection in returns:
            back = inspection.unit.movements.filter(action="return_receive").last()
            assert back is not None and back.at < inspection.finished_at
        statuses = Counter(Unit.objects.values_list("status", flat=True))
        assert statuses["received"] >= 1  # the newest waits for its inspection
        assert statuses["quarantined"] == 1 and statuses["scrapped"] == 1
        assert statuses["in_repair"] == 1
        quarantined = Unit.objects.get(status="quarantined")
        assert unit_todo(quarantined)  # the customer's to-do its order shows
        repair = WorkOrder.objects.get()
        assert repair.status == "in_progress" and repair.unit.status == "in_repair"
        # Restocked as used at 95 (the one back longest ago), then leased again on a plan at
        # 95: two leases on its page and in the report, each with the money it collected.
        restocked = returns.filter(unit__movements__action="restock").distinct().get()
        used = restocked.unit
        assert used.grade == restocked.fineness == "95"
        ships = list(used.movements.filter(action="ship").order_by("at", "id"))
        restock = used.movements.get(action="restock")
        assert len(ships) == 2 and ships[0].at < back_of(used) < restock.at < ships[1].at
        second = Order.objects.get(pk=ships[1].order_id)
        assert second.pk != ships[0].order_id and second.fineness == "95"
        assert (second.status, used.status, used.order_id) == (
            "in_lease",
            "out_with_customer",
            second.pk,
        )
        assert RentPlan.objects.get(pk=second.rent_plan_id).fineness == "95"
        # Its bills paid in the app on their due dates, up to yesterday.
        bills = list(Bill.objects.filter(order_id=second.pk).order_by("period"))
        due = [b for b in bills if b.due_date < timezone.localdate()]
        assert len(due) >= 2, [(b.period, b.due_date) for b in bills]
        assert all(b.status == "paid" for b in due)
        assert all(timezone.localtime(b.paid_at).date() == b.due_date for b in due[1:])
        earned = unit_earnings(used)
        by_order = {row["order_id"]: Decimal(row["amount"]) for row in earned["collected_by_order"]}
        assert set(by_order) == {ships[0].order_id, second.pk}
        assert all(amount > 0 for amount in by_order.values()), by_order
        assert Decimal(earned["collected"]) == sum(by_order.values())
        assert Unit.objects.get(status="scrapped").disposal_value == Decimal("300.00")
        count = Inspection.objects.count()
    # Its page (the call, outside the schema: a request leaves the connection in public).
    assert {ships[0].order_id, second.pk} <= unit_detail_orders(used)

    def again() -> None:
        with tenant_context(demo):
            assert Inspection.objects.count() == count

    return again


def asset_report_checked(demo: Merchant) -> Callable[[], None]:
    """Issue 63: the asset report's collected figure is the ledger's income of the orders
    that held the units (found through their moves), by SKU and by category; believable
    utilisation and payback."""
    from apps.assets.models import Unit, UnitMovement
    from apps.assets.report import asset_report
    from zulin.ledger.selectors import balances_by_dimension

    held = ["out_with_customer", "returning"]
    income = {
        "rent_income",
        "addon_income",
        "sale_income",
        "buyout_income",
        "damage_income",
        "termination_fee_income",
        "shipping_fee_income",
        "late_fee_income",
    }
    against = {"refunds", "early_settlement_discount"}

    def ledger_income(order_id: int) -> Decimal:
        balances = balances_by_dimension(order_id=order_id)
        return sum((v for k, v in balances.items() if k in income), Decimal("0")) - sum(
            (v for k, v in balances.items() if k in against), Decimal("0")
        )

    def checked() -> None:
        with tenant_context(demo):
            order_ids = set(
                UnitMovement.objects.filter(order_id__isnull=False, to_status__in=held)
                .exclude(from_status__in=held)
                .values_list("order_id", flat=True)
            )
            ledger = sum((ledger_income(order_id) for order_id in order_ids), Decimal("0"))
            by_sku = asset_report(session=None, group_by="sku")
            by_category = asset_report(session=None, group_by="category")
            assert len(order_ids) > 10 and ledger > 0
            assert Decimal(by_sku["total"]["collected"]) == ledger
            assert sum(Decimal(row["collected"]) for row in by_sku["rows"]) == ledger
            assert Decimal(by_category["total"]["collected"]) == ledger
            assert by_sku["total"]["units"] == Unit.objects.count()
            assert sum(row["units"] for row in by_category["rows"]) == Unit.objects.count()
            total = by_sku["total"]
            # Leased, some of it: the devices were bought months before the history's leases.
            assert total["utilisation"] is not None and 0 < Decimal(total["utilisation"]) < 100
            assert total["average_payback"] is not None and Decimal(total["average_payback"]) > 0

    checked()
    return checked
