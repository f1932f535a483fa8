"""The Standard Webhooks signing scheme: a secret `whsec_<base64 key>`, and a signature
`v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` over the raw body. During a secret's
roll every live secret signs, the signatures separated by spaces in one header."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Iterable

PREFIX = "whsec_"
KEY_BYTES = 24


def secret_new() -> str:
    """A new endpoint secret, shown to its owner once."""
    return PREFIX + base64.b64encode(secrets.token_bytes(KEY_BYTES)).decode()


def _key(secret: str) -> bytes:
    if not secret.startswith(PREFIX):
        raise ValueError("a webhook secret starts with whsec_")
    return base64.b64decode(secret[len(PREFIX) :])


def signature(secret: str, *, msg_id: str, timestamp: int, body: bytes) -> str:
    """One `v1,…` signature of the body under `secret`."""
    signed = f"{msg_id}.{timestamp}.".encode() + body
    digest = hmac.new(_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def headers(secrets_live: Iterable[str], *, msg_id: str, timestamp: int, body: bytes) -> dict:
    """The three headers of a delivery, signed by every live secret (newest first)."""
    signatures = [signature(s, msg_id=msg_id, timestamp=timestamp, body=body) for s in secrets_live]
    if not signatures:
        raise ValueError("a delivery is signed by at least one secret")
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": " ".join(signatures),
    }
