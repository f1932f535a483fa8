"""Messaging adapters (the mini-program's platform). `get_messaging_provider(merchant=…)`
picks one from settings.MESSAGING_PROVIDER.

The sandbox answers WeChat's `generatescheme` as the real platform does: a
`weixin://dl/business/?t=<ticket>` scheme, a new ticket per call, valid for the days asked
(1 to 30), for a page path of the mini-program (no leading slash, no query) and a query of
at most 512 characters. Failure rules (service "messaging", operation "scheme", subject the
page path) make the next requests fail: SYSTEM_ERROR (no answer) or any other reason the
platform would give (QUOTA_EXCEEDED, INVALID_PATH).
"""

from __future__ import annotations

import re
import secrets
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from .interfaces import MessagingProvider, MiniProgramScheme, ProviderError
from .sandbox import SandboxService, merchant_adapter

SERVICE = "messaging"
SANDBOX = SandboxService(SERVICE, "the platform did not answer")
SCHEME_PREFIX = "weixin://dl/business/?t="
MAX_EXPIRE_DAYS = 30
MAX_QUERY = 512
_PAGE_PATH = re.compile(r"^[A-Za-z0-9_\-]+(/[A-Za-z0-9_\-]+)*$")


class SandboxMessagingProvider:
    name = "sandbox"

    def __init__(self, merchant: str) -> None:
        self.merchant = merchant

    def generate_scheme(self, *, path: str, query: str, expire_days: int) -> MiniProgramScheme:
        if not _PAGE_PATH.match(path) or len(path) > 100:
            raise ProviderError(
                SERVICE, f"not a page of the mini-program: {path!r}", code="INVALID_PATH"
            )
        if len(query) > MAX_QUERY:
            raise ProviderError(SERVICE, "query longer than 512 characters", code="INVALID_QUERY")
        if not 1 <= expire_days <= MAX_EXPIRE_DAYS:
            raise ProviderError(SERVICE, "expiry of 1 to 30 days", code="INVALID_EXPIRE")
        taken = SANDBOX.failure("scheme", merchant=self.merchant, subjects=[path])
        if taken.reason is not None:
            raise SANDBOX.error(taken.reason, f"the platform refused: {taken.reason}")
        return MiniProgramScheme(
            reference=SANDBOX.reference("scheme"),
            scheme=SCHEME_PREFIX + secrets.token_urlsafe(12),
            path=path,
            query=query,
            expire_at=timezone.now() + timedelta(days=expire_days),
        )


def get_messaging_provider(*, merchant: str | None = None) -> MessagingProvider:
    return merchant_adapter(
        SERVICE, settings.MESSAGING_PROVIDER, SandboxMessagingProvider, merchant
    )
