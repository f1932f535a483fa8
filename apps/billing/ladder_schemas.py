"""The overdue ladder's calls (`getOverdueLadder`, `saveOverdueLadder`) and an order's place
on it in `orderInfo` (apps/billing/ladder.py)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from apps.orders.schemas import Money
from zulin.core.schema import Schema

Action = Literal[
    "reminder",
    "withhold_retry",
    "late_fee_on",
    "credit_notice",
    "credit_violation",
    "recovery_case",
    "bureau_report",
]


class OverdueStepParams(Schema):
    template: Literal["bill_overdue"] | None = Field(
        default=None, description="reminder: the SMS template (the bill's overdue notice)"
    )
    channel: str | None = Field(
        default=None,
        max_length=16,
        description="reminder: sms (the default), webhook (order.overdue_step) or both",
    )
    grace_days: int | None = Field(
        default=None,
        ge=0,
        le=365,
        description="credit_notice: days a violation step must wait after it (default 7)",
    )


class OverdueStepIn(Schema):
    days_past_due: int = Field(
        ge=0, le=3650, description="reached from this many China days past the oldest due day"
    )
    action: Action
    min_amount: Money | None = Field(default=None, gt=0, description="and at least this past due")
    min_bills: int | None = Field(default=None, ge=1, le=1000, description="over this many bills")
    params: OverdueStepParams = Field(default_factory=OverdueStepParams)


class SaveOverdueLadderIn(Schema):
    steps: list[OverdueStepIn] = Field(max_length=20, description="in order of days past due")


class OverdueStepOut(Schema):
    position: int
    days_past_due: int
    action: str
    min_amount: str | None
    min_bills: int | None
    params: dict[str, str | int]


class OverdueLadderOut(Schema):
    version: int = Field(description="0: the default, never saved")
    is_default: bool = Field(description="the night before the ladder, never edited")
    updated_at: datetime | None
    steps: list[OverdueStepOut]
    default_steps: list[OverdueStepOut]


class OverdueStateOut(Schema):
    status: Literal["clear", "overdue"]
    step_position: int | None
    step_action: str = Field(description="the highest step reached; empty when clear")
    step_days: int | None
    ladder_version: int | None
    reached_on: date | None = Field(description="China day the step was reached")
    reached_at: datetime | None
    oldest_due_on: date | None
    days_past_due: int
    cleared_at: datetime | None
