"""One delivery attempt: POST the JSON body to the endpoint, connected to the address that
`addresses.address_check` passed (the TLS name and the Host header stay the endpoint's), no
redirect followed, given up after 15 seconds. A 2xx in time is delivered; anything else,
a 3xx included, is a failure the schedule retries (`schedule.py`)."""

from __future__ import annotations

import http.client
import socket
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from .addresses import AddressRefused, Checked, Network, Resolver, address_check, system_resolver

TIMEOUT_SECONDS = 15.0
EXCERPT_BYTES = 1024
USER_AGENT = "Zulin-Webhooks/1"


@dataclass(frozen=True)
class Outcome:
    """What one attempt came to."""

    status_code: int | None
    duration_ms: int
    excerpt: str = ""
    retry_after: str | None = None
    error: str = ""
    refused: bool = False  # the address was refused: nothing was sent

    @property
    def delivered(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, checked: Checked, timeout: float) -> None:
        super().__init__(checked.host, checked.port, timeout=timeout)
        self._address = checked.address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, checked: Checked, timeout: float, context: ssl.SSLContext) -> None:
        super().__init__(checked.host, checked.port, timeout=timeout, context=context)
        self._address = checked.address
        self._tls = context

    def connect(self) -> None:
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._tls.wrap_socket(sock, server_hostname=self.host)


def url_problem(url: str, *, require_https: bool) -> str | None:
    """What is wrong with an endpoint's address as written (None: nothing)."""
    parts = urlsplit(url)
    if parts.scheme not in ("https", "http"):
        return "the address must start with https://"
    if require_https and parts.scheme != "https":
        return "the address must use https"
    if not parts.hostname:
        return "the address has no host"
    if parts.username or parts.password:
        return "the address may not carry a user name or password"
    if parts.fragment:
        return "the address may not carry a fragment (#…)"
    try:
        parts.port  # noqa: B018 — raises on a port out of range
    except ValueError:
        return "the address has a bad port"
    return None


def deliver(
    url: str,
    body: bytes,
    headers: dict[str, str],
    *,
    resolver: Resolver = system_resolver,
    allowed: tuple[Network, ...] = (),
    allow_loopback: bool = False,
    timeout: float = TIMEOUT_SECONDS,
    tls: ssl.SSLContext | None = None,
) -> Outcome:
    """One POST of `body` to `url`; never raises for what the receiver or the network does."""
    started = time.monotonic()

    def spent() -> int:
        return int((time.monotonic() - started) * 1000)

    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        checked = address_check(
            parts.hostname or "",
            port,
            resolver=resolver,
            allowed=allowed,
            allow_loopback=allow_loopback,
        )
    except AddressRefused as refused:
        return Outcome(None, spent(), error=str(refused), refused=True)
    except OSError as error:
        return Outcome(None, spent(), error=f"the name did not resolve: {error}")
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    connection: http.client.HTTPConnection = (
        _PinnedHTTPS(checked, timeout, tls or ssl.create_default_context())
        if parts.scheme == "https"
        else _PinnedHTTP(checked, timeout)
    )
    try:
        connection.request(
            "POST",
            target,
            body=body,
            headers={
                **headers,
                "content-type": "application/json",
                "user-agent": USER_AGENT,
            },
        )
        response = connection.getresponse()
        excerpt = response.read(EXCERPT_BYTES).decode("utf-8", "replace")
        status = response.status
        retry_after = response.getheader("retry-after")
    except (OSError, http.client.HTTPException) as error:
        kind = "timed out" if isinstance(error, TimeoutError | socket.timeout) else "failed"
        return Outcome(None, spent(), error=f"the connection {kind}: {error}"[:300])
    finally:
        connection.close()
    if spent() > timeout * 1000:
        return Outcome(None, spent(), error="no answer within 15 seconds")
    return Outcome(status, spent(), excerpt=excerpt, retry_after=retry_after)
