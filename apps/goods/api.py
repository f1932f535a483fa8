"""Goods calls: the store side's goods, stock and add-on services, the platform's
force-down, and picture upload (both sides)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import File, Query, Router
from ninja.files import UploadedFile

from tenants.catalog.selectors import (
    addon_type_names,
    platform_addon_get,
    platform_addon_page,
    platform_addon_row,
)
from tenants.merchants.selectors import merchant_get
from zulin.core.auth import (
    Session,
    TokenAuth,
    admin_auth,
    any_side_auth,
    current_session,
    store_auth,
)
from zulin.core.envelope import request_language
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.params import read_params
from zulin.core.routes import call
from zulin.core.sides import PlatformType

from . import governance, rules, schemas, selectors, services
from .models import Goods
from .uploads import picture_store

goods_router = Router(tags=["platform: goods"])
addon_router = Router(tags=["platform: add-on services"])
upload_router = Router(tags=["upload"])

VIEW = store_auth("goods.view")
EDIT = store_auth("goods.edit")
# Add-on services: the store manages its own; the platform sees every merchant's and may
# disable one (apps.goods.governance).
ADDONS = any_side_auth("addon.manage")
STORE_ADDONS = store_auth("addon.manage")


def _saved(goods: Goods) -> dict[str, Any]:
    return {"id": goods.pk, "status": goods.status}


# --- options ---------------------------------------------------------------------------------


@call(goods_router.get, "/getGoodFineness", list[schemas.OptionOut], auth=VIEW)
def get_good_fineness(request: HttpRequest) -> list[dict[str, str]]:
    """Fineness (condition) choices of goods: value and label (全新, 99新 …)."""
    return rules.fineness_options()


@call(goods_router.get, "/getTerms", list[schemas.TermOut], auth=VIEW)
def get_terms(request: HttpRequest) -> list[dict[str, Any]]:
    """Lease terms a rent plan may use: number of periods and unit (day or month)."""
    return [
        {"term": term, "term_unit": unit, "label": rules.term_label(term, unit)}
        for unit, terms in rules.TERMS.items()
        for term in terms
    ]


# --- goods -----------------------------------------------------------------------------------


@call(goods_router.get, "/goodsList", schemas.GoodsPageOut, auth=VIEW, scope="goods:read")
def goods_list(request: HttpRequest, filters: Query[schemas.GoodsListIn]) -> dict[str, Any]:
    """The merchant's goods ordered by sort, then newest; filters status (or force_down),
    category (with its sub-categories) and keyword (title, brand or id)."""
    return selectors.goods_page(
        session=current_session(request),
        status=filters.status,
        category_id=filters.category_id,
        keyword=filters.keyword,
        page=filters.page,
        page_size=filters.page_size,
        tracked_only=filters.tracked,
    )


@call(goods_router.get, "/getGoodStatusCount", dict[str, int], auth=VIEW, scope="goods:read")
def get_good_status_count(request: HttpRequest) -> dict[str, int]:
    """Goods per status for the list's tabs: draft, in_review, on_shelf, off_shelf,
    force_down and all."""
    return selectors.goods_status_counts(session=current_session(request))


@call(goods_router.post, "/goodsDetail", schemas.GoodsDetailOut, auth=VIEW, scope="goods:read")
def goods_detail(request: HttpRequest, payload: schemas.IdIn) -> dict[str, Any]:
    """The whole editing state of one goods item, with `disabled`: which fields are locked."""
    return selectors.goods_detail(payload.id, session=current_session(request))


@call(goods_router.post, "/saveGood", schemas.SavedOut, auth=EDIT, scope="goods:write")
def save_good(request: HttpRequest, payload: schemas.GoodsIn) -> dict[str, Any]:
    """Saves goods (new ones as drafts); clears a platform force-down."""
    return _saved(services.goods_save(actor=current_session(request), data=payload))


@call(goods_router.post, "/saveAndActiveGoods", schemas.SavedOut, auth=EDIT)
def save_and_active_goods(request: HttpRequest, payload: schemas.GoodsIn) -> dict[str, Any]:
    """Saves goods and puts them on shelf, or into platform review when the merchant's
    settings require it; nothing is saved when they are incomplete."""
    goods = services.goods_save(actor=current_session(request), data=payload, activate=True)
    return _saved(goods)


@call(
    goods_router.post, "/updateGoodsStatus", list[schemas.SavedOut], auth=EDIT, scope="goods:write"
)
def update_goods_status(request: HttpRequest, payload: schemas.StatusIn) -> list[dict[str, Any]]:
    """Puts goods on shelf (or into review) or off shelf; all of `ids` or none."""
    changed = services.goods_status_update(
        actor=current_session(request), ids=payload.ids, status=payload.status
    )
    return [_saved(goods) for goods in changed]


@call(goods_router.post, "/deleteGood", auth=EDIT)
def delete_good(request: HttpRequest, payload: schemas.IdIn) -> None:
    """Deletes goods that are not on shelf or under review (kept for orders)."""
    services.goods_delete(actor=current_session(request), goods_id=payload.id)


@call(goods_router.post, "/setGoodsCategory", schemas.CountOut, auth=EDIT)
def set_goods_category(request: HttpRequest, payload: schemas.CategorySetIn) -> dict[str, int]:
    count = services.goods_category_set(
        actor=current_session(request), ids=payload.ids, category_id=payload.category_id
    )
    return {"count": count}


@call(goods_router.post, "/updateGoodsSort", schemas.SavedOut, auth=EDIT)
def update_goods_sort(request: HttpRequest, payload: schemas.SortIn) -> dict[str, Any]:
    goods = services.goods_sort_update(
        actor=current_session(request), goods_id=payload.id, sort=payload.sort
    )
    return _saved(goods)


@call(goods_router.get, "/getRentPlan", list[schemas.RentPlanOut], auth=VIEW, scope="goods:read")
def get_rent_plan(request: HttpRequest, params: Query[schemas.GoodsIdIn]) -> list[dict[str, Any]]:
    """The goods' rent plans, each with its SKU's specs and totals."""
    return selectors.rent_plans(params.goods_id, session=current_session(request))


# --- stock -----------------------------------------------------------------------------------


@call(goods_router.get, "/getSkuStock", list[schemas.SkuStockOut], auth=VIEW, scope="goods:read")
def get_sku_stock(request: HttpRequest, params: Query[schemas.GoodsIdIn]) -> list[dict[str, Any]]:
    return selectors.sku_stocks(params.goods_id, session=current_session(request))


@call(goods_router.post, "/updateSkuStock", schemas.SkuStockOut, auth=EDIT, scope="goods:write")
def update_sku_stock(request: HttpRequest, payload: schemas.StockIn) -> dict[str, Any]:
    """Sets a SKU's stock (mode set) or changes it by quantity (mode add); never below 0."""
    sku = services.sku_stock_update(
        actor=current_session(request),
        sku_id=payload.sku_id,
        mode=payload.mode,
        quantity=payload.quantity,
    )
    # A tracked SKU is refused above: the answer is a counted SKU's, with no tracked parts.
    return {
        "sku_id": sku.pk,
        "specs": sku.specs,
        "code": sku.code,
        **selectors.sku_stock_fields(sku, {}),
    }


# --- platform governance ---------------------------------------------------------------------


@call(goods_router.post, "/forceGoodsDown", auth=admin_auth("goods.govern"))
def force_goods_down(request: HttpRequest, payload: schemas.ForceDownIn) -> dict[str, Any]:
    """(Admin) Takes a merchant's goods off shelf with a reason the merchant sees."""
    projection = governance.goods_force_down(
        actor=current_session(request),
        platform_goods_id=payload.id,
        reason_code=payload.reason_code,
        reason_text=payload.reason_text,
    )
    return {
        "id": projection.pk,
        "status": projection.status,
        "reason": projection.force_down_reason,
    }


@call(
    goods_router.post,
    "/reviewGoods",
    schemas.PlatformGoodsDecisionOut,
    auth=admin_auth("goods.govern"),
)
def review_goods(request: HttpRequest, payload: schemas.ReviewIn) -> dict[str, Any]:
    """(Admin, added) Approves goods under review (on shelf) or turns them down with a reason
    the merchant sees (off shelf)."""
    projection = governance.goods_review(
        actor=current_session(request),
        platform_goods_id=payload.id,
        approve=payload.approve,
        reason=payload.reason,
    )
    return {"id": projection.pk, "status": projection.status, "reason": payload.reason.strip()}


@call(
    goods_router.get,
    "/getGoodsReviewSetting",
    schemas.ReviewSettingOut,
    auth=admin_auth("goods.govern"),
)
def get_goods_review_setting(
    request: HttpRequest, params: Query[schemas.ReviewSettingQueryIn]
) -> dict[str, Any]:
    """(Admin, added) Whether a merchant's goods need the platform's review."""
    merchant = merchant_get(params.merchant_id)
    return {"merchant_id": merchant.pk, "need_review": governance.review_required(merchant)}


@call(
    goods_router.post,
    "/setGoodsReviewSetting",
    schemas.ReviewSettingOut,
    auth=admin_auth("goods.govern"),
)
def set_goods_review_setting(
    request: HttpRequest, payload: schemas.ReviewSettingIn
) -> dict[str, Any]:
    """(Admin, added) Makes a merchant's goods need (or not) the platform's review."""
    merchant = merchant_get(payload.merchant_id)
    setting = governance.merchant_review_setting_set(
        actor=current_session(request), merchant=merchant, need_review=payload.need_review
    )
    return {"merchant_id": merchant.pk, "need_review": setting.goods_need_review}


# --- add-on services -------------------------------------------------------------------------


def _platform_side(request: HttpRequest) -> bool:
    return current_session(request).side == PlatformType.ADMIN


@call(addon_router.get, "/getGoodsGainList", schemas.GainPageOut, auth=ADDONS)
def get_goods_gain_list(request: HttpRequest, filters: Query[schemas.GainListIn]) -> dict[str, Any]:
    """Store side: the shop's add-on services. Platform side: every merchant's (from the
    platform's listing), filterable by merchant."""
    if _platform_side(request):
        return platform_addon_page(
            merchant_id=filters.merchant_id,
            addon_type=filters.gain_type,
            status=filters.status,
            keyword=filters.keyword,
            page=filters.page,
            page_size=filters.page_size,
        )
    return selectors.addon_page(
        addon_type=filters.gain_type,
        status=filters.status,
        keyword=filters.keyword,
        page=filters.page,
        page_size=filters.page_size,
    )


@call(addon_router.post, "/addGoodsGain", schemas.GainOut, auth=STORE_ADDONS)
def add_goods_gain(request: HttpRequest, payload: schemas.GainIn) -> dict[str, Any]:
    addon = services.addon_create(actor=current_session(request), data=payload)
    return selectors.addon_row(addon)


@call(addon_router.post, "/editGoodsGain", schemas.GainOut, auth=STORE_ADDONS)
def edit_goods_gain(request: HttpRequest, payload: schemas.GainEditIn) -> dict[str, Any]:
    addon = services.addon_update(actor=current_session(request), addon_id=payload.id, data=payload)
    return selectors.addon_row(addon)


@call(
    addon_router.api_operation,
    "/setGoodsGainStatus",
    schemas.GainOut,
    auth=ADDONS,
    methods=["GET", "POST"],
    get_or_post=schemas.GainStatusIn,
)
def set_goods_gain_status(request: HttpRequest) -> dict[str, Any]:
    """Enables (1) or disables (0) an add-on service: `id`, `status` (and on the platform
    side the `reason` the merchant sees) as query (GET) or JSON body (POST). The platform's
    disabling holds until the platform enables it again."""
    params = read_params(request, schemas.GainStatusIn)
    actor = current_session(request)
    if _platform_side(request):
        governance.addon_platform_status_set(
            actor=actor,
            platform_addon_id=params.id,
            disable=params.status == 0,
            reason=params.reason,
        )
        row = platform_addon_get(params.id)
        if row is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        return platform_addon_row(row)
    addon = services.addon_status_set(
        actor=actor, addon_id=params.id, status=params.status, reason=params.reason
    )
    return selectors.addon_row(addon)


@call(addon_router.get, "/newGetGoodsGainTypeMap", list[schemas.OptionOut], auth=ADDONS)
def new_get_goods_gain_type_map(request: HttpRequest) -> list[dict[str, str]]:
    """The add-on types the platform offers now (value = code, label in the caller's
    language)."""
    english = request_language(request) == "en"
    names = addon_type_names(active_only=True)
    return [
        {"value": code, "label": pair[1] if english else pair[0]} for code, pair in names.items()
    ]


@call(addon_router.get, "/getGainSet", list[schemas.GainGroupOut], auth=VIEW)
def get_gain_set(request: HttpRequest) -> list[dict[str, Any]]:
    """Enabled add-on services grouped by type, to build packages from."""
    return selectors.addon_set()


# --- upload ----------------------------------------------------------------------------------


class UploadAuth(TokenAuth):
    """Store side: goods.edit (goods pictures); admin side: category.manage (icons)."""

    ACTIONS: dict[int, str] = {
        PlatformType.STORE: "goods.edit",
        PlatformType.ADMIN: "category.manage",
    }

    def authenticate(self, request: HttpRequest, key: str | None) -> Session | None:
        session = super().authenticate(request, key)
        if session is not None and not session.can(self.ACTIONS[session.side]):
            raise ApplicationError(ErrorCode.FORBIDDEN)
        return session


@call(upload_router.post, "/getPicUrl", auth=UploadAuth())
def get_pic_url(request: HttpRequest, file: File[UploadedFile]) -> dict[str, str]:
    """Multipart upload of one picture (field `file`): JPEG, PNG, GIF or WebP, ≤ 5 MB."""
    side = current_session(request).side
    folder = "goods" if side == PlatformType.STORE else "category"
    return {"url": picture_store(upload=file, folder=folder)}
