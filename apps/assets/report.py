"""The asset report (`getAssetReport`, `/assetReport`; issue 63, docs/assets.md "The asset
report"): the units in scope grouped by SKU, category or sub-shop, with what each group
earned (`earnings.units_earnings`, the ledger's money of the orders that held them)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db.models import Max
from django.utils import timezone

from apps.goods.selectors import fineness_name, sku_categories, sku_labels
from apps.subshops.selectors import sub_shop_names
from zulin.core.i18n import Text, pick
from zulin.core.scoping import SubShopScope

from .earnings import among, units_earnings
from .models import Grade, Unit, UnitMovement, UnitStatus
from .order_facts import order_facts
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


def _units(
    session: SubShopScope | None,
    *,
    sku_id: int | None,
    category_id: int | None,
    sub_shop_id: int | None,
    warehouse: bool,
) -> list[Unit]:
    units = visible_units(session)
    if sku_id is not None:
        units = units.filter(sku_id=sku_id)
    if sub_shop_id is not None:
        units = units.filter(sub_shop_id=sub_shop_id)
    elif warehouse:
        units = units.filter(sub_shop_id__isnull=True)
    rows = list(units.order_by("id"))
    if category_id is not None:
        categories = sku_categories({u.sku_id for u in rows})
        rows = [u for u in rows if categories.get(u.sku_id, (None, ""))[0] == category_id]
    return rows


def _in_stock_since(unit_ids: Sequence[int]) -> dict[int, Any]:
    """When each unit last came into stock (its last move into `in_stock`)."""
    return dict(
        UnitMovement.objects.filter(unit_id__in=among(unit_ids), to_status=UnitStatus.IN_STOCK)
        .values("unit_id")
        .annotate(at=Max("at"))
        .values_list("unit_id", "at")
    )


def _in_recovery(units: Sequence[Unit]) -> set[int]:
    """Units out with a customer (or on their way back) whose order is overdue."""
    held = [u for u in units if u.status in HELD_STATUSES and u.order_id]
    facts = order_facts([u.order_id for u in held if u.order_id])
    return {
        u.pk for u in held if u.order_id in facts and facts[u.order_id].overdue_since is not None
    }


def _group_keys(units: Sequence[Unit], group_by: str) -> tuple[dict[int, Any], dict[Any, str]]:
    """Each unit's group key, and each key's name."""
    names: dict[Any, str]
    if group_by == "sku":
        labels = sku_labels({u.sku_id for u in units})
        names = {
            pk: f"{label.goods_name} · {label.sku_name}" if label else f"#{pk}"
            for pk, label in ((pk, labels.get(pk)) for pk in {u.sku_id for u in units})
        }
        return {u.pk: u.sku_id for u in units}, names
    if group_by == "category":
        categories = sku_categories({u.sku_id for u in units})
        keys = {u.pk: categories.get(u.sku_id, (None, ""))[0] for u in units}
        names = {
            categories[sku][0]: categories[sku][1] or pick(NO_CATEGORY)
            for sku in categories
            if categories[sku][0] is not None
        }
        names[None] = pick(NO_CATEGORY)
        return keys, names
    places = sub_shop_names({u.sub_shop_id for u in units if u.sub_shop_id})
    names = {pk: name for pk, (name, _active) in places.items()}
    names[None] = pick(WAREHOUSE)
    return {u.pk: u.sub_shop_id for u in units}, names


def _group_row(
    key: Any,
    name: str,
    units: Sequence[Unit],
    figures: dict[int, dict[str, Any]],
    *,
    idle: set[int],
    recovery: set[int],
) -> dict[str, Any]:
    by_status: dict[str, int] = defaultdict(int)
    by_grade: dict[str, int] = defaultdict(int)
    cost = collected = repairs = book = ZERO
    owned = on_lease = 0
    paybacks: list[Decimal] = []
    days_to_pay_back: list[int] = []
    for unit in units:
        by_status[unit.status] += 1
        if unit.status not in GONE:
            by_grade[unit.grade] += 1
        got = figures[unit.pk]
        cost += Decimal(got["cost_basis"])
        collected += Decimal(got["collected"])
        repairs += Decimal(got["repair_spend"])
        owned += got["days_owned"]
        on_lease += got["days_on_lease"]
        if unit.status not in GONE:
            book += Decimal(got["book_value"])
        if got["payback"] is not None:
            paybacks.append(Decimal(got["payback"]))
        if got["days_to_pay_back"] is not None:
            days_to_pay_back.append(got["days_to_pay_back"])
    return {
        "key": None if key is None else str(key),
        "name": name,
        "units": len(units),
        "by_status": [
            {"status": status, "label": status_label(status), "count": by_status[status]}
            for status in UnitStatus.values
            if by_status.get(status)
        ],
        "by_grade": [
            {"grade": grade, "label": fineness_name(grade), "count": by_grade[grade]}
            for grade in Grade.values
            if by_grade.get(grade)
        ],
        "idle": sum(1 for u in units if u.pk in idle),
        "in_recovery": sum(1 for u in units if u.pk in recovery),
        "utilisation": _percent(Decimal(on_lease), Decimal(owned)),
        "average_payback": (
            f"{(sum(paybacks, Decimal(0)) / len(paybacks)).quantize(Decimal('0.1')):.1f}"
            if paybacks
            else None
        ),
        "paid_back": len(days_to_pay_back),
        "average_days_to_pay_back": (
            round(sum(days_to_pay_back) / len(days_to_pay_back)) if days_to_pay_back else None
        ),
        "cost_basis": _money(cost),
        "collected": _money(collected),
        "repair_spend": _money(repairs),
        "book_value": _money(book),
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
    today: date | None = None,
) -> dict[str, Any]:
    """Groups (most units first) and the whole, under the filters and the session's scope.
    Sold, scrapped and lost units count in what was earned, not in the stock figures."""
    today = today or timezone.localdate()
    units = _units(
        session,
        sku_id=sku_id,
        category_id=category_id,
        sub_shop_id=sub_shop_id,
        warehouse=warehouse,
    )
    figures = units_earnings(units, today=today)
    since = _in_stock_since([u.pk for u in units if u.status == UnitStatus.IN_STOCK])
    cutoff = timezone.now() - timedelta(days=idle_days)
    idle = {
        u.pk
        for u in units
        if u.status == UnitStatus.IN_STOCK and since.get(u.pk, u.acquired_at) < cutoff
    }
    recovery = _in_recovery(units)
    keys, names = _group_keys(units, group_by)
    grouped: dict[Any, list[Unit]] = defaultdict(list)
    for unit in units:
        grouped[keys[unit.pk]].append(unit)
    rows = [
        _group_row(
            key,
            names.get(key, f"#{key}"),
            members,
            figures,
            idle=idle,
            recovery=recovery,
        )
        for key, members in grouped.items()
    ]
    rows.sort(key=lambda row: (-row["units"], row["name"]))
    total = _group_row(
        None, pick(Text("合计", "All")), units, figures, idle=idle, recovery=recovery
    )
    return {
        "group_by": group_by,
        "idle_days": idle_days,
        "today": today,
        "rows": rows,
        "total": total,
    }


def report_row_count(
    *,
    session: SubShopScope | None,
    group_by: str = "sku",
    idle_days: int = 30,
    **filters: Any,
) -> int:
    """How many rows the export writes: the groups and the whole."""
    keys, _names = _group_keys(_units(session, **filters), group_by)
    return len(set(keys.values())) + 1


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
