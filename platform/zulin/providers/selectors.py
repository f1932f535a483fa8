"""What an operator reads of the provider operations: every one stuck waiting for its
provider's result, across kinds and merchants (`manage.py stuck_operations`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.apps import apps
from django.conf import settings
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, get_tenant_model, schema_context

from .operations import ProviderOperation

# A payout is asked about again after 10 minutes (finance.payouts_resume), the night's step
# closes payments left processing: an operation waiting longer than this is worth a look.
STUCK_AFTER = timedelta(minutes=30)


@dataclass(frozen=True)
class StuckOperation:
    kind: str
    merchant: str  # the merchant's slug; its schema's, or the row's for a public operation
    reference: str  # our request number
    status: str
    waiting_since: datetime  # its last change (the request, a step before the provider)
    age: timedelta
    attempts: int  # times the provider was asked about it
    last_error: str


def operation_models() -> list[type[ProviderOperation]]:
    """Every concrete model built on `ProviderOperation`, public ones first."""
    found = [model for model in apps.get_models() if issubclass(model, ProviderOperation)]
    return sorted(found, key=lambda model: (_in_merchant_schemas(model), model._meta.label))


def _in_merchant_schemas(model: type[ProviderOperation]) -> bool:
    return model._meta.app_config.name in settings.TENANT_APPS


def stuck_operations(
    *, older_than: timedelta = STUCK_AFTER, now: datetime | None = None
) -> list[StuckOperation]:
    """Every operation still waiting (its status in its model's `WAITING`) and unchanged for
    `older_than`, of every kind: the public schema's and each merchant schema's, oldest
    first."""
    now = now or timezone.now()
    cutoff = now - older_than
    found: list[StuckOperation] = []
    models = operation_models()
    with schema_context(get_public_schema_name()):
        for model in models:
            if not _in_merchant_schemas(model):
                found += _stuck(model, cutoff, now, merchant="")
        merchants = list(
            get_tenant_model().objects.exclude(schema_name=get_public_schema_name()).order_by("pk")
        )
    for merchant in merchants:
        with schema_context(merchant.schema_name):
            for model in models:
                if _in_merchant_schemas(model):
                    found += _stuck(model, cutoff, now, merchant=getattr(merchant, "slug", ""))
    return sorted(found, key=lambda stuck: (stuck.waiting_since, stuck.kind, stuck.reference))


def _stuck(
    model: type[ProviderOperation], cutoff: datetime, now: datetime, *, merchant: str
) -> list[StuckOperation]:
    fields = [model.REFERENCE, "status", "updated_at", "attempts", "last_error"]
    if model.MERCHANT:
        fields.append(model.MERCHANT)
    rows = (
        model._default_manager.filter(status__in=model.WAITING, updated_at__lt=cutoff)
        .order_by("updated_at", "pk")
        .values(*fields)
    )
    return [
        StuckOperation(
            kind=model.KIND,
            merchant=row[model.MERCHANT] if model.MERCHANT else merchant,
            reference=row[model.REFERENCE],
            status=row["status"],
            waiting_since=row["updated_at"],
            age=now - row["updated_at"],
            attempts=row["attempts"],
            last_error=row["last_error"],
        )
        for row in rows
    ]
