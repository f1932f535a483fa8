"""One page of a queryset, answered as `{list, total, page, page_size}`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from ninja.errors import ValidationError

from .numbers import MAX_PAGE, MAX_PAGE_SIZE, Page, PageSize
from .schema import Schema

__all__ = ["MAX_PAGE", "MAX_PAGE_SIZE", "PageIn", "page_of"]


class PageIn(Schema):
    page: Page = 1
    page_size: PageSize = 20


def _bound_error(field: str, bound: int) -> dict[str, Any]:
    return {
        "type": "less_than_equal",
        "loc": ("query", field),
        "msg": f"Input should be less than or equal to {bound}",
        "ctx": {"le": bound},
    }


def page_of(
    queryset: QuerySet[Any],
    *,
    page: int,
    page_size: int,
    row: Callable[[Any], Any] | None = None,
    counted: QuerySet[Any] | None = None,
) -> dict[str, Any]:
    """One page of `queryset` and the total. `counted` is what to count when the page's
    query joins tables the total does not need (a to-one join that never changes it)."""
    # Schemas bound these with Page/PageSize; this also holds for a schema that does not,
    # so a page far past the end never reaches the database as an overflowing OFFSET.
    errors = [
        _bound_error(field, bound)
        for field, value, bound in (
            ("page", page, MAX_PAGE),
            ("page_size", page_size, MAX_PAGE_SIZE),
        )
        if value > bound
    ]
    if errors:
        raise ValidationError(errors)
    total = (queryset if counted is None else counted).count()
    start = (max(page, 1) - 1) * max(page_size, 1)
    items = list(queryset[start : start + page_size])
    return {
        "list": [row(item) for item in items] if row else items,
        "total": total,
        "page": page,
        "page_size": page_size,
    }
