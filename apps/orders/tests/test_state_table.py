"""Every status × every move of both order kinds against the table docs/orders.md states:
allowed moves land with a history row, every other is a 409 naming from and to and changes
nothing. The expected table is written out here, independently of apps/orders/machine.py."""

from __future__ import annotations

import pytest
from django.db import transaction
from django_tenants.utils import tenant_context

from apps.orders import moves
from apps.orders.models import Order
from tenants.orders.rules import OrderStatus
from tests.leases import place
from zulin.audit.models import StatusChange
from zulin.core.errors import ApplicationError, ErrorCode

OPEN = {
    "awaiting_audit",
    "awaiting_signing",
    "awaiting_payment",
    "paid",
    "awaiting_shipment",
    "shipped",
    "in_lease",
    "returning",
    "inspecting",
}

LEASE = {
    "audit_pass": ({"awaiting_audit"}, "awaiting_signing"),
    "audit_refuse": ({"awaiting_audit"}, "refused"),
    "risk_refuse": ({"awaiting_audit"}, "refused"),
    "cancel": ({"awaiting_audit", "awaiting_signing"}, "cancelled"),
    "sign": ({"awaiting_signing"}, "awaiting_shipment"),
    "ship": ({"awaiting_shipment"}, "shipped"),
    "deliver": ({"shipped"}, "in_lease"),
    "refund": ({"awaiting_shipment"}, "refunded"),
    "return_start": ({"in_lease"}, "returning"),
    "return_receive": ({"returning"}, "inspecting"),
    "inspect_done": ({"inspecting"}, "completed"),
    "buyout": ({"in_lease"}, "bought_out"),
    "close": ({"awaiting_audit", "awaiting_signing", "awaiting_shipment"}, "closed"),
    "platform_close": (OPEN, "closed"),
}

PURCHASE = {
    "pay": ({"awaiting_payment"}, "paid"),
    "cancel": ({"awaiting_payment"}, "cancelled"),
    "ship": ({"paid"}, "shipped"),
    "deliver": ({"shipped"}, "completed"),
    "refund": ({"paid"}, "refunded"),
    "close": ({"awaiting_payment", "paid"}, "closed"),
    "platform_close": (OPEN, "closed"),
}

ACTIONS = sorted(set(LEASE) | set(PURCHASE) | {"audit", "return", "reopen"})


class _Undo(Exception):
    pass


def _try(order_id: int, status: str, kind: str, action: str) -> tuple[object, list[tuple]]:
    """The move from `status`, then everything rolled back: (new status or error, history)."""
    outcome: object = None
    history: list[tuple] = []
    try:
        with transaction.atomic():
            Order.objects.filter(pk=order_id).update(status=status, kind=kind)
            order = Order.objects.select_for_update().get(pk=order_id)
            try:
                moves.order_move(order, action=action, actor=None, reason="表测试")
                outcome = Order.objects.get(pk=order_id).status
            except ApplicationError as error:
                outcome = (int(error.code), error.data)
                assert Order.objects.get(pk=order_id).status == status
            history = list(
                StatusChange.objects.filter(
                    target_type="order", target_id=str(order_id), reason="表测试"
                ).values_list("action", "from_status", "to_status")
            )
            raise _Undo
    except _Undo:
        pass
    return outcome, history


@pytest.mark.parametrize("kind, table", [("lease", LEASE), ("purchase", PURCHASE)])
def test_every_status_takes_exactly_the_moves_of_the_table(demo, app, offer, kind, table):
    order_no = place(app, offer).data["order_no"]
    with tenant_context(demo):
        order_id = Order.objects.get(order_no=order_no).pk
        for status in OrderStatus.values:
            for action in ACTIONS:
                outcome, history = _try(order_id, status, kind, action)
                sources, target = table.get(action, (set(), ""))
                where = f"{kind}: {status} --{action}-->"
                if status in sources:
                    assert outcome == target, where
                    assert history == [(action, status, target)], where
                else:
                    assert isinstance(outcome, tuple), f"{where} {outcome}"
                    code, data = outcome
                    assert code == ErrorCode.CONFLICT, where
                    assert data["from"] == status, where
                    assert history == [], where


def test_an_open_after_sale_business_freezes_the_order_for_other_moves(demo, app, offer):
    order_no = place(app, offer).data["order_no"]
    with tenant_context(demo):
        Order.objects.filter(order_no=order_no).update(has_open_after_sale=True)
        order = Order.objects.get(order_no=order_no)
        with pytest.raises(ApplicationError) as refused:
            moves.order_move(order, action="audit_pass", actor=None)
        assert refused.value.code == ErrorCode.AFTER_SALE_OPEN
        assert Order.objects.get(order_no=order_no).status == "awaiting_audit"
