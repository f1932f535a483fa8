"""sendMessage: an SMS to an order's customer from a template, through the SMS gateway, on
the order's timeline, throttled per customer, within the session's order scope."""

from __future__ import annotations

from datetime import timedelta

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.service.models import CustomerMessage
from apps.service.rules import MESSAGES_PER_DAY
from apps.subshops.tests.factories import sign_in, sub_shop_account_make, sub_shop_make
from tests.leases import awaiting_shipment, goods_on_shelf, place, placed
from zulin.providers.models import SandboxSmsMessage

SEND, PREVIEW = "/api/general/sendMessage", "/api/general/previewMessage"
SETTINGS = {"phone": "400-800-1234", "hours": "每天 09:00-21:00"}


def _sms(phone: str) -> list[SandboxSmsMessage]:
    return list(SandboxSmsMessage.objects.filter(phone=phone).order_by("id"))


def test_a_reminder_goes_to_the_customer_filled_from_the_order_and_its_bills(
    demo, demo_owner, app, offer
):
    demo_owner.post("/api/general/baseSet", SETTINGS)
    order = awaiting_shipment(demo, demo_owner, app, offer, phone="13911110001")

    preview = demo_owner.post(PREVIEW, {"order_id": order.id, "template_code": "bill_due"})
    assert preview.ok, preview
    assert preview.data["missing"] == []
    assert preview.data["text"].startswith("张*您好，您的订单" + order.no + "第2期应还")
    assert preview.data["phone"] == "139****0001"

    sent = demo_owner.post(
        SEND,
        {"order_id": order.id, "template_code": "bill_due", "idempotency_key": "msg-key-0001"},
    )
    assert sent.ok, sent
    assert sent.data["status"] == "sent"
    assert sent.data["text"] == preview.data["text"]  # the name masked where it is kept
    [sms] = _sms("13911110001")
    assert sms.template == "shop_message"
    assert "张三您好" in sms.text and "400-800-1234" in sms.text
    assert sms.params["content"].startswith("张三您好，您的订单" + order.no)
    # The same key answers the same message, sent once.
    again = demo_owner.post(
        SEND,
        {"order_id": order.id, "template_code": "bill_due", "idempotency_key": "msg-key-0001"},
    )
    assert again.data["id"] == sent.data["id"]
    assert len(_sms("13911110001")) == 1
    # On the order's timeline.
    detail = demo_owner.get("/api/merchant/orderInfo", {"id": order.id}).data
    [entry] = [t for t in detail["timeline"] if t["action"] == "order.message_sent"]
    assert entry["reason"] == "还款提醒：" + sent.data["text"]


def test_messages_are_throttled_per_customer_across_their_orders(demo, demo_owner, app, offer):
    demo_owner.post("/api/general/baseSet", SETTINGS)
    first = placed(demo, place(app, offer, key="throttle-0001", phone="13911110002"))
    second = placed(demo, place(app, offer, key="throttle-0002", phone="13911110002"))
    body = {"template_code": "service_contact"}
    for order_id in (first.id, second.id, first.id):
        assert demo_owner.post(SEND, {**body, "order_id": order_id}).ok
    refused = demo_owner.post(SEND, {**body, "order_id": second.id})
    assert refused.code == 1661, refused
    assert refused.data == {"window": "hour", "limit": 3, "sent": 3}
    assert len(_sms("13911110002")) == 3
    with tenant_context(demo):
        assert CustomerMessage.objects.filter(order_id__in=[first.id, second.id]).count() == 3
    connection.set_schema_to_public()


def test_a_template_the_order_cannot_fill_sends_nothing(demo, demo_owner, app, offer):
    # No service phone saved, and an order awaiting audit has no bill yet.
    order = placed(demo, place(app, offer, key="missing-0001", phone="13911110003"))
    answer = demo_owner.post(SEND, {"order_id": order.id, "template_code": "bill_due"})
    assert answer.code == 1662, answer
    assert set(answer.data["variables"]) == {"amount", "due_date", "period", "shop_phone"}
    assert _sms("13911110003") == []
    unknown = demo_owner.post(SEND, {"order_id": order.id, "template_code": "shop:999999"})
    assert unknown.code == 400 and "template_code" in unknown.data["fields"]


def test_a_gateway_failure_is_kept_as_failed_and_does_not_count(demo, demo_owner, app, offer):
    demo_owner.post("/api/general/baseSet", SETTINGS)
    order = placed(demo, place(app, offer, key="failing-0001", phone="13911110000"))
    answer = demo_owner.post(SEND, {"order_id": order.id, "template_code": "service_contact"})
    assert answer.code == 1012, answer
    with tenant_context(demo):
        message = CustomerMessage.objects.get(order_id=order.id)
        assert (message.status, message.sent_at) == ("failed", None)
    connection.set_schema_to_public()
    timeline = demo_owner.get("/api/merchant/orderInfo", {"id": order.id}).data["timeline"]
    assert [t["action"] for t in timeline if t["action"].startswith("order.message")] == [
        "order.message_failed"
    ]


def test_a_sub_shop_messages_its_own_orders_only_and_another_shop_none(
    demo, demo_owner, acme_owner, app, offer
):
    demo_owner.post("/api/general/baseSet", SETTINGS)
    mine = placed(demo, place(app, offer, key="subshop-0001", phone="13911110004"))
    other = placed(demo, place(app, offer, key="subshop-0002", phone="13911110005", seed=1))
    east = sub_shop_make(demo_owner, "城东店")
    sub_shop_account_make(demo_owner, east["id"], "east")
    assert demo_owner.post(
        "/api/backend/allocateToSubShop", {"ids": [mine.id], "sub_shop_id": east["id"]}
    ).ok
    clerk = sign_in("demo.localhost", "east")
    body = {"template_code": "service_contact"}

    assert clerk.post(SEND, {**body, "order_id": mine.id}).ok
    assert clerk.post(SEND, {**body, "order_id": other.id}).code == 404
    assert clerk.post(PREVIEW, {**body, "order_id": other.id}).code == 404
    assert acme_owner.post(SEND, {**body, "order_id": mine.id}).code == 404
    assert _sms("13911110005") == []


def test_the_daily_cap_counts_the_last_day_not_only_the_hour(demo, demo_owner, app, offer):
    demo_owner.post("/api/general/baseSet", SETTINGS)
    order = placed(demo, place(app, offer, key="daily-0001", phone="13911110006"))
    assert demo_owner.post(SEND, {"order_id": order.id, "template_code": "service_contact"}).ok
    with tenant_context(demo):
        sent = CustomerMessage.objects.get(order_id=order.id)
        earlier = timezone.now() - timedelta(hours=2)
        for _ in range(MESSAGES_PER_DAY - 1):
            sent.pk = None
            sent.save()
        CustomerMessage.objects.filter(order_id=order.id).update(created_at=earlier)
        # Older than a day: no longer counted.
        CustomerMessage.objects.filter(pk=sent.pk).update(created_at=earlier - timedelta(days=1))
    connection.set_schema_to_public()
    body = {"order_id": order.id, "template_code": "service_contact"}
    assert demo_owner.post(SEND, body).ok  # 9 in the day, none in the hour
    refused = demo_owner.post(SEND, body)
    assert refused.code == 1661 and refused.data["window"] == "day", refused


def test_a_text_that_would_carry_an_id_number_is_never_sent(demo, demo_owner, app):
    demo_owner.post(
        "/api/general/baseSet",
        {
            **SETTINGS,
            "templates": [{"name": "商品", "content": "{name}您好，您租用的{goods}已发货。"}],
        },
    )
    own = [t for t in demo_owner.post("/api/general/getBaseInfo").data["templates"] if t["id"]]
    offer = goods_on_shelf(demo_owner, title="手机 110101199003074514 版")
    order = placed(demo, place(app, offer, key="unsafe-0001", phone="13911110007"))
    answer = demo_owner.post(SEND, {"order_id": order.id, "template_code": own[0]["code"]})
    assert answer.code == 1663, answer
    assert _sms("13911110007") == []
