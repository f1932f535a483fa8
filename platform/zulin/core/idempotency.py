"""One answer to an idempotency key, for every money call (payments, refunds, deposit
operations, waivers, offline repayments, early settlements, write-offs, withdrawals).

A money POST carries a key; the record it made keeps it. Asked again with that key:
- the same request (the same bill, order, amount … as the call says) answers the record it
  made, changing nothing;
- another request under a key already used is refused with IDEMPOTENCY_KEY_REUSED (1101),
  changing nothing: it is never answered with the other request's record as if it were its
  own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.db import models
from django.db.models import Q

from .errors import ApplicationError, ErrorCode

T = TypeVar("T")


def key_replay(earlier: T | None, *, same: Callable[[T], bool]) -> T | None:
    """The record an earlier call under this request's key made (None: the key is new);
    refused (IDEMPOTENCY_KEY_REUSED) when that record answers another request (`same`
    false)."""
    if earlier is None:
        return None
    if not same(earlier):
        raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
    return earlier


def idempotency_unique(
    name: str, *scope: str, blank_allowed: bool = True
) -> models.UniqueConstraint:
    """The unique constraint of a record's idempotency key (within `scope`: a merchant's keys
    in the public schema), named by the model. A key left blank (a call that sent none) is no
    key."""
    return models.UniqueConstraint(
        fields=[*scope, "idempotency_key"],
        condition=~Q(idempotency_key="") if blank_allowed else None,
        name=name,
    )
