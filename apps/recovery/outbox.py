"""`recovery.case_changed` (docs/webhooks.md): a recovery case opened, closed (the debt
paid or waived) or written off, written in the transaction of the change."""

from __future__ import annotations

from zulin.outbox.services import event_emit

from .models import RecoveryCase


def case_event(case: RecoveryCase, action: str) -> None:
    event_emit(
        "recovery.case_changed",
        object_type="recovery_case",
        object_id=case.pk,
        data={
            "id": case.pk,
            "order_id": case.order_id,
            "order_no": case.order_no,
            "sub_shop_id": case.sub_shop_id,
            "state": case.state,
            "action": action,
            "opened_on": case.opened_on,
            "closed_on": case.closed_on,
            "close_reason": case.close_reason,
            "days_past_due": case.days_past_due,
            "bucket": case.bucket,
            "rent_owed": f"{case.rent_owed:.2f}",
            "late_fee_owed": f"{case.late_fee_owed:.2f}",
            "charges_owed": f"{case.charges_owed:.2f}",
            "total_owed": f"{case.total_owed:.2f}",
            "assignee_account_id": case.assignee_account_id,
        },
    )
