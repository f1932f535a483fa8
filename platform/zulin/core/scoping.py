"""Narrows store-side reads to what the signed-in account may see.

A sub-merchant's token carries its sub-shop (`shop` claim, checked against the account row
in `session_from_token`); every read of sub-shop-owned rows goes through
`scope_to_sub_shop`, so a sub-merchant never sees a sibling's rows and a sibling's id
answers NOT_FOUND like any id that does not exist.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db.models import Model, QuerySet

from .auth import Session

ModelT = TypeVar("ModelT", bound=Model)


def scope_to_sub_shop(
    queryset: QuerySet[ModelT, Any], session: Session, *, field: str = "sub_shop_id"
) -> QuerySet[ModelT, Any]:
    """Rows of the session's sub-shop only, when it has one; `field` names the sub-shop id
    column (`id` for the sub-shops themselves)."""
    if session.sub_shop_id is None:
        return queryset
    return queryset.filter(**{field: session.sub_shop_id})
