"""The events a lease's money writes into the outbox (docs/webhooks.md), in the transaction
of the change: `bill.paid` (a bill settled whole, by any way of paying: `settle.py`),
`bill.overdue` (a rent bill's first overdue day: `latefees.py`), `charge.created` (damage or
an early-termination fee owed: `charges.py`) and `deposit.changed` (the provider confirmed
a freeze, thaw or transfer of the deposit, or refused it: `deposits.py`)."""

from __future__ import annotations

from typing import Any

from apps.orders.models import DepositOperation, Order
from zulin.outbox.services import event_emit

from .models import Bill


def bill_object(bill: Bill) -> dict[str, Any]:
    return {
        "id": bill.pk,
        "order_id": bill.order_id,
        "order_no": bill.order_no,
        "kind": bill.kind,
        "period": bill.period,
        "due_date": bill.due_date,
        "amount": f"{bill.amount:.2f}",
        "paid_amount": f"{bill.paid_amount:.2f}",
        "late_fee": f"{bill.late_fee:.2f}",
        "late_fee_paid": f"{bill.late_fee_paid:.2f}",
        "status": bill.status,
        "paid_at": bill.paid_at,
        "paid_by": bill.paid_by,
    }


def bill_event(bill: Bill, type: str) -> None:
    event_emit(
        type,
        object_type="bill",
        object_id=bill.pk,
        data=bill_object(bill),
    )


def deposit_event(order: Order, operation: DepositOperation) -> None:
    """`deposit.changed`: the order's deposit after the provider answered `operation`."""
    event_emit(
        "deposit.changed",
        object_type="deposit",
        object_id=order.pk,
        data={
            "order_id": order.pk,
            "order_no": order.order_no,
            "state": order.deposit_state,
            "deposit": f"{order.deposit:.2f}",
            "waived": f"{order.deposit_waived:.2f}",
            "frozen": f"{order.deposit_frozen:.2f}",
            "transferred": f"{order.deposit_transferred:.2f}",
            "thawed": f"{order.deposit_thawed:.2f}",
            "remaining": f"{order.deposit_remaining:.2f}",
            "operation": {
                "kind": operation.kind,
                "amount": f"{operation.amount:.2f}",
                "status": operation.status,
                "purpose": operation.purpose,
                "failure_reason": operation.failure_reason,
                "confirmed_at": operation.confirmed_at,
            },
        },
    )
