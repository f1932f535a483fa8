"""An order's money as its screen shows it, beside its bills (`bill_rows.order_bills`): the
deposit with each operation billing made at the provider (a transfer with the periods of the
bills it paid), and what an order ended without a deal gave back and has still in flight."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import Sum

from apps.orders import machine
from apps.orders.models import Order
from tenants.catalog.selectors import money

from .models import BillPayment, BillRefund, DepositOperation
from .selectors import ZERO, bill_periods


def order_deposit(order: Order) -> dict[str, Any]:
    """The deposit of `order` (its figures, kept on the order by billing's moves) and its
    operations, oldest first (`orderInfo`'s `deposit_detail`)."""
    ops = list(DepositOperation.objects.filter(order_id=order.pk).order_by("id"))
    periods = bill_periods(bill_id for op in ops for bill_id in op.bill_ids)
    # Deposit-free (docs/zhima.md): of what was frozen, Zhima's guarantee (no money) and the
    # customer's money, kept apart.
    freeze = next((op for op in ops if op.kind == "freeze" and op.status == "succeeded"), None)
    credit = freeze.credit_amount if freeze else Decimal("0.00")
    return {
        "frozen_credit": money(credit),
        "frozen_fund": money(order.deposit_frozen - credit),
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
                "credit_amount": money(op.credit_amount),
            }
            for op in ops
        ],
    }


def deposit_covers(order_ids: set[int]) -> dict[int, dict[str, str | None]]:
    """Of each order's frozen deposit (its freeze), the customer's money (`deposit_fund`) and
    Zhima's guarantee (`deposit_credit`, no money): the risk list's deposit cover. Orders
    with nothing frozen are left out."""
    freezes = DepositOperation.objects.filter(
        order_id__in=order_ids, kind="freeze", status="succeeded"
    ).values_list("order_id", "amount", "credit_amount")
    return {
        order_id: {"deposit_fund": money(amount - credit), "deposit_credit": money(credit)}
        for order_id, amount, credit in freezes
    }


def order_given_back(order: Order) -> dict[str, Any] | None:
    """What an order ended without a deal (`machine.UNWOUND`: cancelled, refused, refunded,
    closed) gave back and what is still in flight at the provider (`unwind.py`), None for
    any other order. Lines, oldest first: each refund of a bill payment (its purpose: the
    order's, the shipping fee, or money that came after the order ended, `unwound`), each
    deposit operation (a thaw gives the freeze back; a refund, a transfer taken back), and
    each settlement of a bill still processing (a withhold or customer payment the unwind
    asked the provider to close: if it succeeds after all, it is given back). Totals:
    `paid` (what the customer's payments brought through the provider), `given_back`
    (refunds and deposit money succeeded), `in_flight` (payments, refunds and deposit
    operations still processing) and `deposit_frozen` (the freeze not yet thawed)."""
    if order.status not in machine.UNWOUND:
        return None
    lines: list[dict[str, Any]] = []
    processing, succeeded = BillPayment.Status.PROCESSING, BillPayment.Status.SUCCEEDED
    trades: dict[str, dict[str, Any]] = {}
    payments = (
        BillPayment.objects.filter(bill__order_id=order.pk, status=processing)
        .select_related("bill")
        .order_by("id")
    )
    for payment in payments:  # an early settlement is one trade over several bills
        trade = trades.setdefault(
            payment.out_trade_no,
            {
                "kind": "payment",
                "type": payment.method,
                "amount": ZERO,
                "status": payment.status,
                "periods": [],
                "created_at": payment.created_at,
                "finished_at": None,
            },
        )
        trade["amount"] += payment.asked_amount or payment.amount
        trade["periods"].append(payment.bill.period)
    lines += trades.values()
    refunds = BillRefund.objects.filter(order_id=order.pk).select_related("payment__bill")
    lines += [
        {
            "kind": "refund",
            "type": refund.purpose,
            "amount": refund.amount,
            "status": refund.status,
            "periods": [refund.payment.bill.period],
            "created_at": refund.created_at,
            "finished_at": refund.finished_at,
        }
        for refund in refunds
    ]
    deposit_ops = order.deposit_operations.exclude(kind=DepositOperation.Kind.FREEZE)
    lines += [
        {
            "kind": "deposit",
            "type": op.kind,
            "amount": op.amount,
            "status": op.status,
            "periods": [],
            "created_at": op.created_at,
            "finished_at": op.confirmed_at,
        }
        for op in deposit_ops
        # A transfer that succeeded took the deposit: what of it came back is its refund.
        if op.kind != DepositOperation.Kind.TRANSFER or op.status == processing
    ]
    lines.sort(key=lambda line: line["created_at"])
    paid = (
        BillPayment.objects.filter(bill__order_id=order.pk, status=succeeded)
        .exclude(method=BillPayment.Method.OFFLINE)
        .aggregate(total=Sum("amount"))["total"]
    )

    def total(status: str, *kinds: str) -> Decimal:
        return sum(
            (
                line["amount"]
                for line in lines
                if line["status"] == status and line["kind"] in kinds
            ),
            ZERO,
        )

    return {
        "paid": money(paid or ZERO),
        "given_back": money(total(succeeded, "refund", "deposit")),
        "in_flight": money(total(processing, "payment", "refund", "deposit")),
        "deposit_frozen": money(order.deposit_remaining),
        "lines": [
            {**line, "amount": money(line["amount"]), "periods": sorted(line["periods"])}
            for line in lines
        ],
    }
