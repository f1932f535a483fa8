"""Signed short-lived links to private files, like a presigned S3 URL.

`/api/files/<token>`: the token names the file (its id in its schema), the schema, the
account it was issued to and that account's side, an expiry and whether to show it inline,
under an HMAC-SHA256 (key derived from PRIVATE_LINK_SECRET). Downloads carry no `jwt-token`
(a browser follows the link by itself), so the signature is the authority: the link works
until it expires, only on the side and merchant host it was issued on, and only while the
account it names may still sign in (checked by the loader the composition root installs).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings

from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode

from .models import StoredFile

LINK_PREFIX = "/api/files/"
VERSION = 1
MAX_TOKEN_CHARS = 400


@dataclass(frozen=True)
class LinkClaims:
    file_id: int
    schema: str
    account_id: int | None
    side: int
    expires: int
    inline: bool


def _now() -> int:
    return int(time.time())


def _key() -> bytes:
    # Derived, so a link key never equals the JWT key even when both default to SECRET_KEY.
    secret = settings.PRIVATE_LINK_SECRET.encode()
    return hmac.new(secret, b"zulin.files.link", hashlib.sha256).digest()


def _b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _b64decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _signature(payload: str) -> str:
    return _b64encode(hmac.new(_key(), payload.encode(), hashlib.sha256).digest())


def private_file_link(
    stored: StoredFile, *, session: Session, ttl_seconds: int | None = None, inline: bool = False
) -> str:
    """A URL that serves `stored` for `ttl_seconds` (PRIVATE_LINK_TTL_SECONDS, 300 by
    default) on the host `session` is on; each read is audited in the file's schema.
    `inline` shows it in the browser (a contract PDF) instead of downloading it."""
    ttl = settings.PRIVATE_LINK_TTL_SECONDS if ttl_seconds is None else ttl_seconds
    if ttl < 1:
        raise ValueError("a link lives at least one second")
    claims = [
        VERSION,
        stored.pk,
        stored.schema_name,
        session.account.pk,
        session.side,
        _now() + ttl,
        int(inline),
    ]
    payload = _b64encode(json.dumps(claims, separators=(",", ":")).encode())
    return f"{LINK_PREFIX}{payload}.{_signature(payload)}"


def link_claims(token: str) -> LinkClaims:
    """The claims of a genuine, unexpired link; FILE_LINK_INVALID for anything malformed or
    changed, FILE_LINK_EXPIRED once its time is over."""
    payload, dot, signature = token.partition(".")
    if not dot or len(token) > MAX_TOKEN_CHARS:
        raise ApplicationError(ErrorCode.FILE_LINK_INVALID)
    if not hmac.compare_digest(signature.encode(), _signature(payload).encode()):
        raise ApplicationError(ErrorCode.FILE_LINK_INVALID)
    try:
        version, file_id, schema, account_id, side, expires, inline = json.loads(
            _b64decode(payload)
        )
        claims = LinkClaims(
            file_id=int(file_id),
            schema=str(schema),
            account_id=None if account_id is None else int(account_id),
            side=int(side),
            expires=int(expires),
            inline=bool(inline),
        )
    except (binascii.Error, ValueError, TypeError):
        # Signed by us yet unreadable: only an older format could be; refuse it.
        raise ApplicationError(ErrorCode.FILE_LINK_INVALID) from None
    if version != VERSION:
        raise ApplicationError(ErrorCode.FILE_LINK_INVALID)
    if claims.expires <= _now():
        raise ApplicationError(ErrorCode.FILE_LINK_EXPIRED)
    return claims


# account id → its display name while it may still sign in, None once it is disabled or gone.
ReaderCheck = Callable[[int], "str | None"]
_reader_check: ReaderCheck | None = None


def install_reader_check(check: ReaderCheck) -> None:
    """The composition root plugs in the account lookup (tenants.accounts): this package
    knows links, not the accounts table."""
    global _reader_check
    _reader_check = check


def reader_name(account_id: int | None) -> str | None:
    """The name the audit entry shows; None when the account may no longer read."""
    if account_id is None or _reader_check is None:
        return ""
    return _reader_check(account_id)
