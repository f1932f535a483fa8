"""The unique constraint every record kept under an idempotency key has.

Which request a key belongs to is decided once, for every call, by the request's
fingerprint (`zulin.idempotency.services`, applied by `zulin.core.routes.call`): a service
looks its earlier record up by the key alone and answers it."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


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
