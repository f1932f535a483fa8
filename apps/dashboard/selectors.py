"""The data centre of a shop (or of one sub-shop): orders from `apps.orders`, bills due from
`apps.billing`, money received from the ledger — every figure a SQL aggregate; the
definitions are `tenants.dashboard.figures`'.

Money received is what the ledger says, to the cent. The shop's whole figures read the days
its `MerchantMoneyDay` row has made final (`tenants.dashboard.selectors.final_money_days`:
the same rule over the same journals, kept per day) and the ledger itself for every other
day (today above all), so a long period costs a few hundred rows and today is never stale;
a sub-shop's are read from the ledger alone (journals of its orders), as money days are kept
per merchant."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from functools import reduce
from operator import or_
from typing import Any

from django.db.models import F, Q, Sum
from django.utils import timezone

from apps.billing import due_reads
from apps.orders import reads as orders
from tenants.dashboard import figures
from tenants.dashboard.figures import ZERO, Period
from tenants.dashboard.selectors import final_money_days
from tenants.finance.money import REFUND_KINDS
from zulin.ledger.models import Entry

INCOME_ACCOUNTS = {"rent_income": "lease", "buyout_income": "buyout"}


@dataclass(frozen=True)
class Shop:
    """Whose figures: the merchant's, or one sub-shop's."""

    merchant_id: int
    sub_shop_id: int | None = None

    @property
    def order_ids(self) -> Any:
        """The sub-shop's orders (a subquery), or None for the whole shop."""
        if self.sub_shop_id is None:
            return None
        return orders.order_ids_of_sub_shop(self.sub_shop_id)


def _runs(days: list[date]) -> list[tuple[date, date]]:
    """Consecutive days as (first, last) runs."""
    found: list[tuple[date, date]] = []
    for day in sorted(days):
        if found and found[-1][1] + timedelta(days=1) == day:
            found[-1] = (found[-1][0], day)
        else:
            found.append((day, day))
    return found


def _ledger_received(
    runs: list[tuple[date, date]], *, sub_shop_id: int | None
) -> dict[str, dict[date, Decimal]]:
    """Credits less debits to rent and buyout income per day over the runs of days, refunds
    left out (the rule of `MerchantMoneyDay.received_rent` / `received_buyout`)."""
    found: dict[str, dict[date, Decimal]] = {"lease": {}, "buyout": {}}
    if not runs:
        return found
    when = reduce(
        or_,
        (
            Q(journal__counted_on__gte=first) & Q(journal__counted_on__lte=last)
            for first, last in runs
        ),
    )
    entries = Entry.objects.filter(when, account__code__in=list(INCOME_ACCOUNTS)).exclude(
        journal__kind__in=REFUND_KINDS
    )
    if sub_shop_id is not None:
        entries = entries.filter(journal__order_id__in=orders.order_ids_of_sub_shop(sub_shop_id))
    rows = (
        entries.annotate(day=F("journal__counted_on"))
        .values("day", "account__code")
        .annotate(
            credit=Sum("amount", filter=Q(side="credit")),
            debit=Sum("amount", filter=Q(side="debit")),
        )
        .order_by()
    )
    for row in rows:
        kind = INCOME_ACCOUNTS[row["account__code"]]
        found[kind][row["day"]] = (row["credit"] or ZERO) - (row["debit"] or ZERO)
    return found


def received_by_day(shop: Shop, period: Period) -> dict[str, dict[date, Decimal]]:
    """Rent (`lease`) and buyout received per day of the period, as the ledger has them."""
    every_day = [period.date_from + timedelta(days=n) for n in range(period.days)]
    if shop.sub_shop_id is not None:
        return _ledger_received(_runs(every_day), sub_shop_id=shop.sub_shop_id)
    final = final_money_days(
        merchant_id=shop.merchant_id, date_from=period.date_from, date_to=period.date_to
    )
    found = _ledger_received(
        _runs([day for day in every_day if day not in final]), sub_shop_id=None
    )
    for day, kept in final.items():
        for kind, amount in kept.items():
            found[kind][day] = amount
    return found


def _due(shop: Shop, period: Period, kind: str) -> dict[date, Decimal]:
    return due_reads.rent_due_by_day(
        date_from=period.date_from, date_to=period.date_to, kind=kind, order_ids=shop.order_ids
    )


def _total(by_day: dict[date, Decimal]) -> Decimal:
    return figures.money(sum(by_day.values(), ZERO))


def _period_figures(shop: Shop, period: Period) -> dict[str, Any]:
    received = received_by_day(shop, period)
    due = due_reads.due_totals(
        date_from=period.date_from,
        date_to=period.date_to,
        overdue_to=figures.overdue_cutoff(period),
        order_ids=shop.order_ids,
    )
    return {
        **figures.order_totals(orders.orders_for_figures(sub_shop_id=shop.sub_shop_id), period),
        "rent_due": figures.money(due["rent_due"]),
        "rent_received": _total(received["lease"]),
        "buyout_due": figures.money(due["buyout_due"]),
        "buyout_received": _total(received["buyout"]),
        **figures.overdue_figures(due["overdue_base"], due["overdue_amount"]),
    }


def shop_overview(shop: Shop, period: Period) -> dict[str, Any]:
    return figures.overview(
        period, _period_figures(shop, period), _period_figures(shop, period.previous)
    )


def shop_order_series(shop: Shop, period: Period) -> dict[str, Any]:
    return figures.order_series(orders.orders_for_figures(sub_shop_id=shop.sub_shop_id), period)


def shop_goods_ranking(shop: Shop, period: Period, *, kind: str) -> dict[str, Any]:
    found = figures.goods_ranking(
        orders.orders_for_figures(sub_shop_id=shop.sub_shop_id, kind=kind), period
    )
    for item in found["items"]:
        item["merchant_id"], item["merchant_name"] = shop.merchant_id, ""
    return found


def shop_curve(shop: Shop, period: Period, *, kind: str, received: bool) -> dict[str, Any]:
    """Rent (`kind` lease) or buyout due per bucket, or received."""
    by_day = received_by_day(shop, period)[kind] if received else _due(shop, period, kind)
    return figures.series(period, by_day)


def shop_today(shop: Shop) -> dict[str, Any]:
    """The shop's (sub-shop's) figures of today, for the workbench."""
    today = timezone.localdate()
    return {"date": today, **_period_figures(shop, Period(today, today))}
