"""Addresses of what a customer opens: payment links and their QR codes and SMS, share links.

Every link sent to a customer is built here from one setting, `PUBLIC_WEB_ORIGIN` (the web
front end's origin, where customers are served), never from the API's own address
(`CALLBACK_BASE_URL`, which stays for providers' server-to-server callbacks): pointing that
one setting at a LAN address makes every link open on a phone (docs/configuration.md).
The settings are read at each call, so a changed setting holds at once."""

from __future__ import annotations

from django.conf import settings


def public_web_url(path: str = "") -> str:
    """`path` on the customer-facing origin ("/sandbox/cashier/T1" → "<origin>/sandbox/…")."""
    origin = str(settings.PUBLIC_WEB_ORIGIN).rstrip("/")
    return f"{origin}/{path.lstrip('/')}" if path else origin


def sandbox_cashier_url(trade_no: str) -> str:
    """The sandbox cashier's page of one trade: the front end serves it (proxied to the API),
    unless `SANDBOX_CASHIER_BASE_URL` names a cashier of its own."""
    base = str(settings.SANDBOX_CASHIER_BASE_URL or public_web_url("/sandbox/cashier"))
    return f"{base.rstrip('/')}/{trade_no}"


def share_link_base(slug: str) -> str:
    """Where a shop's share links point: its H5 pages, `<origin>/h5/<slug>` on the public web
    origin unless `SHARE_LINK_BASE_URL` (with `{slug}`) names the H5 pages' own address."""
    base = str(settings.SHARE_LINK_BASE_URL or public_web_url("/h5/{slug}"))
    return base.format(slug=slug).rstrip("/")
