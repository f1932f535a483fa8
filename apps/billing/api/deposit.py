"""The deposit's calls: thaw, transfer to bills or damage, refund of a transfer."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpRequest

from apps.orders.scope import order_in_scope
from tenants.catalog.selectors import money
from zulin.core.auth import (
    Session,
    current_session,
    store_auth,
)
from zulin.core.routes import call

from .. import (
    deposit_refunds,
    deposits,
    schemas,
)
from .common import (
    lease_platform_router,
)


def _deposit_answer(op: Any) -> dict[str, Any]:
    if op is None:
        return {"id": None, "kind": "", "amount": "0.00", "status": "nothing", "out_request_no": ""}
    return {
        "id": op.pk,
        "kind": op.kind,
        "amount": money(op.amount),
        "status": op.status,
        "out_request_no": op.out_request_no,
    }


def _locked_order(request: HttpRequest, order_id: int) -> tuple[Session, Any]:
    session = current_session(request)
    return session, order_in_scope(session, order_id, lock=True)


@call(
    lease_platform_router.post,
    "/depositThaw",
    schemas.DepositResultOut,
    auth=store_auth("order.manage"),
)
def deposit_thaw(request: HttpRequest, payload: schemas.DepositThawIn) -> Any:
    """Releases frozen deposit (`amount`, or all still frozen); refused (1409) while the
    order owes money that is due (written off included) or a payment is in flight: the
    deposit pays that first."""
    with transaction.atomic():
        session, order = _locked_order(request, payload.order_id)
        op = deposits.deposit_thaw(
            order,
            actor=session,
            amount=payload.amount,
            idempotency_key=payload.idempotency_key,
            refuse_if_owed=True,
        )
        return _deposit_answer(op)


@call(
    lease_platform_router.post,
    "/depositTransferPay",
    schemas.DepositResultOut,
    auth=store_auth("order.manage"),
)
def deposit_transfer_pay(request: HttpRequest, payload: schemas.DepositTransferIn) -> Any:
    """Takes frozen deposit to pay unpaid bills (oldest first, whole bills) or damage: never
    more than is frozen; applied when the provider confirms."""
    with transaction.atomic():
        session, order = _locked_order(request, payload.order_id)
        op = deposits.deposit_transfer(
            order,
            actor=session,
            amount=payload.amount,
            purpose=payload.purpose,
            idempotency_key=payload.idempotency_key,
        )
        return _deposit_answer(op)


@call(
    lease_platform_router.post,
    "/refundDeposit",
    schemas.DepositResultOut,
    auth=store_auth("order.manage"),
)
def refund_deposit(request: HttpRequest, payload: schemas.RefundDepositIn) -> Any:
    """Gives back money taken from the deposit (a damage charge withdrawn)."""
    with transaction.atomic():
        session, order = _locked_order(request, payload.order_id)
        op = deposit_refunds.deposit_refund(
            order, actor=session, amount=payload.amount, idempotency_key=payload.idempotency_key
        )
        return _deposit_answer(op)
