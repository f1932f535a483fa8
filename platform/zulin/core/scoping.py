"""Narrows store-side reads and writes to what the signed-in account may see.

A sub-merchant's token carries its sub-shop (`shop` claim, checked against the account row
in `session_from_token`). Every query of sub-shop-owned rows — lists, details and the rows an
action changes — goes through `scope_to_sub_shop` (or `scoped_get` for one row by id), so a
sub-merchant never sees or changes a sibling's rows, and a sibling's id answers NOT_FOUND like
an id that does not exist. Owners, staff, platform sessions and system work (no session) are
not narrowed.

Two shapes of ownership:
- `field`: one sub-shop id column (orders, accounts; `id` for the sub-shops themselves);
- `list_field`: a sales scope, a JSON list of sub-shop ids where an empty list means "every
  sub-shop" (goods' `sub_shop_ids`).
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from django.db.models import Model, Q, QuerySet

from .auth import Session
from .errors import ApplicationError, ErrorCode

ModelT = TypeVar("ModelT", bound=Model)


class SubShopScope(Protocol):
    """What narrowing reads: a session, or work done later for one (an export job keeps the
    sub-shop of the account that queued it)."""

    @property
    def sub_shop_id(self) -> int | None: ...


def scope_to_sub_shop(
    queryset: QuerySet[ModelT, Any],
    session: SubShopScope | None,
    *,
    field: str = "sub_shop_id",
    list_field: str | None = None,
) -> QuerySet[ModelT, Any]:
    """Rows the session may see: all of them unless the session is bound to a sub-shop."""
    sub_shop_id = session.sub_shop_id if session is not None else None
    if sub_shop_id is None:
        return queryset
    if list_field is not None:
        return queryset.filter(
            Q(**{list_field: []}) | Q(**{f"{list_field}__contains": [sub_shop_id]})
        )
    return queryset.filter(**{field: sub_shop_id})


def scoped_get(
    queryset: QuerySet[ModelT, Any],
    session: SubShopScope | None,
    *,
    pk: int,
    field: str = "sub_shop_id",
    list_field: str | None = None,
) -> ModelT:
    """One row by id within the session's scope; NOT_FOUND for a sibling's id as for none.
    Pass a `select_for_update()` queryset to lock the row for a change."""
    row = scope_to_sub_shop(queryset, session, field=field, list_field=list_field)
    found = row.filter(pk=pk).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return found


def refuse_sub_shop_session(session: Session | None) -> None:
    """For changes that reach beyond one sub-shop (a new sub-shop, merchant-wide staff): a
    session bound to a sub-shop may not make them, whatever its role allows."""
    if session is not None and session.sub_shop_id is not None:
        raise ApplicationError(ErrorCode.FORBIDDEN)
