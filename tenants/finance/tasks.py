"""Per-merchant money jobs, sent through the fan-out (`tenants.for_each_merchant`,
`money=True`) by beat: each runs in the schema of the merchant it was sent for, and each is
safe to run again (a day's result or totals are replaced, never added to). The payouts'
resume runs once, in public, where the withdrawals are."""

from __future__ import annotations

import logging
from datetime import date, timedelta

from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context

from zulin.celery import app
from zulin.core.db import tenant_connection
from zulin.ledger.services import ledger_close_through

from .models import RunStatus
from .money import money_days_refresh
from .reconciliation import days_to_retry, reconcile_day
from .services import withdrawals_payout_resume

log = logging.getLogger("zulin.task")

# A run the provider failed is tried again after 5, 10, 20, 40, 80 minutes; the next night
# tries every failed day of the week before as well.
RECONCILE_RETRY_SECONDS = 300
RECONCILE_MAX_RETRIES = 5


@app.task(name="finance.reconcile", bind=True, max_retries=RECONCILE_MAX_RETRIES)
def finance_reconcile(self, day: str | None = None) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """Reconciles the merchant's `day` (default yesterday) with the payment provider's
    statement, and the earlier days of the week whose run failed. A day the provider could
    not answer is kept `failed` and the task is retried with backoff."""
    target = date.fromisoformat(day) if day else timezone.localdate() - timedelta(days=1)
    statuses = {}
    for each in [*days_to_retry(before=target), target]:
        statuses[each.isoformat()] = reconcile_day(day=each).status
    schema = tenant_connection.schema_name
    failed = sorted(d for d, status in statuses.items() if status == RunStatus.FAILED)
    log.info("reconcile %s: %s", schema, statuses)
    if failed:
        raise self.retry(countdown=RECONCILE_RETRY_SECONDS * 2**self.request.retries)
    return {"schema": schema, "runs": statuses}


@app.task(name="finance.platform_books_close")
def finance_platform_books_close(day: str | None = None) -> dict[str, object]:
    """Closes the platform's books (public) through `day` (default yesterday), as each
    merchant's reconciliation closes its own: a later booking for a closed day counts in the
    first open day."""
    target = date.fromisoformat(day) if day else timezone.localdate() - timedelta(days=1)
    with schema_context(get_public_schema_name()):
        closed = ledger_close_through(target, by="nightly")
    return {"closed_through": closed.isoformat() if closed else None}


@app.task(name="finance.money_days_refresh")
def finance_money_days_refresh() -> dict[str, object]:
    """The merchant's money totals of today and yesterday, from its ledger (yesterday's
    last postings of the day are caught by the first run after midnight)."""
    today = timezone.localdate()
    days = money_days_refresh(date_from=today - timedelta(days=1), date_to=today)
    return {"schema": tenant_connection.schema_name, "days": days}


@app.task(name="finance.payouts_resume")
def finance_payouts_resume() -> dict[str, object]:
    """Withdrawals paying for a while, asked about again: the provider's outcome recorded,
    or the payout requested under the withdrawal's number when the provider has none (the
    process ended between the approval's commit and its request). Safe to run again."""
    found = withdrawals_payout_resume()
    log.info("payouts resumed: %s", found)
    return dict(found)
