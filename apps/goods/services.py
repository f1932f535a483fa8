"""Writes of a merchant's goods. Each change runs in one transaction that also updates the
platform projection (apps.goods.projection) and the audit trail."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from apps.subshops.selectors import known_channel_labels, known_sub_shop_ids
from tenants.catalog.selectors import addon_type_names, category_usable
from zulin.audit.services import audit_field_set, audit_record
from zulin.audit.state import transition_locked
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text
from zulin.core.richtext import rich_text_clean
from zulin.core.scoping import scope_to_sub_shop, scoped_get

from . import rules
from .machine import GOODS_MACHINE
from .models import (
    Addon,
    Goods,
    GoodsPackage,
    GoodsSetting,
    GoodsStatus,
    RentPlan,
    SellPrice,
    Sku,
    StockMovement,
)
from .outbox import goods_event
from .projection import addon_project, goods_project
from .schemas import GainIn, GoodsIn
from .selectors import (
    SALES_SCOPE,
    counted_stock,
    goods_editing_state,
    orderable_stocks,
    rent_plan_terms,
    tracked_stocks,
)
from .uploads import picture_url_prefix


def _fields_error(fields: dict[str, list[Text]]) -> ApplicationError:
    return ApplicationError(ErrorCode.VALIDATION, data={"fields": fields})


def _goods_get(goods_id: int, actor: Session | None) -> Goods:
    """Goods the actor may change (a sub-shop account: those offered in its sub-shop),
    locked for the change; NOT_FOUND for another sub-shop's as for none."""
    locked = Goods.objects.select_for_update().filter(is_deleted=False)
    goods: Goods = scoped_get(locked, actor, pk=goods_id, list_field=SALES_SCOPE)
    return goods


def _goods_many(ids: list[int], actor: Session | None) -> list[Goods]:
    """All of `ids` the actor may change, locked, or NOT_FOUND (a sibling's id as an
    unknown one): all or none."""
    locked = Goods.objects.select_for_update().filter(is_deleted=False, pk__in=ids)
    scoped = scope_to_sub_shop(locked, actor, list_field=SALES_SCOPE)
    goods_list = list(scoped.order_by("pk"))
    if len(goods_list) != len(set(ids)):
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return goods_list


# --- settings --------------------------------------------------------------------------------


def goods_setting() -> GoodsSetting:
    setting, _ = GoodsSetting.objects.get_or_create(pk=1)
    return setting


def goods_setting_set(*, goods_need_review: bool) -> GoodsSetting:
    with transaction.atomic():
        setting = goods_setting()
        setting.goods_need_review = goods_need_review
        setting.save()
    return setting


def _status_change(
    *, actor: Session | None, goods: Goods, action: str, audit_action: str, reason: str = ""
) -> None:
    """Moves locked `goods` through GOODS_MACHINE (history, audit, conflict otherwise) and
    writes its `goods.status_changed` event."""
    before = goods.status
    with transaction.atomic():
        transition_locked(
            GOODS_MACHINE,
            row=goods,
            action=action,
            actor=actor,
            reason=reason,
            audit_action=audit_action,
            change=lambda row: {"force_down": row.force_down},
        )
        goods_event(goods, previous_status=before, action=action)


# --- editing ---------------------------------------------------------------------------------


def _early_fee_value(mode: str, value: Decimal | None) -> Decimal | None:
    """What a plan keeps of its fee value: none with no fee of its own."""
    return value if mode in ("rate", "fixed") else None


def _validate(data: GoodsIn) -> None:
    fields: dict[str, list[Text]] = {}
    spec_keys = {tuple(sorted(row.specs)) for row in data.spu_list}
    if len(spec_keys) > 1:
        fields["spu_list"] = [
            Text("每个 SKU 的规格名称须相同", "every SKU needs the same spec names")
        ]
    combos = [tuple(sorted(row.specs.items())) for row in data.spu_list]
    if len(set(combos)) != len(combos):
        fields.setdefault("spu_list", []).append(
            Text("有两个 SKU 的规格相同", "two SKUs have the same specs")
        )
    for index, plan in enumerate(data.rent_list):
        at = f"rent_list.{index}"
        if plan.sku_index >= len(data.spu_list):
            fields[f"{at}.sku_index"] = [Text("没有该 SKU", "no such SKU")]
        if plan.term not in rules.TERMS[plan.term_unit]:
            fields[f"{at}.term"] = [
                Text("应为以下之一：{0}（{1}）", "one of {0} ({1})").format(
                    rules.TERMS[plan.term_unit], plan.term_unit
                )
            ]
            continue
        problem = rules.early_fee_problem(plan.early_fee_mode, plan.early_fee_value)
        if problem:
            fields[f"{at}.early_fee_value"] = [problem]
        if plan.min_term is not None and plan.min_term > plan.term:
            fields[f"{at}.min_term"] = [
                Text("不能超过租期（{0}）", "at most the term ({0})").format(plan.term)
            ]
        total_rent = plan.rent * plan.term
        if plan.deposit > total_rent * rules.DEPOSIT_MAX_RENT_MULTIPLE:
            fields[f"{at}.deposit"] = [
                Text(
                    "最多为总租金的 {0} 倍（{1:.2f}）", "at most {0} × total rent ({1:.2f})"
                ).format(rules.DEPOSIT_MAX_RENT_MULTIPLE, total_rent)
            ]
    for index, sell in enumerate(data.sell_list):
        if sell.sku_index >= len(data.spu_list):
            fields[f"sell_list.{index}.sku_index"] = [Text("没有该 SKU", "no such SKU")]
    if len({sell.sku_index for sell in data.sell_list}) != len(data.sell_list):
        fields["sell_list"] = [Text("每个 SKU 只能有一个售价", "one sale price per SKU")]
    gain_ids = {gain_id for package in data.package_list for gain_id in package.gain_ids}
    known = set(Addon.objects.filter(pk__in=gain_ids, status=1).values_list("pk", flat=True))
    for index, package in enumerate(data.package_list):
        if package.rent_index >= len(data.rent_list):
            fields[f"package_list.{index}.rent_index"] = [
                Text("没有该租赁方案", "no such rent plan")
            ]
        if set(package.gain_ids) - known:
            fields[f"package_list.{index}.gain_ids"] = [
                Text("增值服务不存在或已停用", "unknown or disabled add-on service")
            ]
    unknown_shops = set(data.sub_shop_ids) - known_sub_shop_ids(data.sub_shop_ids)
    if unknown_shops:
        fields["sub_shop_ids"] = [
            Text("没有该子店：{0}", "no such sub-shop: {0}").format(sorted(unknown_shops))
        ]
    unknown_channels = set(data.channels) - known_channel_labels()
    if unknown_channels:
        fields["channels"] = [
            Text("不是本店的渠道：{0}", "not a channel of this shop: {0}").format(
                sorted(unknown_channels)
            )
        ]
    if fields:
        raise _fields_error(fields)
    if not category_usable(data.category_id):
        raise ApplicationError(ErrorCode.CATEGORY_UNAVAILABLE, data={"fields": {"category_id": []}})


def _requested_state(data: GoodsIn) -> dict[str, list[Any]]:
    """The payload's editing state in the form goods_editing_state answers the stored one."""
    return {
        "spu_list": [(sorted(row.specs.items()), row.code) for row in data.spu_list],
        "rent_list": [
            rent_plan_terms(p, p.sku_index, _early_fee_value(p.early_fee_mode, p.early_fee_value))
            for p in data.rent_list
        ],
        "sell_list": [(s.sku_index, s.price, s.original_price) for s in data.sell_list],
        "package_list": [(p.name, p.rent_index, sorted(p.gain_ids)) for p in data.package_list],
    }


def _skus_write(goods: Goods, data: GoodsIn) -> list[Sku]:
    existing = {sku.pk: sku for sku in goods.skus.filter(is_active=True)}
    by_specs = {tuple(sorted(sku.specs.items())): sku for sku in existing.values()}
    kept: list[Sku] = []
    for position, row in enumerate(data.spu_list):
        sku = existing.get(row.id) if row.id else None
        sku = sku or by_specs.get(tuple(sorted(row.specs.items())))
        if sku is not None and sku.pk not in {k.pk for k in kept}:
            sku.specs, sku.code, sku.position = row.specs, row.code, position
            sku.save(update_fields=["specs", "code", "position"])
        else:
            sku = Sku.objects.create(
                goods=goods, specs=row.specs, code=row.code, stock=row.stock, position=position
            )
        kept.append(sku)
    kept_ids = {sku.pk for sku in kept}
    Sku.objects.filter(pk__in=set(existing) - kept_ids).update(is_active=False)
    return kept


def _used_plans_check(goods: Goods, data: GoodsIn, skus: list[Sku]) -> None:
    """A plan at another fineness than the goods' (leased again as used) is offered on a SKU
    tracked by unit only: its stock is its units of that grade, which a counted SKU has no
    way to tell apart from the rest (docs/assets.md, "Used goods at a fineness")."""
    fields = {
        f"rent_list.{index}.fineness": [
            Text(
                "按成色出租须按台管理库存（该规格按数量管理）",
                "leasing at a fineness of its own needs a SKU tracked by unit "
                "(this SKU is counted)",
            )
        ]
        for index, plan in enumerate(data.rent_list)
        if plan.fineness and not skus[plan.sku_index].tracked
    }
    if fields:
        raise _fields_error(fields)


def _prices_write(goods: Goods, data: GoodsIn, skus: list[Sku]) -> None:
    # Old rows are retired, not deleted: orders may reference a plan or a package.
    RentPlan.objects.filter(sku__goods=goods, is_active=True).update(is_active=False)
    SellPrice.objects.filter(sku__goods=goods, is_active=True).update(is_active=False)
    GoodsPackage.objects.filter(goods=goods, is_active=True).update(is_active=False)
    plans = [
        RentPlan.objects.create(
            sku=skus[p.sku_index],
            term=p.term,
            term_unit=p.term_unit,
            rent=p.rent,
            deposit=p.deposit,
            buyout_price=p.buyout_price,
            ownership_transfer=p.ownership_transfer,
            min_term=p.min_term,
            early_fee_mode=p.early_fee_mode,
            early_fee_value=_early_fee_value(p.early_fee_mode, p.early_fee_value),
            credit_deposit_max=p.credit_deposit_max,
            fineness=p.fineness,
            position=position,
        )
        for position, p in enumerate(data.rent_list)
    ]
    for s in data.sell_list:
        SellPrice.objects.create(
            sku=skus[s.sku_index], price=s.price, original_price=s.original_price
        )
    for position, p in enumerate(data.package_list):
        package = GoodsPackage.objects.create(
            goods=goods, name=p.name, rent_plan=plans[p.rent_index], position=position
        )
        package.addons.set(p.gain_ids)


def incomplete_reasons(goods: Goods) -> list[str]:
    reasons = []
    if not goods.pictures:
        reasons.append("no_picture")
    skus = list(goods.skus.filter(is_active=True))
    if not skus:
        reasons.append("no_sku")
    planned = set(
        RentPlan.objects.filter(sku__goods=goods, is_active=True).values_list("sku_id", flat=True)
    )
    if not skus or any(sku.pk not in planned for sku in skus):
        reasons.append("no_rent_plan")
    # A SKU tracked by unit: its derived stock (units in stock, less open reservations), at
    # the goods' fineness or at a plan's own (leased again as used: its units of that grade).
    used = {
        (sku_id, fineness)
        for sku_id, fineness in RentPlan.objects.filter(sku__goods=goods, is_active=True)
        .exclude(fineness="")
        .values_list("sku_id", "fineness")
    }
    scope = {sku.pk: goods.sub_shop_ids for sku in skus if sku.tracked}
    used_stock = sum(
        tracked_stocks({sku_id: scope[sku_id]}, fineness=fineness)[sku_id]
        for sku_id, fineness in used
        if sku_id in scope
    )
    if sum(orderable_stocks(skus, goods.sub_shop_ids).values()) + used_stock == 0:
        reasons.append("no_stock")
    if goods.category_id is None or not category_usable(goods.category_id):
        reasons.append("category_unavailable")
    return reasons


def _incomplete_error(problems: dict[int, list[str]]) -> ApplicationError:
    codes = sorted({code for reasons in problems.values() for code in reasons})
    zh = "、".join(rules.INCOMPLETE_REASONS[code][0] for code in codes)
    en = ", ".join(rules.INCOMPLETE_REASONS[code][1] for code in codes)
    return ApplicationError(
        ErrorCode.GOODS_INCOMPLETE,
        f"商品信息不完整，不能上架：{zh}",
        msg_en=f"The goods cannot go on shelf: {en}",
        data={"goods": [{"id": gid, "reasons": reasons} for gid, reasons in problems.items()]},
    )


def _shelf_target() -> str:
    return GoodsStatus.IN_REVIEW if goods_setting().goods_need_review else GoodsStatus.ON_SHELF


def _put_on_shelf(*, actor: Session | None, goods: Goods) -> None:
    if goods.status in rules.LOCKING_STATUSES:
        return
    if goods.force_down:
        raise ApplicationError(ErrorCode.GOODS_FORCED_DOWN, data={"ids": [goods.pk]})
    reasons = incomplete_reasons(goods)
    if reasons:
        raise _incomplete_error({goods.pk: reasons})
    goods.review_note = ""
    target = _shelf_target()
    _status_change(
        actor=actor,
        goods=goods,
        action="submit_review" if target == GoodsStatus.IN_REVIEW else "on_shelf",
        audit_action="goods.on_shelf",
    )


def _sales_scope_check(actor: Session | None, data: GoodsIn) -> None:
    """A sub-shop account offers goods in its own sub-shop only (an empty scope, "every
    sub-shop", would reach its siblings)."""
    if actor is None or actor.sub_shop_id is None:
        return
    if not data.sub_shop_ids:
        data.sub_shop_ids = [actor.sub_shop_id]
    if set(data.sub_shop_ids) != {actor.sub_shop_id}:
        raise _fields_error(
            {
                "sub_shop_ids": [
                    Text(
                        "子店账号只能在本店上架商品",
                        "a sub-shop account offers goods in its own only",
                    )
                ]
            }
        )


def goods_description_clean(html: str) -> str:
    """A goods description as it is stored: rich text kept to the allow-list, its pictures
    only this shop's goods uploads (docs/goods.md)."""
    return rich_text_clean(html, image_prefix=picture_url_prefix("goods"))


def goods_save(*, actor: Session | None, data: GoodsIn, activate: bool = False) -> Goods:
    """Saves the whole editing state (saveGood); with `activate`, puts the goods on shelf
    or into platform review (saveAndActiveGoods). A save clears a platform force-down."""
    _sales_scope_check(actor, data)
    data.description = goods_description_clean(data.description)
    for plan in data.rent_list:
        # A plan at the goods' own fineness is kept as "" (it follows the goods').
        plan.fineness = "" if plan.fineness == data.fineness else plan.fineness
    _validate(data)
    with transaction.atomic():
        if data.id:
            goods = _goods_get(data.id, actor)
            stored = goods_editing_state(goods)
            requested = _requested_state(data)
            changed = [name for name in rules.LOCKED_FIELDS if stored[name] != requested[name]]
            if changed and goods.status in rules.LOCKING_STATUSES:
                raise ApplicationError(ErrorCode.GOODS_FIELDS_LOCKED, data={"fields": changed})
        else:
            goods, changed = Goods(), list(rules.LOCKED_FIELDS)
        for name in (
            "title",
            "category_id",
            "brand",
            "fineness",
            "pictures",
            "description",
            "channels",
            "sub_shop_ids",
            "sort",
        ):
            setattr(goods, name, getattr(data, name))
        was_forced = goods.force_down
        goods.force_down, goods.force_down_reason, goods.force_down_at = False, "", None
        goods.save()
        if changed:
            skus = _skus_write(goods, data)
            _used_plans_check(goods, data, skus)
            _prices_write(goods, data, skus)
        audit_record(
            actor=actor,
            action="goods.create" if not data.id else "goods.update",
            target_type="goods",
            target_id=goods.pk,
            after={"changed": changed, "force_down_cleared": was_forced},
        )
        if activate:
            _put_on_shelf(actor=actor, goods=goods)
        goods_project(goods)
    return goods


def goods_status_update(*, actor: Session | None, ids: list[int], status: str) -> list[Goods]:
    """Puts goods on shelf (or into review) or takes them off; all or nothing."""
    with transaction.atomic():
        goods_list = _goods_many(ids, actor)
        if status == GoodsStatus.ON_SHELF:
            forced = [g.pk for g in goods_list if g.force_down]
            if forced:
                raise ApplicationError(ErrorCode.GOODS_FORCED_DOWN, data={"ids": forced})
            problems = {
                g.pk: reasons
                for g in goods_list
                if g.status not in rules.LOCKING_STATUSES and (reasons := incomplete_reasons(g))
            }
            if problems:
                raise _incomplete_error(problems)
            for goods in goods_list:
                _put_on_shelf(actor=actor, goods=goods)
                goods_project(goods)
        else:
            wrong = [g.pk for g in goods_list if g.status not in rules.LOCKING_STATUSES]
            if wrong:
                raise ApplicationError(ErrorCode.GOODS_STATUS_NOT_ALLOWED, data={"ids": wrong})
            for goods in goods_list:
                _status_change(
                    actor=actor, goods=goods, action="off_shelf", audit_action="goods.off_shelf"
                )
                goods_project(goods)
    return goods_list


def goods_delete(*, actor: Session | None, goods_id: int) -> None:
    """Soft delete of goods that are not on sale (draft or off shelf)."""
    with transaction.atomic():
        goods = _goods_get(goods_id, actor)
        if goods.status in rules.LOCKING_STATUSES:
            raise ApplicationError(
                ErrorCode.GOODS_STATUS_NOT_ALLOWED,
                "请先下架商品再删除",
                msg_en="Take the goods off shelf before deleting them",
            )
        goods.is_deleted, goods.deleted_at = True, timezone.now()
        goods.save(update_fields=["is_deleted", "deleted_at", "updated_at"])
        audit_record(actor=actor, action="goods.delete", target_type="goods", target_id=goods.pk)
        goods_project(goods)


def goods_category_set(*, actor: Session | None, ids: list[int], category_id: int) -> int:
    if not category_usable(category_id):
        raise ApplicationError(ErrorCode.CATEGORY_UNAVAILABLE)
    with transaction.atomic():
        goods_list = _goods_many(ids, actor)
        for goods in goods_list:
            audit_field_set(
                goods,
                "category_id",
                category_id,
                actor=actor,
                action="goods.category",
                target_type="goods",
            )
            goods_project(goods)
    return len(goods_list)


def goods_sort_update(*, actor: Session | None, goods_id: int, sort: int) -> Goods:
    with transaction.atomic():
        goods = _goods_get(goods_id, actor)
        audit_field_set(goods, "sort", sort, actor=actor, action="goods.sort", target_type="goods")
    return goods


# --- stock -----------------------------------------------------------------------------------


def _sku_active(sku_id: int, actor: Session | None = None) -> Sku:
    """An active SKU of goods the actor may change (its goods' sales scope)."""
    skus = Sku.objects.filter(is_active=True, goods__is_deleted=False)
    sku: Sku = scoped_get(skus, actor, pk=sku_id, list_field=f"goods__{SALES_SCOPE}")
    return sku


def sku_stock_update(*, actor: Session | None, sku_id: int, mode: str, quantity: int) -> Sku:
    """Staff set or change a SKU's stock. One conditional UPDATE, so concurrent changes and
    reservations never take it below zero."""
    with transaction.atomic():
        sku = _sku_active(sku_id, actor)
        if sku.tracked:
            # Its stock is derived from the units: receipts add them, adjustments remove them.
            raise ApplicationError(ErrorCode.SKU_TRACKED_BY_UNIT, data={"sku_id": sku.pk})
        if mode == "set":
            if quantity < 0:
                raise _fields_error(
                    {"quantity": [Text("库存不能为负数", "stock cannot be negative")]}
                )
            locked = Sku.objects.select_for_update().get(pk=sku.pk)
            change = quantity - counted_stock(locked)
            Sku.objects.filter(pk=sku.pk, tracked=False).update(stock=quantity)
        else:
            change = quantity
            updated = Sku.objects.filter(pk=sku.pk, tracked=False, stock__gte=-quantity).update(
                stock=F("stock") + quantity
            )
            if not updated:
                raise ApplicationError(ErrorCode.STOCK_INSUFFICIENT)
        sku.refresh_from_db()
        StockMovement.objects.create(
            sku=sku,
            kind=StockMovement.Kind.ADJUST,
            quantity=change,
            stock_after=counted_stock(sku),
            actor_account_id=actor.account.pk if actor else None,
        )
    return sku


def _reservations(sku_id: int, reference: str) -> QuerySet[StockMovement]:
    """The reservation of `sku_id` under `reference` (one at most: the unique index)."""
    return StockMovement.objects.filter(
        sku_id=sku_id, kind=StockMovement.Kind.RESERVE, reference=reference
    )


def _reservation_locked(sku_id: int, reference: str) -> StockMovement:
    """The reservation under `reference`, locked; RESERVATION_NOT_FOUND when there is none."""
    reserved = _reservations(sku_id, reference).select_for_update().first()
    if reserved is None:
        raise ApplicationError(ErrorCode.RESERVATION_NOT_FOUND)
    return reserved


def sku_stock_reserve(
    *, sku_id: int, quantity: int, reference: str, fineness: str = ""
) -> StockMovement:
    """Takes `quantity` units of a SKU for an order. Safe under concurrency (a conditional
    UPDATE: stock never goes below zero) and idempotent per reference. Of a SKU tracked by
    unit, units of `fineness` only (the order's; "": the goods' own)."""
    if quantity <= 0 or not reference:
        raise _fields_error(
            {
                "quantity": [
                    Text("须填写正数数量和单据号", "positive quantity and a reference are required")
                ]
            }
        )
    existing = _reservations(sku_id, reference).first()
    if existing is not None:
        return existing
    sku = _sku_active(sku_id)
    if sku.tracked:
        return _tracked_reserve(
            sku, quantity=quantity, reference=reference, fineness=fineness or sku.goods.fineness
        )
    try:
        with transaction.atomic():
            updated = Sku.objects.filter(pk=sku_id, tracked=False, stock__gte=quantity).update(
                stock=F("stock") - quantity
            )
            if not updated:
                raise ApplicationError(ErrorCode.STOCK_INSUFFICIENT)
            stock_after = counted_stock(Sku.objects.get(pk=sku_id))
            return StockMovement.objects.create(
                sku_id=sku_id,
                kind=StockMovement.Kind.RESERVE,
                quantity=-quantity,
                stock_after=stock_after,
                reference=reference,
            )
    except IntegrityError:
        # The same reference reserved concurrently; that reservation stands, ours rolled back.
        return _reservations(sku_id, reference).get()


def sku_stock_release(*, sku_id: int, quantity: int, reference: str) -> StockMovement:
    """Gives back units reserved under `reference` (at most what was reserved; once)."""
    with transaction.atomic():
        reserved = _reservation_locked(sku_id, reference)
        released = StockMovement.objects.filter(
            sku_id=sku_id, kind=StockMovement.Kind.RELEASE, reference=reference
        ).first()
        if released is not None:
            return released
        if quantity <= 0 or quantity > -reserved.quantity:
            raise _fields_error(
                {
                    "quantity": [
                        Text("应在 1 到 {0} 之间", "between 1 and {0}").format(-reserved.quantity)
                    ]
                }
            )
        sku = Sku.objects.select_related("goods").get(pk=sku_id)
        if sku.tracked:
            # The units stay where they are; the count derived from them grows by itself.
            at = reserved.fineness or sku.goods.fineness
            stock_after = (
                tracked_stocks({sku.pk: sku.goods.sub_shop_ids}, fineness=at)[sku.pk] + quantity
            )
        else:
            Sku.objects.filter(pk=sku_id, tracked=False).update(stock=F("stock") + quantity)
            stock_after = counted_stock(Sku.objects.get(pk=sku_id))
        return StockMovement.objects.create(
            sku_id=sku_id,
            kind=StockMovement.Kind.RELEASE,
            quantity=quantity,
            stock_after=stock_after,
            reference=reference,
        )


def _tracked_reserve(sku: Sku, *, quantity: int, reference: str, fineness: str) -> StockMovement:
    """A reservation of a SKU tracked by unit: against the count derived from its units of
    `fineness` (an order at 95新 is never served from the new stock). The SKU's row lock
    orders reservations of one SKU, so two never take the same last unit."""
    try:
        with transaction.atomic():
            locked = (
                Sku.objects.select_for_update(of=("self",)).select_related("goods").get(pk=sku.pk)
            )
            available = tracked_stocks({locked.pk: locked.goods.sub_shop_ids}, fineness=fineness)[
                locked.pk
            ]
            if available < quantity:
                raise ApplicationError(ErrorCode.STOCK_INSUFFICIENT)
            return StockMovement.objects.create(
                sku_id=locked.pk,
                kind=StockMovement.Kind.RESERVE,
                quantity=-quantity,
                stock_after=available - quantity,
                reference=reference,
                fineness=fineness,
            )
    except IntegrityError:
        return _reservations(sku.pk, reference).get()


def sku_reservation_consume(*, sku_id: int, reference: str) -> StockMovement:
    """A unit now answers the reservation `reference` of a tracked SKU (its order shipped, or
    the unit migration found it shipped): it no longer holds back a unit in stock. Once per
    reference; a reservation already released or consumed is left as it is."""
    with transaction.atomic():
        reserved = _reservation_locked(sku_id, reference)
        settled = StockMovement.objects.filter(
            sku_id=sku_id,
            kind__in=[StockMovement.Kind.RELEASE, StockMovement.Kind.CONSUME],
            reference=reference,
        ).first()
        if settled is not None:
            return settled
        return StockMovement.objects.create(
            sku_id=sku_id,
            kind=StockMovement.Kind.CONSUME,
            quantity=0,
            stock_after=reserved.stock_after,
            reference=reference,
        )


def sku_tracked_set(*, actor: Session | None, sku_id: int) -> int:
    """The SKU is tracked by unit from now on (the unit migration calls this in the
    transaction that makes its units, docs/assets.md); its counted stock is retired (NULL:
    the CHECK `sku_stock_counted_only`) in the same UPDATE, under the row lock. Answers the
    count it retired (0 when the SKU was tracked already). Tracking is never turned off."""
    with transaction.atomic():
        sku = Sku.objects.select_for_update().get(pk=sku_id)
        if sku.tracked:
            return 0
        retired = sku.stock or 0
        sku.tracked, sku.stock = True, None
        sku.save(update_fields=["tracked", "stock"])
        audit_record(
            actor=actor,
            action="sku.track_by_unit",
            target_type="sku",
            target_id=sku.pk,
            before={"tracked": False, "stock": retired},
            after={"tracked": True, "stock": None},
        )
    return retired


# --- add-on services -------------------------------------------------------------------------


def _addon_fields(data: GainIn, *, current_type: str | None = None) -> dict[str, Any]:
    """The add-on's columns from the call's fields (`gain_type` at the API edge). A new
    type must be one the platform offers now; an add-on keeps a type since disabled."""
    fields = data.model_dump(exclude={"id"})
    fields["addon_type"] = fields.pop("gain_type")
    kept = current_type is not None and fields["addon_type"] == current_type
    if not kept and fields["addon_type"] not in addon_type_names(active_only=True):
        raise _fields_error(
            {
                "gain_type": [
                    Text("平台不提供该增值服务类型", "not an add-on type the platform offers")
                ]
            }
        )
    return fields


def _addon_locked(addon_id: int) -> Addon:
    addon = Addon.objects.select_for_update().filter(pk=addon_id).first()
    if addon is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return addon


def addon_create(*, actor: Session | None, data: GainIn) -> Addon:
    fields = _addon_fields(data)
    with transaction.atomic():
        addon = Addon.objects.create(**fields)
        addon_project(addon)
        audit_record(
            actor=actor,
            action="addon.create",
            target_type="addon",
            target_id=addon.pk,
            after=data.model_dump(mode="json", exclude={"id"}),
        )
    return addon


def addon_update(*, actor: Session | None, addon_id: int, data: GainIn) -> Addon:
    with transaction.atomic():
        addon = _addon_locked(addon_id)
        fields = _addon_fields(data, current_type=addon.addon_type)
        for name, value in fields.items():
            setattr(addon, name, value)
        addon.save()
        addon_project(addon)
        audit_record(
            actor=actor,
            action="addon.update",
            target_type="addon",
            target_id=addon.pk,
            after=data.model_dump(mode="json", exclude={"id"}),
        )
    return addon


def _platform_disabled_error(addon: Addon) -> ApplicationError:
    return ApplicationError(
        ErrorCode.CONFLICT,
        f"平台已停用此增值服务：{addon.platform_reason}",
        msg_en=f"The platform disabled this add-on service: {addon.platform_reason}",
        data={"from": "platform_disabled", "to": "enabled"},
    )


def addon_status_set(
    *, actor: Session | None, addon_id: int, status: int, reason: str = ""
) -> Addon:
    """The merchant enables (1) or disables (0) an add-on; one the platform disabled stays
    disabled until the platform lifts it."""
    with transaction.atomic():
        addon = _addon_locked(addon_id)
        if status == 1 and addon.platform_disabled:
            raise _platform_disabled_error(addon)
        audit_field_set(
            addon,
            "status",
            status,
            actor=actor,
            action="addon.status",
            target_type="addon",
            reason=reason,
        )
        addon_project(addon)
    return addon
