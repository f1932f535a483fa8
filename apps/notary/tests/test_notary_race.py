"""A notarization's first step sent twice at once (a double click, two tabs), on real
PostgreSQL connections, committed: one case at the notary service, one move, both answered
with it. Rows committed are removed afterwards (`committed_demo`)."""

from __future__ import annotations

from django.db import connection
from django_tenants.utils import tenant_context

from apps.notary.tests.test_notary import CONFIG, N
from apps.orders.models import Order
from tests.committed import committed_demo  # noqa: F401 — the fixture
from tests.fixtures import login
from tests.leases import DEMO, IntakeClient, goods_on_shelf, place
from zulin.audit.models import StatusChange
from zulin.ledger.tests.test_ledger_concurrency import committed, in_threads
from zulin.providers.econtract import sandbox_econtract_sign
from zulin.providers.models import SandboxNotaryCase
from zulin.providers.sandbox import sandbox_callbacks_deliver


def _signed(demo) -> tuple[int, str]:
    """A lease whose contract the customer signed, and the shop's notary set up; committed."""

    def work() -> tuple[int, str]:
        owner = login(DEMO, "owner")
        assert owner.post(f"{N}/setNotaryConfig", CONFIG).ok
        app = IntakeClient(demo, DEMO)
        connection.set_tenant(demo)
        placed = place(app, goods_on_shelf(owner), key="notary-race-0001")
        assert placed.ok, placed
        with tenant_context(demo):
            order = Order.objects.get(order_no=placed.data["order_no"])
        assert owner.post("/api/backend/auditOrder", {"id": order.pk, "passed": True}).ok
        with tenant_context(demo):
            sandbox_econtract_sign(order.contracts.get().provider_reference)
        sandbox_callbacks_deliver(merchant="demo")
        return order.pk, order.order_no

    return committed(demo, work)


def test_the_first_step_twice_at_once_makes_one_case(committed_demo):  # noqa: F811
    demo = committed_demo
    order_id, order_no = _signed(demo)

    def push(_number: int) -> tuple[int, str]:
        answer = login(DEMO, "owner").post(f"{N}/pushCustomerInfo", {"order_id": order_id})
        return answer.code, (answer.data or {}).get("case_reference", "")

    results = in_threads(demo, 2, push)

    assert [code for code, _ in results] == [200, 200], results
    assert results[0][1] == results[1][1] != ""
    assert SandboxNotaryCase.objects.filter(order_no=order_no).count() == 1

    def moves() -> list[str]:
        rows = StatusChange.objects.filter(target_type="notarization").order_by("id")
        return [row.action for row in rows]

    assert committed(demo, moves)[-2:] == ["create", "push_customer"]
    assert committed(demo, moves).count("push_customer") == 1
