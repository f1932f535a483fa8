"""Which addresses a delivery may reach (server-side request forgery): the endpoint's host
is resolved when the delivery is sent, every address it resolves to is checked, and the
connection goes to a checked address (`sender.py`), so a name that changes between the
check and the connection (DNS rebinding) reaches nothing unchecked.

Refused: loopback, private (RFC 1918), carrier-grade NAT (100.64.0.0/10), link-local (the
cloud metadata address 169.254.169.254 among them), "this network", benchmarking,
documentation, multicast, reserved and unspecified ranges; in IPv6 the unique-local
(fc00::/7), link-local, NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo
(2001::/32) prefixes, and an IPv4 address mapped into IPv6 is judged as the IPv4 it carries.
An operator may allow a merchant private ranges (an on-premise receiver reached over a private
line): only ranges inside the private-use blocks (`GRANTABLE`), never loopback, link-local (the
metadata address), multicast or a public range; the sandbox settings allow loopback for
`make run` and the tests."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

REFUSED: tuple[tuple[str, Network], ...] = tuple(
    (name, ipaddress.ip_network(cidr))
    for name, cidr in (
        ("this network", "0.0.0.0/8"),
        ("private", "10.0.0.0/8"),
        ("carrier-grade NAT", "100.64.0.0/10"),
        ("loopback", "127.0.0.0/8"),
        ("link-local", "169.254.0.0/16"),
        ("private", "172.16.0.0/12"),
        ("IETF protocol assignments", "192.0.0.0/24"),
        ("documentation", "192.0.2.0/24"),
        ("6to4 relay", "192.88.99.0/24"),
        ("private", "192.168.0.0/16"),
        ("benchmarking", "198.18.0.0/15"),
        ("documentation", "198.51.100.0/24"),
        ("documentation", "203.0.113.0/24"),
        ("multicast", "224.0.0.0/4"),
        ("reserved", "240.0.0.0/4"),
        ("unspecified", "::/128"),
        ("loopback", "::1/128"),
        ("NAT64", "64:ff9b::/96"),
        ("NAT64", "64:ff9b:1::/48"),
        ("discard", "100::/64"),
        ("Teredo", "2001::/32"),
        ("documentation", "2001:db8::/32"),
        ("6to4", "2002::/16"),
        ("unique-local", "fc00::/7"),
        ("link-local", "fe80::/10"),
        ("multicast", "ff00::/8"),
    )
)
LOOPBACK = (ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128"))
# What an operator may allow a merchant: ranges inside these private-use blocks only.
GRANTABLE: tuple[Network, ...] = tuple(
    ipaddress.ip_network(cidr)
    for cidr in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fc00::/7")
)
GRANTABLE_TEXT = ", ".join(str(block) for block in GRANTABLE)
GRANTS_MAX = 16


def grant_problem(text: str) -> tuple[str, str] | None:
    """Why `text` may not be allowed to a merchant, as (`form`, `host_bits` or `range`, what is
    wrong), or None when it may: a network in CIDR form with no host bits set, inside one
    private-use block of `GRANTABLE`. For `host_bits` the second part is the network meant
    (10.1.2.3/16 → 10.1.0.0/16)."""
    try:
        network = ipaddress.ip_network(text.strip(), strict=True)
    except ValueError:
        try:
            meant = ipaddress.ip_network(text.strip(), strict=False)
        except ValueError:
            return (
                "form",
                f"{text!r} is not a network in CIDR form (e.g. 10.20.0.0/16), host bits clear",
            )
        return "host_bits", str(meant)
    if not any(
        network.version == block.version and network.subnet_of(block)  # type: ignore[arg-type]
        for block in GRANTABLE
    ):
        return "range", f"{network} is not inside a private-use range ({GRANTABLE_TEXT})"
    return None


def grants_parse(texts: Iterable[str]) -> tuple[Network, ...]:
    """The networks of a merchant's stored grants (each checked when it was granted)."""
    return tuple(ipaddress.ip_network(text) for text in texts)


Resolver = Callable[[str, int], list[str]]


class AddressRefused(Exception):
    """The endpoint's host is, or resolves to, an address a delivery may not reach."""

    def __init__(self, host: str, address: str, why: str) -> None:
        super().__init__(f"{host} resolves to {address} ({why}): refused")
        self.host, self.address, self.why = host, address, why


def system_resolver(host: str, port: int) -> list[str]:
    """Every address the system resolves `host` to (both families)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def _judged(address: IPAddress) -> IPAddress:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def refusal(address: IPAddress, *, allowed: Iterable[Network] = ()) -> str | None:
    """Why `address` may not be reached (None: it may)."""
    judged = _judged(address)
    if any(judged in network for network in allowed if network.version == judged.version):
        return None
    for name, network in REFUSED:
        if network.version == judged.version and judged in network:
            return name
    if not judged.is_global:
        return "not global"
    return None


@dataclass(frozen=True)
class Checked:
    host: str
    port: int
    address: str


def address_check(
    host: str,
    port: int,
    *,
    resolver: Resolver = system_resolver,
    allowed: Iterable[Network] = (),
    allow_loopback: bool = False,
) -> Checked:
    """The address to connect to for `host`: every address the name resolves to must pass
    (one bad address refuses the name: a resolver may answer either next time); raises
    AddressRefused, or OSError when the name does not resolve."""
    allow = list(allowed) + (list(LOOPBACK) if allow_loopback else [])
    try:
        literal: IPAddress | None = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        literal = None
    addresses = [str(literal)] if literal is not None else resolver(host, port)
    if not addresses:
        raise OSError(f"{host} resolves to no address")
    for text in addresses:
        why = refusal(ipaddress.ip_address(text.split("%")[0]), allowed=allow)
        if why is not None:
            raise AddressRefused(host, text, why)
    return Checked(host=host, port=port, address=addresses[0])
