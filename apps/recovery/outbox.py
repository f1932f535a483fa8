"""`recovery.case_changed` (docs/webhooks.md): a recovery case opened, closed (the debt
paid or waived) or written off, written in the transaction of the change."""

from __future__ import annotations

from zulin.outbox.services import row_event

from .models import RecoveryCase

CASE_FIELDS = (
    "id order_id order_no sub_shop_id state opened_on closed_on close_reason days_past_due"
    " bucket rent_owed late_fee_owed charges_owed total_owed assignee_account_id"
)


def case_event(case: RecoveryCase, action: str) -> None:
    row_event(
        "recovery.case_changed", case, CASE_FIELDS, object_type="recovery_case", action=action
    )
