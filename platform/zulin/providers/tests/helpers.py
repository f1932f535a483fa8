"""Shared pieces of the providers' tests: a handler that leaves traces, a signed body."""

from __future__ import annotations

import json
from typing import Any

from django.db import connection

from zulin.audit.models import AuditEntry
from zulin.audit.services import audit_record
from zulin.providers.callbacks import CallbackEvent, callback_sign
from zulin.providers.payment import get_payment_provider


class RecordingHandler:
    """Re-queries the provider as a real handler must, writes an audit entry in the schema
    it runs in, and can be told to fail its next calls."""

    def __init__(self) -> None:
        self.seen: list[dict[str, Any]] = []
        self.failures_left = 0

    def __call__(self, event: CallbackEvent) -> None:
        record = get_payment_provider(merchant=event.merchant).query(out_no=event.data["out_no"])
        audit_record(
            actor=None,
            action="test.callback",
            target_type="payment",
            target_id=record.out_no,
            after={"status": record.status},
        )
        if self.failures_left:
            self.failures_left -= 1
            raise RuntimeError("the handler failed on purpose")
        self.seen.append(
            {
                "event_type": event.event_type,
                "out_no": record.out_no,
                "status": str(record.status),
                "schema": connection.schema_name,
            }
        )


def audit_entries(out_no: str) -> int:
    return AuditEntry.objects.filter(action="test.callback", target_id=out_no).count()


def signed(provider: str, payload: dict[str, Any]) -> tuple[str, str]:
    body = json.dumps(payload, separators=(",", ":"))
    return body, callback_sign(provider, body.encode())
