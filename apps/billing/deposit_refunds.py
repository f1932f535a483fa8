"""Money a deposit transfer took, given back at the provider: a damage charge withdrawn
(`refundDeposit`), or every transfer for bills of an order ended without a deal
(`unwind.py`). Each refund is a deposit operation of its own, numbered after its transfer
(`…R<id>`), made and confirmed by `deposits.transfer_refund` (a transfer confirmed after its
order ended is refunded by it too)."""

from __future__ import annotations

from decimal import Decimal

from apps.billing.models import DepositOperation
from apps.orders.models import Order
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode

from .deposits import Op, operation_of_key, transfer_given_back, transfer_refund


def deposit_refund(
    order: Order, *, actor: Session | None, amount: Decimal, idempotency_key: str = ""
) -> DepositOperation:
    """Gives back money a transfer took from the deposit (a damage charge withdrawn): never
    more than the transfers took, less what was given back already."""
    earlier = operation_of_key(idempotency_key)
    if earlier is not None:
        return earlier
    transfers = order.deposit_operations.filter(kind=Op.Kind.TRANSFER, status=Op.Status.SUCCEEDED)
    for transfer in transfers.order_by("-id"):
        if transfer.amount - transfer_given_back(transfer) >= amount > 0:
            return transfer_refund(
                transfer,
                order,
                amount=amount,
                purpose=transfer.purpose,
                actor=actor,
                idempotency_key=idempotency_key,
            )
    raise ApplicationError(ErrorCode.REFUND_EXCEEDS_PAID)


def deposit_transfers_refund(order: Order, *, actor: Session | None) -> list[DepositOperation]:
    """An order ended without a deal: what each transfer for bills took of the deposit and
    was not given back yet is refunded to the customer (its rent's commission back with it,
    as `refundDeposit`). The caller holds the order's lock."""
    refunds = []
    transfers = order.deposit_operations.filter(
        kind=Op.Kind.TRANSFER, status=Op.Status.SUCCEEDED, purpose="bills"
    )
    for transfer in transfers.order_by("id"):
        left = transfer.amount - transfer_given_back(transfer)
        if left > 0:
            refunds.append(
                transfer_refund(transfer, order, amount=left, purpose=transfer.purpose, actor=actor)
            )
    return refunds
