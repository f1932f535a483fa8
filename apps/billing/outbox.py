"""The events a lease's money writes into the outbox (docs/webhooks.md), in the transaction
of the change: `bill.paid` (a bill settled whole, by any way of paying: `settle.py`),
`bill.overdue` (a rent bill's first overdue day: `latefees.py`), `charge.created` (damage or
an early-termination fee owed: `charges.py`) and `deposit.changed` (the provider confirmed
a freeze, thaw or transfer of the deposit, or refused it: `deposits.py`)."""

from __future__ import annotations

from apps.billing.models import DepositOperation
from apps.orders.models import Order
from zulin.outbox.services import event_emit, row_data, row_event

from .models import Bill

BILL_FIELDS = (
    "id order_id order_no kind period due_date amount paid_amount late_fee late_fee_paid status"
    " paid_at paid_by"
)
DEPOSIT_FIELDS = (
    "deposit_state deposit deposit_waived deposit_frozen deposit_transferred deposit_thawed"
    " deposit_remaining"
)
OPERATION_FIELDS = "kind amount status purpose failure_reason confirmed_at"


def bill_event(bill: Bill, type: str) -> None:
    row_event(type, bill, BILL_FIELDS, object_type="bill")


def deposit_event(order: Order, operation: DepositOperation) -> None:
    """`deposit.changed`: the order's deposit after the provider answered `operation`."""
    deposit = row_data(order, DEPOSIT_FIELDS)
    event_emit(
        "deposit.changed",
        object_type="deposit",
        object_id=order.pk,
        data={
            "order_id": order.pk,
            "order_no": order.order_no,
            **{name.removeprefix("deposit_"): value for name, value in deposit.items()},
            "operation": row_data(operation, OPERATION_FIELDS),
        },
    )
