"""The devices list (its filters, tab counts and pages), its export, a unit's page with its
actions, and a scan's answer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.db.models import Q, QuerySet

from apps.goods.selectors import sku_category
from apps.subshops.selectors import sub_shop_names
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text, current_language, pick
from zulin.core.pagination import COUNT_BOUND, page_of, page_rows
from zulin.core.scoping import SubShopScope

from ..earnings import Read, unit_earnings
from ..inspection_selectors import PAGE_ROWS, unit_second_life, unit_work_orders
from ..machine import UNIT_MACHINE
from ..models import (
    Unit,
    UnitMovement,
    UnitStatus,
)
from ..order_facts import OrderFact, order_facts
from .rows import (
    ACTION_LABELS,
    STATUS_EN,
    _local,
    _with_row_joins,
    money_text,
    place_name,
    row_of_unit,
    row_values,
    unit_row,
    unit_rows,
)
from .units import unit_find, unit_ship_refusal, visible_units


def units_filtered(
    *,
    session: SubShopScope | None,
    sku_id: int | None = None,
    sub_shop_id: int | None = None,
    warehouse: bool = False,
    grade: str | None = None,
    supplier_id: int | None = None,
    keyword: str = "",
) -> QuerySet[Unit]:
    """getUnitList's filters but the status (its tabs count under these)."""
    units = visible_units(session)
    if sku_id is not None:
        units = units.filter(sku_id=sku_id)
    if warehouse:
        units = units.filter(sub_shop_id__isnull=True)
    elif sub_shop_id is not None:
        units = units.filter(sub_shop_id=sub_shop_id)
    if grade:
        units = units.filter(grade=grade)
    if supplier_id is not None:
        units = units.filter(supplier_id=supplier_id)
    keyword = keyword.strip()
    if keyword:
        upper = keyword.upper()
        units = units.filter(
            Q(serial_number__startswith=upper)
            | Q(imei1__startswith=keyword)
            | Q(imei2__startswith=keyword)
            | Q(meid__startswith=upper)
        )
    return units


def unit_status_counts(units: QuerySet[Unit]) -> tuple[dict[str, int], list[str]]:
    """Per status and `all`, the units under `units`' filters, each counted as a list's total
    is (zulin.core.pagination: to COUNT_BOUND rows, so a tab costs what its first page does,
    not what the whole table does): the counts, and the names whose count stopped at the
    bound (shown "10000+", as the pager shows the list's total). One statement: a bounded
    count per status, each on the status index; `all` is their sum, bounded alike (a sum
    past the bound has a part past it or parts that add up past it: either way more)."""
    bound = COUNT_BOUND
    statuses = [status.value for status in UnitStatus]
    # The ORM's SQL of the filters, compiled once (not once per status: compiling was most of
    # a call's time); PostgreSQL pulls the plain subquery up, so each status's bounded count
    # still reads the status index. Values stay parameters.
    base, base_params = units.order_by().values("pk", "status").query.sql_with_params()
    parts: list[str] = []
    params: list[Any] = []
    for number, name in enumerate(statuses):
        parts.append(
            f"SELECT %s::text, count(*) FROM (SELECT 1 FROM ({base}) AS units_{number}"  # noqa: S608
            f" WHERE units_{number}.status = %s LIMIT %s) AS rows_{number}"
        )
        params += [name, *base_params, name, bound + 1]
    with tenant_connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(parts), params)
        found = dict(cursor.fetchall())
    found["all"] = sum(found.values())
    names = [*statuses, "all"]
    counts = {name: min(found.get(name, 0), bound) for name in names}
    capped = [name for name in names if found.get(name, 0) > bound]
    return counts, capped


def unit_page(
    *, session: SubShopScope | None, status: str | None, page: int, page_size: int, **filters: Any
) -> dict[str, Any]:
    units = units_filtered(session=session, **filters)
    counts, capped = unit_status_counts(units)
    if status:
        units = units.filter(status=status)
    ordered = row_values(units).order_by("-id")
    start = (page - 1) * page_size
    tab = status or "all"
    if start + page_size <= COUNT_BOUND:
        # The tab's count is the list's total (counted to the same bound): not counted twice.
        answer: dict[str, Any] = {
            "list": page_rows(ordered, start=start, size=page_size, ids_from=units),
            "total": counts[tab],
            "total_capped": tab in capped,
            "page": page,
            "page_size": page_size,
        }
    else:
        answer = page_of(ordered, page=page, page_size=page_size, counted=units)
    answer["list"] = unit_rows(answer["list"])
    answer["status_counts"] = counts
    answer["status_counts_capped"] = capped
    return answer


def unit_export_count(*, session: SubShopScope | None, status: str | None, **filters: Any) -> int:
    units = units_filtered(session=session, **filters)
    return (units.filter(status=status) if status else units).count()


def unit_export_chunks(
    *, session: SubShopScope | None, status: str | None, chunk: int = 1000, **filters: Any
) -> Iterator[list[dict[str, Any]]]:
    """The list's rows in its order (newest first), a chunk at a time (keyset on the id)."""
    units = units_filtered(session=session, **filters)
    if status:
        units = units.filter(status=status)
    rows = row_values(units).order_by("-id")
    last: int | None = None
    while True:
        batch = list((rows.filter(pk__lt=last) if last else rows)[:chunk])
        if not batch:
            return
        yield unit_rows(batch)
        last = batch[-1]["id"]


def unit_in_scope(session: SubShopScope | None, unit_id: int) -> Unit:
    unit = _with_row_joins(visible_units(session)).filter(pk=unit_id).first()
    if unit is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return unit


# The actions a unit's detail offers, the right each needs, and the reason it is shown off.
UNIT_ACTIONS = (
    ("serial_record", "asset.adjust"),
    ("transfer_send", "asset.transfer"),
    ("restock", "asset.adjust"),
    ("lose", "asset.adjust"),
    ("find", "asset.adjust"),
    ("inspect", "asset.adjust"),
    ("release", "asset.adjust"),
    ("repair_start", "asset.adjust"),
    ("scrap", "asset.adjust"),
)


def unit_actions(unit: Unit, session: Session | None) -> list[dict[str, Any]]:
    answers = []
    for action, right in UNIT_ACTIONS:
        if UNIT_MACHINE.find(str(unit.status), action) is None:
            reason = Text(
                f"「{UnitStatus(unit.status).label}」的设备不能执行此操作",
                f"not allowed for a unit {STATUS_EN[unit.status]}",
            )
        elif session is not None and not session.can(right):
            reason = Text("没有权限", "you are not allowed to")
        else:
            reason = None
        answers.append(
            {"action": action, "allowed": reason is None, "reason_disabled": pick(reason or "")}
        )
    return answers


def unit_detail(*, session: Session | None, unit_id: int) -> dict[str, Any]:
    """A unit's page in a fixed number of statements whatever its history: its moves, work
    orders, orders' facts, places and SKU category are read once and shared by the row,
    the history, the second life and the earnings
    (apps/assets/tests/test_unit_page_reads.py)."""
    unit = unit_in_scope(session, unit_id)
    moves = list(UnitMovement.objects.filter(unit_id=unit.pk).order_by("id"))
    order_ids = [m.order_id for m in moves if m.order_id] + (
        [unit.order_id] if unit.order_id else []
    )
    facts = order_facts(order_ids)
    places = sub_shop_names(
        {p for m in moves for p in (m.from_sub_shop_id, m.to_sub_shop_id) if p}
        | ({unit.sub_shop_id} if unit.sub_shop_id else set())
    )
    category = sku_category(unit.sku_id)
    work_orders = unit_work_orders(unit)
    history = [
        {
            "at": _local(m.at),
            "action": m.action,
            "action_label": pick(ACTION_LABELS.get(m.action, m.action)),
            "from_status": m.from_status,
            "to_status": m.to_status,
            "from_place": place_name(m.from_sub_shop_id, places) if m.from_status else "",
            "to_place": place_name(m.to_sub_shop_id, places),
            "reason": m.reason,
            "order_id": m.order_id,
            "order_no": facts[m.order_id].order_no if m.order_id in facts else None,
            "receipt_id": m.receipt_id,
            "transfer_id": m.transfer_id,
            "actor_name": m.actor_name,
        }
        for m in moves
    ]
    seen: list[int] = []
    for order_id in order_ids:
        if order_id not in seen:
            seen.append(order_id)
    orders = [_order_row(order_id, facts.get(order_id)) for order_id in seen]
    # Every work order (fewer than a page of them): the earnings sum them, not a read.
    earnings = unit_earnings(
        unit,
        read=Read(moves, work_orders) if len(work_orders) < PAGE_ROWS else None,
        categories={unit.sku_id: category},
    )
    return {
        **unit_rows([row_of_unit(unit)], places=places, orders=facts)[0],
        "history": history,
        "orders": orders,
        "actions": unit_actions(unit, session),
        **unit_second_life(unit, work_orders=work_orders, category=category),
        "earnings": earnings,
    }


def _order_row(order_id: int, fact: OrderFact | None) -> dict[str, Any]:
    return {
        "order_id": order_id,
        "order_no": fact.order_no if fact else None,
        "status": fact.status if fact else None,
        "shipped_at": _local(fact.shipped_at) if fact else None,
        "returned_at": _local(fact.returned_at) if fact else None,
        "paid": money_text(fact.paid) if fact else None,
    }


def ship_check(
    unit: Unit | None, *, code: str, session: SubShopScope | None, order_id: int
) -> dict[str, Any]:
    """Whether a scanned unit may ship for an order: in stock, of the ordered SKU, where the
    order's sub-shop may take it (the warehouse, or that sub-shop). An order not in the
    session's scope (or unknown) answers NOT_FOUND."""
    fact = order_facts([order_id]).get(order_id)
    scope = session.sub_shop_id if session is not None else None
    if fact is None or (scope is not None and fact.sub_shop_id != scope):
        raise ApplicationError(
            ErrorCode.NOT_FOUND,
            data={"fields": {"order_id": [pick(Text("订单不存在", "no such order"))]}},
        )
    # The shipping's own rule (`unit_ship_refusal`), so a scan checked here and the shipment
    # that follows answer the same.
    reason: str | None = None
    if not fact.awaiting_shipment:
        reason = pick(Text("订单当前不能发货", "the order is not awaiting shipment"))
    else:
        refusal = unit_ship_refusal(
            unit,
            code=code,
            sku_id=fact.sku_id,
            sub_shop_id=fact.sub_shop_id,
            grade=fact.fineness or None,
        )
        reason = refusal.message(current_language()) if refusal is not None else None
    return {"ok": reason is None, "reason": reason or ""}


def unit_scan(*, session: Session | None, code: str, order_id: int | None) -> dict[str, Any]:
    """findUnit: the live unit a code names in the session's scope, and with an order,
    whether it may ship for it."""
    unit = unit_find(code, session=session, for_row=True)
    return {
        "unit": unit_row(unit) if unit is not None else None,
        "ship_check": ship_check(unit, code=code, session=session, order_id=order_id)
        if order_id
        else None,
    }
