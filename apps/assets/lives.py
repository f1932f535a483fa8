"""A device's life and residual, set by the shop per goods category (issue 63, docs/assets.md
"What each device earned"): the straight line of its book value runs from the cost basis
down to the residual share of it over the life. A category the shop has not set follows the
default of its kind of device (its checklist's base: phones 24 months, laptops 36), 10 %
residual. A report figure, never a journal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction

from apps.goods.selectors import sku_categories
from tenants.catalog.selectors import category_names
from zulin.audit.services import actor_name, audit_record
from zulin.core.auth import Session
from zulin.core.errors import field_error
from zulin.core.i18n import Text

from . import inspection_rules as rules
from .models import CategoryLife, Unit

DEFAULT_LIFE_MONTHS = {"phone": 24, "laptop": 36}
DEFAULT_RESIDUAL_RATE = Decimal("0.10")
LIFE_MONTHS_MAX = 120
RESIDUAL_PERCENT_MAX = Decimal(90)


@dataclass(frozen=True)
class Life:
    months: int
    residual_rate: Decimal  # a share of the cost basis
    custom: bool  # set by the shop (else the default of its kind of device)


def percent_text(rate: Decimal) -> str:
    """A share as the percent people read: 0.1 → "10", 0.125 → "12.5"."""
    return f"{(rate * 100).normalize():f}"


def default_life(category_name: str) -> Life:
    base = rules.base_of_category(category_name)
    return Life(DEFAULT_LIFE_MONTHS[base], DEFAULT_RESIDUAL_RATE, custom=False)


def _life(category_id: int | None, name: str, saved: dict[int, CategoryLife]) -> Life:
    row = saved.get(category_id) if category_id is not None else None
    if row is None:
        return default_life(name)
    return Life(row.life_months, row.residual_rate, custom=True)


def lives_by_sku(
    sku_ids: Iterable[int], *, categories: Mapping[int, tuple[int | None, str]] | None = None
) -> dict[int, Life]:
    """Each SKU's life by its goods' category: the shop's, else the default of its kind.
    `categories`: the SKUs' `sku_categories` when the caller read them already."""
    if categories is None:
        categories = sku_categories(set(sku_ids))
    wanted = {category_id for category_id, _ in categories.values() if category_id is not None}
    saved = {row.category_id: row for row in CategoryLife.objects.filter(category_id__in=wanted)}
    return {
        sku_id: _life(category_id, name, saved)
        for sku_id, (category_id, name) in categories.items()
    }


def _row(category_id: int, name: str, saved: dict[int, CategoryLife]) -> dict[str, Any]:
    life, default = _life(category_id, name, saved), default_life(name)
    row = saved.get(category_id)
    return {
        "category_id": category_id,
        "category_name": name,
        "base": rules.base_of_category(name),
        "life_months": life.months,
        "residual_rate": percent_text(life.residual_rate),
        "custom": life.custom,
        "default_life_months": default.months,
        "default_residual_rate": percent_text(default.residual_rate),
        "updated_by_name": row.updated_by_name if row else "",
        "updated_at": row.updated_at if row else None,
    }


def life_list() -> dict[str, Any]:
    """The categories of the shop's devices, and any it has set, each with its life and
    residual (its own or the default) and the default beside it."""
    sku_ids = Unit.objects.values_list("sku_id", flat=True).distinct()
    unit_categories = {c for c, _ in sku_categories(set(sku_ids)).values() if c is not None}
    saved = {row.category_id: row for row in CategoryLife.objects.all()}
    wanted = unit_categories | set(saved)
    names = category_names(wanted)
    return {
        "categories": [
            _row(category_id, names.get(category_id, ""), saved) for category_id in sorted(wanted)
        ]
    }


def _residual_share(percent: Decimal) -> Decimal:
    try:
        share = (Decimal(percent) / 100).quantize(Decimal("0.0001"))
    except (InvalidOperation, ArithmeticError):
        share = Decimal(-1)
    if not (0 <= share <= RESIDUAL_PERCENT_MAX / 100) or share * 100 != Decimal(percent):
        raise field_error(
            "residual_rate",
            Text(
                "应为 0 到 90 之间的百分比（最多两位小数）", "a percent from 0 to 90 (two decimals)"
            ),
        )
    return share


def life_save(
    *,
    actor: Session | None,
    category_id: int,
    life_months: int | None,
    residual_rate: Decimal | None,
) -> dict[str, Any]:
    """Sets a category's life (months) and residual (a percent of the cost basis); both
    None: back to the default of its kind of device. Audited. Answers the category's row."""
    names = category_names({category_id})
    if not names:
        raise field_error("category_id", Text("类目不存在", "no such category"))
    setting: tuple[int, Decimal] | None = None  # None: back to the default
    if life_months is not None or residual_rate is not None:
        if life_months is None or not 1 <= life_months <= LIFE_MONTHS_MAX:
            raise field_error("life_months", Text("应为 1 到 120 个月", "from 1 to 120 months"))
        if residual_rate is None:
            raise field_error("residual_rate", Text("必填", "required"))
        setting = (life_months, _residual_share(residual_rate))
    with transaction.atomic():
        row = CategoryLife.objects.select_for_update().filter(category_id=category_id).first()
        before = (
            {"life_months": row.life_months, "residual_rate": str(row.residual_rate)}
            if row is not None
            else None
        )
        after: dict[str, Any] | None = None
        if setting is None:
            if row is not None:
                row.delete()
        else:
            row = row or CategoryLife(category_id=category_id)
            row.life_months, row.residual_rate = setting
            row.updated_by_name = actor_name(actor)[:64]
            row.save()
            after = {"life_months": row.life_months, "residual_rate": str(row.residual_rate)}
        audit_record(
            actor=actor,
            action="asset_life.save",
            target_type="category_life",
            target_id=category_id,
            before=before,
            after=after,
        )
    saved = {row.category_id: row for row in CategoryLife.objects.filter(category_id=category_id)}
    return _row(category_id, names[category_id], saved)
