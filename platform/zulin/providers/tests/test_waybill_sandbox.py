"""The sandbox carrier's electronic waybills and door pickups (SF-like): one waybill per
order number whatever the retries, labels that read back, slots, the clock and its pushes,
failures on demand."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from decimal import Decimal
from io import BytesIO
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone
from pypdf import PdfReader

from zulin.documents.waybill_label import WAYBILL_LABEL_HEIGHT, WAYBILL_LABEL_WIDTH
from zulin.providers.express import (
    ANSWER_LOST,
    EVENT_FREIGHT,
    EVENT_PICKUP,
    EVENT_ROUTE,
    PICKUP_CANCELLED,
    RETURNED,
    SandboxExpressProvider,
    sandbox_waybill_walk,
    sandbox_waybill_walk_to,
)
from zulin.providers.interfaces import (
    PickupStatus,
    ProviderError,
    WaybillParcel,
    WaybillParty,
    WaybillStatus,
)
from zulin.providers.models import SandboxCallback, SandboxWaybill
from zulin.providers.sandbox import sandbox_failure_add

CHINA = ZoneInfo("Asia/Shanghai")
SHOP = WaybillParty("乐租仓库", "13900000000", "浙江省", "杭州市", "西湖区", "文三路 90 号")
CUSTOMER = WaybillParty("张三", "13700000000", "广东省", "深圳市", "南山区", "科技园 1 栋 101")
PARCEL = WaybillParcel("iPhone 15 Pro", Decimal("1.4"), Decimal("7999.00"))


def _create(carrier, out_no="ZLW-1-1", **changes):
    fields = {
        "out_no": out_no,
        "company_code": "SF",
        "service": "standard",
        "pay_method": "monthly",
        "monthly_account": "7551234567",
        "sender": SHOP,
        "receiver": CUSTOMER,
        "parcel": PARCEL,
        "order_no": "ZL202611290001",
        "unit_serial": "F2LXK0Q1N72J",
    } | changes
    return carrier.waybill_create(**fields)


@pytest.fixture
def carrier(db):
    return SandboxExpressProvider("demo")


def test_a_waybill_is_minted_sf_like_and_its_label_reads_back(carrier):
    waybill = _create(carrier)

    assert waybill.status is WaybillStatus.ACCEPTED
    assert waybill.waybill_no.startswith("SF") and len(waybill.waybill_no) == 15
    pdf = PdfReader(BytesIO(carrier.waybill_label(out_no="ZLW-1-1")))
    page = pdf.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
        (WAYBILL_LABEL_WIDTH, WAYBILL_LABEL_HEIGHT)
    )
    text = page.extract_text()
    for expected in (waybill.waybill_no, "ZL202611290001", "F2LXK0Q1N72J", "张三", "乐租仓库"):
        assert expected in text


def test_the_same_order_number_sent_again_answers_the_same_waybill(carrier):
    first = _create(carrier)
    again = _create(carrier)

    assert again.waybill_no == first.waybill_no
    assert SandboxWaybill.objects.count() == 1


def test_a_retry_after_an_unanswered_create_finds_the_waybill_made(carrier):
    sandbox_failure_add(service="express", operation="create", reason=ANSWER_LOST, times=1)

    with pytest.raises(ProviderError) as lost:
        _create(carrier)
    assert lost.value.code == "SYSTEM_ERROR"
    made = SandboxWaybill.objects.get()

    retried = _create(carrier)

    assert retried.waybill_no == made.waybill_no
    assert SandboxWaybill.objects.count() == 1


def test_the_order_number_used_for_another_parcel_is_refused(carrier):
    _create(carrier)

    with pytest.raises(ProviderError) as reused:
        _create(carrier, unit_serial="OTHER-SERIAL")

    assert reused.value.code == "OUT_NO_REUSED"


def test_a_merchant_does_not_see_another_merchants_order(carrier):
    _create(carrier)

    with pytest.raises(ProviderError) as missing:
        SandboxExpressProvider("other").waybill_query(out_no="ZLW-1-1")

    assert missing.value.code == "NOT_FOUND"


@pytest.mark.parametrize("reason", ["ADDRESS_UNREACHABLE", "WAYBILL_REFUSED", "DUPLICATE_ORDER"])
def test_failures_on_demand_refuse_the_order_and_make_nothing(carrier, reason):
    sandbox_failure_add(service="express", operation="create", reason=reason, times=1)

    with pytest.raises(ProviderError) as refused:
        _create(carrier)

    assert refused.value.code == reason
    assert not SandboxWaybill.objects.exists()
    assert _create(carrier).status is WaybillStatus.ACCEPTED


def test_an_incomplete_address_or_a_missing_monthly_account_is_refused(carrier):
    with pytest.raises(ProviderError) as incomplete:
        _create(carrier, receiver=WaybillParty("张三", "137", "", "深圳市", "", ""))
    with pytest.raises(ProviderError) as no_account:
        _create(carrier, monthly_account=" ")

    assert incomplete.value.code == "ADDRESS_INCOMPLETE"
    assert no_account.value.code == "MONTHLY_ACCOUNT_MISSING"


def test_the_clock_walks_the_parcel_with_a_push_each_step(carrier):
    waybill = _create(carrier)

    walked = [sandbox_waybill_walk(waybill.waybill_no).status for _ in range(4)]

    assert walked == [
        WaybillStatus.PICKED_UP,
        WaybillStatus.IN_TRANSIT,
        WaybillStatus.DELIVERED,
        WaybillStatus.DELIVERED,
    ]
    pushes = [json.loads(c.body) for c in SandboxCallback.objects.order_by("id")]
    assert [p["event_type"] for p in pushes] == [
        EVENT_ROUTE,
        EVENT_FREIGHT,
        EVENT_ROUTE,
        EVENT_ROUTE,
    ]
    assert {p["merchant"] for p in pushes} == {"demo"}
    assert all(p["data"]["out_no"] == "ZLW-1-1" for p in pushes)
    known = carrier.waybill_query(out_no="ZLW-1-1")
    assert [route.code for route in known.routes] == ["50", "30", "80"]
    # 1.4 kg: the first kilo and one more started.
    assert known.freight == Decimal("29.00")


def test_a_waybill_is_cancelled_only_before_pickup(carrier):
    first = _create(carrier)
    assert carrier.waybill_cancel(out_no="ZLW-1-1").status is WaybillStatus.CANCELLED
    assert carrier.waybill_cancel(out_no="ZLW-1-1").status is WaybillStatus.CANCELLED
    assert sandbox_waybill_walk(first.waybill_no).status is WaybillStatus.CANCELLED
    with pytest.raises(ProviderError) as no_label:
        carrier.waybill_label(out_no="ZLW-1-1")
    assert no_label.value.code == "LABEL_UNAVAILABLE"

    second = _create(carrier, out_no="ZLW-1-2")
    sandbox_waybill_walk(second.waybill_no)
    with pytest.raises(ProviderError) as too_late:
        carrier.waybill_cancel(out_no="ZLW-1-2")
    assert too_late.value.code == "NOT_CANCELLABLE"


def _tomorrow():
    return (timezone.now().astimezone(CHINA) + timedelta(days=1)).date()


def test_pickup_slots_are_two_hour_windows_in_china_time(carrier):
    slots = carrier.pickup_slots(address=CUSTOMER, day=_tomorrow())

    assert [slot.starts_at.astimezone(CHINA).hour for slot in slots] == [9, 11, 13, 15, 17]
    assert all(slot.ends_at - slot.starts_at == timedelta(hours=2) for slot in slots)


def _book(carrier, out_no="ZLP-1-1", slot=None):
    slot = slot or carrier.pickup_slots(address=CUSTOMER, day=_tomorrow())[1]
    return carrier.pickup_book(
        out_no=out_no,
        company_code="SF",
        service="standard",
        monthly_account="7551234567",
        sender=CUSTOMER,
        receiver=SHOP,
        parcel=PARCEL,
        order_no="ZL202611290001",
        unit_serial="F2LXK0Q1N72J",
        slot=slot,
    )


def test_a_door_pickup_gets_a_courier_then_the_parcel_is_picked_up(carrier):
    booked = _book(carrier)
    assert booked.status is PickupStatus.REQUESTED
    assert _book(carrier).reference == booked.reference

    sandbox_waybill_walk(booked.waybill_no)
    accepted = carrier.pickup_query(out_no="ZLP-1-1")
    sandbox_waybill_walk(booked.waybill_no)
    picked = carrier.pickup_query(out_no="ZLP-1-1")

    assert accepted.status is PickupStatus.ACCEPTED
    assert accepted.courier_name and accepted.courier_phone
    assert picked.status is PickupStatus.PICKED_UP
    assert carrier.waybill_query(out_no="ZLP-1-1").status is WaybillStatus.PICKED_UP
    kinds = [c.event_type for c in SandboxCallback.objects.order_by("id")]
    assert kinds == [EVENT_PICKUP, EVENT_ROUTE, EVENT_PICKUP, EVENT_FREIGHT]


def test_a_slot_the_carrier_does_not_offer_is_refused(carrier):
    slot = carrier.pickup_slots(address=CUSTOMER, day=_tomorrow())[0]
    odd = type(slot)(slot.starts_at + timedelta(minutes=30), slot.ends_at)

    with pytest.raises(ProviderError) as refused:
        _book(carrier, slot=odd)

    assert refused.value.code == "SLOT_UNAVAILABLE"


def test_the_shop_cancels_a_pickup_and_the_carrier_may_cancel_one(carrier):
    _book(carrier)
    assert carrier.pickup_cancel(out_no="ZLP-1-1").status is PickupStatus.CANCELLED_BY_SHOP

    other = _book(carrier, out_no="ZLP-1-2")
    sandbox_failure_add(
        service="express",
        operation="walk",
        reason=PICKUP_CANCELLED,
        subject=other.waybill_no,
        times=1,
    )
    sandbox_waybill_walk(other.waybill_no)

    cancelled = carrier.pickup_query(out_no="ZLP-1-2")
    assert cancelled.status is PickupStatus.CANCELLED_BY_CARRIER
    assert carrier.waybill_query(out_no="ZLP-1-2").status is WaybillStatus.CANCELLED


def test_a_parcel_returned_to_the_sender(carrier):
    waybill = _create(carrier)
    sandbox_waybill_walk_to(waybill.waybill_no, WaybillStatus.IN_TRANSIT)
    sandbox_failure_add(
        service="express", operation="walk", reason=RETURNED, subject=waybill.waybill_no
    )

    returned = sandbox_waybill_walk(waybill.waybill_no, at=datetime(2026, 11, 30, tzinfo=CHINA))

    assert returned.status is WaybillStatus.RETURNED
    assert returned.routes[-1].code == "99"
