"""Every link sent to a customer is on the customer-facing origin (PUBLIC_WEB_ORIGIN), never
on the API's own address: after a lease signed through its contract, a payment link texted
from a recovery case and a share link, nothing the sandbox kept for a customer names the
API's bind address (docs/configuration.md, "Links sent to customers")."""

from __future__ import annotations

from datetime import datetime
from urllib.parse import urlsplit

from django.db import connection
from django.test import Client
from django_tenants.utils import tenant_context

from apps.orders.models import Order
from apps.service.models import CustomerMessage
from tests.leases import provider_settles
from zulin.providers.models import SandboxSmsMessage

from .support import CASE, case_of, night, overdue_lease

# The API as bound on this machine (providers' callbacks reach it there), and the public
# web origin a phone on the LAN opens.
API_BIND = "http://10.20.30.40:8123"
PUBLIC = "http://192.168.1.20:3000"


def test_links_sent_to_customers_are_on_the_public_web_origin_never_the_api(
    settings, demo, demo_owner, app, offer, china_clock
):
    settings.CALLBACK_BASE_URL = API_BIND
    settings.PUBLIC_WEB_ORIGIN = PUBLIC
    china_clock(11)  # outside the quiet hours: the link is texted
    demo_owner.post("/api/general/baseSet", {"phone": "400-800-1234", "hours": "每天 09:00-21:00"})
    order = overdue_lease(demo, demo_owner, app, offer, days=10, n=41)  # its contract signed
    night(demo)

    link = demo_owner.post(
        "/api/backend/sendPaymentLink",
        {"case_id": case_of(demo, order.id).pk, "idempotency_key": "public-0041", "send_sms": True},
    )
    assert link.ok, link
    pay_url = link.data["pay_url"]
    assert pay_url == f"{PUBLIC}/sandbox/cashier/{urlsplit(pay_url).path.rsplit('/', 1)[-1]}"
    assert link.data["sms"]["status"] == "sent", link.data["sms"]
    share = demo_owner.post(
        "/api/general/shareLink", {"name": "朋友圈", "channel": "h5", "landing_type": "shop"}
    )
    assert share.ok, share
    assert share.data["url"] == f"{PUBLIC}/h5/demo?share={share.data['code']}"

    connection.set_schema_to_public()
    texted = [f"{m.text} {m.params}" for m in SandboxSmsMessage.objects.all()]
    with tenant_context(demo):
        messages = [m.text for m in CustomerMessage.objects.all()]
    assert any(pay_url in text for text in texted), texted
    api_host = urlsplit(API_BIND).netloc
    for kept in [*texted, *messages, str(link.data), str(share.data)]:
        assert api_host not in kept and "127.0.0.1:8000" not in kept, kept


def test_a_payment_link_made_and_paid_shows_on_the_cases_log(demo, demo_owner, app, offer):
    order = overdue_lease(demo, demo_owner, app, offer, days=10, n=42)
    night(demo)
    case_id = case_of(demo, order.id).pk
    link = demo_owner.post(
        "/api/backend/sendPaymentLink", {"case_id": case_id, "idempotency_key": "log-0042"}
    )
    assert link.ok, link

    [made] = demo_owner.get(CASE, {"case_id": case_id}).data["payment_links"]
    assert (made["out_trade_no"], made["amount"], made["status"]) == (
        link.data["out_trade_no"],
        link.data["amount"],
        "processing",
    )
    assert made["paid_amount"] is None and made["actor"]
    # The cashier the link opens names whom the customer pays and for what.
    with tenant_context(demo):
        goods = Order.objects.get(pk=order.id).goods_title
    connection.set_schema_to_public()
    page = Client().get(urlsplit(link.data["pay_url"]).path, HTTP_HOST="192.168.1.20").content
    assert demo.name in page.decode() and goods in page.decode()
    provider_settles(demo, customer_pays=link.data["out_trade_no"])

    [paid] = demo_owner.get(CASE, {"case_id": case_id}).data["payment_links"]
    assert (paid["status"], paid["paid_amount"]) == ("succeeded", link.data["amount"])
    paid_at, made_at = (datetime.fromisoformat(paid[f]) for f in ("paid_at", "created_at"))
    assert paid_at >= made_at
