"""The shop's late-fee settings, its overdue ladder, and the platform's sync of a
reconciliation difference."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.http import HttpRequest

from tenants.finance import schemas as finance_schemas
from tenants.finance import selectors as finance_selectors
from tenants.finance import services as finance_services
from zulin.core.auth import (
    admin_auth,
    current_session,
    store_auth,
)
from zulin.core.routes import call

from .. import (
    governance,
    ladder,
    ladder_schemas,
    latefees,
    schemas,
)
from .common import (
    lease_finance_router,
    lease_platform_router,
)


@call(
    lease_finance_router.get,
    "/getFinanceSetting",
    schemas.FinanceSettingOut,
    auth=store_auth("finance.view"),
)
def get_finance_setting(request: HttpRequest) -> Any:
    """The shop's late-fee rates and reminder days in force, with the platform's
    defaults."""
    return _finance_setting_answer(latefees.finance_setting())


@call(
    lease_finance_router.post,
    "/saveFinanceSetting",
    schemas.FinanceSettingOut,
    auth=store_auth("order.manage"),
)
def save_finance_setting(request: HttpRequest, payload: schemas.FinanceSettingIn) -> Any:
    """Sets the shop's late-fee rates (percent per day of the unpaid amount, before and
    after the tier) and reminder days; a null field follows the platform's default."""
    saved = latefees.finance_setting_save(
        actor=current_session(request), fields=payload.model_dump()
    )
    return _finance_setting_answer(saved)


def _finance_setting_answer(setting: dict[str, Any]) -> dict[str, Any]:
    rates = ("late_fee_rate_early", "late_fee_rate_late")
    return {
        **setting,
        **{field: f"{Decimal(setting[field]):.4f}" for field in rates},
        "platform_defaults": {
            **setting["platform_defaults"],
            **{field: f"{Decimal(setting['platform_defaults'][field]):.4f}" for field in rates},
        },
    }


@call(
    lease_platform_router.post,
    "/syncReconciliationMismatch",
    finance_schemas.SyncMismatchOut,
    auth=admin_auth("reconciliation.resolve"),
)
def sync_reconciliation_mismatch(
    request: HttpRequest, payload: finance_schemas.SyncMismatchIn
) -> Any:
    """A difference of a trade the provider finished and the merchant never recorded: asks
    the provider again through the merchant's payments (as its callback would have) and,
    when the difference is gone, resolves it as synced (audited)."""
    mismatch, synced = finance_services.mismatch_sync(
        actor=current_session(request),
        mismatch_id=payload.id,
        payment_sync=governance.platform_payment_sync,
    )
    return {
        "synced": synced,
        "mismatch": finance_selectors.mismatch_detail(mismatch_id=mismatch.pk),
    }


@call(
    lease_finance_router.get,
    "/getOverdueLadder",
    ladder_schemas.OverdueLadderOut,
    auth=store_auth("finance.view"),
)
def get_overdue_ladder(request: HttpRequest) -> Any:
    """The shop's overdue ladder in force (the default until it saves its own): each step's
    days past due, minimums and action, and the default ladder beside it."""
    return _ladder_answer(ladder.ladder_read())


@call(
    lease_finance_router.post,
    "/saveOverdueLadder",
    ladder_schemas.OverdueLadderOut,
    auth=store_auth("finance.manage"),
)
def save_overdue_ladder(request: HttpRequest, payload: ladder_schemas.SaveOverdueLadderIn) -> Any:
    """Replaces the shop's ladder (a new version; audited). Steps in order of days, no action
    twice on one day, a violation step at least the grace after a notice step."""
    steps = [
        {**step.model_dump(exclude={"params"}), "params": step.params.model_dump(exclude_none=True)}
        for step in payload.steps
    ]
    return _ladder_answer(ladder.ladder_save(actor=current_session(request), steps=steps))


def _ladder_answer(read: dict[str, Any]) -> dict[str, Any]:
    def step_out(step: dict[str, Any]) -> dict[str, Any]:
        amount = step["min_amount"]
        return {**step, "min_amount": None if amount is None else f"{Decimal(amount):.2f}"}

    return {
        **read,
        "steps": [step_out(step) for step in read["steps"]],
        "default_steps": [step_out(step) for step in read["default_steps"]],
    }
