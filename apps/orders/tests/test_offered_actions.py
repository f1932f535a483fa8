"""The detail's action list offers only what the service accepts now: for every order of the
test shop, one of each state this test makes among them (awaiting the customer's signature,
signed and awaiting the first payment, awaiting shipment, shipped, in lease, closed), each
offered action whose service guards the order's state is run as the owner and accepted
(then rolled back)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection, transaction
from django_tenants.utils import tenant_context

from apps.billing import deposits
from apps.orders import after_sale, contracts, lease, list_actions
from apps.orders.models import Contract, Order
from apps.orders.scope import order_in_scope
from apps.orders.selectors import order_actions
from tests.fixtures import session_of
from tests.leases import (
    awaiting_shipment,
    customer_signs,
    goods_on_shelf,
    in_lease,
    place,
    placed,
    shipped,
)
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError

PHONE = "13700000066"


def _apply(kind: str) -> Callable[[Session, Order], Any]:
    return lambda actor, order: after_sale.after_sale_apply(
        order_id=order.pk, kind=kind, reason="检查", extra_term=3, actor=actor
    )


def _deposit(action: str) -> Callable[[Session, Order], Any]:
    def run(actor: Session, order: Order) -> Any:
        locked = order_in_scope(actor, order.pk, lock=True)
        if action == "deposit_thaw":
            return deposits.deposit_thaw(locked, actor=actor, idempotency_key="offered-thaw")
        return deposits.deposit_transfer(
            locked, actor=actor, purpose="damage", amount=None, idempotency_key="offered-take"
        )

    return run


def _first_open_bill(order: Order) -> int:
    return order.bills.filter(status__in=("unpaid", "overdue")).order_by("period").first().period


# The actions whose service refuses some states, and a call of it.
SERVICES: dict[str, Callable[[Session, Order], Any]] = {
    "refresh_contract": lambda actor, order: contracts.contract_refresh(
        actor=actor, order_id=order.pk
    ),
    "close": lambda actor, order: list_actions.orders_close(
        actor=actor, ids=[order.pk], reason="检查"
    ),
    "delete": lambda actor, order: list_actions.orders_delete(actor=actor, ids=[order.pk]),
    "return": _apply("return"),
    "buyout": _apply("buyout"),
    "renewal": _apply("renewal"),
    "refund": _apply("refund"),
    "deliver": lambda actor, order: lease.order_deliver(order_id=order.pk, actor=actor),
    "deposit_thaw": _deposit("deposit_thaw"),
    "deposit_transfer": _deposit("deposit_transfer"),
}


def test_every_offered_action_is_accepted_by_its_service(demo, demo_owner, app, offer):
    signing = placed(demo, place(app, offer, key="offered-0001", phone=PHONE))
    assert demo_owner.post("/api/backend/auditOrder", {"id": signing.id, "passed": True}).ok
    signed = placed(demo, place(app, offer, key="offered-0002", phone=PHONE, seed=1))
    assert demo_owner.post("/api/backend/auditOrder", {"id": signed.id, "passed": True}).ok
    customer_signs(demo, signed.id)
    awaiting_shipment(demo, demo_owner, app, offer, key="offered-0003", phone=PHONE, seed=2)
    more = goods_on_shelf(demo_owner)  # an offer's stock is 5
    in_lease(demo, demo_owner, app, more, key="offered-0004", phone=PHONE, seed=3)
    shipped(demo, demo_owner, app, more, key="offered-0006", phone=PHONE, seed=5)
    closed = placed(demo, place(app, more, key="offered-0005", phone=PHONE, seed=4))
    assert demo_owner.post("/api/platform/closeOrders", {"ids": [closed.id], "reason": "重复"}).ok
    owner = session_of(demo_owner)
    tried: dict[str, int] = {}
    refused: list[tuple[str, str, str]] = []
    with tenant_context(demo):
        # A signed contract whose order waits for the first payment is not made again.
        signed_order = Order.objects.get(pk=signed.id)
        assert signed_order.status == "awaiting_signing"
        assert signed_order.contracts.filter(status=Contract.Status.SIGNED).exists()
        assert "refresh_contract" not in order_actions(signed_order, owner)
        assert "refresh_contract" in order_actions(Order.objects.get(pk=signing.id), owner)

        for order in Order.objects.filter(is_deleted=False).order_by("id"):
            for action in order_actions(order, owner):
                if action not in SERVICES:
                    continue
                tried[action] = tried.get(action, 0) + 1
                try:
                    with transaction.atomic():
                        SERVICES[action](owner, order)
                        transaction.set_rollback(True)
                except ApplicationError as error:
                    refused.append((order.order_no, order.status, f"{action}: {error.code}"))
    connection.set_schema_to_public()

    assert refused == []
    # The states reach the guarded actions: the check is not vacuous.
    assert {"refresh_contract", "close", "delete", "return", "renewal", "refund", "deliver"} <= set(
        tried
    )
