"""Platform calls of the goods catalogue: categories (admin; selections on both sides) and
the platform-wide goods listing and storefront display (admin)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from zulin.core.auth import admin_auth, any_side_auth, current_session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text, pick
from zulin.core.pagination import page_of
from zulin.core.params import read_params
from zulin.core.routes import call

from . import schemas, selectors, services
from .rules import FORCE_DOWN_REASONS, FORCE_DOWN_REASONS_EN, STATUSES, GoodsStatus

category_router = Router(tags=["platform: categories"])
platform_goods_router = Router(tags=["platform: goods governance"])
backend_router = Router(tags=["backend: categories"])

MANAGE = admin_auth("category.manage")
GOODS_VIEW = admin_auth("goods.view")
GOODS_GOVERN = admin_auth("goods.govern")


# --- categories ------------------------------------------------------------------------------


@call(category_router.get, "/getCategoryList", list[schemas.CategoryNodeOut], auth=MANAGE)
def get_category_list(request: HttpRequest) -> list[dict[str, Any]]:
    """Every category as a tree (children ordered by sort, then id)."""
    return selectors.category_tree()


@call(category_router.post, "/createCategory", schemas.CategoryOut, auth=MANAGE)
def create_category(request: HttpRequest, payload: schemas.CategoryIn) -> dict[str, Any]:
    category = services.category_create(
        actor=current_session(request),
        name=payload.name,
        icon=payload.icon,
        parent_id=payload.parent_id or None,
        sort=payload.sort,
        status=payload.status,
    )
    return selectors.category_row(category)


@call(category_router.post, "/updateCategory", schemas.CategoryOut, auth=MANAGE)
def update_category(request: HttpRequest, payload: schemas.CategoryEditIn) -> dict[str, Any]:
    """Renames a category, changes its icon or sort (its place in the tree stays)."""
    category = services.category_update(
        actor=current_session(request),
        category_id=payload.id,
        name=payload.name,
        icon=payload.icon,
        sort=payload.sort,
    )
    return selectors.category_row(category)


@call(
    category_router.api_operation,
    "/deleteCategory",
    auth=MANAGE,
    methods=["GET", "POST"],
    get_or_post=schemas.CategoryIdIn,
)
def delete_category(request: HttpRequest) -> None:
    """Deletes a category with no sub-categories and no goods (`id`)."""
    params = read_params(request, schemas.CategoryIdIn)
    services.category_delete(actor=current_session(request), category_id=params.id)


@call(
    category_router.api_operation,
    "/changeCategoryStatus",
    schemas.CategoryOut,
    auth=MANAGE,
    methods=["GET", "POST"],
    get_or_post=schemas.CategoryStatusIn,
)
def change_category_status(request: HttpRequest) -> dict[str, Any]:
    """Enables (1) or disables (0) a category (`id`, `status`)."""
    params = read_params(request, schemas.CategoryStatusIn)
    category = services.category_status_change(
        actor=current_session(request), category_id=params.id, status=params.status
    )
    return selectors.category_row(category)


@call(
    category_router.api_operation,
    "/setSort",
    schemas.CategoryOut,
    auth=MANAGE,
    methods=["GET", "POST"],
    get_or_post=schemas.CategorySortIn,
)
def set_sort(request: HttpRequest) -> dict[str, Any]:
    """Sets a category's sort (`id`, `sort`; smaller first)."""
    params = read_params(request, schemas.CategorySortIn)
    category = services.category_sort_set(
        actor=current_session(request), category_id=params.id, sort=params.sort
    )
    return selectors.category_row(category)


@call(
    category_router.get, "/getCategorySelections", list[schemas.SelectionOut], auth=any_side_auth()
)
def get_category_selections(request: HttpRequest) -> list[dict[str, Any]]:
    """Enabled categories as a tree of `{value, label, children}` for selects (both sides)."""
    return selectors.category_selections()


@call(category_router.get, "/getGoodsClass", list[schemas.GoodsClassOut], auth=any_side_auth())
def get_goods_class(request: HttpRequest) -> list[dict[str, Any]]:
    """The categories goods can be filed under (enabled leaves), flat, with their path."""
    return selectors.goods_classes()


@call(backend_router.get, "/getPltCateCount", list[schemas.CategoryCountOut], auth=GOODS_VIEW)
def get_plt_cate_count(request: HttpRequest) -> list[dict[str, Any]]:
    """Goods of every merchant per category: direct and including sub-categories."""
    return selectors.category_goods_counts()


# --- platform goods --------------------------------------------------------------------------


@call(
    platform_goods_router.get, "/platformGoodsList", schemas.PlatformGoodsPageOut, auth=GOODS_VIEW
)
def platform_goods_list(
    request: HttpRequest, filters: Query[schemas.PlatformGoodsListIn]
) -> dict[str, Any]:
    """Every merchant's goods (not deleted), most recently changed first."""
    queryset = selectors.platform_goods_filter(
        merchant_id=filters.merchant_id,
        category_id=filters.category_id,
        status=filters.status,
        keyword=filters.keyword,
    )
    return page_of(
        queryset,
        page=filters.page,
        page_size=filters.page_size,
        row=selectors.platform_goods_row,
    )


@call(platform_goods_router.get, "/getPlatformGoodsCount", dict[str, int], auth=GOODS_VIEW)
def get_platform_goods_count(request: HttpRequest) -> dict[str, int]:
    """Goods of every merchant per status (draft, in_review, on_shelf, off_shelf),
    force_down and all."""
    return selectors.platform_goods_counts(statuses=STATUSES)


# The platform screens that filter by merchant: goods, orders, finance lines, withdrawals.
MERCHANT_FILTER_ACTIONS = ("goods.view", "order.view", "finance.view", "withdrawal.audit")


@call(platform_goods_router.get, "/getShopSelections", list[schemas.ShopOut], auth=admin_auth())
def get_shop_selections(request: HttpRequest) -> list[dict[str, Any]]:
    """Merchants for the merchant filter of the platform's lists (goods, orders, finance
    lines, withdrawals): any platform role that reads one of them."""
    session = current_session(request)
    if not any(session.can(action) for action in MERCHANT_FILTER_ACTIONS):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    return selectors.shop_selections()


@call(
    platform_goods_router.get, "/getGoodsForDisplay", schemas.PlatformGoodsPageOut, auth=GOODS_VIEW
)
def get_goods_for_display(request: HttpRequest, filters: Query[schemas.DisplayListIn]) -> Any:
    """Goods on shelf that the platform may show on its storefront, with whether it does."""
    queryset = selectors.platform_goods_filter(
        merchant_id=filters.merchant_id,
        category_id=filters.category_id,
        status=GoodsStatus.ON_SHELF,
        keyword=filters.keyword,
        display_status=filters.display_status,
    )
    return page_of(
        queryset,
        page=filters.page,
        page_size=filters.page_size,
        row=selectors.platform_goods_row,
    )


@call(platform_goods_router.post, "/updateGoodsDisplayStatus", dict[str, int], auth=GOODS_GOVERN)
def update_goods_display_status(request: HttpRequest, payload: schemas.DisplayIn) -> Any:
    """Shows goods on (or hides them from) the platform storefront; only goods on shelf can
    be shown."""
    count = services.platform_goods_display_set(
        actor=current_session(request),
        ids=payload.ids,
        display=payload.display_status,
        on_shelf_status=GoodsStatus.ON_SHELF,
    )
    return {"count": count}


@call(
    platform_goods_router.get, "/getForceRefuseReasons", list[schemas.ReasonOut], auth=GOODS_GOVERN
)
def get_force_refuse_reasons(request: HttpRequest) -> list[dict[str, Any]]:
    """Reasons for forceGoodsDown; `other` needs free text."""
    return [
        {
            "code": code,
            "label": pick(Text(label, FORCE_DOWN_REASONS_EN[code])),
            "needs_text": code == "other",
        }
        for code, label in FORCE_DOWN_REASONS.items()
    ]


# --- add-on service types (added calls) ------------------------------------------------------

ADDON_TYPES = admin_auth("addon.manage")


@call(category_router.get, "/getAddonTypeList", list[schemas.AddonTypeOut], auth=ADDON_TYPES)
def get_addon_type_list(request: HttpRequest) -> list[dict[str, Any]]:
    """(Admin, added) Every add-on service type, enabled or not."""
    return selectors.addon_type_rows()


@call(category_router.post, "/saveAddonType", schemas.AddonTypeOut, auth=ADDON_TYPES)
def save_addon_type(request: HttpRequest, payload: schemas.AddonTypeIn) -> dict[str, Any]:
    """(Admin, added) Adds an add-on type, or renames, re-orders, disables or enables one
    (by `code`). Merchants pick from the enabled types."""
    row = services.addon_type_save(
        actor=current_session(request),
        code=payload.code,
        name=payload.name,
        name_en=payload.name_en,
        is_active=payload.is_active,
        sort=payload.sort,
    )
    return selectors.addon_type_row(row)
