"""Demo credit reporting: a few of the demo shop's leases that started, with the customer's
authorisation, their D1 accounts and records; one report file sent with one record the
sandbox bureau rejects, that record corrected, and a second file carrying the correction,
accepted. Made through the services; a second run adds nothing (the files are made once)."""

from __future__ import annotations

import contextlib

from django.utils import timezone

from apps.orders.reads import credit_started_lease_ids
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError
from zulin.providers.credit import sandbox_credit_reports_complete
from zulin.providers.sandbox import sandbox_callbacks_deliver, sandbox_failure_add

from . import services
from .models import CreditRecord, CreditReportFile

LEASES = 4


def _bureau_answers(slug: str) -> None:
    sandbox_credit_reports_complete(merchant=slug)
    sandbox_callbacks_deliver(merchant=slug)


def credit_showcase_load(*, actor: Session) -> dict[str, int]:
    """Answers how many records and files the shop's reporting has."""
    slug = tenant_connection.tenant.slug
    # What the providers already answered lands first: the records follow the bills as paid.
    sandbox_callbacks_deliver(merchant=slug)
    for order_id in credit_started_lease_ids()[:LEASES]:
        services.authorisation_sign(actor=actor, order_id=order_id, channel="alipay")
        with contextlib.suppress(ApplicationError):  # no contract signed through the service
            services.contract_register(actor=actor, order_id=order_id)
        services.account_open(actor=actor, order_id=order_id)
        services.records_append(actor=actor, order_id=order_id, kinds=("repayment", "overdue"))
    pending = CreditRecord.objects.filter(state="pending").order_by("id")
    if not CreditReportFile.objects.exists() and pending.count() > 1:
        period = f"{timezone.localdate():%Y-%m}"
        sandbox_failure_add(
            service="credit",
            operation="record",
            reason="E_AMOUNT",
            merchant=slug,
            subject=pending.last().record_no,  # type: ignore[union-attr]
        )
        first = services.file_generate(actor=actor, period=period)
        services.file_submit(actor=actor, file_id=first.pk)
        _bureau_answers(slug)
        for rejected in CreditRecord.objects.filter(state="rejected"):
            services.record_correct(
                actor=actor, record_id=rejected.pk, reason="金额已与账单核对 / amounts checked"
            )
        second = services.file_generate(actor=actor, period=period)
        services.file_submit(actor=actor, file_id=second.pk)
        _bureau_answers(slug)
    return {
        "records": CreditRecord.objects.count(),
        "files": CreditReportFile.objects.count(),
    }
