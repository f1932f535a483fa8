"""The platform's data centre: every merchant's figures (or one's, `merchant_id`) from public
rows only — orders from the order index (`tenants.orders.OrderIndex`), money received from
the money per merchant per day (`tenants.finance.MerchantMoneyDay`), bills due and overdue
from `MerchantDueDay`. No request enters a merchant's schema. Definitions: `figures.py`."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Count, Max, Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from tenants.finance.models import MerchantMoneyDay, WithdrawalStatus
from tenants.finance.selectors import withdrawals as withdrawal_rows
from tenants.merchants.models import Merchant
from tenants.orders.models import OrderIndex
from tenants.risk.models import RechargeStatus
from tenants.risk.selectors import recharges as recharge_rows
from zulin.core.dates import day_start

from . import figures
from .figures import ZERO, Period
from .models import AGING_BUCKETS, MerchantAging, MerchantDueDay

RECEIVED = {"lease": "received_rent", "buyout": "received_buyout"}


def _orders(merchant_id: int | None, kind: str | None = None) -> QuerySet[OrderIndex]:
    rows = OrderIndex.objects.filter(is_deleted=False)
    if merchant_id is not None:
        rows = rows.filter(merchant_id=merchant_id)
    if kind is not None:
        rows = rows.filter(kind=kind)
    return rows


def _in_period(rows: QuerySet[Any], period: Period, merchant_id: int | None) -> QuerySet[Any]:
    rows = rows.filter(day__gte=period.date_from, day__lte=period.date_to)
    return rows if merchant_id is None else rows.filter(merchant_id=merchant_id)


def received_by_day(period: Period, *, kind: str, merchant_id: int | None) -> dict[date, Decimal]:
    column = RECEIVED[kind]
    rows = (
        _in_period(MerchantMoneyDay.objects.all(), period, merchant_id)
        .values("day")
        .annotate(amount=Sum(column))
        .order_by()
    )
    return {row["day"]: row["amount"] for row in rows}


def due_by_day(period: Period, *, kind: str, merchant_id: int | None) -> dict[date, Decimal]:
    rows = (
        _in_period(MerchantDueDay.objects.filter(kind=kind), period, merchant_id)
        .values("day")
        .annotate(amount=Sum("rent_due"))
        .order_by()
    )
    return {row["day"]: row["amount"] for row in rows}


def _overdue(period: Period, merchant_id: int | None) -> dict[str, Any]:
    cutoff = figures.overdue_cutoff(period)
    found = _in_period(
        MerchantDueDay.objects.filter(kind="lease", day__lte=cutoff), period, merchant_id
    ).aggregate(
        base=Coalesce(Sum("amount_due"), ZERO), outstanding=Coalesce(Sum("outstanding"), ZERO)
    )
    return figures.overdue_figures(found["base"], found["outstanding"])


def _money_totals(period: Period, merchant_id: int | None) -> dict[str, Decimal]:
    received = _in_period(MerchantMoneyDay.objects.all(), period, merchant_id).aggregate(
        rent=Coalesce(Sum("received_rent"), ZERO), buyout=Coalesce(Sum("received_buyout"), ZERO)
    )
    due = _in_period(MerchantDueDay.objects.all(), period, merchant_id).aggregate(
        rent=Coalesce(Sum("rent_due", filter=Q(kind="lease")), ZERO),
        buyout=Coalesce(Sum("rent_due", filter=Q(kind="buyout")), ZERO),
    )
    return {
        "rent_due": figures.money(due["rent"]),
        "rent_received": figures.money(received["rent"]),
        "buyout_due": figures.money(due["buyout"]),
        "buyout_received": figures.money(received["buyout"]),
    }


def _period_figures(period: Period, merchant_id: int | None) -> dict[str, Any]:
    return {
        **figures.order_totals(_orders(merchant_id), period),
        **_money_totals(period, merchant_id),
        **_overdue(period, merchant_id),
    }


def platform_overview(period: Period, *, merchant_id: int | None) -> dict[str, Any]:
    return figures.overview(
        period,
        _period_figures(period, merchant_id),
        _period_figures(period.previous, merchant_id),
    )


def platform_order_series(period: Period, *, merchant_id: int | None) -> dict[str, Any]:
    return figures.order_series(_orders(merchant_id), period)


def platform_goods_ranking(period: Period, *, kind: str, merchant_id: int | None) -> dict[str, Any]:
    found = figures.goods_ranking(
        _orders(merchant_id, kind), period, group=("merchant_id", "goods_id")
    )
    names = dict(
        Merchant.objects.filter(
            pk__in={item["merchant_id"] for item in found["items"]}
        ).values_list("pk", "name")
    )
    for item in found["items"]:
        item["merchant_name"] = names.get(item["merchant_id"], "")
    return found


def platform_curve(
    period: Period, *, kind: str, received: bool, merchant_id: int | None
) -> dict[str, Any]:
    """Rent (`kind` lease) or buyout due per bucket, or received."""
    by_day = (received_by_day if received else due_by_day)(
        period, kind=kind, merchant_id=merchant_id
    )
    return figures.series(period, by_day)


# --- a merchant's own money days (read by apps.dashboard for its shop-wide figures) -------

# A day's row counts as final once refreshed this long after the day ended: a journal is
# stamped when it is written, so a transaction still open at midnight commits within it.
FINAL_AFTER = timedelta(minutes=10)


def final_money_days(
    *, merchant_id: int, date_from: date, date_to: date
) -> dict[date, dict[str, Decimal]]:
    """The merchant's days of the range whose `MerchantMoneyDay` row is final (refreshed
    after the day was over), with their rent and buyout received. A day without a final row
    (today, a day the job has not yet seen, a day without journals) is not among them."""
    rows = MerchantMoneyDay.objects.filter(
        merchant_id=merchant_id, day__gte=date_from, day__lte=date_to
    ).values("day", "received_rent", "received_buyout", "refreshed_at")
    return {
        row["day"]: {"lease": row["received_rent"], "buyout": row["received_buyout"]}
        for row in rows
        if row["refreshed_at"] >= day_start(row["day"] + timedelta(days=1)) + FINAL_AFTER
    }


# --- the platform's workbench --------------------------------------------------------------


def platform_todo_counts(*, withdrawals: bool, recharges: bool) -> dict[str, int]:
    """Every merchant's withdrawals awaiting a first approval or a second one, and transfer
    recharges awaiting audit, for the roles that decide them: each the total of the list its
    figure opens (the lists' own selectors, filtered by that one status)."""
    found: dict[str, int] = {}
    if withdrawals:
        found["withdrawals_pending"] = withdrawal_rows(
            merchant_id=None, status=WithdrawalStatus.PENDING
        ).count()
        found["withdrawals_reviewing"] = withdrawal_rows(
            merchant_id=None, status=WithdrawalStatus.REVIEWING
        ).count()
    if recharges:
        found["recharges_pending"] = recharge_rows(
            merchant_id=None, status=RechargeStatus.PENDING
        ).count()
    return found


def platform_today() -> dict[str, Any]:
    """Every merchant's figures of today (money received as the last refresh has it)."""
    today = timezone.localdate()
    period = Period(today, today)
    return {"date": today, **_period_figures(period, None)}


# --- the platform's aging: every merchant's open recovery cases per bucket -----------------

AGING_AMOUNTS = ("rent_owed", "late_fee_owed", "charges_owed", "total_owed")
AGING_SORTS = {
    "total_desc": ("-sum_total_owed", "merchant_id"),
    "total_asc": ("sum_total_owed", "merchant_id"),
    "cases_desc": ("-sum_cases", "-sum_total_owed", "merchant_id"),
}


def _aging_sums(prefix: str = "sum_", **only: Any) -> dict[str, Any]:
    condition = Q(**only) if only else None
    return {
        f"{prefix}cases": Coalesce(Sum("cases", filter=condition), 0),
        **{
            f"{prefix}{name}": Coalesce(Sum(name, filter=condition), ZERO) for name in AGING_AMOUNTS
        },
    }


def _aging_figures(row: dict[str, Any], prefix: str = "sum_") -> dict[str, Any]:
    return {
        "cases": row[f"{prefix}cases"] or 0,
        **{name: figures.money(row[f"{prefix}{name}"]) for name in AGING_AMOUNTS},
    }


_NO_AGING: dict[str, Any] = {"sum_cases": 0, **{f"sum_{name}": ZERO for name in AGING_AMOUNTS}}


def _bucket_key(bucket: str) -> str:
    return bucket.lower().replace("+", "_plus") + "_"


def platform_aging(
    *,
    merchant_id: int | None = None,
    keyword: str = "",
    sort: str = "total_desc",
    page: int = 1,
    page_size: int = 20,
) -> dict[str, Any]:
    """Every merchant's debt by bucket from the public projection (`MerchantAging`, kept by
    each merchant's case refresh; no merchant schema is entered): the totals per bucket and in
    all, and a page of merchants (each with its buckets), sorted by what they owe. Filters: one
    merchant, or merchants whose name (or slug) holds `keyword`. `as_of` is the latest run's
    day among the rows read (each merchant's own beside it).

    Two statements: the buckets' sums, and the page. The projection writes all four buckets
    of a merchant together, so the merchants read are the rows of any one bucket, and the
    totals in all are the buckets' sums (no count, no third pass)."""
    rows = MerchantAging.objects.all()
    if merchant_id is not None:
        rows = rows.filter(merchant_id=merchant_id)
    keyword = keyword.strip()
    if keyword:
        rows = rows.filter(
            Q(merchant__name__icontains=keyword) | Q(merchant__slug__icontains=keyword.lower())
        )
    by_bucket = {
        row["bucket"]: row
        for row in rows.order_by()
        .values("bucket")
        .annotate(**_aging_sums(), merchants=Count("id"), as_of=Max("as_of"))
    }
    buckets = [
        {"bucket": bucket, **_aging_figures(by_bucket.get(bucket, _NO_AGING))}
        for bucket in AGING_BUCKETS
    ]
    merchants = max((row["merchants"] for row in by_bucket.values()), default=0)
    start = (max(page, 1) - 1) * page_size
    page_rows = (
        rows.values("merchant_id", "merchant__name")
        .annotate(
            **_aging_sums(),
            **{
                key: value
                for bucket in AGING_BUCKETS
                for key, value in _aging_sums(_bucket_key(bucket), bucket=bucket).items()
            },
            as_of=Max("as_of"),
        )
        .order_by(*AGING_SORTS[sort])[start : start + page_size]
    )
    return {
        "list": [
            {
                "merchant_id": row["merchant_id"],
                "merchant_name": row["merchant__name"],
                **_aging_figures(row),
                "as_of": row["as_of"],
                "buckets": [
                    {"bucket": bucket, **_aging_figures(row, _bucket_key(bucket))}
                    for bucket in AGING_BUCKETS
                ],
            }
            for row in page_rows
        ],
        "total": merchants,
        "total_capped": False,
        "page": page,
        "page_size": page_size,
        "as_of": max((row["as_of"] for row in by_bucket.values()), default=None),
        "buckets": buckets,
        "all": {
            "cases": sum(b["cases"] for b in buckets),
            **{
                name: figures.money(sum((b[name] for b in buckets), ZERO)) for name in AGING_AMOUNTS
            },
            "merchants": merchants,
        },
    }
