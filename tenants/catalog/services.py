"""Writes of the public catalogue: categories and the platform goods projection."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode

from .models import MAX_CATEGORY_DEPTH, AddonType, Category, CategoryStatus, PlatformGoods
from .selectors import category_in_use


def _category_snapshot(category: Category) -> dict[str, Any]:
    return {
        "name": category.name,
        "icon": category.icon,
        "parent_id": category.parent_id,
        "status": category.status,
        "sort": category.sort,
    }


def _category_get(category_id: int, *, lock: bool = False) -> Category:
    queryset = Category.objects.select_for_update() if lock else Category.objects.all()
    category = queryset.filter(pk=category_id).first()
    if category is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return category


def category_create(
    *,
    actor: Session | None,
    name: str,
    icon: str = "",
    parent_id: int | None = None,
    sort: int = 0,
    status: int = CategoryStatus.ENABLED,
) -> Category:
    with transaction.atomic():
        level = 1
        if parent_id:
            parent = _category_get(parent_id)
            level = parent.level + 1
            if level > MAX_CATEGORY_DEPTH:
                raise ApplicationError(ErrorCode.CATEGORY_TOO_DEEP)
        category = Category.objects.create(
            name=name, icon=icon, parent_id=parent_id or None, level=level, sort=sort, status=status
        )
        audit_record(
            actor=actor,
            action="category.create",
            target_type="category",
            target_id=category.pk,
            after=_category_snapshot(category),
        )
    return category


def category_update(
    *, actor: Session | None, category_id: int, name: str, icon: str, sort: int
) -> Category:
    with transaction.atomic():
        category = _category_get(category_id, lock=True)
        before = _category_snapshot(category)
        category.name, category.icon, category.sort = name, icon, sort
        category.save(update_fields=["name", "icon", "sort", "updated_at"])
        audit_record(
            actor=actor,
            action="category.update",
            target_type="category",
            target_id=category.pk,
            before=before,
            after=_category_snapshot(category),
        )
    return category


def category_delete(*, actor: Session | None, category_id: int) -> None:
    with transaction.atomic():
        category = _category_get(category_id, lock=True)
        if Category.objects.filter(parent_id=category.pk).exists():
            raise ApplicationError(ErrorCode.CATEGORY_HAS_CHILDREN)
        in_use = category_in_use(category.pk)
        if in_use:
            raise ApplicationError(
                ErrorCode.CATEGORY_IN_USE,
                f"该分类下还有 {in_use} 件商品，不能删除",
                msg_en=f"{in_use} goods still use this category; it cannot be deleted",
                data={"goods_count": in_use},
            )
        before = _category_snapshot(category)
        category.delete()
        audit_record(
            actor=actor,
            action="category.delete",
            target_type="category",
            target_id=category_id,
            before=before,
        )


def _category_set(*, actor: Session | None, category_id: int, field: str, value: int) -> Category:
    with transaction.atomic():
        category = _category_get(category_id, lock=True)
        before = getattr(category, field)
        setattr(category, field, value)
        category.save(update_fields=[field, "updated_at"])
        audit_record(
            actor=actor,
            action=f"category.{field}",
            target_type="category",
            target_id=category.pk,
            before={field: before},
            after={field: value},
        )
    return category


def category_status_change(*, actor: Session | None, category_id: int, status: int) -> Category:
    return _category_set(actor=actor, category_id=category_id, field="status", value=status)


def category_sort_set(*, actor: Session | None, category_id: int, sort: int) -> Category:
    return _category_set(actor=actor, category_id=category_id, field="sort", value=sort)


def platform_goods_display_set(
    *, actor: Session | None, ids: list[int], display: bool, on_shelf_status: str
) -> int:
    with transaction.atomic():
        rows = list(PlatformGoods.objects.select_for_update().filter(pk__in=ids))
        if len(rows) != len(set(ids)):
            raise ApplicationError(ErrorCode.NOT_FOUND)
        if display:
            off = [row.pk for row in rows if row.status != on_shelf_status]
            if off:
                raise ApplicationError(
                    ErrorCode.GOODS_STATUS_NOT_ALLOWED,
                    "只有在架商品可以在平台展示",
                    msg_en="Only goods on shelf can be shown on the platform",
                    data={"ids": off},
                )
        PlatformGoods.objects.filter(pk__in=ids).update(display_status=display)
        for row in rows:
            audit_record(
                actor=actor,
                action="goods.display",
                target_type="platform_goods",
                target_id=row.pk,
                before={"display_status": row.display_status},
                after={"display_status": display},
            )
    return len(rows)


def addon_type_save(
    *,
    actor: Session | None,
    code: str,
    name: str,
    name_en: str,
    is_active: bool,
    sort: int,
) -> AddonType:
    """Adds an add-on type or changes one (by code). A disabled type is offered to no new
    add-on; add-ons already of that type keep it."""
    with transaction.atomic():
        row = AddonType.objects.select_for_update().filter(code=code).first()
        before = (
            None
            if row is None
            else {"name": row.name, "name_en": row.name_en, "is_active": row.is_active}
        )
        row = row or AddonType(code=code)
        row.name, row.name_en, row.is_active, row.sort = name, name_en, is_active, sort
        row.save()
        audit_record(
            actor=actor,
            action="addon_type.save",
            target_type="addon_type",
            target_id=row.pk,
            before=before,
            after={"code": code, "name": name, "name_en": name_en, "is_active": is_active},
        )
    return row
