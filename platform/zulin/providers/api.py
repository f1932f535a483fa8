"""Routes outside services call, answered on any host (core/tenancy.py HOST_FREE_PATHS):
providers' signed callbacks, and the sandbox cashier a payer's QR code opens."""

from __future__ import annotations

import time
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest
from ninja import Router, Schema

from zulin.core.envelope import error_for
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.routes import call

from .callbacks import SIGNATURE_HEADER, callback_receive
from .interfaces import ProviderError

callback_router = Router(tags=["callbacks"])
sandbox_router = Router(tags=["sandbox"])


class CallbackAnswerOut(Schema):
    event_id: str
    event_type: str
    status: str  # handled, ignored, duplicate


@call(
    callback_router.post,
    "/{provider}/{merchant_slug}",
    CallbackAnswerOut,
    operation_id="providerCallback",
    auth=None,
    summary="A provider's signed notification for one merchant (added; any host)",
)
def provider_callback(request: HttpRequest, provider: str, merchant_slug: str) -> Any:
    """Body: the provider's JSON event; header X-Zulin-Signature: hex HMAC-SHA256 of the body.
    Code 200 means received (again, for a replay): anything else asks the provider to
    send it again later."""
    return callback_receive(
        provider=provider,
        merchant_slug=merchant_slug,
        body=request.body,
        signature=request.headers.get(SIGNATURE_HEADER, ""),
    )


class SandboxPaymentOut(Schema):
    out_no: str
    trade_no: str
    status: str
    amount: str
    reason: str


@call(
    sandbox_router.post,
    "/payments/{trade_no}/pay",
    SandboxPaymentOut,
    operation_id="sandboxPayerPay",
    auth=None,
    summary="Sandbox only: the payer pays a QR-code payment (added; any host)",
)
def sandbox_payer_pays(request: HttpRequest, trade_no: str) -> Any:
    from .payment import sandbox_payer_pay

    try:
        result = sandbox_payer_pay(trade_no=trade_no)
    except ProviderError as error:
        raise ApplicationError(ErrorCode.NOT_FOUND) from error
    return {
        "out_no": result.out_no,
        "trade_no": result.trade_no,
        "status": result.status,
        "amount": str(result.amount),
        "reason": result.reason,
    }


class SandboxWebhookOut(Schema):
    received: str
    first_time: bool


# The sandbox receiver answers 503 (Retry-After: 5) the first time it sees every third event,
# as a receiver busy for a moment would, so the demo's deliveries show retries.
SANDBOX_WEBHOOK_BUSY_EVERY = 3
SANDBOX_WEBHOOK_SEEN_SECONDS = 7 * 24 * 3600


@call(
    sandbox_router.post,
    "/webhooks/receive",
    SandboxWebhookOut,
    operation_id="sandboxWebhookReceive",
    auth=None,
    summary="Sandbox only: a webhook receiver for the demo's endpoint (added; any host)",
)
def sandbox_webhook_receive(request: HttpRequest) -> Any:
    """Takes a Standard Webhooks delivery as a real receiver would: the three headers must be
    there and the timestamp within 5 minutes (else 400); every third event is answered 503 with
    `Retry-After` the first time it arrives, then taken."""
    event_id = request.headers.get("webhook-id", "")
    timestamp = request.headers.get("webhook-timestamp", "")
    signature = request.headers.get("webhook-signature", "")
    if not (event_id and timestamp.isdigit() and signature.startswith("v1,")):
        raise ApplicationError(ErrorCode.VALIDATION, "not a Standard Webhooks delivery")
    if abs(time.time() - int(timestamp)) > 300:
        raise ApplicationError(ErrorCode.VALIDATION, "the delivery's timestamp is too old")
    first_time = cache.add(f"sandbox-webhook:{event_id}", 1, SANDBOX_WEBHOOK_SEEN_SECONDS)
    busy = sum(event_id.encode()) % SANDBOX_WEBHOOK_BUSY_EVERY == 0
    if first_time and busy:
        response = error_for(request, ErrorCode.UNAVAILABLE)
        response["Retry-After"] = "5"
        return response
    return {"received": event_id, "first_time": first_time}
