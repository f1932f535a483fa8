"""Helpers of the recovery tests: a lease whose bill falls past due, the nightly run."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill
from apps.recovery.models import RecoveryCase
from apps.recovery.services import cases_refresh, promises_decide
from tests.leases import in_lease

CASES, CASE, COUNT = (
    "/api/backend/getRecoveryCases",
    "/api/backend/getRecoveryCase",
    "/api/backend/getRecoveryCount",
)


def past_due(merchant: Any, order_id: int, days: int, period: int = 2) -> None:
    """Bill `period` of the order made due `days` China days ago (the later ones not yet
    due: 30 days apart from today on)."""
    today = timezone.localdate()
    with tenant_context(merchant):
        bills = Bill.objects.filter(order_id=order_id, period__gte=period).order_by("period")
        for offset, bill in enumerate(bills):
            due = today - timedelta(days=days) if offset == 0 else today + timedelta(30 * offset)
            bill.due_date = due
            bill.save(update_fields=["due_date"])
    connection.set_schema_to_public()


def overdue_lease(merchant, owner, app, offer, *, days: int, n: int) -> Any:
    """The n-th customer's lease (its own person, phone and parcel), bill 2 `days` past due."""
    order = in_lease(
        merchant,
        owner,
        app,
        offer,
        key=f"recovery-{n:04d}",
        seed=n,
        phone=f"1391111{n:04d}",
        tracking_no=f"SF90000{n:05d}",
        serial=f"IMEI-R{n}",
    )
    past_due(merchant, order.id, days)
    return order


def night(merchant: Any, today: date | None = None) -> dict[str, Any]:
    with tenant_context(merchant):
        done = {"cases": cases_refresh(today=today), "promises": promises_decide(today=today)}
    connection.set_schema_to_public()
    return done


def case_of(merchant: Any, order_id: int) -> RecoveryCase:
    with tenant_context(merchant):
        found = RecoveryCase.objects.filter(order_id=order_id).order_by("-id").first()
    connection.set_schema_to_public()
    assert found is not None
    return found
