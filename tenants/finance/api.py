"""Withdrawal calls: the merchant applies, cancels and reads its own (its host); the
platform lists every merchant's, approves (two accounts above the threshold) or rejects."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from tenants.catalog.selectors import money
from zulin.core.auth import admin_auth, any_side_auth, current_session, store_auth
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.sides import PlatformType
from zulin.ledger.selectors import account_balance

from . import schemas, selectors, services

platform_router = Router(tags=["platform: withdrawals"])
finance_router = Router(tags=["finance: withdrawals"])
v2_router = Router(tags=["v2: withdrawals"])

AUDIT = admin_auth("withdrawal.audit")


def _merchant_id() -> int:
    return int(tenant_connection.tenant.pk)


def _detail(withdrawal_id: int, merchant_id: int | None) -> dict[str, Any]:
    return selectors.withdrawal_detail(withdrawal_id=withdrawal_id, merchant_id=merchant_id)


@finance_router.post(
    "/applyWithdraw",
    response=schemas.WithdrawalDetailOut,
    auth=store_auth("withdrawal.apply"),
    operation_id="applyWithdraw",
)
def apply_withdraw(request: HttpRequest, payload: schemas.ApplyWithdrawIn) -> Any:
    """Withdraws part of the withdrawable balance to the settlement account; the amount is
    frozen at once. The same idempotency key answers the same withdrawal."""
    withdrawal = services.withdrawal_apply(
        actor=current_session(request),
        amount=payload.amount,
        idempotency_key=payload.idempotency_key,
        remark=payload.remark,
    )
    return _detail(withdrawal.pk, _merchant_id())


@finance_router.post(
    "/cancelWithdraw",
    response=schemas.WithdrawalDetailOut,
    auth=store_auth("withdrawal.apply"),
    operation_id="cancelWithdraw",
)
def cancel_withdraw(request: HttpRequest, payload: schemas.WithdrawIdIn) -> Any:
    """Takes back a withdrawal the platform has not approved yet; the amount is unfrozen."""
    withdrawal = services.withdrawal_cancel(
        actor=current_session(request), withdrawal_id=payload.id
    )
    return _detail(withdrawal.pk, _merchant_id())


@finance_router.get(
    "/withdrawList",
    response=schemas.WithdrawalPageOut,
    auth=store_auth("withdrawal.view"),
    operation_id="withdrawList",
)
def withdraw_list(request: HttpRequest, query: Query[schemas.WithdrawListIn]) -> Any:
    """The shop's withdrawals, newest first."""
    return selectors.withdrawal_page(merchant_id=_merchant_id(), **query.model_dump())


@finance_router.get(
    "/getWithdrawDetail",
    response=schemas.WithdrawalDetailOut,
    auth=any_side_auth(),
    operation_id="getWithdrawDetail",
)
def get_withdraw_detail(request: HttpRequest, query: Query[schemas.WithdrawIdIn]) -> Any:
    """One withdrawal with its approvals and timeline: the shop's own, or any on the
    platform."""
    session = current_session(request)
    if session.side == PlatformType.ADMIN:
        if not (session.can("withdrawal.audit") or session.can("finance.view")):
            raise ApplicationError(ErrorCode.FORBIDDEN)
        return _detail(query.id, None)
    if not session.can("withdrawal.view"):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    return _detail(query.id, _merchant_id())


@v2_router.get(
    "/getWithdrawalCount",
    response=schemas.WithdrawalCountOut,
    auth=store_auth("withdrawal.view"),
    operation_id="getWithdrawalCount",
)
def get_withdrawal_count(request: HttpRequest, query: Query[schemas.WithdrawFiltersIn]) -> Any:
    """The shop's withdrawals per status (the tabs), its withdrawable balance and what
    withdrawals in flight hold."""
    filters = query.model_dump()
    filters.pop("status")
    return {
        "statuses": selectors.withdrawal_counts(merchant_id=_merchant_id(), **filters),
        "withdrawable": money(account_balance("merchant_cash", cached=True)),
        "in_flight": money(account_balance("withdrawals_in_transit", cached=True)),
    }


@platform_router.get(
    "/getWithdrawalRecord",
    response=schemas.WithdrawalPageOut,
    auth=AUDIT,
    operation_id="getWithdrawalRecord",
)
def get_withdrawal_record(request: HttpRequest, query: Query[schemas.WithdrawalRecordIn]) -> Any:
    """Every merchant's withdrawals (or one's), newest first."""
    return selectors.withdrawal_page(**query.model_dump())


@platform_router.get(
    "/getWithdrawalType",
    response=list[schemas.WithdrawalStatusCountOut],
    auth=AUDIT,
    operation_id="getWithdrawalType",
)
def get_withdrawal_type(request: HttpRequest, query: Query[schemas.WithdrawalTypeIn]) -> Any:
    """The withdrawal statuses with how many each holds (the platform's tabs)."""
    filters = query.model_dump()
    filters.pop("status")
    return selectors.withdrawal_counts(**filters)


@platform_router.post(
    "/operateWithdrawal",
    response=schemas.WithdrawalDetailOut,
    auth=AUDIT,
    operation_id="operateWithdrawal",
)
def operate_withdrawal(request: HttpRequest, payload: schemas.OperateWithdrawalIn) -> Any:
    """Approves (above the threshold, a second different account completes it and the
    payout is requested) or rejects with a reason (the amount is unfrozen)."""
    withdrawal = services.withdrawal_operate(
        actor=current_session(request),
        withdrawal_id=payload.id,
        approve=payload.action == "approve",
        reason=payload.reason,
    )
    return _detail(withdrawal.pk, None)


@finance_router.get(
    "/initDetailForReject",
    response=schemas.RejectInitOut,
    auth=AUDIT,
    operation_id="initDetailForReject",
)
def init_detail_for_reject(request: HttpRequest, query: Query[schemas.WithdrawIdIn]) -> Any:
    """What the rejection dialog shows: the withdrawal and the usual reasons."""
    return {"withdrawal": _detail(query.id, None), "reasons": selectors.reject_reasons()}
