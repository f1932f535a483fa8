"""The sandboxes' clock in `make run`: operations settle and callbacks go out over HTTP.
Both tasks are no-ops on work already done, so a test or a person doing it by hand first
(`manage.py sandbox complete|deliver`) does not make them act twice."""

from __future__ import annotations

from django.conf import settings

from zulin.celery import app

from .models import SandboxCallback, SandboxCallbackStatus
from .sandbox import http_transport, sandbox_callback_send

# Waits between delivery attempts: 5 s, 10 s, 20 s … at most 10 minutes.
RETRY_FIRST_SECONDS = 5
RETRY_LONGEST_SECONDS = 600


def callback_retry_delay(retries: int) -> int:
    return int(min(RETRY_FIRST_SECONDS * 2**retries, RETRY_LONGEST_SECONDS))


@app.task(name="providers.sandbox_payment_settle")
def sandbox_payment_settle(record_id: int) -> str:
    from .payment import sandbox_payment_settle_one

    result = sandbox_payment_settle_one(record_id)
    return "settled" if result is not None else "nothing to settle"


@app.task(name="providers.sandbox_credit_settle")
def sandbox_credit_settle(record_id: int) -> str:
    from .credit import sandbox_credit_settle_one

    result = sandbox_credit_settle_one(record_id)
    return "settled" if result is not None else "nothing to settle"


@app.task(name="providers.callback_deliver", bind=True, max_retries=None)
def callback_deliver(self, callback_id: int) -> str:  # type: ignore[no-untyped-def]
    callback = SandboxCallback.objects.filter(
        pk=callback_id, status=SandboxCallbackStatus.PENDING
    ).first()
    if callback is None:
        return "nothing to deliver"
    delivery = sandbox_callback_send(callback, transport=http_transport)
    if delivery.delivered:
        return "delivered"
    if self.request.retries >= settings.CALLBACK_DELIVERY_MAX_RETRIES:
        SandboxCallback.objects.filter(pk=callback_id).update(status=SandboxCallbackStatus.GIVEN_UP)
        return "given up"
    raise self.retry(countdown=callback_retry_delay(self.request.retries))


@app.task(name="providers.sandbox_econtract_sign")
def sandbox_econtract_sign(reference: str) -> str:
    """The sandbox's lessee signs by itself in `make run` (a flow already finished or
    cancelled is left as it is)."""
    from .econtract import sandbox_econtract_sign as sign
    from .interfaces import ProviderError

    try:
        return str(sign(reference).status)
    except ProviderError as exc:
        return exc.code


@app.task(name="providers.sandbox_notary_settle")
def sandbox_notary_settle(reference: str) -> str:
    """The sandbox's notary ends a submitted case by itself in `make run` (a case already
    ended or cancelled is left as it is)."""
    from .interfaces import ProviderError
    from .notary import sandbox_notary_complete

    try:
        return str(sandbox_notary_complete(reference).status)
    except ProviderError as exc:
        return exc.code


@app.task(name="providers.sandbox_credit_report_settle")
def sandbox_credit_report_settle(record_id: int) -> str:
    from .credit import sandbox_credit_report_settle_one

    result = sandbox_credit_report_settle_one(record_id)
    return "checked" if result is not None else "nothing to check"
