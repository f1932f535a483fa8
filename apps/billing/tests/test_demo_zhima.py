"""The demo's deposit-free leases (`demo_zhima.py`): told through the services as dated
history, one credit order in each state it settles in, the instalments taken from the
authorisation on their due days, and a second run telling nothing."""

from __future__ import annotations

from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.demo_zhima import zhima_showcase_load
from apps.billing.models import BillPayment, CreditOrder, CreditOrderSync
from apps.goods.models import RentPlan
from apps.orders.models import Order
from apps.orders.reads import order_setting
from tenants.accounts.demo import demo_actor
from tests.leases import goods_on_shelf
from zulin.audit.models import StatusChange
from zulin.core.sides import PlatformType


def test_the_demo_has_deposit_free_leases_in_every_settled_state_and_loads_once(demo, demo_owner):
    offer = goods_on_shelf(demo_owner, channels=[])  # every channel: the demo's too
    with tenant_context(demo):
        RentPlan.objects.filter(pk=offer.rent_plan_id).update(credit_deposit_max=Decimal("9999"))
        owner = demo_actor(platform_type=PlatformType.STORE, merchant=demo, username="owner")
        found = zhima_showcase_load(owner=owner, slug=demo.slug)
        assert found == {
            "frozen": 1,
            "closed": 1,
            "performing": 2,
            "completed": 1,
            "violation_pending": 1,
            "violated": 1,
        }
        assert order_setting().zhima_deposit_free
        # Instalments from the authorisation, each on its due day (history, not today).
        paid = list(BillPayment.objects.filter(method="auth", status="succeeded"))
        assert paid
        assert all(timezone.localdate(p.finished_at) == p.bill.due_date for p in paid), [
            (p.bill.due_date, p.finished_at) for p in paid
        ]
        # The bill paid late in the app is told COMPLETE; the violation was synced.
        told = set(CreditOrderSync.objects.values_list("sync_status", "period", "result"))
        assert ("VIOLATED", None, "succeeded") in told
        assert ("CLOSED", None, "succeeded") in told
        assert ("COMPLETE", None, "succeeded") in told  # the returned lease
        assert any(s == "COMPLETE" and p == 2 for s, p, _ in told)
        # Dated as history: a violation confirmed no earlier than the grace after the notice.
        violated = CreditOrder.objects.get(status="violated")
        moves = dict(
            StatusChange.objects.filter(
                target_type="credit_order", target_id=str(violated.pk)
            ).values_list("action", "created_at")
        )
        assert (moves["violate"] - moves["notice"]).days >= 7
        assert timezone.localdate(moves["notice"]) < timezone.localdate()
        orders = Order.objects.count()
        assert zhima_showcase_load(owner=owner, slug=demo.slug) == found
        assert Order.objects.count() == orders
    connection.set_schema_to_public()
