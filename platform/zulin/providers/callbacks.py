"""Our side of providers' asynchronous notifications: signatures, the handler registry and
`callback_receive`, which `POST /api/callbacks/<provider>/<merchant_slug>` calls (any host).

A callback is trusted only when its HMAC-SHA256 signature (header X-Zulin-Signature, hex,
over the raw body, keyed by the provider's secret) is right. Each (provider, event_id) is
handled once: a callback sent again is acknowledged and changes nothing. The handler runs
inside the merchant's schema; it must re-query the provider rather than trust the body (a
signed body says an event happened, the provider's record says what is true now) and be
idempotent itself (the provider may send after a failed attempt that half-ran elsewhere).

Apps register their handlers in AppConfig.ready():

    register_callback_handler("payment", "withhold", bill_payment_on_callback)

Several apps may handle one kind (a QR-code `pay` settles a customer's bill for orders and a
merchant's risk recharge for the risk balance): each handler runs, in the order registered,
and leaves alone a request number that is not its own.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django_tenants.utils import get_tenant_model, tenant_context

from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text

from .models import CallbackLogStatus, ProviderCallbackLog

logger = logging.getLogger("zulin.providers")

SIGNATURE_HEADER = "X-Zulin-Signature"
# The services that may call back; the URL's <provider> segment is one of these (the
# service, not the adapter: a handler does not change when the adapter behind it does).
CALLBACK_PROVIDERS = (
    "payment",
    "risk",
    "identity",
    "express",
    "econtract",
    "notary",
    "credit",
)


@dataclass(frozen=True)
class CallbackEvent:
    provider: str
    event_id: str
    event_type: str
    merchant: str
    data: dict[str, Any]
    created_at: str


CallbackHandler = Callable[[CallbackEvent], None]

# (provider, event type) → {the handler's module and name: handler}, in the order registered.
_handlers: dict[tuple[str, str], dict[str, CallbackHandler]] = {}


def _handler_name(handler: CallbackHandler) -> str:
    module = getattr(handler, "__module__", "") or type(handler).__module__
    name = getattr(handler, "__qualname__", "") or type(handler).__qualname__
    return f"{module}.{name}"


def register_callback_handler(provider: str, event_type: str, handler: CallbackHandler) -> None:
    """Called from AppConfig.ready(); the same handler registered again for a kind replaces
    itself (ready() may run more than once in one process), another one joins it."""
    if provider not in CALLBACK_PROVIDERS:
        raise ValueError(f"unknown callback provider {provider!r}")
    _handlers.setdefault((provider, event_type), {})[_handler_name(handler)] = handler


def callback_handlers_for(provider: str, event_type: str) -> list[CallbackHandler]:
    return list(_handlers.get((provider, event_type), {}).values())


def unregister_callback_handler(
    provider: str, event_type: str, handler: CallbackHandler | None = None
) -> None:
    """Removes `handler` from the kind (None: every handler of it)."""
    if handler is None:
        _handlers.pop((provider, event_type), None)
        return
    _handlers.get((provider, event_type), {}).pop(_handler_name(handler), None)


# --- signatures ----------------------------------------------------------------------------


def callback_secret(provider: str) -> bytes:
    """PROVIDER_CALLBACK_SECRETS[provider], else a key derived from SECRET_KEY (development:
    the sandboxes sign with the same derivation, so they agree without configuration)."""
    configured = settings.PROVIDER_CALLBACK_SECRETS.get(provider)
    if configured:
        return configured.encode()
    message = f"provider-callback:{provider}".encode()
    return hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).digest()


def callback_sign(provider: str, body: bytes) -> str:
    return hmac.new(callback_secret(provider), body, hashlib.sha256).hexdigest()


def callback_signature_valid(provider: str, body: bytes, signature: str) -> bool:
    return bool(signature) and hmac.compare_digest(callback_sign(provider, body), signature.lower())


def callback_url(*, provider: str, merchant: str) -> str:
    """Where a provider sends `merchant`'s callbacks (the notify URL a real adapter passes)."""
    return f"{settings.CALLBACK_BASE_URL.rstrip('/')}/api/callbacks/{provider}/{merchant}"


# --- receiving -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CallbackOutcome:
    event_id: str
    event_type: str
    status: str  # handled, ignored (no handler for the kind), duplicate (received before)


def _body_error(problem: Text) -> ApplicationError:
    return field_error("body", problem)


def _event_from(body: bytes, *, provider: str, merchant_slug: str) -> CallbackEvent:
    try:
        payload = json.loads(body)
    except (UnicodeDecodeError, ValueError):
        raise _body_error(Text("不是 JSON", "not JSON")) from None
    if not isinstance(payload, dict):
        raise _body_error(Text("不是 JSON 对象", "not a JSON object"))
    event_id, event_type = payload.get("event_id"), payload.get("event_type")
    if not isinstance(event_id, str) or not 0 < len(event_id) <= 64:
        raise _body_error(Text("缺少 event_id", "event_id missing"))
    if not isinstance(event_type, str) or not 0 < len(event_type) <= 40:
        raise _body_error(Text("缺少 event_type", "event_type missing"))
    data = payload.get("data")
    if not isinstance(data, dict):
        raise _body_error(Text("缺少 data", "data missing"))
    # A signed body names its merchant: a callback posted to another merchant's address
    # is refused, not handled there.
    if payload.get("provider") != provider or payload.get("merchant") != merchant_slug:
        raise _body_error(
            Text("服务方或商户与地址不符", "provider or merchant differs from the address")
        )
    return CallbackEvent(
        provider=provider,
        event_id=event_id,
        event_type=event_type,
        merchant=merchant_slug,
        data=data,
        created_at=str(payload.get("created_at", "")),
    )


def callback_receive(
    *, provider: str, merchant_slug: str, body: bytes, signature: str
) -> CallbackOutcome:
    """Verifies, records once and dispatches one callback. Raises ApplicationError:
    NOT_FOUND (unknown provider), SIGNATURE_INVALID (nothing recorded), VALIDATION (signed
    but malformed), CALLBACK_MERCHANT_UNKNOWN, CALLBACK_NOT_PROCESSED (the handler raised:
    its changes are rolled back, the log says why, and the provider is expected to send
    again)."""
    if provider not in CALLBACK_PROVIDERS:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    if not callback_signature_valid(provider, body, signature):
        logger.warning("callback with a bad signature", extra={"fields": {"provider": provider}})
        raise ApplicationError(ErrorCode.SIGNATURE_INVALID)
    event = _event_from(body, provider=provider, merchant_slug=merchant_slug)
    merchant = get_tenant_model().objects.filter(slug=merchant_slug).first()
    if merchant is None:
        raise ApplicationError(
            ErrorCode.CALLBACK_MERCHANT_UNKNOWN, data={"merchant": merchant_slug}
        )

    failure: Exception | None = None
    with transaction.atomic():
        log, created = ProviderCallbackLog.objects.select_for_update().get_or_create(
            provider=provider,
            event_id=event.event_id,
            defaults={
                "event_type": event.event_type,
                "merchant": merchant_slug,
                "payload": json.loads(body),
                "status": CallbackLogStatus.FAILED,
            },
        )
        if not created:
            log.received_count += 1
            if log.status != CallbackLogStatus.FAILED:
                log.save(update_fields=["received_count"])
                return CallbackOutcome(event.event_id, log.event_type, "duplicate")
        handlers = callback_handlers_for(provider, event.event_type)
        if not handlers:
            logger.warning(
                "callback of an unknown kind acknowledged",
                extra={"fields": {"provider": provider, "event_type": event.event_type}},
            )
            log.status = CallbackLogStatus.IGNORED
        else:
            try:
                with transaction.atomic(), tenant_context(merchant):
                    for handler in handlers:
                        handler(event)
            except Exception as exc:  # any failure: kept in the log, answered as an error
                failure = exc
                log.status = CallbackLogStatus.FAILED
                log.error = f"{exc.__class__.__name__}: {exc}"[:500]
            else:
                log.status = CallbackLogStatus.HANDLED
                log.error = ""
        log.handled_at = timezone.now() if failure is None else None
        log.save()
    if failure is not None:
        logger.error(
            "callback handler failed",
            exc_info=failure,
            extra={"fields": {"provider": provider, "event_id": event.event_id}},
        )
        raise ApplicationError(ErrorCode.CALLBACK_NOT_PROCESSED, data={"event_id": event.event_id})
    return CallbackOutcome(event.event_id, event.event_type, str(log.status))
