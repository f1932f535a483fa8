"""`withdrawal.changed` (docs/webhooks.md): a withdrawal applied for, cancelled, approved,
rejected, paid out or failed. A withdrawal is a public row, so its event is written into the
public schema's outbox, keyed by its merchant, in the transaction of the change; the
forwarder (`tenants/merchants/outbox.py`) then hands it to the merchant's own outbox."""

from __future__ import annotations

from zulin.outbox.services import row_event

from .models import Withdrawal

WITHDRAWAL_FIELDS = (
    "id withdrawal_no amount status needs_two remark bank_name account_name reject_reason"
    " failure_reason provider_reference paid_at created_at"
)


def withdrawal_event(withdrawal: Withdrawal, *, action: str, previous_status: str) -> None:
    """In the public schema (the caller's `_public()`), inside the change's transaction."""
    row_event(
        "withdrawal.changed",
        withdrawal,
        WITHDRAWAL_FIELDS,
        object_type="withdrawal",
        merchant_id=withdrawal.merchant_id,
        action=action,
        previous_status=previous_status,
    )
