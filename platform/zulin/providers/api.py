"""Routes outside services call, answered on any host (core/tenancy.py HOST_FREE_PATHS):
providers' signed callbacks, and the sandbox cashier a payer's QR code opens."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router, Schema

from zulin.core.errors import ApplicationError, ErrorCode

from .callbacks import SIGNATURE_HEADER, callback_receive
from .interfaces import ProviderError

callback_router = Router(tags=["callbacks"])
sandbox_router = Router(tags=["sandbox"])


class CallbackAnswerOut(Schema):
    event_id: str
    event_type: str
    status: str  # handled, ignored, duplicate


@callback_router.post(
    "/{provider}/{merchant_slug}",
    auth=None,
    response=CallbackAnswerOut,
    operation_id="providerCallback",
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


@sandbox_router.post(
    "/payments/{trade_no}/pay",
    auth=None,
    response=SandboxPaymentOut,
    operation_id="sandboxPayerPay",
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
