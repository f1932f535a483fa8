"""Reads of the public catalogue: the category tree and the platform goods listing."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import connection
from django.db.models import Count, Q, QuerySet

from tenants.merchants.models import Merchant
from zulin.core.numbers import id_from_text
from zulin.core.pagination import page_of

from .models import AddonType, Category, CategoryStatus, PlatformAddon, PlatformGoods


def money(value: Decimal | None) -> str | None:
    """Money leaves the API as a string with two decimals, never a float."""
    return None if value is None else f"{value:.2f}"


def category_row(category: Category) -> dict[str, Any]:
    return {
        "id": category.pk,
        "name": category.name,
        "icon": category.icon,
        "parent_id": category.parent_id or 0,
        "level": category.level,
        "status": category.status,
        "sort": category.sort,
        "children": [],
    }


def category_tree(*, enabled_only: bool = False) -> list[dict[str, Any]]:
    """The whole tree, each level ordered by sort then id. With `enabled_only`, a disabled
    category hides its whole branch."""
    categories = Category.objects.order_by("sort", "id")
    if enabled_only:
        categories = categories.filter(status=CategoryStatus.ENABLED)
    nodes = {category.pk: category_row(category) for category in categories}
    roots: list[dict[str, Any]] = []
    for node in nodes.values():
        if not node["parent_id"]:
            roots.append(node)
        elif node["parent_id"] in nodes:
            nodes[node["parent_id"]]["children"].append(node)
    return roots


def category_selections() -> list[dict[str, Any]]:
    def option(node: dict[str, Any]) -> dict[str, Any]:
        return {
            "value": node["id"],
            "label": node["name"],
            "children": [option(child) for child in node["children"]],
        }

    return [option(node) for node in category_tree(enabled_only=True)]


def goods_classes() -> list[dict[str, Any]]:
    """Enabled categories goods can be filed under (leaves of the enabled tree), flat, with
    their full path for display: `数码 / 手机`."""
    classes: list[dict[str, Any]] = []

    def walk(nodes: list[dict[str, Any]], path: list[str]) -> None:
        for node in nodes:
            names = [*path, node["name"]]
            if node["children"]:
                walk(node["children"], names)
            else:
                classes.append({"id": node["id"], "name": node["name"], "path": " / ".join(names)})

    walk(category_tree(enabled_only=True), [])
    return classes


def category_usable(category_id: int) -> bool:
    """Goods may be filed under an enabled category with no children whose ancestors are
    enabled too."""
    return any(entry["id"] == category_id for entry in goods_classes())


def category_names(ids: set[int]) -> dict[int, str]:
    return dict(Category.objects.filter(pk__in=ids).values_list("id", "name"))


def category_with_descendants(category_id: int) -> set[int]:
    parents = dict(Category.objects.values_list("id", "parent_id"))
    found = {category_id}
    changed = True
    while changed:
        before = len(found)
        found |= {cid for cid, parent in parents.items() if parent in found}
        changed = len(found) != before
    return found


def category_in_use(category_id: int) -> int:
    return PlatformGoods.objects.filter(category_id=category_id).count()


def category_goods_counts() -> list[dict[str, Any]]:
    """Goods per category across every merchant: `goods_count` filed directly under it,
    `total_count` under it or any category below it."""
    direct = dict(
        PlatformGoods.objects.values("category_id")
        .annotate(n=Count("id"))
        .values_list("category_id", "n")
    )
    categories = list(Category.objects.order_by("level", "sort", "id"))
    totals = {category.pk: direct.get(category.pk, 0) for category in categories}
    for category in sorted(categories, key=lambda c: -c.level):
        if category.parent_id in totals:
            totals[category.parent_id] += totals[category.pk]
    return [
        {
            "category_id": category.pk,
            "name": category.name,
            "parent_id": category.parent_id or 0,
            "level": category.level,
            "goods_count": direct.get(category.pk, 0),
            "total_count": totals[category.pk],
        }
        for category in categories
    ]


def platform_goods_filter(
    *,
    merchant_id: int | None = None,
    category_id: int | None = None,
    status: str | None = None,
    keyword: str = "",
    display_status: bool | None = None,
) -> QuerySet[PlatformGoods]:
    queryset = PlatformGoods.objects.select_related("merchant", "category")
    if merchant_id:
        queryset = queryset.filter(merchant_id=merchant_id)
    if category_id:
        queryset = queryset.filter(category_id__in=category_with_descendants(category_id))
    if status == "force_down":
        queryset = queryset.filter(force_down=True)
    elif status:
        queryset = queryset.filter(status=status)
    if display_status is not None:
        queryset = queryset.filter(display_status=display_status)
    keyword = keyword.strip()
    if keyword:
        match = Q(title__icontains=keyword) | Q(merchant__name__icontains=keyword)
        keyword_id = id_from_text(keyword)
        if keyword_id is not None:
            match |= Q(goods_id=keyword_id)
        queryset = queryset.filter(match)
    return queryset.order_by("-updated_at", "-id")


def platform_goods_row(row: PlatformGoods) -> dict[str, Any]:
    return {
        "id": row.pk,
        "merchant_id": row.merchant_id,
        "merchant_name": row.merchant.name,
        "goods_id": row.goods_id,
        "title": row.title,
        "category_id": row.category_id,
        "category_name": row.category.name if row.category else "",
        "status": row.status,
        "force_down": row.force_down,
        "force_down_reason": row.force_down_reason,
        "display_status": row.display_status,
        "min_rent": money(row.min_rent),
        "picture": row.picture,
        "updated_at": row.updated_at,
    }


def platform_goods_counts(*, statuses: list[str]) -> dict[str, int]:
    counts = dict(
        PlatformGoods.objects.values("status").annotate(n=Count("id")).values_list("status", "n")
    )
    answer = {status: counts.get(status, 0) for status in statuses}
    answer["force_down"] = PlatformGoods.objects.filter(force_down=True).count()
    answer["all"] = sum(counts.values())
    return answer


def shop_selections() -> list[dict[str, Any]]:
    return [
        {"id": merchant_id, "name": name}
        for merchant_id, name in Merchant.objects.order_by("id").values_list("id", "name")
    ]


# --- add-on services ------------------------------------------------------------------------


def addon_type_names(*, active_only: bool = False) -> dict[str, tuple[str, str]]:
    """code → (zh name, en name) of the platform's add-on types, in their order."""
    types = AddonType.objects.all()
    if active_only:
        types = types.filter(is_active=True)
    return {t.code: (t.name, t.name_en) for t in types}


def addon_type_row(addon_type: AddonType) -> dict[str, Any]:
    return {
        "id": addon_type.pk,
        "code": addon_type.code,
        "name": addon_type.name,
        "name_en": addon_type.name_en,
        "is_active": addon_type.is_active,
        "sort": addon_type.sort,
    }


def addon_type_rows() -> list[dict[str, Any]]:
    return [addon_type_row(t) for t in AddonType.objects.all()]


def platform_addon_row(
    row: PlatformAddon, type_names: dict[str, tuple[str, str]] | None = None
) -> dict[str, Any]:
    """One row of the platform's add-on list; a page passes the type names it read once."""
    names = addon_type_names() if type_names is None else type_names
    return {
        "id": row.pk,
        "merchant_id": row.merchant_id,
        "merchant_name": row.merchant.name,
        "name": row.name,
        "gain_type": row.addon_type,
        "gain_type_name": names.get(row.addon_type, ("", ""))[0],
        "price": money(row.price),
        "description": "",
        "is_required": False,
        "status": row.status,
        "sort": 0,
        "platform_disabled": row.platform_disabled,
        "platform_reason": row.platform_reason,
        "updated_at": row.updated_at,
    }


def platform_addon_page(
    *,
    merchant_id: int | None,
    addon_type: str | None,
    status: int | None,
    keyword: str,
    page: int,
    page_size: int,
) -> dict[str, Any]:
    """Every merchant's add-on services (the platform side of getGoodsGainList)."""
    queryset = PlatformAddon.objects.select_related("merchant").order_by("-updated_at", "-id")
    if merchant_id:
        queryset = queryset.filter(merchant_id=merchant_id)
    if addon_type:
        queryset = queryset.filter(addon_type=addon_type)
    if status is not None:
        queryset = queryset.filter(status=status)
    if keyword.strip():
        queryset = queryset.filter(name__icontains=keyword.strip())
    names = addon_type_names()
    return page_of(
        queryset, page=page, page_size=page_size, row=lambda row: platform_addon_row(row, names)
    )


def platform_addon_get(platform_addon_id: int) -> PlatformAddon | None:
    return PlatformAddon.objects.select_related("merchant").filter(pk=platform_addon_id).first()


def goods_catalog_facts(
    merchant_id: int, goods_ids: list[int], category_ids: set[int]
) -> tuple[dict[int, str], set[int]]:
    """What a page of a merchant's goods shows from the catalogue, in one statement: the
    names of these categories, and which of these goods the platform displays on its
    storefront. (As two ORM queries they cost a goods page more than its own rows.)"""
    if not goods_ids and not category_ids:
        return {}, set()
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            SELECT true, id, name FROM {Category._meta.db_table} WHERE id = ANY(%s)
            UNION ALL
            SELECT false, goods_id, '' FROM {PlatformGoods._meta.db_table}
            WHERE merchant_id = %s AND goods_id = ANY(%s) AND display_status
            """,  # noqa: S608 (table names from the models; values are parameters)
            [list(category_ids), merchant_id, list(goods_ids)],
        )
        rows = cursor.fetchall()
    names = {pk: name for is_category, pk, name in rows if is_category}
    return names, {pk for is_category, pk, _ in rows if not is_category}
