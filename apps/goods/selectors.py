"""Reads of a merchant's goods (the active schema's)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Sum

from tenants.catalog.selectors import (
    addon_type_names,
    category_names,
    category_with_descendants,
    goods_catalog_facts,
    money,
)
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text, choice_name
from zulin.core.numbers import id_from_text
from zulin.core.pagination import page_of
from zulin.core.scoping import SubShopScope, scope_to_sub_shop, scoped_get

from . import rules
from .models import Addon, Fineness, Goods, GoodsPackage, RentPlan, SellPrice, Sku, StockMovement
from .schemas import RentIn
from .units import units_in_stock

# Goods belong to the sub-shops of their sales scope (`sub_shop_ids`, empty: every one).
SALES_SCOPE = "sub_shop_ids"


def _merchant_id() -> int:
    return int(tenant_connection.tenant.pk)


def visible_goods(session: SubShopScope | None) -> QuerySet[Goods]:
    """Goods not deleted; a sub-shop account sees only goods offered in its sub-shop."""
    return scope_to_sub_shop(
        Goods.objects.filter(is_deleted=False), session, list_field=SALES_SCOPE
    )


def goods_find(goods_id: int, *, session: Session | None) -> Goods:
    """One goods item the session may see; NOT_FOUND for another sub-shop's as for none."""
    return scoped_get(
        Goods.objects.filter(is_deleted=False), session, pk=goods_id, list_field=SALES_SCOPE
    )


def _active_parts(
    goods: Goods,
) -> tuple[list[Sku], list[RentPlan], list[SellPrice], list[GoodsPackage]]:
    skus = list(goods.skus.filter(is_active=True).order_by("position", "id"))
    plans = list(
        RentPlan.objects.filter(sku__goods=goods, sku__is_active=True, is_active=True).order_by(
            "position", "id"
        )
    )
    sells = list(
        SellPrice.objects.filter(sku__goods=goods, sku__is_active=True, is_active=True).order_by(
            "id"
        )
    )
    packages = list(
        GoodsPackage.objects.filter(goods=goods, is_active=True)
        .prefetch_related("addons")
        .order_by("position", "id")
    )
    return skus, plans, sells, packages


def rent_plan_terms(
    plan: RentPlan | RentIn, sku_index: int, early_fee_value: Decimal | None
) -> tuple[Any, ...]:
    """A rent plan's row in the editing state: the stored plan's and the payload's alike, so
    that the lock compares the same terms on both sides."""
    return (
        sku_index,
        plan.term,
        plan.term_unit,
        plan.rent,
        plan.deposit,
        plan.buyout_price,
        plan.ownership_transfer,
        plan.min_term,
        plan.early_fee_mode,
        early_fee_value,
        plan.credit_deposit_max,
        plan.fineness,
    )


def goods_editing_state(goods: Goods) -> dict[str, list[Any]]:
    """The stored SKUs, rent plans, sale prices and packages in a comparable form (what the
    lock on goods on shelf or under review protects)."""
    skus, plans, sells, packages = _active_parts(goods)
    sku_index = {sku.pk: index for index, sku in enumerate(skus)}
    plan_index = {plan.pk: index for index, plan in enumerate(plans)}
    return {
        "spu_list": [(sorted(sku.specs.items()), sku.code) for sku in skus],
        "rent_list": [rent_plan_terms(p, sku_index[p.sku_id], p.early_fee_value) for p in plans],
        "sell_list": [(sku_index[s.sku_id], s.price, s.original_price) for s in sells],
        "package_list": [
            (p.name, plan_index.get(p.rent_plan_id, -1), sorted(g.pk for g in p.addons.all()))
            for p in packages
        ],
    }


def _disabled(goods: Goods) -> dict[str, Any]:
    locked = goods.status in rules.LOCKING_STATUSES
    return {
        "locked": locked,
        "fields": list(rules.LOCKED_FIELDS) if locked else [],
        "reason": goods.status if locked else "",
    }


def _plan_condition(
    plan: RentPlan,
    goods: Goods,
    sku: Sku,
    by_fineness: Mapping[int, Mapping[str, TrackedStock]],
) -> dict[str, Any]:
    """What condition a plan leases (its own fineness, else the goods') and how many a
    customer can order on it: of a tracked SKU, its units of that grade less the open
    reservations at it; of a counted SKU, the kept count."""
    fineness = plan.lease_fineness(goods)
    if sku.tracked:
        stock = by_fineness.get(sku.pk, {}).get(fineness, TrackedStock(0, 0)).available
    else:
        stock = counted_stock(sku)
    return {
        "fineness": plan.fineness,
        "lease_fineness": fineness,
        "lease_fineness_name": fineness_name(fineness),
        "used": fineness != Fineness.NEW,
        "stock": stock,
    }


def goods_detail(goods_id: int, *, session: Session | None) -> dict[str, Any]:
    goods = goods_find(goods_id, session=session)
    skus, plans, sells, packages = _active_parts(goods)
    sku_index = {sku.pk: index for index, sku in enumerate(skus)}
    plan_index = {plan.pk: index for index, plan in enumerate(plans)}
    tracked, by_fineness = tracked_parts_of_goods(goods, skus)
    skus_by_id = {sku.pk: sku for sku in skus}
    names, displayed = goods_catalog_facts(
        _merchant_id(), [goods.pk], {goods.category_id} if goods.category_id else set()
    )
    return {
        "id": goods.pk,
        "title": goods.title,
        "category_id": goods.category_id,
        "category_name": names.get(goods.category_id or 0, ""),
        "brand": goods.brand,
        "fineness": goods.fineness,
        "pictures": goods.pictures,
        "description": goods.description,
        "channels": goods.channels,
        "sub_shop_ids": goods.sub_shop_ids,
        "status": goods.status,
        "status_name": rules.STATUS_LABELS[goods.status],
        "sort": goods.sort,
        "force_down": goods.force_down,
        "force_down_reason": goods.force_down_reason,
        "force_down_at": goods.force_down_at,
        "review_note": goods.review_note,
        "display_status": goods.pk in displayed,
        "spu_list": [
            {
                "id": sku.pk,
                "specs": sku.specs,
                "code": sku.code,
                **sku_stock_fields(sku, tracked, by_fineness),
            }
            for sku in skus
        ],
        "rent_list": [
            {
                "id": p.pk,
                "sku_index": sku_index[p.sku_id],
                "sku_id": p.sku_id,
                "term": p.term,
                "term_unit": p.term_unit,
                "rent": money(p.rent),
                "deposit": money(p.deposit),
                "buyout_price": money(p.buyout_price),
                "ownership_transfer": p.ownership_transfer,
                "min_term": p.min_term,
                "early_fee_mode": p.early_fee_mode,
                "early_fee_value": None
                if p.early_fee_value is None
                else rules.early_fee_text(p.early_fee_mode, p.early_fee_value),
                "credit_deposit_max": money(p.credit_deposit_max),
                "total_rent": money(p.rent * p.term),
                **_plan_condition(p, goods, skus_by_id[p.sku_id], by_fineness),
            }
            for p in plans
        ],
        "sell_list": [
            {
                "id": s.pk,
                "sku_index": sku_index[s.sku_id],
                "sku_id": s.sku_id,
                "price": money(s.price),
                "original_price": money(s.original_price),
            }
            for s in sells
        ],
        "package_list": [
            {
                "id": p.pk,
                "name": p.name,
                "rent_index": plan_index.get(p.rent_plan_id, -1),
                "rent_plan_id": p.rent_plan_id,
                "gain_ids": [g.pk for g in p.addons.all()],
                "gains_price": money(sum((g.price for g in p.addons.all()), start=0)),  # type: ignore[arg-type]
            }
            for p in packages
        ],
        "disabled": _disabled(goods),
        "created_at": goods.created_at,
        "updated_at": goods.updated_at,
    }


LIST_COLUMNS = (
    "id",
    "title",
    "category_id",
    "brand",
    "fineness",
    "pictures",
    "status",
    "sort",
    "force_down",
    "force_down_reason",
    "review_note",
    "updated_at",
)


def _page_totals(goods_ids: list[int]) -> dict[int, dict[str, Any]]:
    """Stock, SKU count and lowest rent of the page's goods, in one statement over the page's
    ids (the lowest rent per SKU first, so stock is never multiplied by a SKU's plans); a
    goods item with no active SKU has 0, 0 and none. A SKU tracked by unit counts its derived
    stock (`tracked_stock_parts`), never the `stock` column no longer kept for it; its goods'
    `tracked_stock` says that part in all, with the units in stock and reservations behind it."""
    if not goods_ids:
        return {}
    with tenant_connection.cursor() as cursor:
        cursor.execute(
            f"""
            SELECT s.goods_id, coalesce(sum(s.stock) FILTER (WHERE NOT s.tracked), 0),
                   count(*), min(plan.low), array_agg(s.id) FILTER (WHERE s.tracked)
            FROM {Sku._meta.db_table} s
            LEFT JOIN LATERAL (
              SELECT min(r.rent) AS low FROM {RentPlan._meta.db_table} r
              WHERE r.sku_id = s.id AND r.is_active
            ) plan ON true
            WHERE s.goods_id = ANY(%s) AND s.is_active
            GROUP BY s.goods_id
            """,  # noqa: S608 (table names from the models; values are parameters)
            [list(goods_ids)],
        )
        rows = cursor.fetchall()
    tracked = {goods_id: sku_ids for goods_id, _, _, _, sku_ids in rows if sku_ids}
    parts = _tracked_stock_parts_of_goods(tracked)
    found: dict[int, dict[str, Any]] = {}
    for goods_id, stock, skus, low, sku_ids in rows:
        tracked_totals = _tracked_totals([parts[sku_id] for sku_id in sku_ids or ()])
        found[goods_id] = {
            "total_stock": stock + (tracked_totals["available"] if tracked_totals else 0),
            "sku_count": skus,
            "min_rent": low,
            "tracked_stock": tracked_totals,
        }
    # no active SKU
    none = {"total_stock": 0, "sku_count": 0, "min_rent": None, "tracked_stock": None}
    return {goods_id: found.get(goods_id, none) for goods_id in goods_ids}


def _tracked_totals(parts: list[TrackedStock]) -> dict[str, int] | None:
    """A goods item's SKUs tracked by unit in all (none: it has none): how many, what a
    customer can order of them, their units in stock and their open reservations."""
    if not parts:
        return None
    return {
        "sku_count": len(parts),
        "available": sum(p.available for p in parts),
        "in_stock": sum(p.in_stock for p in parts),
        "reserved": sum(p.reserved for p in parts),
    }


def _tracked_stock_parts_of_goods(tracked: dict[int, list[int]]) -> dict[int, TrackedStock]:
    """The stock parts of tracked SKUs, given by goods id → its tracked SKUs' ids."""
    if not tracked:
        return {}
    scopes = dict(Goods.objects.filter(pk__in=list(tracked)).values_list("pk", "sub_shop_ids"))
    return tracked_stock_parts(
        {sku_id: scopes[goods_id] for goods_id, sku_ids in tracked.items() for sku_id in sku_ids}
    )


def _goods_filtered(
    *,
    session: SubShopScope | None,
    status: str | None,
    category_id: int | None,
    keyword: str,
) -> QuerySet[Goods]:
    """The list's filters (goodsList, and the goods export through the same code)."""
    queryset = visible_goods(session)
    if status == "force_down":
        queryset = queryset.filter(force_down=True)
    elif status:
        queryset = queryset.filter(status=status)
    if category_id:
        queryset = queryset.filter(category_id__in=category_with_descendants(category_id))
    keyword = keyword.strip()
    if keyword:
        match = Q(title__icontains=keyword) | Q(brand__icontains=keyword)
        keyword_id = id_from_text(keyword)
        if keyword_id is not None:
            match |= Q(pk=keyword_id)
        queryset = queryset.filter(match)
    return queryset


def _list_rows(goods: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of the list for one page (or one export chunk) of goods (their `LIST_COLUMNS`
    values): stock, rent, category names and display state read for these ids only."""
    totals = _page_totals([g["id"] for g in goods])
    names, displayed = goods_catalog_facts(
        _merchant_id(),
        [g["id"] for g in goods],
        {g["category_id"] for g in goods if g["category_id"]},
    )
    return [
        {
            "id": g["id"],
            "title": g["title"],
            "category_id": g["category_id"],
            "category_name": names.get(g["category_id"] or 0, ""),
            "brand": g["brand"],
            "fineness": g["fineness"],
            "picture": g["pictures"][0] if g["pictures"] else "",
            "status": g["status"],
            "status_name": rules.STATUS_LABELS[g["status"]],
            "sort": g["sort"],
            "min_rent": money(totals[g["id"]]["min_rent"]),
            "total_stock": totals[g["id"]]["total_stock"],
            "sku_count": totals[g["id"]]["sku_count"],
            "tracked_stock": totals[g["id"]]["tracked_stock"],
            "force_down": g["force_down"],
            "force_down_reason": g["force_down_reason"],
            "review_note": g["review_note"],
            "display_status": g["id"] in displayed,
            "updated_at": g["updated_at"],
        }
        for g in goods
    ]


def goods_page(
    *,
    session: Session | None,
    status: str | None,
    category_id: int | None,
    keyword: str,
    page: int,
    page_size: int,
    tracked_only: bool = False,
) -> dict[str, Any]:
    queryset = _goods_filtered(
        session=session, status=status, category_id=category_id, keyword=keyword
    ).order_by("sort", "-id")  # the order of the list's index
    if tracked_only:  # a stock receipt's goods: those with a SKU tracked by unit
        queryset = queryset.filter(
            Exists(Sku.objects.filter(goods=OuterRef("pk"), is_active=True, tracked=True))
        )
    answer = page_of(
        queryset.values(*LIST_COLUMNS), page=page, page_size=page_size, counted=queryset
    )
    answer["list"] = _list_rows(answer["list"])
    return answer


def goods_export_count(
    *, scope: SubShopScope | None, status: str | None, category_id: int | None, keyword: str
) -> int:
    return _goods_filtered(
        session=scope, status=status, category_id=category_id, keyword=keyword
    ).count()


def goods_export_chunks(
    *,
    scope: SubShopScope | None,
    status: str | None,
    category_id: int | None,
    keyword: str,
    chunk_size: int = 1000,
) -> Iterator[list[dict[str, Any]]]:
    """Every goods row the list would show for these filters, in list order, one chunk at a
    time: each chunk is read after the last one's (sort, id) through the list's index, so
    memory stays flat however many goods there are and no OFFSET grows."""
    queryset = _goods_filtered(
        session=scope, status=status, category_id=category_id, keyword=keyword
    ).order_by("sort", "-id")
    columns = queryset.values(*LIST_COLUMNS)
    after: tuple[int, int] | None = None
    while True:
        chunk_query = columns
        if after is not None:
            sort, goods_id = after
            # `sort >= s` bounds the index scan; the OR drops the rows of s already written.
            chunk_query = columns.filter(sort__gte=sort).filter(
                Q(sort__gt=sort) | Q(id__lt=goods_id)
            )
        chunk = list(chunk_query[:chunk_size])
        if not chunk:
            return
        yield _list_rows(chunk)
        after = (chunk[-1]["sort"], chunk[-1]["id"])


def goods_status_counts(*, session: Session | None) -> dict[str, int]:
    queryset = visible_goods(session)
    counts = dict(queryset.values("status").annotate(n=Count("id")).values_list("status", "n"))
    answer = {status: counts.get(status, 0) for status in rules.STATUSES}
    answer["force_down"] = queryset.filter(force_down=True).count()
    answer["all"] = sum(counts.values())
    return answer


def sku_stocks(goods_id: int, *, session: Session | None) -> list[dict[str, Any]]:
    """Each active SKU's stock: the kept count, or for a SKU tracked by unit the derived one
    with its units in stock and open reservations (`sku_stock_fields`)."""
    goods = goods_find(goods_id, session=session)
    skus = list(goods.skus.filter(is_active=True).order_by("position", "id"))
    tracked, by_fineness = tracked_parts_of_goods(goods, skus)
    return [
        {
            "sku_id": sku.pk,
            "specs": sku.specs,
            "code": sku.code,
            **sku_stock_fields(sku, tracked, by_fineness),
        }
        for sku in skus
    ]


def _open_reservations() -> QuerySet[StockMovement]:
    """Reservations neither released (the order ended before shipping) nor consumed (a unit
    answers them: the order shipped)."""
    settled = StockMovement.objects.filter(
        sku_id=OuterRef("sku_id"),
        reference=OuterRef("reference"),
        kind__in=[StockMovement.Kind.RELEASE, StockMovement.Kind.CONSUME],
    )
    return StockMovement.objects.filter(kind=StockMovement.Kind.RESERVE).exclude(Exists(settled))


def sku_open_reservations(sku_id: int) -> dict[str, int]:
    """The open reservations of one SKU: reference (the order number) → quantity."""
    rows = _open_reservations().filter(sku_id=sku_id).values_list("reference", "quantity")
    return {reference: -quantity for reference, quantity in rows}


def counted_stock(sku: Sku) -> int:
    """The kept stock of a SKU counted by number. A SKU tracked by unit has none (its column
    is NULL, the CHECK `sku_stock_counted_only`): asking is a programming error, refused."""
    if sku.tracked or sku.stock is None:
        raise ApplicationError(ErrorCode.SKU_TRACKED_BY_UNIT, data={"sku_id": sku.pk})
    return sku.stock


def orderable_stocks(skus: Iterable[Sku], sub_shop_ids: list[int]) -> dict[int, int]:
    """The stock a customer can order of each SKU of one goods item (sold in `sub_shop_ids`;
    empty: everywhere), by the one rule for both kinds: a counted SKU's kept count, a
    tracked SKU's units in stock where the goods are sold less the open reservations."""
    skus = list(skus)
    derived = tracked_stocks({sku.pk: sub_shop_ids for sku in skus if sku.tracked})
    return {sku.pk: derived[sku.pk] if sku.tracked else counted_stock(sku) for sku in skus}


def sku_orderable(sku_id: int, fineness: str | None = None) -> int:
    """The stock a customer can order of one SKU now (`orderable_stocks`), read afresh; of a
    SKU tracked by unit, at `fineness` (None: its goods' own)."""
    sku = Sku.objects.select_related("goods").get(pk=sku_id)
    if sku.tracked and fineness is not None:
        return tracked_stocks({sku.pk: sku.goods.sub_shop_ids}, fineness=fineness)[sku.pk]
    return orderable_stocks([sku], sku.goods.sub_shop_ids)[sku.pk]


@dataclass(frozen=True)
class TrackedStock:
    """The two figures behind a tracked SKU's stock, which a stock keeper compares with the
    units on the shelf: its units in stock where its goods are sold, and its open
    reservations (orders not shipped yet)."""

    in_stock: int
    reserved: int

    @property
    def available(self) -> int:
        """What a customer can order: in stock less reserved, never below zero."""
        return max(0, self.in_stock - self.reserved)


def tracked_stock_by_fineness(skus: dict[int, list[int]]) -> dict[int, dict[str, TrackedStock]]:
    """For SKUs tracked by unit (SKU id → its goods' sales scope), per fineness: its units of
    that grade in stock where the goods are sold and the open reservations at that fineness.
    Only the finenesses with a unit in stock or a reservation are answered."""
    if not skus:
        return {}
    in_stock = units_in_stock(skus)
    reserved: dict[int, dict[str, int]] = {sku_id: {} for sku_id in skus}
    rows = (
        _open_reservations()
        .filter(sku_id__in=list(skus))
        .values("sku_id", "fineness")
        .annotate(n=Sum("quantity"))
        .values_list("sku_id", "fineness", "n")
    )
    own = _goods_finenesses(skus)
    for sku_id, fineness, n in rows:
        # A reservation's movement takes stock away: its quantity is negative. One without a
        # fineness (made while the SKU was counted, before its units) holds the goods' own.
        grade = fineness or own[sku_id]
        reserved[sku_id][grade] = reserved[sku_id].get(grade, 0) - (n or 0)
    answer: dict[int, dict[str, TrackedStock]] = {}
    for sku_id in skus:
        grades = in_stock.get(sku_id, {})
        held = reserved[sku_id]
        answer[sku_id] = {
            fineness: TrackedStock(in_stock=grades.get(fineness, 0), reserved=held.get(fineness, 0))
            for fineness in [c.value for c in Fineness]
            if grades.get(fineness) or held.get(fineness)
        }
    return answer


def _goods_finenesses(sku_ids: Iterable[int]) -> dict[int, str]:
    return dict(Sku.objects.filter(pk__in=list(sku_ids)).values_list("pk", "goods__fineness"))


def tracked_stock_parts(
    skus: dict[int, list[int]], *, fineness: str | None = None
) -> dict[int, TrackedStock]:
    """For SKUs tracked by unit (SKU id → its goods' sales scope), their units in stock where
    the goods are sold and their open reservations, at one fineness: `fineness`, else each
    SKU's goods' own. A unit of another grade is never counted (an order at 95新 is never
    served from the new stock, nor the other way round)."""
    if not skus:
        return {}
    wanted = dict.fromkeys(skus, fineness) if fineness is not None else _goods_finenesses(skus)
    by_fineness = tracked_stock_by_fineness(skus)
    return {
        sku_id: by_fineness[sku_id].get(wanted.get(sku_id, ""), TrackedStock(0, 0))
        for sku_id in skus
    }


def tracked_stocks(skus: dict[int, list[int]], *, fineness: str | None = None) -> dict[int, int]:
    """The stock a customer can order of SKUs tracked by unit (SKU id → its goods' sales
    scope) at one fineness (None: each SKU's goods' own): units of that grade in stock where
    the goods are sold, less the open reservations at it; never below zero."""
    parts = tracked_stock_parts(skus, fineness=fineness)
    return {sku_id: part.available for sku_id, part in parts.items()}


def tracked_parts_of_goods(
    goods: Goods, skus: list[Sku]
) -> tuple[dict[int, TrackedStock], dict[int, dict[str, TrackedStock]]]:
    """A goods item's tracked SKUs' stock at the goods' own fineness, and by every fineness
    (what its used plans lease), from one read."""
    by_fineness = tracked_stock_by_fineness(
        {sku.pk: goods.sub_shop_ids for sku in skus if sku.tracked}
    )
    own = {
        sku_id: grades.get(goods.fineness, TrackedStock(0, 0))
        for sku_id, grades in by_fineness.items()
    }
    return own, by_fineness


def _by_fineness_rows(grades: Mapping[str, TrackedStock]) -> list[dict[str, Any]]:
    return [
        {
            "fineness": fineness,
            "fineness_name": fineness_name(fineness),
            "in_stock": part.in_stock,
            "reserved": part.reserved,
            "available": part.available,
        }
        for fineness, part in grades.items()
    ]


def sku_stock_fields(
    sku: Sku,
    tracked: Mapping[int, TrackedStock],
    by_fineness: Mapping[int, Mapping[str, TrackedStock]] | None = None,
) -> dict[str, Any]:
    """A SKU's stock as the goods calls answer it: `stock` is what a customer can order; a
    SKU tracked by unit adds the two figures it comes from (`tracked` its parts, read by
    `tracked_stock_parts`), a counted SKU its kept count and none. A tracked SKU's `stock`
    column is never read."""
    if sku.tracked:
        parts = tracked[sku.pk]
        return {
            "stock": parts.available,
            "tracked": True,
            "in_stock": parts.in_stock,
            "reserved": parts.reserved,
            "by_fineness": None
            if by_fineness is None
            else _by_fineness_rows(by_fineness.get(sku.pk, {})),
        }
    return {
        "stock": counted_stock(sku),
        "tracked": False,
        "in_stock": None,
        "reserved": None,
        "by_fineness": None,
    }


__all__ = ["Fineness"]  # the goods' condition vocabulary, which units' grades reuse


@dataclass(frozen=True)
class SkuForUnits:
    """What the units of a SKU need to know of it."""

    sku_id: int
    goods_id: int
    title: str
    specs: dict[str, Any]
    code: str
    tracked: bool
    sub_shop_ids: list[int]
    fineness: str


def skus_of_goods(titles: list[str]) -> list[int]:
    """The active SKUs of live goods with these titles (the demo's devices), by id."""
    return list(
        Sku.objects.filter(is_active=True, goods__is_deleted=False, goods__title__in=titles)
        .order_by("id")
        .values_list("pk", flat=True)
    )


def sku_tracked(sku_id: int) -> bool:
    """Whether a SKU (active or not: an order's SKU may be retired since) is tracked by unit."""
    return Sku.objects.filter(pk=sku_id, tracked=True).exists()


def sku_category(sku_id: int) -> tuple[int | None, str]:
    """The platform category a SKU's goods are filed under and its name (an inspection picks
    its checklist by it); (None, "") when none."""
    category_id = Sku.objects.filter(pk=sku_id).values_list("goods__category_id", flat=True).first()
    if category_id is None:
        return None, ""
    return category_id, category_names({category_id}).get(category_id, "")


def sku_categories(sku_ids: Iterable[int]) -> dict[int, tuple[int | None, str]]:
    """`{sku_id: (category_id, its name)}` of these SKUs' goods ((None, "") when none): the
    asset report groups units by it."""
    rows = dict(Sku.objects.filter(pk__in=list(sku_ids)).values_list("pk", "goods__category_id"))
    names = category_names({c for c in rows.values() if c is not None})
    return {
        pk: (category_id, names.get(category_id, "") if category_id is not None else "")
        for pk, category_id in rows.items()
    }


def sku_for_units(sku_id: int) -> SkuForUnits:
    """An active SKU of live goods, or NOT_FOUND (a field error on `sku_id`)."""
    sku = (
        Sku.objects.select_related("goods")
        .filter(pk=sku_id, is_active=True, goods__is_deleted=False)
        .first()
    )
    if sku is None:
        raise ApplicationError(
            ErrorCode.NOT_FOUND, data={"fields": {"sku_id": [Text("规格不存在", "no such SKU")]}}
        )
    return SkuForUnits(
        sku_id=sku.pk,
        goods_id=sku.goods_id,
        title=sku.goods.title,
        specs=sku.specs,
        code=sku.code,
        tracked=sku.tracked,
        sub_shop_ids=list(sku.goods.sub_shop_ids),
        fineness=sku.goods.fineness,
    )


def addon_row(addon: Addon, type_names: dict[str, tuple[str, str]] | None = None) -> dict[str, Any]:
    """One add-on as answered; a list passes the type names it read once."""
    names = addon_type_names() if type_names is None else type_names
    return {
        "id": addon.pk,
        "name": addon.name,
        "gain_type": addon.addon_type,
        "gain_type_name": names.get(addon.addon_type, ("", ""))[0],
        "price": money(addon.price),
        "description": addon.description,
        "is_required": addon.is_required,
        "status": addon.status,
        "sort": addon.sort,
        "platform_disabled": addon.platform_disabled,
        "platform_reason": addon.platform_reason,
        "updated_at": addon.updated_at,
    }


def addon_page(
    *, addon_type: str | None, status: int | None, keyword: str, page: int, page_size: int
) -> dict[str, Any]:
    queryset = Addon.objects.order_by("sort", "id")
    if addon_type:
        queryset = queryset.filter(addon_type=addon_type)
    if status is not None:
        queryset = queryset.filter(status=status)
    if keyword.strip():
        queryset = queryset.filter(name__icontains=keyword.strip())
    names = addon_type_names()
    return page_of(queryset, page=page, page_size=page_size, row=lambda a: addon_row(a, names))


def addon_set() -> list[dict[str, Any]]:
    """Enabled add-on services grouped by type, to build packages from."""
    type_names = addon_type_names()
    groups: dict[str, list[dict[str, Any]]] = {}
    for addon in Addon.objects.filter(status=1).order_by("sort", "id"):
        groups.setdefault(addon.addon_type, []).append(addon_row(addon, type_names))
    return [
        {"gain_type": code, "gain_type_name": names[0], "gains": groups[code]}
        for code, names in type_names.items()
        if code in groups
    ]


def rent_plans(goods_id: int, *, session: Session | None) -> list[dict[str, Any]]:
    """The goods' rent plans per SKU with totals: what a customer would pay."""
    detail = goods_detail(goods_id, session=session)
    return [
        {
            **plan,
            "specs": detail["spu_list"][plan["sku_index"]]["specs"],
            "total_with_buyout": money(Decimal(plan["total_rent"]) + Decimal(plan["buyout_price"])),
        }
        for plan in detail["rent_list"]
    ]


# --- what an order may take (apps.orders intake) -------------------------------------------


@dataclass(frozen=True)
class Offer:
    """What one order takes from the catalogue, as the order keeps it (a snapshot)."""

    goods_id: int
    sku_id: int
    title: str
    picture: str
    specs: dict[str, str]
    rent_plan_id: int | None
    package_id: int | None
    term: int
    term_unit: str
    rent: Decimal
    deposit: Decimal
    buyout_price: Decimal
    ownership_transfer: bool
    sale_price: Decimal
    addons: list[dict[str, Any]]
    # The plan's early-return terms (None / "": the shop's defaults).
    min_term: int | None = None
    early_fee_mode: str = ""
    early_fee_value: Decimal | None = None
    # The condition leased or sold (the plan's fineness, else the goods'): the order keeps
    # it, reserves a unit of it and ships only a unit of that grade.
    fineness: str = Fineness.NEW


def _offer_error(code: ErrorCode, field: str, message: Text) -> ApplicationError:
    return ApplicationError(code, data={"fields": {field: [message]}})


def order_offer(
    *,
    sku_id: int,
    rent_plan_id: int | None,
    package_id: int | None,
    addon_ids: list[int],
    channel: str,
    sub_shop_id: int | None,
) -> Offer:
    """The SKU with its rent plan (a lease) or sell price (a purchase, no plan given), checked
    as orderable now: on shelf, not forced down, sold in the order's channel and sub-shop,
    the package's and the chosen add-ons enabled (required add-ons always added)."""
    sku = Sku.objects.select_related("goods").filter(pk=sku_id, is_active=True).first()
    goods = sku.goods if sku is not None else None
    if sku is None or goods is None or goods.is_deleted:
        raise _offer_error(ErrorCode.NOT_FOUND, "sku_id", Text("没有该 SKU", "no such SKU"))
    if goods.force_down or goods.status != rules.GoodsStatus.ON_SHELF:
        raise _offer_error(
            ErrorCode.GOODS_NOT_ORDERABLE, "sku_id", Text("商品未上架", "goods are not on shelf")
        )
    if goods.channels and channel not in goods.channels:
        raise _offer_error(
            ErrorCode.GOODS_NOT_ORDERABLE,
            "channel",
            Text("该渠道不销售此商品", "not sold in this channel"),
        )
    if goods.sub_shop_ids and sub_shop_id not in goods.sub_shop_ids:
        raise _offer_error(
            ErrorCode.GOODS_NOT_ORDERABLE,
            "sub_shop_id",
            Text("该子店不销售此商品", "not sold in this sub-shop"),
        )
    plan: RentPlan | None = None
    package: GoodsPackage | None = None
    if package_id is not None:
        package = GoodsPackage.objects.filter(pk=package_id, goods=goods, is_active=True).first()
        if package is None:
            raise _offer_error(
                ErrorCode.NOT_FOUND, "package_id", Text("没有该套餐", "no such package")
            )
        rent_plan_id = package.rent_plan_id
    if rent_plan_id is not None:
        plan = RentPlan.objects.filter(pk=rent_plan_id, sku=sku, is_active=True).first()
        if plan is None:
            raise _offer_error(
                ErrorCode.NOT_FOUND,
                "rent_plan_id",
                Text("该 SKU 没有此租赁方案", "no such plan for this SKU"),
            )
        chosen = set(addon_ids)
        if package is not None:
            chosen |= {addon.pk for addon in package.addons.all()}
        addons = Addon.objects.filter(
            Q(pk__in=chosen) | Q(is_required=True), status=1, platform_disabled=False
        ).order_by("sort", "id")
        found = {addon.pk for addon in addons}
        if chosen - found:
            raise _offer_error(
                ErrorCode.GOODS_NOT_ORDERABLE,
                "addon_ids",
                Text("未提供：{0}", "not offered: {0}").format(sorted(chosen - found)),
            )
        return Offer(
            goods_id=goods.pk,
            sku_id=sku.pk,
            title=goods.title,
            picture=goods.pictures[0] if goods.pictures else "",
            specs=dict(sku.specs),
            rent_plan_id=plan.pk,
            package_id=package.pk if package else None,
            term=plan.term,
            term_unit=plan.term_unit,
            rent=plan.rent,
            deposit=plan.deposit,
            buyout_price=plan.buyout_price,
            ownership_transfer=plan.ownership_transfer,
            sale_price=Decimal("0.00"),
            addons=[{"id": a.pk, "name": a.name, "price": str(a.price)} for a in addons],
            min_term=plan.min_term,
            early_fee_mode=plan.early_fee_mode,
            early_fee_value=plan.early_fee_value,
            fineness=plan.lease_fineness(goods),
        )
    sell = SellPrice.objects.filter(sku=sku, is_active=True).order_by("id").first()
    if sell is None:
        raise _offer_error(
            ErrorCode.GOODS_NOT_ORDERABLE, "sku_id", Text("该商品不可直接购买", "not sold outright")
        )
    return Offer(
        goods_id=goods.pk,
        sku_id=sku.pk,
        title=goods.title,
        picture=goods.pictures[0] if goods.pictures else "",
        specs=dict(sku.specs),
        rent_plan_id=None,
        package_id=None,
        term=0,
        term_unit="",
        rent=Decimal("0.00"),
        deposit=Decimal("0.00"),
        buyout_price=Decimal("0.00"),
        ownership_transfer=True,
        sale_price=sell.price,
        addons=[],
        fineness=goods.fineness,
    )


@dataclass(frozen=True)
class SkuLabel:
    """How a unit's SKU is named in lists: the SKU (its specs, else its code) and its goods."""

    sku_name: str
    goods_id: int
    goods_name: str


def sku_labels(sku_ids: set[int] | list[int]) -> dict[int, SkuLabel]:
    """`{sku_id: SkuLabel}` of these SKUs (dropped ones too: units keep their SKU)."""
    if not sku_ids:
        return {}
    rows = Sku.objects.filter(pk__in=list(sku_ids)).values_list(
        "pk", "specs", "code", "goods_id", "goods__title"
    )
    return {
        pk: SkuLabel(
            sku_name=" / ".join(str(v) for v in (specs or {}).values()) or code or f"#{pk}",
            goods_id=goods_id,
            goods_name=title,
        )
        for pk, specs, code, goods_id, title in rows
    }


def fineness_name(value: str) -> str:
    """A fineness (a unit's grade) named in the request's language."""
    for choice in Fineness:
        if choice.value == value:
            return choice_name(choice, rules.FINENESS_EN)
    return value


def fineness_texts(value: str) -> tuple[str, str]:
    """A fineness named in both languages (zh, en), for a message that carries both."""
    for choice in Fineness:
        if choice.value == value:
            return str(choice.label), rules.FINENESS_EN[choice.value]
    return value, value


def rent_plan_credit_deposit_max(plan_id: int) -> Decimal:
    """The largest part of the plan's deposit the customer's Zhima credit may cover
    (docs/zhima.md); 0 for a plan not found."""
    found = RentPlan.objects.filter(pk=plan_id).values_list("credit_deposit_max", flat=True)
    return next(iter(found), Decimal("0.00"))
