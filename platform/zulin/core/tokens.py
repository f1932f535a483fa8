"""Session tokens: HS256 JWTs bound to one side, one tenant and one token version."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache

import jwt
from django.conf import settings

ALGORITHM = "HS256"
REQUIRED_CLAIMS = ["sub", "pt", "ver", "iat", "exp"]


@dataclass(frozen=True)
class TokenClaims:
    account_id: int
    platform_type: int
    tenant: str | None
    sub_shop_id: int | None
    role_id: int | None
    version: int
    remember: bool


def issue_token(claims: TokenClaims) -> tuple[str, datetime]:
    now = datetime.now(tz=UTC)
    expires = now + (settings.JWT_REMEMBER_TTL if claims.remember else settings.JWT_TTL)
    payload = {
        "sub": str(claims.account_id),
        "pt": claims.platform_type,
        "ten": claims.tenant,
        "shop": claims.sub_shop_id,
        "role": claims.role_id,
        "ver": claims.version,
        "rem": claims.remember,
        "iat": now,
        "exp": expires,
    }
    return jwt.encode(payload, settings.JWT_SECRET, algorithm=ALGORITHM), expires


def read_token(token: str) -> TokenClaims | None:
    """The claims of a valid token; None for anything expired, tampered or malformed."""
    try:
        claims, expires_at = _verified(settings.JWT_SECRET, token)
    except (jwt.PyJWTError, TypeError, ValueError):
        return None
    # A verified token is remembered, so its expiry is checked here on every use (as PyJWT
    # does: expired once `exp` is not after now).
    return claims if expires_at > time.time() else None


@lru_cache(maxsize=4096)
def _verified(secret: str, token: str) -> tuple[TokenClaims, int]:
    """A token's signature and claims checked once per process (PyJWT parses the key and
    the token each time: a sixth of a warm call's own work). Only valid tokens are kept
    (an exception is not cached); the secret is part of the key, so a new one checks again.
    What a session may do is checked apart from this on every request (token version,
    account and merchant state), so revocation is not delayed."""
    payload = jwt.decode(
        token, secret, algorithms=[ALGORITHM], options={"require": REQUIRED_CLAIMS}
    )
    claims = TokenClaims(
        account_id=int(payload["sub"]),
        platform_type=int(payload["pt"]),
        tenant=payload.get("ten"),
        sub_shop_id=payload.get("shop"),
        role_id=payload.get("role"),
        version=int(payload["ver"]),
        remember=bool(payload.get("rem", False)),
    )
    return claims, int(payload["exp"])
