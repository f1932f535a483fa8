"""Withdrawal calls: the merchant applies, cancels and reads its own (its host); the
platform lists every merchant's, approves (two accounts above the threshold) or rejects.
The platform's reconciliation with the payment provider (runs, their differences, resolve,
re-run) and the per merchant per day money totals, all read from public rows."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from tenants.catalog.selectors import money
from zulin.core.auth import admin_auth, any_side_auth, current_session, store_auth
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.routes import call
from zulin.core.sides import PlatformType
from zulin.ledger.selectors import account_balance

from . import schemas, selectors, services

platform_router = Router(tags=["platform: withdrawals"])
finance_router = Router(tags=["finance: withdrawals"])
v2_router = Router(tags=["v2: withdrawals"])

AUDIT = admin_auth("withdrawal.audit")


def _merchant_id() -> int:
    return int(tenant_connection.tenant.pk)


def _detail(request: HttpRequest, withdrawal_id: int, merchant_id: int | None) -> dict[str, Any]:
    return selectors.withdrawal_detail(
        withdrawal_id=withdrawal_id, merchant_id=merchant_id, session=current_session(request)
    )


@call(
    finance_router.post,
    "/applyWithdraw",
    schemas.WithdrawalDetailOut,
    auth=store_auth("withdrawal.apply"),
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
    return _detail(request, withdrawal.pk, _merchant_id())


@call(
    finance_router.post,
    "/cancelWithdraw",
    schemas.WithdrawalDetailOut,
    auth=store_auth("withdrawal.apply"),
)
def cancel_withdraw(request: HttpRequest, payload: schemas.WithdrawIdIn) -> Any:
    """Takes back a withdrawal the platform has not approved yet; the amount is unfrozen."""
    withdrawal = services.withdrawal_cancel(
        actor=current_session(request), withdrawal_id=payload.id
    )
    return _detail(request, withdrawal.pk, _merchant_id())


@call(
    finance_router.get,
    "/withdrawList",
    schemas.WithdrawalPageOut,
    auth=store_auth("withdrawal.view"),
)
def withdraw_list(request: HttpRequest, query: Query[schemas.WithdrawListIn]) -> Any:
    """The shop's withdrawals, newest first."""
    return selectors.withdrawal_page(
        session=current_session(request), merchant_id=_merchant_id(), **query.model_dump()
    )


@call(finance_router.get, "/getWithdrawDetail", schemas.WithdrawalDetailOut, auth=any_side_auth())
def get_withdraw_detail(request: HttpRequest, query: Query[schemas.WithdrawIdIn]) -> Any:
    """One withdrawal with its approvals and timeline: the shop's own, or any on the
    platform."""
    session = current_session(request)
    if session.side == PlatformType.ADMIN:
        if not (session.can("withdrawal.audit") or session.can("finance.view")):
            raise ApplicationError(ErrorCode.FORBIDDEN)
        return _detail(request, query.id, None)
    if not session.can("withdrawal.view"):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    return _detail(request, query.id, _merchant_id())


@call(
    v2_router.get,
    "/getWithdrawalCount",
    schemas.WithdrawalCountOut,
    auth=store_auth("withdrawal.view"),
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


@call(platform_router.get, "/getWithdrawalRecord", schemas.WithdrawalPageOut, auth=AUDIT)
def get_withdrawal_record(request: HttpRequest, query: Query[schemas.WithdrawalRecordIn]) -> Any:
    """Every merchant's withdrawals (or one's), newest first."""
    return selectors.withdrawal_page(session=current_session(request), **query.model_dump())


@call(platform_router.get, "/getWithdrawalType", list[schemas.WithdrawalStatusCountOut], auth=AUDIT)
def get_withdrawal_type(request: HttpRequest, query: Query[schemas.WithdrawalTypeIn]) -> Any:
    """The withdrawal statuses with how many each holds (the platform's tabs)."""
    filters = query.model_dump()
    filters.pop("status")
    return selectors.withdrawal_counts(**filters)


@call(platform_router.post, "/operateWithdrawal", schemas.WithdrawalDetailOut, auth=AUDIT)
def operate_withdrawal(request: HttpRequest, payload: schemas.OperateWithdrawalIn) -> Any:
    """Approves (above the threshold, a second different account completes it and the
    payout is requested) or rejects with a reason (the amount is unfrozen)."""
    withdrawal = services.withdrawal_operate(
        actor=current_session(request),
        withdrawal_id=payload.id,
        approve=payload.action == "approve",
        reason=payload.reason,
    )
    return _detail(request, withdrawal.pk, None)


@call(finance_router.get, "/initDetailForReject", schemas.RejectInitOut, auth=AUDIT)
def init_detail_for_reject(request: HttpRequest, query: Query[schemas.WithdrawIdIn]) -> Any:
    """What the rejection dialog shows: the withdrawal and the usual reasons."""
    return {"withdrawal": _detail(request, query.id, None), "reasons": selectors.reject_reasons()}


# --- reconciliation with the payment provider ----------------------------------------------

RECONCILE = admin_auth("reconciliation.resolve")


@call(
    platform_router.get,
    "/getReconciliationRuns",
    schemas.ReconciliationRunPageOut,
    auth=admin_auth("finance.view"),
)
def get_reconciliation_runs(
    request: HttpRequest, query: Query[schemas.ReconciliationRunsIn]
) -> Any:
    """Each merchant's days compared with the provider's statement, newest day first, with
    the counts and amounts matched and differing; how many runs each status holds (tabs)."""
    return selectors.reconciliation_run_page(**query.model_dump())


@call(
    platform_router.get,
    "/getReconciliationRun",
    schemas.ReconciliationRunDetailOut,
    auth=admin_auth("finance.view"),
)
def get_reconciliation_run(
    request: HttpRequest, query: Query[schemas.ReconciliationRunIdIn]
) -> Any:
    """One run with its differences (open ones first)."""
    return selectors.reconciliation_run_detail(run_id=query.id)


@call(
    platform_router.post,
    "/resolveReconciliationMismatch",
    schemas.ReconciliationMismatchOut,
    auth=RECONCILE,
)
def resolve_reconciliation_mismatch(
    request: HttpRequest, payload: schemas.ResolveMismatchIn
) -> Any:
    """Marks a difference handled with how (synced, written off, the provider's error,
    other) and a note; audited. The run's counts follow."""
    mismatch = services.mismatch_resolve(
        actor=current_session(request),
        mismatch_id=payload.id,
        resolution=payload.resolution,
        note=payload.note,
    )
    return selectors.mismatch_detail(mismatch_id=mismatch.pk)


@call(platform_router.post, "/rerunReconciliation", schemas.ReconciliationRunOut, auth=RECONCILE)
def rerun_reconciliation(request: HttpRequest, payload: schemas.RerunReconciliationIn) -> Any:
    """Compares one merchant's day with the provider's statement again now, replacing the
    day's result (a difference found again keeps its resolution); audited."""
    run = services.reconciliation_rerun(
        actor=current_session(request), merchant_id=payload.merchant_id, day=payload.day
    )
    return selectors.reconciliation_run_detail(run_id=run.pk)["run"]


# --- money per merchant per day ------------------------------------------------------------

MONEY_DAILY_MAX_DAYS = 366


@call(platform_router.get, "/getMoneyDaily", schemas.MoneyDailyOut, auth=admin_auth("data.view"))
def get_money_daily(request: HttpRequest, query: Query[schemas.MoneyDailyIn]) -> Any:
    """Money per day across merchants (or of one), per merchant over the range and in all:
    received by type, refunded, commission, deposits, settlements, withdrawals, counts."""
    if query.date_from > query.date_to:
        raise field_error("date_from", Text("不能晚于结束日期", "on or before date_to"))
    if query.date_to - query.date_from >= timedelta(days=MONEY_DAILY_MAX_DAYS):
        raise field_error(
            "date_to", Text("最多 {0} 天", "at most {0} days").format(MONEY_DAILY_MAX_DAYS)
        )
    return selectors.money_daily(**query.model_dump())
