"""Reminders of recovery cases: never between 21:00 and 08:00 China time (the bills' morning
run neither), at most the shop's number a day to a customer, a collector's message by hand
counted in the same day."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.db import connection
from django.test import Client
from django_tenants.utils import tenant_context

from apps.billing.models import Bill, BillPayment
from apps.billing.rent_run import reminders_morning, rent_run_night
from apps.recovery.services import case_reminders_send
from apps.service.models import CustomerMessage
from zulin.providers.models import SandboxSmsMessage
from zulin.providers.sandbox import sandbox_callbacks_deliver

from .support import case_of, night, overdue_lease

SETTINGS = {"phone": "400-800-1234", "hours": "每天 09:00-21:00"}


def _reminders(merchant, now=None):
    with tenant_context(merchant):
        done = case_reminders_send(now=now)
    connection.set_schema_to_public()
    return done


def _messages(merchant, order_id) -> list[str]:
    with tenant_context(merchant):
        found = list(
            CustomerMessage.objects.filter(order_id=order_id, status="sent")
            .order_by("id")
            .values_list("template_code", flat=True)
        )
    connection.set_schema_to_public()
    return found


def test_no_reminder_in_chinas_quiet_hours_and_one_a_day_by_default(
    demo, demo_owner, app, offer, china_clock
):
    demo_owner.post("/api/general/baseSet", SETTINGS)
    order = overdue_lease(demo, demo_owner, app, offer, days=40, n=51)
    night(demo)
    assert case_of(demo, order.id).bucket == "M2"
    for hour, minute in ((21, 0), (23, 30), (0, 30), (7, 59)):
        at = china_clock(hour, minute)
        assert _reminders(demo)["quiet"] is True, at
        with tenant_context(demo):
            assert reminders_morning()["quiet"] is True
        connection.set_schema_to_public()
    assert _messages(demo, order.id) == []

    china_clock(9, 0)
    assert _reminders(demo)["sent"] == 1
    assert _messages(demo, order.id) == ["bill_overdue"]  # M2's template
    china_clock(15, 0)
    again = _reminders(demo)
    assert (again["sent"], again["capped"]) == (0, 1)
    assert _messages(demo, order.id) == ["bill_overdue"]


def test_a_message_by_hand_counts_toward_the_day_and_is_refused_at_night(
    demo, demo_owner, app, offer, china_clock
):
    demo_owner.post("/api/general/baseSet", SETTINGS)
    order = overdue_lease(demo, demo_owner, app, offer, days=10, n=52)
    night(demo)
    case = case_of(demo, order.id)
    body = {
        "case_id": case.pk,
        "channel": "sms",
        "outcome": "no_answer",
        "template_code": "service_contact",
    }
    china_clock(22, 0)
    refused = demo_owner.post("/api/backend/addContactRecord", body)
    assert refused.code == 1664, refused
    china_clock(10, 0)
    assert demo_owner.post("/api/backend/addContactRecord", body).ok
    # The day's one message went by hand: no automatic one today.
    assert _reminders(demo)["capped"] == 1
    assert _messages(demo, order.id) == ["service_contact"]
    # A shop allowing two a day: the automatic one goes (its bucket's template, M1).
    saved = demo_owner.post(
        "/api/backend/saveRecoverySetting",
        {"m1_max_days": 30, "m2_max_days": 60, "m3_max_days": 90, "reminders_per_day": 2},
    )
    assert saved.ok, saved
    assert _reminders(demo)["sent"] == 1
    assert _messages(demo, order.id) == ["service_contact", "bill_overdue"]
    assert _reminders(demo)["capped"] == 1


def test_the_night_sends_no_reminder_any_more(demo, demo_owner, app, offer):
    order = overdue_lease(demo, demo_owner, app, offer, days=3, n=53)
    with tenant_context(demo):
        result = rent_run_night()
    connection.set_schema_to_public()
    assert "reminders" not in result
    assert _messages(demo, order.id) == []


def _texts_to(phone: str) -> list[str]:
    """What the sandbox gateway was given for a phone (kept in the public schema)."""
    connection.set_schema_to_public()
    return list(
        SandboxSmsMessage.objects.filter(phone=phone).order_by("id").values_list("text", flat=True)
    )


def test_the_payment_link_is_texted_once_counts_toward_the_day_and_never_at_night(
    demo, demo_owner, app, offer, china_clock
):
    demo_owner.post("/api/general/baseSet", SETTINGS)
    order = overdue_lease(demo, demo_owner, app, offer, days=10, n=54)
    night(demo)
    case = case_of(demo, order.id)
    body = {"case_id": case.pk, "idempotency_key": "link-sms-0054", "send_sms": True}

    china_clock(21, 30)
    refused = demo_owner.post("/api/backend/sendPaymentLink", body)
    assert refused.code == 1664, refused
    with tenant_context(demo):  # nothing made at night: no payment waiting, no message
        assert not BillPayment.objects.filter(bill__order_id=order.id, status="processing").exists()
    connection.set_schema_to_public()
    assert _texts_to("13911110054") == []

    china_clock(10, 0)
    link = demo_owner.post("/api/backend/sendPaymentLink", body)
    assert link.ok, link
    sms = link.data["sms"]
    assert (sms["status"], sms["error_code"]) == ("sent", None), sms
    assert sms["phone"] != "13911110054" and sms["phone"].endswith("0054")
    assert link.data["pay_url"] in sms["text"] and link.data["amount"] in sms["text"]
    [texted] = _texts_to("13911110054")
    assert link.data["pay_url"] in texted and "400-800-1234" in texted
    # The same key: the same payment and message, nothing texted again.
    again = demo_owner.post("/api/backend/sendPaymentLink", body)
    assert again.data["out_trade_no"] == link.data["out_trade_no"]
    assert again.data["sms"]["message_id"] == sms["message_id"]
    assert len(_texts_to("13911110054")) == 1
    # It was the customer's message of the day: no automatic reminder today.
    assert _reminders(demo)["capped"] == 1
    assert _messages(demo, order.id) == ["payment_link"]
    # On the case, who sent which link and that it was texted.
    events = demo_owner.get("/api/backend/getRecoveryCase", {"case_id": case.pk}).data["events"]
    [sent] = [e for e in events if e["action"] == "recovery_case.payment_link"]
    assert sent["after"]["sms"] == "sent"


def test_the_customer_opens_the_texted_link_on_a_phone_and_pays_the_debt(
    demo, demo_owner, app, offer, china_clock
):
    china_clock(10, 0)
    demo_owner.post("/api/general/baseSet", SETTINGS)
    order = overdue_lease(demo, demo_owner, app, offer, days=10, n=56)
    night(demo)
    case = case_of(demo, order.id)
    body = {"case_id": case.pk, "idempotency_key": "link-sms-0056", "send_sms": True}
    link = demo_owner.post("/api/backend/sendPaymentLink", body)
    assert link.ok, link

    # The customer's phone: the link as the gateway was given it, opened in a browser.
    [texted] = _texts_to("13911110056")
    # As a phone finds it: the link ends at the first space.
    [url] = re.findall(r"https?://\S+", texted)
    assert url == link.data["pay_url"]
    phone = Client()
    path = urlsplit(link.data["pay_url"]).path
    page = phone.get(path, HTTP_HOST="m.payer.example")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    html = page.content.decode()
    assert f"¥{link.data['amount']}" in html.replace(",", "") and "data-cashier-pay" in html

    assert phone.post(path, HTTP_HOST="m.payer.example").status_code == 303
    after = phone.get(path, HTTP_HOST="m.payer.example").content.decode()
    assert 'data-cashier-result="succeeded"' in after
    sandbox_callbacks_deliver(merchant=demo.slug)
    connection.set_schema_to_public()

    # Our books: the bill the link was for is paid through the one settling path, the
    # case closes.
    with tenant_context(demo):
        bill = Bill.objects.get(order_id=order.id, period=link.data["period"])
        assert bill.status == "paid"
    connection.set_schema_to_public()
    assert case_of(demo, order.id).state == "closed"


def test_a_payment_link_the_throttle_refuses_to_text_stands_with_why(
    demo, demo_owner, app, offer, china_clock
):
    china_clock(10, 0)
    demo_owner.post("/api/general/baseSet", SETTINGS)
    order = overdue_lease(demo, demo_owner, app, offer, days=10, n=55)
    night(demo)
    case = case_of(demo, order.id)
    for _ in range(3):  # the customer's messages of the hour, by hand
        sent = demo_owner.post(
            "/api/general/sendMessage", {"order_id": order.id, "template_code": "bill_overdue"}
        )
        assert sent.ok, sent
    link = demo_owner.post(
        "/api/backend/sendPaymentLink",
        {"case_id": case.pk, "idempotency_key": "link-sms-0055", "send_sms": True},
    )
    assert link.ok, link
    assert link.data["pay_url"] and link.data["status"] == "processing"
    assert (link.data["sms"]["status"], link.data["sms"]["error_code"]) == ("failed", 1661)
    assert link.data["sms"]["error"]
    assert len(_texts_to("13911110055")) == 3
