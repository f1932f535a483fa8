"""Nothing is ever sent to an address a delivery may not reach (checked before any
connection, with a resolver stub: no test resolves or connects to a private address), and a
delivery to a real local receiver is signed, bounded in time and never follows a redirect."""

from __future__ import annotations

import ipaddress
from datetime import UTC, datetime

import pytest
from standardwebhooks import Webhook

from tests.webhook_receiver import receiver
from zulin.webhooks import addresses, sender, signing

REFUSED_TABLE = [
    ("127.0.0.1", "loopback"),
    ("127.8.9.10", "loopback"),
    ("10.1.2.3", "private"),
    ("172.16.0.1", "private"),
    ("172.31.255.255", "private"),
    ("192.168.1.1", "private"),
    ("100.64.0.1", "carrier-grade NAT"),
    ("100.127.255.254", "carrier-grade NAT"),
    ("169.254.169.254", "link-local"),
    ("0.0.0.0", "this network"),
    ("198.18.0.5", "benchmarking"),
    ("224.0.0.1", "multicast"),
    ("255.255.255.255", "reserved"),
    ("::1", "loopback"),
    ("::", "unspecified"),
    ("fd00::1", "unique-local"),
    ("fc00::1", "unique-local"),
    ("fe80::1", "link-local"),
    ("64:ff9b::a00:1", "NAT64"),
    ("2002:a00:1::1", "6to4"),
    ("2001:0:4136:e378::1", "Teredo"),
    ("::ffff:10.0.0.1", "private"),
    ("::ffff:127.0.0.1", "loopback"),
]


def _never(host: str, port: int) -> list[str]:
    raise AssertionError("a literal address is never resolved")


@pytest.mark.parametrize(("address", "why"), REFUSED_TABLE)
def test_each_address_a_delivery_may_not_reach_is_refused_by_name(address, why):
    with pytest.raises(addresses.AddressRefused) as refused:
        addresses.address_check(address, 443, resolver=_never)
    assert refused.value.why == why


def test_a_public_address_passes_and_an_allowed_private_range_passes_for_its_merchant():
    assert addresses.address_check("8.8.8.8", 443, resolver=_never).address == "8.8.8.8"
    assert addresses.address_check("2606:4700::1111", 443, resolver=_never).address
    allowed = (ipaddress.ip_network("10.20.0.0/16"),)
    assert addresses.address_check("10.20.3.4", 443, resolver=_never, allowed=allowed)
    with pytest.raises(addresses.AddressRefused):
        addresses.address_check("10.21.3.4", 443, resolver=_never, allowed=allowed)


def test_a_name_resolving_to_a_private_address_among_public_ones_is_refused():
    def resolver(host: str, port: int) -> list[str]:
        assert host == "hooks.example.com"
        return ["93.184.216.34", "10.0.0.7"]

    with pytest.raises(addresses.AddressRefused) as refused:
        addresses.address_check("hooks.example.com", 443, resolver=resolver)
    assert refused.value.address == "10.0.0.7"


def test_a_refused_name_is_never_connected_to(monkeypatch):
    def no_connection(*args, **kwargs):
        raise AssertionError("a connection was made to a refused address")

    monkeypatch.setattr(sender.socket, "create_connection", no_connection)
    outcome = sender.deliver(
        "https://metadata.internal/latest",
        b"{}",
        {},
        resolver=lambda host, port: ["169.254.169.254"],
    )
    assert outcome.refused and outcome.status_code is None
    assert "link-local" in outcome.error


def test_the_connection_goes_to_the_checked_address_not_to_a_second_lookup(monkeypatch):
    """DNS rebinding: the name is resolved once; the socket connects to that address."""
    looked_up: list[str] = []
    connected: list[tuple] = []

    def resolver(host: str, port: int) -> list[str]:
        looked_up.append(host)
        return ["93.184.216.34"]

    def create_connection(address, timeout=None, *args, **kwargs):
        connected.append(address)
        raise OSError("stopped here")

    monkeypatch.setattr(sender.socket, "create_connection", create_connection)
    outcome = sender.deliver("http://rebind.example/hook", b"{}", {}, resolver=resolver)
    assert looked_up == ["rebind.example"]
    assert connected == [("93.184.216.34", 80)]
    assert outcome.status_code is None and "failed" in outcome.error


def test_an_address_as_written_is_checked_before_it_is_kept():
    assert sender.url_problem("https://hooks.example.com/zulin", require_https=True) is None
    assert sender.url_problem("http://hooks.example.com/", require_https=True)
    assert sender.url_problem("http://hooks.example.com/", require_https=False) is None
    assert sender.url_problem("ftp://hooks.example.com/", require_https=False)
    assert sender.url_problem("https://user:pw@hooks.example.com/", require_https=True)
    assert sender.url_problem("https:///nohost", require_https=True)
    assert sender.url_problem("https://hooks.example.com:99999/", require_https=True)


def test_a_delivery_reaches_a_local_receiver_signed_and_verifiable_on_its_raw_body():
    secret = signing.secret_new()
    body = '{"type":"ping","data":{"text":"你好"}}'.encode()
    now = int(datetime.now(tz=UTC).timestamp())
    headers = signing.headers([secret], msg_id="evt_9", timestamp=now, body=body)
    with receiver((204, {}, 0)) as (url, script):
        # Loopback is refused unless the settings allow it (the sandbox's).
        refused = sender.deliver(url, body, headers)
        assert refused.refused
        outcome = sender.deliver(url, body, headers, allow_loopback=True)
    assert outcome.delivered and outcome.status_code == 204
    ((got_headers, got_body),) = script.seen
    assert got_body == body
    assert Webhook(secret).verify(got_body, got_headers) == {
        "type": "ping",
        "data": {"text": "你好"},
    }


def test_a_redirect_is_a_failure_and_is_never_followed():
    with receiver((302, {"location": "http://127.0.0.1:1/elsewhere"}, 0)) as (url, script):
        outcome = sender.deliver(url, b"{}", {}, allow_loopback=True)
    assert outcome.status_code == 302 and not outcome.delivered
    assert len(script.seen) == 1


def test_a_receiver_slower_than_the_limit_is_a_failure_and_the_429_keeps_its_retry_after():
    with receiver((200, {}, 1.5), (429, {"retry-after": "30"}, 0)) as (url, _):
        slow = sender.deliver(url, b"{}", {}, allow_loopback=True, timeout=0.5)
        limited = sender.deliver(url, b"{}", {}, allow_loopback=True)
    assert not slow.delivered and slow.status_code is None and "timed out" in slow.error
    assert limited.status_code == 429 and limited.retry_after == "30"


@pytest.mark.parametrize(
    "network",
    ["10.20.0.0/16", "172.16.0.0/12", "192.168.5.0/24", "100.64.1.0/24", "fd12:3456::/48"],
)
def test_a_private_range_may_be_allowed_to_a_merchant(network):
    assert addresses.grant_problem(network) is None


@pytest.mark.parametrize(
    ("network", "why"),
    [
        ("10.20.0.1/16", "host_bits"),  # host bits set: the operator meant another network
        ("not-a-network", "form"),
        ("", "form"),
        ("8.8.8.0/24", "range"),
        ("0.0.0.0/0", "range"),
        ("10.0.0.0/7", "range"),  # wider than the private block it starts in
        ("127.0.0.0/8", "range"),
        ("169.254.169.254/32", "range"),  # the cloud metadata address
        ("198.18.0.0/15", "range"),
        ("fe80::/10", "range"),
        ("::1/128", "range"),
    ],
)
def test_loopback_metadata_public_and_malformed_ranges_are_never_allowed(network, why):
    assert addresses.grant_problem(network)[0] == why


def test_a_range_with_host_bits_set_names_the_network_meant():
    assert addresses.grant_problem("10.1.2.3/16") == ("host_bits", "10.1.0.0/16")
