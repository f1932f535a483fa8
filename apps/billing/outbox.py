"""The events a lease's money writes into the outbox (docs/webhooks.md), in the transaction
of the change: `bill.paid` (a bill settled whole, by any way of paying: `settle.py`) and
`charge.created` (damage or an early-termination fee owed: `charges.py`)."""

from __future__ import annotations

from typing import Any

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
