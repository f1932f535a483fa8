"""One page of a queryset, answered as `{list, total, page, page_size}`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from ninja import Schema
from pydantic import Field

MAX_PAGE_SIZE = 100


class PageIn(Schema):
    page: int = Field(1, ge=1)
    page_size: int = Field(20, ge=1, le=MAX_PAGE_SIZE)


def page_of(
    queryset: QuerySet[Any], *, page: int, page_size: int, row: Callable[[Any], Any] | None = None
) -> dict[str, Any]:
    total = queryset.count()
    start = (page - 1) * page_size
    items = list(queryset[start : start + page_size])
    return {
        "list": [row(item) for item in items] if row else items,
        "total": total,
        "page": page,
        "page_size": page_size,
    }
