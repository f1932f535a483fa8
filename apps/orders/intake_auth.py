"""Signed application keys of the shop's customer-facing app (mini-program/H5).

Every `/api/applet/` intake call carries, beside its body:
- `X-App-Id`: the key's id (`IntakeKey.app_id`, of the merchant whose host is called);
- `X-Timestamp`: Unix seconds, within `SIGNATURE_WINDOW_SECONDS` of the server's clock;
- `X-Nonce`: 8–64 characters, never used twice by the key (kept a day);
- `X-Signature`: hex HMAC-SHA256 with the key's secret over
  `METHOD \\n path-with-query \\n timestamp \\n nonce \\n hex SHA-256 of the body`.
A missing, stale, replayed or wrong signature answers INTAKE_SIGNATURE_INVALID and nothing
runs. A back-office `jwt-token` is not accepted here, nor a key of another merchant.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone
from ninja.security.base import AuthBase

from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode

from .models import IntakeKey, IntakeNonce

SIGNATURE_WINDOW_SECONDS = 300


def signature_for(
    *, secret: str, method: str, path: str, timestamp: str, nonce: str, body: bytes
) -> str:
    message = "\n".join(
        [method.upper(), path, timestamp, nonce, hashlib.sha256(body).hexdigest()]
    ).encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def signed_headers(
    *, app_id: str, secret: str, method: str, path: str, body: bytes
) -> dict[str, str]:
    """The headers a client sends (tests, the demo loader and the Playwright support use
    this; the app does the same in its own language)."""
    timestamp, nonce = str(int(time.time())), secrets.token_hex(12)
    return {
        "X-App-Id": app_id,
        "X-Timestamp": timestamp,
        "X-Nonce": nonce,
        "X-Signature": signature_for(
            secret=secret, method=method, path=path, timestamp=timestamp, nonce=nonce, body=body
        ),
    }


def intake_key_create(
    *, name: str, channel: str = "", actor: Session | None = None
) -> tuple[IntakeKey, str]:
    """A new key; the secret is answered once, here (kept encrypted, never shown again)."""
    secret = secrets.token_urlsafe(32)
    with transaction.atomic():
        key = IntakeKey.objects.create(
            app_id=f"app_{secrets.token_hex(8)}", secret=secret, name=name, channel=channel
        )
        audit_record(
            actor=actor,
            action="intake.key_create",
            target_type="intake_key",
            target_id=key.app_id,
            after={"name": name, "channel": channel},
        )
    return key, secret


def intake_key_status_set(*, actor: Session, app_id: str, active: bool) -> IntakeKey:
    """Turns a key off (a leaked secret: its calls are refused from the next one) or on."""
    with transaction.atomic():
        key = IntakeKey.objects.select_for_update().filter(app_id=app_id).first()
        if key is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        if key.is_active != active:
            key.is_active = active
            key.save(update_fields=["is_active"])
            audit_record(
                actor=actor,
                action="intake.key_status",
                target_type="intake_key",
                target_id=key.app_id,
                before={"is_active": not active},
                after={"is_active": active},
            )
    return key


def _refuse() -> ApplicationError:
    return ApplicationError(ErrorCode.INTAKE_SIGNATURE_INVALID)


class AppSignatureAuth(AuthBase):
    """Ninja auth of the intake calls: answers the verified `IntakeKey`."""

    openapi_type = "apiKey"
    openapi_name = "X-Signature"
    openapi_in = "header"

    def __call__(self, request: HttpRequest) -> Any:
        if getattr(request, "tenant", None) is None or request.side != 1:  # type: ignore[attr-defined]
            raise ApplicationError(ErrorCode.WRONG_SIDE)
        headers = request.headers
        app_id, timestamp = headers.get("X-App-Id", ""), headers.get("X-Timestamp", "")
        nonce, signature = headers.get("X-Nonce", ""), headers.get("X-Signature", "")
        if not (app_id and timestamp.isdigit() and 8 <= len(nonce) <= 64 and signature):
            raise _refuse()
        if abs(time.time() - int(timestamp)) > SIGNATURE_WINDOW_SECONDS:
            raise _refuse()
        key = IntakeKey.objects.filter(app_id=app_id[:32], is_active=True).first()
        if key is None:
            raise _refuse()
        expected = signature_for(
            secret=key.secret,
            method=request.method or "GET",
            path=request.get_full_path(),
            timestamp=timestamp,
            nonce=nonce,
            body=request.body,
        )
        if not hmac.compare_digest(expected, signature):
            raise _refuse()
        try:
            with transaction.atomic():
                IntakeNonce.objects.create(app_id=key.app_id, nonce=nonce)
        except IntegrityError:
            raise _refuse() from None
        return key


def intake_nonces_prune() -> int:
    """Nonces older than a day can go: their timestamps are long outside the window."""
    cutoff = timezone.now() - timedelta(days=1)
    return IntakeNonce.objects.filter(created_at__lt=cutoff).delete()[0]
