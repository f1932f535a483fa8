"""An order's deposit as its screen shows it: the amounts kept on the order and each
operation billing made at the provider, a transfer with the periods of the bills it paid."""

from __future__ import annotations

from typing import Any

from apps.orders.models import Order
from tenants.catalog.selectors import money

from .models import Bill, DepositOperation


def order_deposit(order: Order) -> dict[str, Any]:
    """The deposit of `order` (its figures, kept on the order by billing's moves) and its
    operations, oldest first (`orderInfo`'s `deposit_detail`)."""
    ops = list(DepositOperation.objects.filter(order_id=order.pk).order_by("id"))
    periods = dict(
        Bill.objects.filter(pk__in=[bill_id for op in ops for bill_id in op.bill_ids]).values_list(
            "pk", "period"
        )
    )
    return {
        "deposit": money(order.deposit),
        "waived": money(order.deposit_waived),
        "required": money(order.deposit - order.deposit_waived),
        "state": order.deposit_state,
        "frozen": money(order.deposit_frozen),
        "transferred": money(order.deposit_transferred),
        "thawed": money(order.deposit_thawed),
        "remaining": money(order.deposit_remaining),
        "operations": [
            {
                "id": op.pk,
                "kind": op.kind,
                "amount": money(op.amount),
                "status": op.status,
                "purpose": op.purpose,
                # a transfer for bills: their periods, oldest first
                "bill_periods": sorted(
                    periods[bill_id] for bill_id in op.bill_ids if bill_id in periods
                ),
                "failure_reason": op.failure_reason,
                "created_at": op.created_at,
                "confirmed_at": op.confirmed_at,
            }
            for op in ops
        ],
    }
