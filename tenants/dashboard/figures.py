"""The data centre's words and sums, shared by both sides: the period (Asia/Shanghai days,
at most 366, by day or month; "the previous period" is the same number of days just
before), what a deal is, and the aggregates over orders. Each side hands in its own rows —
a merchant its orders (`apps.dashboard`), the platform its order index (`selectors.py`):
both carry `created_at`, `status`, `kind`, `total_rent`, `sale_price`, `goods_id` and
`goods_title` — so the two sides count the same way, in SQL.

Definitions (docs/data-centre.md):
- orders: orders placed in the period (deleted ones left out), leases and purchases;
- deals: of those, the ones that went through — paid and beyond (`DEAL_STATUSES`); a
  refused, cancelled, closed or refunded order, or one still awaiting audit, signing or
  payment, is no deal;
- deal value: the deals' contract value, a lease's total rent or a purchase's price;
- rent due / buyout due: the rent of the lease (buyout) bills falling due in the period,
  cancelled bills left out;
- rent received / buyout received: what the ledger credited to rent (buyout) income in the
  period, refunds not subtracted — `MerchantMoneyDay.received_rent` / `received_buyout`;
- overdue rate: of the bills (rent, add-ons and fees) due in the period up to yesterday,
  the share still unpaid, in percent (none when nothing fell due).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db.models import Case, Count, DecimalField, F, Max, Q, QuerySet, Sum, Value, When
from django.db.models.functions import Coalesce, TruncDate, TruncMonth
from django.utils import timezone

from zulin.core.dates import day_start
from zulin.core.errors import field_error
from zulin.core.i18n import Text

ZERO = Decimal("0.00")
MAX_DAYS = 366
DEFAULT_DAYS = 30
GRANULARITIES = ("day", "month")
DEAL_STATUSES = (
    "paid",
    "awaiting_shipment",
    "shipped",
    "in_lease",
    "returning",
    "inspecting",
    "completed",
    "bought_out",
)
RANKING_LIMIT = 10


@dataclass(frozen=True)
class Period:
    date_from: date
    date_to: date
    granularity: str = "day"

    @classmethod
    def parse(
        cls, *, date_from: date | None, date_to: date | None, granularity: str = "day"
    ) -> Period:
        """The asked period, checked (400 with the field); by default the 30 days to today."""
        if granularity not in GRANULARITIES:
            raise field_error("granularity", Text("应为按日或按月", "day or month"))
        # The years first: a default end 29 days after 9999-12-31 is off the calendar.
        for name, day in (("date_from", date_from), ("date_to", date_to)):
            if day is not None and not 2000 <= day.year <= 2999:
                raise field_error(name, Text("应在 2000 到 2999 年之间", "between 2000 and 2999"))
        today = timezone.localdate()
        date_to = date_to or (date_from + timedelta(days=DEFAULT_DAYS - 1) if date_from else today)
        date_from = date_from or date_to - timedelta(days=DEFAULT_DAYS - 1)
        if date_from > date_to:
            raise field_error("date_from", Text("不能晚于结束日期", "on or before date_to"))
        if (date_to - date_from).days >= MAX_DAYS:
            raise field_error("date_to", Text("最多 {0} 天", "at most {0} days").format(MAX_DAYS))
        return cls(date_from, date_to, granularity)

    @property
    def days(self) -> int:
        return (self.date_to - self.date_from).days + 1

    @property
    def previous(self) -> Period:
        end = self.date_from - timedelta(days=1)
        return Period(end - timedelta(days=self.days - 1), end, self.granularity)

    @property
    def start(self) -> datetime:
        return day_start(self.date_from)

    @property
    def end(self) -> datetime:
        """The first instant after the period."""
        return day_start(self.date_to + timedelta(days=1))

    def bucket(self, day: date) -> date:
        return day.replace(day=1) if self.granularity == "month" else day

    def buckets(self) -> list[date]:
        found, day = [], self.bucket(self.date_from)
        while day <= self.date_to:
            found.append(day)
            if self.granularity == "month":
                day = (day + timedelta(days=32)).replace(day=1)
            else:
                day += timedelta(days=1)
        return found

    def label(self, bucket: date) -> str:
        return bucket.strftime("%Y-%m") if self.granularity == "month" else bucket.isoformat()

    def as_dict(self) -> dict[str, Any]:
        return {
            "date_from": self.date_from,
            "date_to": self.date_to,
            "granularity": self.granularity,
        }


def money(value: Any) -> Decimal:
    return (Decimal(value) if value is not None else ZERO).quantize(Decimal("0.01"))


def series(period: Period, amounts: dict[date, Decimal]) -> dict[str, Any]:
    """Every bucket of the period, in order, with its amount (0.00 when nothing), and the
    total. `amounts` is keyed by day or by bucket: days are folded into their bucket."""
    folded: dict[date, Decimal] = {}
    for day, amount in amounts.items():
        key = period.bucket(day)
        folded[key] = folded.get(key, ZERO) + amount
    amounts_in_order = [(b, money(folded.get(b, ZERO))) for b in period.buckets()]
    return {
        **period.as_dict(),
        "points": [{"date": period.label(b), "amount": a} for b, a in amounts_in_order],
        "total": money(sum((a for _, a in amounts_in_order), ZERO)),
    }


def rate(part: Decimal, whole: Decimal) -> Decimal | None:
    if not whole:
        return None
    return (part * 100 / whole).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def change(current: Decimal | int | None, previous: Decimal | int | None) -> Decimal | None:
    """Change against the previous period, in percent (none when it had nothing)."""
    if current is None or not previous:
        return None
    return ((Decimal(current) - Decimal(previous)) * 100 / abs(Decimal(previous))).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )


OVERVIEW_FIGURES = (
    "orders",
    "deals",
    "deal_value",
    "rent_due",
    "rent_received",
    "buyout_due",
    "buyout_received",
    "overdue_amount",
    "overdue_base",
    "overdue_rate",
)


def overview(period: Period, current: dict[str, Any], previous: dict[str, Any]) -> dict[str, Any]:
    """The figures of the period beside the previous one's, and each one's change."""
    return {
        **period.as_dict(),
        "previous_from": period.previous.date_from,
        "previous_to": period.previous.date_to,
        "current": current,
        "previous": previous,
        "change": {name: change(current[name], previous[name]) for name in OVERVIEW_FIGURES},
    }


def overdue_figures(base: Decimal, outstanding: Decimal) -> dict[str, Any]:
    return {
        "overdue_amount": money(outstanding),
        "overdue_base": money(base),
        "overdue_rate": rate(outstanding, base),
    }


def overdue_cutoff(period: Period) -> date:
    """The last due date counted by the overdue rate: yesterday at the latest (a bill due
    today is not overdue yet)."""
    return min(period.date_to, timezone.localdate() - timedelta(days=1))


# --- orders, on either side's rows -------------------------------------------------------


def deal_value_sum() -> Any:
    """The deals' value as one SQL sum over order rows (either side's): a lease's total rent,
    a purchase's price. The data centre and the share links' figures both count by it."""
    return Sum(
        Case(
            When(kind="purchase", then=F("sale_price")),
            default=F("total_rent"),
            output_field=DecimalField(max_digits=16, decimal_places=2),
        ),
        filter=Q(status__in=DEAL_STATUSES),
    )


def _order_sums() -> dict[str, Any]:
    return {
        "orders": Count("id"),
        "deals": Count("id", filter=Q(status__in=DEAL_STATUSES)),
        "deal_value": Coalesce(deal_value_sum(), Value(ZERO)),
    }


def orders_in(rows: QuerySet[Any], period: Period) -> QuerySet[Any]:
    return rows.filter(created_at__gte=period.start, created_at__lt=period.end)


def order_totals(rows: QuerySet[Any], period: Period) -> dict[str, Any]:
    found = orders_in(rows, period).aggregate(**_order_sums())
    return {
        "orders": found["orders"],
        "deals": found["deals"],
        "deal_value": money(found["deal_value"]),
    }


def order_series(rows: QuerySet[Any], period: Period) -> dict[str, Any]:
    """Orders, deals and deal value per bucket of the period, and in all."""
    tz = timezone.get_current_timezone()
    trunc = (
        TruncMonth("created_at", tzinfo=tz)
        if period.granularity == "month"
        else TruncDate("created_at", tzinfo=tz)
    )
    found = {
        (row["bucket"].date() if isinstance(row["bucket"], datetime) else row["bucket"]): row
        for row in orders_in(rows, period)
        .annotate(bucket=trunc)
        .values("bucket")
        .annotate(**_order_sums())
        .order_by()
    }
    points = []
    for bucket in period.buckets():
        row = found.get(bucket, {"orders": 0, "deals": 0, "deal_value": ZERO})
        points.append(
            {
                "date": period.label(bucket),
                "orders": row["orders"],
                "deals": row["deals"],
                "deal_value": money(row["deal_value"]),
            }
        )
    return {
        **period.as_dict(),
        "points": points,
        "orders": sum(p["orders"] for p in points),
        "deals": sum(p["deals"] for p in points),
        "deal_value": money(sum((p["deal_value"] for p in points), ZERO)),
    }


def goods_ranking(
    rows: QuerySet[Any], period: Period, *, group: tuple[str, ...] = ("goods_id",)
) -> dict[str, Any]:
    """The goods most ordered in the period (by orders, then deal value), at most ten."""
    ranked = (
        orders_in(rows, period)
        .values(*group)
        .annotate(title=Max("goods_title"), **_order_sums())
        .order_by("-orders", "-deal_value", *group)[:RANKING_LIMIT]
    )
    total = order_totals(rows, period)
    return {
        **period.as_dict(),
        "items": [
            {
                **{key: row[key] for key in group},
                "goods_title": row["title"],
                "orders": row["orders"],
                "deals": row["deals"],
                "deal_value": money(row["deal_value"]),
            }
            for row in ranked
        ],
        **total,
    }
