"""The default overdue ladder's night on the demo is the night before the ladder (issue 66):
a shop's history loaded once (acme's goods and the showcase's orders in every state and
stage, told with their nights), then the same nights and mornings run twice from
the same state, each inside a savepoint rolled back: once as shipped, once with the ladder's
gate switched off (`held_back` empty, no ladder state, no ladder acts: the night before
`apps/billing/ladder.py`). Bills (status, late fee), recovery cases, messages, webhook
events and credit records: equal.

The load is told a few days back (the machine's clock moved back while it runs: history
never runs ahead), so the compared nights are real past nights the load did not run."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing import ladder, ladder_acts
from apps.billing.models import Bill
from apps.credit.models import CreditRecord
from apps.credit.services import authorisation_sign
from apps.goods.demo import ACME_CATALOGUE, goods_showcase_load
from apps.orders.demo import orders_showcase_load
from apps.orders.demo_history import night_job, night_run
from apps.orders.machine import DEAL_RUNNING
from apps.orders.models import Order
from apps.recovery.models import RecoveryCase
from tenants.accounts.demo import demo_actor
from tenants.merchants.models import Merchant
from zulin.core import clock
from zulin.core.clock import clock_at
from zulin.core.sides import PlatformType
from zulin.outbox.models import OutboxEvent
from zulin.providers.models import SandboxSmsMessage
from zulin.providers.sandbox import sandbox_failure_add

BACK_DAYS = 4  # the load is told this many days back; the nights after it are compared


def _china(day: date, at: time) -> datetime:
    return timezone.make_aware(datetime.combine(day, at))


def _day(merchant: Merchant, day: date) -> None:
    """The shop's night of `day` and its morning, as the beat runs them."""
    with tenant_context(merchant):
        night_run(day, slug=merchant.slug)
        with clock_at(_china(day, time(2, 20))):
            night_job("credit.refresh_reporting")
        with clock_at(_china(day, time(9, 0))):
            night_job("orders.send_reminders")
        with clock_at(_china(day, time(9, 30))):
            night_job("recovery.send_reminders")
    connection.set_schema_to_public()


def _seen(merchant: Merchant, *, since: datetime) -> dict[str, Any]:
    """What the nights left, by natural keys (rows made in a run rolled back take new ids in
    the next: a case by its order, an event by its order no or its object's own id)."""
    with tenant_context(merchant):
        phones = set(Order.objects.values_list("customer__phone", flat=True))
        bills = sorted(
            (b.pk, b.status, str(b.late_fee), str(b.late_fee_paid), str(b.paid_amount))
            for b in Bill.objects.all()
        )
        cases = sorted(
            (c.order_id, str(c.opened_on), c.state, str(c.closed_on), c.bucket, str(c.rent_owed))
            for c in RecoveryCase.objects.all()
        )
        events = sorted(
            (
                timezone.localdate(e.occurred_at).isoformat(),
                e.type,
                e.object_type,
                str(e.data.get("order_no") or e.data.get("order_id") or e.object_id),
                str(e.data.get("status") or e.data.get("state") or ""),
            )
            for e in OutboxEvent.objects.filter(occurred_at__gte=since)
        )
        records = sorted(
            (r.account.order_id, r.key, r.status_code, str(r.occurred_on), r.state)
            for r in CreditRecord.objects.select_related("account")
        )
    connection.set_schema_to_public()
    messages = sorted(
        (m.phone, m.template, sorted(m.params.items()), timezone.localdate(m.created_at))
        for m in SandboxSmsMessage.objects.filter(phone__in=phones, created_at__gte=since)
    )
    return {
        "bills": bills,
        "cases": cases,
        "messages": messages,
        "events": events,
        "records": records,
    }


def _nights(merchant: Merchant, days: list[date], *, since: datetime) -> list[dict[str, Any]]:
    """The nights of `days` run, what each left seen after its morning, then all rolled back
    to where they began (a step a day late shows on that day, though it ends the same)."""
    point = transaction.savepoint()
    try:
        # The withhold fails from the first night: what falls due then stays past due.
        sandbox_failure_add(
            service="payment",
            operation="withhold",
            merchant=merchant.slug,
            reason="INSUFFICIENT_BALANCE",
            times=None,
        )
        seen = []
        for day in days:
            _day(merchant, day)
            seen.append(_seen(merchant, since=since))
        return seen
    finally:
        transaction.savepoint_rollback(point)
        connection.set_schema_to_public()


def _history_loaded(acme: Merchant, monkeypatch) -> tuple[date, datetime]:
    """Acme's goods and orders told BACK_DAYS back; answers the first night the load
    did not run and the moment it began (as the moved clock read it)."""
    real = clock._real_now
    monkeypatch.setattr(clock, "_real_now", lambda: real() - timedelta(days=BACK_DAYS))
    try:
        started = clock.real_now()
        platform_actor = demo_actor(
            platform_type=PlatformType.ADMIN, merchant=None, username="admin"
        )
        with tenant_context(acme):
            owner = demo_actor(platform_type=PlatformType.STORE, merchant=acme, username="owner")
            goods_showcase_load(
                actor=owner, platform_actor=platform_actor, merchant=acme, catalogue=ACME_CATALOGUE
            )
            orders_showcase_load(owner=owner, slug=acme.slug)
        connection.set_schema_to_public()
    finally:
        monkeypatch.setattr(clock, "_real_now", real)
    # The load ran every night wholly past when it started (recovery's, at 02:00, last).
    started_day = timezone.localdate(started)
    last_run = (
        started_day
        if timezone.localtime(started).time() >= time(2, 0)
        else (started_day - timedelta(days=1))
    )
    return last_run + timedelta(days=1), started


def test_the_default_ladder_gives_the_demo_the_night_it_had_before_the_ladder(
    acme, monkeypatch, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    first, since = _history_loaded(acme, monkeypatch)
    # Every night from the first the load did not run whose morning (09:30) is past.
    now = timezone.localtime()
    final = now.date() if now.time() >= time(9, 31) else now.date() - timedelta(days=1)
    days = [first + timedelta(days=n) for n in range((final - first).days + 1)]
    assert len(days) >= BACK_DAYS - 1, days

    with tenant_context(acme):
        ladder.ladder_default_create()
        assert ladder.ladder_read()["is_default"]
        # Every lease's customer authorised credit reporting: the bureau's records are told.
        leases = Order.objects.filter(
            kind="lease", status__in=DEAL_RUNNING, lease_start__isnull=False
        ).exclude(delivered_at__isnull=True)
        for order_id in leases.values_list("pk", flat=True):
            authorisation_sign(actor=None, order_id=order_id, channel="alipay")
    connection.set_schema_to_public()
    since = _china(first, time(0, 0))

    shipped = _nights(acme, days, since=since)

    monkeypatch.setattr(ladder, "held_back", lambda *args, **kwargs: set())
    monkeypatch.setattr(ladder, "reminder_steps_reached", lambda *args, **kwargs: {})
    monkeypatch.setattr(ladder, "overdue_states_refresh", lambda *args, **kwargs: {})
    monkeypatch.setattr(ladder_acts, "ladder_morning", lambda *args, **kwargs: {})
    before_the_ladder = _nights(acme, days, since=since)

    # The nights did something to compare: messages, events and overdue records came in them
    end = shipped[-1]
    assert end["messages"] and end["events"], end
    assert any(key.startswith("overdue:") for _, key, *_ in end["records"]), end
    for day, tonight, before in zip(days, shipped, before_the_ladder, strict=True):
        for part in ("bills", "cases", "messages", "events", "records"):
            assert tonight[part] == before[part], (day, part)
