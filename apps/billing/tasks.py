"""Billing's per-merchant jobs, sent through the fan-out (`tenants.for_each_merchant`): the
night's overdue refresh (what the bills past due do to their orders, through orders'
`outcomes`), the night's rent run and the morning's bill reminders (under the names they had
as orders' jobs: beat entries and queued messages name them so), and the bills due per day
for the platform."""

from __future__ import annotations

import logging

from django.db.models import Q
from django.utils import timezone

from apps.orders import machine
from apps.orders.models import Order, OrderStage
from zulin.celery import app
from zulin.core.db import tenant_connection

from . import rent_run
from .order_figures import orders_money_keep
from .projection import due_days_project
from .selectors import earliest_overdue_by_order, owed_amount_stale

log = logging.getLogger("zulin.task")


@app.task(name="billing.due_days_refresh")
def billing_due_days_refresh() -> dict[str, object]:
    """The merchant's bills due per day in public, for the platform's data centre."""
    return {"schema": tenant_connection.schema_name, "rows": due_days_project()}


@app.task(name="orders.send_reminders")
def orders_send_reminders() -> dict[str, object]:
    """The morning's reminder SMS of bills (`rent_run.reminders_morning`): due soon and
    overdue, each once; nothing in China's quiet hours (21:00–08:00)."""
    result = rent_run.reminders_morning()
    log.info("send_reminders %s: %s", tenant_connection.schema_name, result)
    return {"schema": tenant_connection.schema_name, **result}


@app.task(name="orders.rent_run")
def orders_rent_run() -> dict[str, object]:
    """The night's rent run (`rent_run.rent_run_night`): payments left processing, late
    fees, the auto-debit of bills due. Safe to run again the same night (nothing new is
    made) and to be killed at any point (nothing lost, nothing doubled)."""
    result = rent_run.rent_run_night()
    log.info("rent_run %s: %s", tenant_connection.schema_name, result)
    return {"schema": tenant_connection.schema_name, **result}


# The rent run's name until issue 42: kept registered for one release so that messages
# queued under it and a beat still sending it run the same work. Remove in the release after.
@app.task(name="orders.collect_due")
def orders_collect_due() -> dict[str, object]:
    """The rent run under its old name (`orders_rent_run`)."""
    return orders_rent_run()


@app.task(name="orders.refresh_overdue")
def orders_refresh_overdue() -> dict[str, object]:
    """Marks orders overdue (a bill past due and unpaid, or the lease over without a
    return) and clears those settled since, so the overdue list is right every morning;
    an ended order that still owes (`owing`) is watched the same way.

    The shop's running orders and their oldest bills past due are read in two queries; only
    an order whose mark or stage would change is then locked and refreshed on its own (the
    same `order_overdue_refresh` every change of an order calls), so a night costs a query
    per change, not four per running order. An ended order's owed amount is compared with
    what its bills owe now (the night's late fees added to it), in one grouped query."""
    today = timezone.localdate()
    since = earliest_overdue_by_order(today=today)
    running = Order.objects.filter(
        Q(status__in=machine.DEAL_RUNNING) | Q(stage=OrderStage.OWING), is_deleted=False
    )
    fields = (
        "pk",
        "status",
        "has_open_after_sale",
        "lease_end",
        "overdue_since",
        "stage",
        "owed_amount",
    )
    # An ended order's owed amount is compared with what its bills owe now.
    stale = owed_amount_stale(
        dict(running.filter(status__in=machine.MAY_OWE_AFTER).values_list("pk", "owed_amount"))
    )
    owed_stale = set(stale)
    for row in running.order_by("pk").values(*fields).iterator():
        if row["pk"] in owed_stale:
            continue
        probe = Order(
            pk=row["pk"],
            status=row["status"],
            has_open_after_sale=row["has_open_after_sale"],
            lease_end=row["lease_end"],
            overdue_since=since.get(row["pk"]),
            owed_amount=row["owed_amount"],
        )
        if (probe.overdue_since, machine.stage_of(probe, today=today)) != (
            row["overdue_since"],
            row["stage"],
        ):
            stale.append(row["pk"])
    changed = orders_money_keep(stale)
    return {"schema": tenant_connection.schema_name, "changed": changed}
