"""The demo shop's history told in the order it happened: each order's story (placed,
audited, signed, shipped, delivered, returned …) and the shop's nights (the rent run and the
morning's overdue refresh), each on its own day under `zulin.core.clock.clock_at`, so every
payment, journal, late fee and status change carries the day it would have had.

A story is a generator: it yields the moment it wants to act next and acts when it is
resumed (under the clock at that moment); it ends by returning. The nights run between the
stories' steps, one per China day, as the beat schedule runs them (`CELERY_BEAT_SCHEDULE`):
the overdue refresh at 01:10, the rent run at 01:30 (the provider answers a few minutes
later), recovery's night at 02:00 (a case opens the night its order's first bill is past
due, promises are decided)."""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from datetime import date, datetime, time, timedelta

from django.utils import timezone

from zulin.celery import app
from zulin.core.clock import clock_at, real_now
from zulin.providers.payment import sandbox_payer_pay, sandbox_payments_complete
from zulin.providers.sandbox import sandbox_callbacks_deliver

Story = Iterator[datetime]
NIGHT_REFRESH, NIGHT_RENT, NIGHT_SETTLED = time(1, 10), time(1, 30), time(1, 35)
NIGHT_RECOVERY = time(2, 0)


def _china(day: date, at: time) -> datetime:
    return timezone.make_aware(datetime.combine(day, at))


def provider_settle(slug: str, pay_out_no: str = "") -> None:
    """The sandbox provider's side of a payment: the customer pays `pay_out_no` (when given),
    the provider completes what is pending and its signed callbacks arrive."""
    if pay_out_no:
        sandbox_payer_pay(merchant=slug, out_no=pay_out_no)
    sandbox_payments_complete(merchant=slug)
    sandbox_callbacks_deliver(merchant=slug)


def night_job(name: str) -> None:
    """A job of the night run here and now by the name beat sends it under (the rent run is
    billing's: orders knows it only by that name)."""
    if name not in app.tasks:
        app.loader.import_default_modules()  # every app's tasks.py, as a worker loads them
    app.tasks[name]()


def night_run(day: date, *, slug: str) -> None:
    """One night of the shop as its beat would run it: the overdue refresh, the rent run
    (stale payments, late fees, auto-debit, statements), the provider's answers a few
    minutes later and recovery's night (cases follow the debts, promises decided)."""
    with clock_at(_china(day, NIGHT_REFRESH)):
        night_job("orders.refresh_overdue")
    with clock_at(_china(day, NIGHT_RENT)):
        night_job("orders.rent_run")
    with clock_at(_china(day, NIGHT_SETTLED)):
        provider_settle(slug)
    with clock_at(_china(day, NIGHT_RECOVERY)):
        night_job("recovery.night")


def history_run(stories: list[Story], *, slug: str, nights: bool) -> int:
    """Runs the stories' steps in time order (a step wanted in the future runs now); with
    `nights`, every night from the first story's day whose last step (recovery's at 02:00)
    is past runs between them, whatever the hour the load starts. Answers how many
    nights ran."""
    started = real_now()
    queue: list[tuple[datetime, int, Story]] = []

    for number, story in enumerate(stories):
        first = next(story, None)
        if first is not None:
            heapq.heappush(queue, (min(first, started), number, story))
    if not queue:
        return 0
    night = timezone.localtime(queue[0][0]).date()
    ran = 0
    while True:
        upcoming = queue[0][0] if queue else None
        night_at = _china(night, NIGHT_REFRESH)
        # A night runs only when all of it is past: a load started at 01:20 China time has
        # seen the overdue refresh but not the rent run, and history does not run ahead.
        night_due = nights and _china(night, NIGHT_RECOVERY) <= started
        if night_due and (upcoming is None or night_at <= upcoming):
            night_run(night, slug=slug)
            night += timedelta(days=1)
            ran += 1
            continue
        if upcoming is None:
            break
        at, number, story = heapq.heappop(queue)
        with clock_at(at):
            following = next(story, None)
        if following is not None:
            heapq.heappush(queue, (max(min(following, started), at), number, story))
    return ran
