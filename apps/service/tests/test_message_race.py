"""The per-customer throttle on real PostgreSQL connections, committed: six messages to one
customer at once, and exactly the hour's limit go out."""

from __future__ import annotations

from django.db import connection
from django_tenants.utils import tenant_context

from apps.orders.models import Order
from apps.service.models import CustomerMessage
from apps.service.rules import MESSAGES_PER_HOUR
from tests.fixtures import login
from tests.leases import DEMO, IntakeClient, goods_on_shelf, place
from zulin.ledger.tests.test_ledger_concurrency import committed, in_threads
from zulin.providers.models import SandboxSmsMessage

PHONE = "13977770001"


def test_six_messages_at_once_to_one_customer_send_exactly_the_hours_limit(committed_demo):
    demo = committed_demo

    def setup() -> int:
        owner = login(DEMO, "owner")
        assert owner.post("/api/general/baseSet", {"phone": "400-800-1234", "hours": "9-21"}).ok
        app = IntakeClient(demo, DEMO)
        connection.set_tenant(demo)
        placed = place(app, goods_on_shelf(owner), key="race-message-0001", phone=PHONE)
        assert placed.ok, placed
        with tenant_context(demo):
            return Order.objects.get(order_no=placed.data["order_no"]).pk

    order_id = committed(demo, setup)

    def send(_: int) -> int:
        owner = login(DEMO, "owner")
        body = {"order_id": order_id, "template_code": "service_contact"}
        return owner.post("/api/general/sendMessage", body).code

    codes = in_threads(demo, 6, send)

    assert sorted(codes) == [200] * MESSAGES_PER_HOUR + [1661] * (6 - MESSAGES_PER_HOUR), codes
    with tenant_context(demo):
        assert CustomerMessage.objects.filter(order_id=order_id, status="sent").count() == 3
    assert SandboxSmsMessage.objects.filter(phone=PHONE).count() == MESSAGES_PER_HOUR
