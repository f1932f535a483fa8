"""The asset report (`getAssetReport`, `/assetReport`; issue 63, docs/assets.md "The asset
report"): the units in scope grouped by SKU, category or sub-shop, with what each group
earned (the ledger's money of the orders that held them), summed in SQL from the units'
kept figures (`figures.py`; docs/assets.md "The kept figures")."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db import connection
from django.db.models import F
from django.utils import timezone

from apps.goods.selectors import fineness_name, sku_categories, sku_labels
from apps.subshops.selectors import sub_shop_names
from zulin.core.i18n import Text, pick
from zulin.core.scoping import SubShopScope

from .earnings import among, units_figures
from .figures import KEPT
from .lives import lives_by_sku
from .models import Grade, Unit, UnitStatus
from .order_facts import overdue_order_ids
from .selectors import HELD_STATUSES, status_label, visible_units

ZERO = Decimal("0.00")
GROUPS = ("sku", "category", "sub_shop")
# Statuses of a unit still the shop's (sold, scrapped and lost units left it).
GONE = (UnitStatus.SOLD, UnitStatus.SCRAPPED, UnitStatus.LOST)
WAREHOUSE = Text("总仓", "Warehouse")
NO_CATEGORY = Text("未分类", "No category")
ALL = Text("合计", "All")


def _money(value: Decimal) -> str:
    return f"{value.quantize(Decimal('0.01'), ROUND_HALF_UP):.2f}"


def _percent(part: Decimal, whole: Decimal) -> str | None:
    if whole <= 0:
        return None
    return f"{(part * 100 / whole).quantize(Decimal('0.1'), ROUND_HALF_UP):.1f}"


# The kept figures of the units in scope, with what depends on today worked out in SQL the
# way `earnings.units_earnings` works it out per unit: days owned to today (or the day it
# left), days on lease (the closed spans plus the open one, at most the days owned), payback
# to 0.1 %, and book value straight down to the residual over the life of its category.
_UNITS_SQL = """
WITH skus AS (
    SELECT * FROM unnest(%s::bigint[], %s::bigint[], %s::int[], %s::numeric[])
        AS s(sku_id, category_id, months, rate)
), overdue AS (
    SELECT DISTINCT unnest(%s::bigint[]) AS order_id
), kept AS (
    SELECT {key} AS key, u.*, s.months, s.rate, o.order_id IS NOT NULL AS overdue,
           GREATEST(COALESCE(u.left_on, %s::date) - u.acquired_on, 0) AS owned
    FROM ({scope}) u
    JOIN skus s ON s.sku_id = u.sku_id
    LEFT JOIN overdue o ON o.order_id = u.order_id
), unit AS (
    SELECT kept.*,
        LEAST(lease_days_closed + COALESCE(GREATEST(COALESCE(left_on, %s::date) - open_since, 0),
              0), owned) AS on_lease,
        CASE WHEN cost_basis > 0 THEN round(collected * 100 / cost_basis, 1) END AS payback,
        round(cost_basis - (cost_basis - round(cost_basis * rate, 2))
              * LEAST(owned / (30.41666666666666666666666667 * months), 1), 2) AS book
    FROM kept
)
"""
# One pass over the units: each group's sums and counts by status and grade, and the whole's.
_SUMS = """
SELECT GROUPING(key) = 1 AS whole, key, count(*),
    coalesce(sum(cost_basis), 0), coalesce(sum(collected), 0), coalesce(sum(repair_spend), 0),
    coalesce(sum(owned), 0), coalesce(sum(on_lease), 0),
    coalesce(sum(book) FILTER (WHERE NOT gone), 0),
    coalesce(sum(payback), 0), count(payback), count(paid_back_on),
    coalesce(sum(paid_back_on - acquired_on), 0),
    count(*) FILTER (WHERE status = 'in_stock' AND stocked_at < %s),
    count(*) FILTER (WHERE held AND overdue),
    {counts}
FROM (SELECT unit.*, status = ANY(%s) AS gone, status = ANY(%s) AS held FROM unit) unit
GROUP BY GROUPING SETS ((key), ())
"""
_STATUS_COUNT = "count(*) FILTER (WHERE status = '{0}')"
_GRADE_COUNT = "count(*) FILTER (WHERE grade = '{0}' AND NOT gone)"
_DISTINCT_KEYS = "SELECT count(*) FROM (SELECT DISTINCT key FROM unit) keys"
_SHIFTING = "SELECT id, key, collected, payback, paid_back_on FROM unit WHERE shifting"
# Each unit's kept figures, read with the unit under the session's scope and the filters (all
# but the day they were written).
KEPT_COLUMNS = tuple(name for name in KEPT if name != "as_of")
KEYS = {"sku": "u.sku_id", "category": "s.category_id", "sub_shop": "u.sub_shop_id"}
# The statuses and grades are the models' own choices, never a request's text.
_COUNTS = ", ".join(
    [_STATUS_COUNT.format(status) for status in UnitStatus.values]
    + [_GRADE_COUNT.format(grade) for grade in Grade.values]
)


@dataclass
class _Group:
    key: Any
    units: int = 0
    cost: Decimal = ZERO
    collected: Decimal = ZERO
    repairs: Decimal = ZERO
    owned: int = 0
    on_lease: int = 0
    book: Decimal = ZERO
    payback_sum: Decimal = ZERO
    paybacks: int = 0
    paid_back: int = 0
    days_to_pay_back: int = 0
    idle: int = 0
    recovery: int = 0
    by_status: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    by_grade: dict[str, int] = field(default_factory=lambda: defaultdict(int))


@dataclass(frozen=True)
class _Scope:
    sql: str
    params: tuple[Any, ...]
    skus: dict[int, tuple[int | None, str]]  # sku_id: (category id, its name)


def _scope(
    session: SubShopScope | None,
    *,
    sku_id: int | None,
    category_id: int | None,
    sub_shop_id: int | None,
    warehouse: bool,
) -> _Scope:
    units = visible_units(session)
    if sku_id is not None:
        units = units.filter(sku_id=sku_id)
    if sub_shop_id is not None:
        units = units.filter(sub_shop_id=sub_shop_id)
    elif warehouse:
        units = units.filter(sub_shop_id__isnull=True)
    skus = sku_categories(set(units.order_by().values_list("sku_id", flat=True).distinct()))
    if category_id is not None:
        skus = {pk: c for pk, c in skus.items() if c[0] == category_id}
        units = units.filter(sku_id__in=among(sorted(skus)))
    kept = (
        units.order_by()
        .filter(figures__isnull=False)
        .values("id", "sku_id", "sub_shop_id", "status", "grade", "order_id")
        .annotate(**{name: F(f"figures__{name}") for name in KEPT_COLUMNS})
    )
    sql, params = kept.query.sql_with_params()
    return _Scope(sql, tuple(params), skus)


def _unit_sql(
    scope: _Scope, group_by: str, today: date, overdue: Sequence[int] = ()
) -> tuple[str, list[Any]]:
    lives = lives_by_sku(scope.skus, categories=scope.skus)
    ids = sorted(scope.skus)
    params: list[Any] = [
        ids,
        [scope.skus[pk][0] for pk in ids],
        [lives[pk].months for pk in ids],
        [lives[pk].residual_rate for pk in ids],
        list(overdue),
        today,
        *scope.params,
        today,
    ]
    return _UNITS_SQL.format(key=KEYS[group_by], scope=scope.sql), params


def _groups(
    scope: _Scope, group_by: str, *, today: date, idle_before: Any
) -> tuple[dict[Any, _Group], _Group]:
    """Each group's sums and counts, and the whole's, from the kept figures in one pass
    over the units; a unit whose share still moves by the day (`shifting`) is recomputed."""
    head, params = _unit_sql(scope, group_by, today, overdue_order_ids())
    groups: dict[Any, _Group] = {}
    whole = _Group(None)
    statuses, grades = len(UnitStatus.values), len(Grade.values)
    with connection.cursor() as cursor:
        cursor.execute(
            head + _SUMS.format(counts=_COUNTS),
            [
                *params,
                idle_before,
                [str(s) for s in GONE],
                [str(s) for s in HELD_STATUSES],
            ],
        )
        for is_whole, key, *sums in cursor.fetchall():
            group = whole if is_whole else groups.setdefault(key, _Group(key))
            (group.units, group.cost, group.collected, group.repairs, group.owned) = sums[:5]
            (group.on_lease, group.book, group.payback_sum, group.paybacks) = sums[5:9]
            (group.paid_back, group.days_to_pay_back, group.idle, group.recovery) = sums[9:13]
            group.by_status = dict(zip(UnitStatus.values, sums[13 : 13 + statuses], strict=True))
            group.by_grade = dict(
                zip(Grade.values, sums[13 + statuses : 13 + statuses + grades], strict=True)
            )
        cursor.execute(head + _SHIFTING, params)
        shifting = cursor.fetchall()
    if shifting:
        _recomputed(shifting, groups, whole, today)
    return groups, whole


def _recomputed(rows: list[tuple], groups: dict[Any, _Group], whole: _Group, today: date) -> None:
    """Units sharing an order's money with a unit still out: their share grows or shrinks by
    the day, so their kept collected money and payback day are put aside for today's."""
    units = {u.pk: u for u in Unit.objects.filter(pk__in=[row[0] for row in rows])}
    fresh = units_figures(list(units.values()), today=today)
    for unit_id, key, kept_collected, kept_payback, kept_paid_on in rows:
        its = fresh[unit_id]
        collected = its.earned.collected
        payback = (
            (collected * 100 / its.basis).quantize(Decimal("0.1"), ROUND_HALF_UP)
            if its.basis > 0
            else None
        )
        for group in (groups[key], whole):
            group.collected += collected - kept_collected
            if kept_payback is not None:
                group.payback_sum -= kept_payback
                group.paybacks -= 1
            if payback is not None:
                group.payback_sum += payback
                group.paybacks += 1
            if kept_paid_on is not None:
                group.paid_back -= 1
                group.days_to_pay_back -= (kept_paid_on - its.acquired).days
            if its.paid_back_on is not None:
                group.paid_back += 1
                group.days_to_pay_back += (its.paid_back_on - its.acquired).days


def _names(keys: Sequence[Any], group_by: str, scope: _Scope) -> dict[Any, str]:
    if group_by == "sku":
        labels = sku_labels({k for k in keys if k is not None})
        return {
            pk: f"{label.goods_name} · {label.sku_name}" if label else f"#{pk}"
            for pk, label in ((pk, labels.get(pk)) for pk in keys)
        }
    if group_by == "category":
        names: dict[Any, str] = {c: n or pick(NO_CATEGORY) for c, n in scope.skus.values()}
        names[None] = pick(NO_CATEGORY)
        return names
    places = sub_shop_names({k for k in keys if k is not None})
    names = {pk: name for pk, (name, _active) in places.items()}
    names[None] = pick(WAREHOUSE)
    return names


def _group_row(group: _Group, name: str) -> dict[str, Any]:
    return {
        "key": None if group.key is None else str(group.key),
        "name": name,
        "units": group.units,
        "by_status": [
            {"status": status, "label": status_label(status), "count": group.by_status[status]}
            for status in UnitStatus.values
            if group.by_status.get(status)
        ],
        "by_grade": [
            {"grade": grade, "label": fineness_name(grade), "count": group.by_grade[grade]}
            for grade in Grade.values
            if group.by_grade.get(grade)
        ],
        "idle": group.idle,
        "in_recovery": group.recovery,
        "utilisation": _percent(Decimal(group.on_lease), Decimal(group.owned)),
        "average_payback": (
            f"{(group.payback_sum / group.paybacks).quantize(Decimal('0.1')):.1f}"
            if group.paybacks
            else None
        ),
        "paid_back": group.paid_back,
        "average_days_to_pay_back": (
            round(group.days_to_pay_back / group.paid_back) if group.paid_back else None
        ),
        "cost_basis": _money(group.cost),
        "collected": _money(group.collected),
        "repair_spend": _money(group.repairs),
        "book_value": _money(group.book),
    }


def asset_report(
    *,
    session: SubShopScope | None,
    group_by: str = "sku",
    sku_id: int | None = None,
    category_id: int | None = None,
    sub_shop_id: int | None = None,
    warehouse: bool = False,
    idle_days: int = 30,
    page: int = 1,
    page_size: int | None = None,
    today: date | None = None,
) -> dict[str, Any]:
    """Groups (most units first), a page of them (`page_size` None: all), and the whole,
    under the filters and the session's scope, summed in SQL from the units' kept figures
    (`figures.py`). Sold, scrapped and lost units count in what was earned, not in the stock
    figures."""
    today = today or timezone.localdate()
    scope = _scope(
        session,
        sku_id=sku_id,
        category_id=category_id,
        sub_shop_id=sub_shop_id,
        warehouse=warehouse,
    )
    idle_before = timezone.now() - timedelta(days=idle_days)
    groups, whole = _groups(scope, group_by, today=today, idle_before=idle_before)
    names = _names(list(groups), group_by, scope)
    ordered = sorted(groups.values(), key=lambda g: (-g.units, names.get(g.key, f"#{g.key}")))
    if page_size is not None:
        ordered = ordered[(page - 1) * page_size : page * page_size]
    return {
        "group_by": group_by,
        "idle_days": idle_days,
        "today": today,
        "count": len(groups),
        "page": page,
        "rows": [_group_row(g, names.get(g.key, f"#{g.key}")) for g in ordered],
        "total": _group_row(whole, pick(ALL)),
    }


def report_row_count(
    *,
    session: SubShopScope | None,
    group_by: str = "sku",
    idle_days: int = 30,
    **filters: Any,
) -> int:
    """How many rows the export writes: the groups and the whole."""
    scope = _scope(session, **filters)
    head, params = _unit_sql(scope, group_by, timezone.localdate())
    with connection.cursor() as cursor:
        cursor.execute(head + _DISTINCT_KEYS, params)
        (groups,) = cursor.fetchone()
    return int(groups) + 1


def report_export_rows(**filters: Any) -> Iterator[list[dict[str, Any]]]:
    """The report's groups as flat rows for the Excel export (one chunk)."""
    report = asset_report(**filters)
    rows = []
    for row in [*report["rows"], report["total"]]:
        counts = {entry["status"]: entry["count"] for entry in row["by_status"]}
        rows.append(
            {
                **row,
                "in_stock": counts.get(UnitStatus.IN_STOCK, 0),
                "out": counts.get(UnitStatus.OUT_WITH_CUSTOMER, 0)
                + counts.get(UnitStatus.RETURNING, 0),
                "second_life": sum(
                    counts.get(s, 0)
                    for s in (
                        UnitStatus.RECEIVED,
                        UnitStatus.INSPECTING,
                        UnitStatus.QUARANTINED,
                        UnitStatus.IN_REPAIR,
                    )
                ),
                "gone": sum(counts.get(s, 0) for s in GONE),
                "grades": " ".join(f"{e['label']} {e['count']}" for e in row["by_grade"]),
            }
        )
    yield rows
