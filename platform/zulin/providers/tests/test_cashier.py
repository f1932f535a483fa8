"""The sandbox cashier: the page a payer's phone opens from a QR code or a payment link."""

from __future__ import annotations

from decimal import Decimal as D
from urllib.parse import urlsplit

from django.test import Client

from zulin.providers.interfaces import PaymentStatus
from zulin.providers.models import SandboxCallback, SandboxPaymentRecord
from zulin.providers.payment import NO_BALANCE_PAYER_SUFFIX

PHONE = "payer-phone.example"  # any host: the cashier is the provider's, not a shop's


def _open(client: Client, url: str):  # type: ignore[no-untyped-def]
    return client.get(urlsplit(url).path, HTTP_HOST=PHONE)


def test_the_payer_opens_the_qr_code_sees_what_it_pays_and_pays_once(pay):
    created = pay.pay(out_no="link-1", payer="cust-1", amount=D("1234.50"), subject="第2期租金")
    client = Client()

    page = _open(client, created.qr_code)

    assert page.status_code == 200
    assert page["Content-Type"].startswith("text/html")
    html = page.content.decode()
    assert "¥1,234.50" in html and "第2期租金" in html and "link-1" in html
    assert "data-cashier-pay" in html and "data-cashier-result" not in html

    paid = client.post(urlsplit(created.qr_code).path, HTTP_HOST=PHONE)
    assert paid.status_code == 303 and paid["Location"] == urlsplit(created.qr_code).path
    after = _open(client, created.qr_code).content.decode()
    assert 'data-cashier-result="succeeded"' in after and "data-cashier-pay" not in after
    record = SandboxPaymentRecord.objects.get(trade_no=created.trade_no)
    assert (record.status, record.amount) == (PaymentStatus.SUCCEEDED, D("1234.50"))

    # Pressed again (a reload of the POST, a second tap): nothing moves twice.
    client.post(urlsplit(created.qr_code).path, HTTP_HOST=PHONE)
    assert SandboxCallback.objects.filter(event_type="pay").count() == 1
    assert SandboxPaymentRecord.objects.get(trade_no=created.trade_no).status == "succeeded"


def test_a_payer_without_balance_is_told_the_payment_did_not_go_through(pay):
    created = pay.pay(
        out_no="link-2", payer=f"cust-{NO_BALANCE_PAYER_SUFFIX}", amount=D("10.00"), subject=""
    )
    client = Client()

    client.post(urlsplit(created.qr_code).path, HTTP_HOST=PHONE)
    html = _open(client, created.qr_code).content.decode()

    assert 'data-cashier-result="failed"' in html and "INSUFFICIENT_BALANCE" in html
    assert "data-cashier-pay" not in html


def test_an_unknown_trade_is_a_page_saying_so_not_an_envelope(pay):
    client = Client()

    got = client.get("/sandbox/cashier/T0000", HTTP_HOST=PHONE)
    posted = client.post("/sandbox/cashier/T0000", HTTP_HOST=PHONE)

    assert got.status_code == posted.status_code == 404
    assert got["Content-Type"].startswith("text/html")
    assert 'data-cashier-result="missing"' in got.content.decode()
    assert not SandboxPaymentRecord.objects.exists()


def test_only_a_direct_payment_has_a_cashier(pay, agreement):
    withhold = pay.withhold(out_no="b-1", agreement_no=agreement, amount=D("10.00"), subject="")

    page = Client().get(f"/sandbox/cashier/{withhold.trade_no}", HTTP_HOST=PHONE)

    assert withhold.qr_code == "" and page.status_code == 404
