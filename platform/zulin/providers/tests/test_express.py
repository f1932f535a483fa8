from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
from django.core.management import call_command

from zulin.providers.express import (
    DEFAULT_MILESTONES,
    ExpressMilestone,
    SandboxExpressProvider,
    get_express_provider,
)
from zulin.providers.interfaces import ProviderError, TrackingStatus
from zulin.providers.models import SandboxShipment
from zulin.providers.sandbox import sandbox_failure_add

SHIPPED_AT = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
PARCEL = {"company_code": "SF", "tracking_no": "SF1402837465921"}


@pytest.fixture
def carrier(db):
    provider = SandboxExpressProvider("demo")
    provider.register_shipment(**PARCEL, shipped_at=SHIPPED_AT)
    return provider


def test_the_carriers_a_shop_ships_with_are_listed_in_both_languages():
    companies = {company.code: company for company in SandboxExpressProvider("demo").companies()}

    assert {"SF", "JD", "EMS", "ZTO", "YTO", "STO", "YD"} <= set(companies)
    assert companies["SF"].name_zh == "顺丰速运"
    assert companies["YD"].name_en == "Yunda Express"


@pytest.mark.parametrize(
    ("hours_after", "status", "count"),
    [
        (0, TrackingStatus.COLLECTED, 1),
        (5.9, TrackingStatus.COLLECTED, 1),
        (6, TrackingStatus.IN_TRANSIT, 2),
        (24, TrackingStatus.ARRIVED, 3),
        (40, TrackingStatus.DELIVERING, 4),
        (47.99, TrackingStatus.DELIVERING, 4),
    ],
)
def test_events_appear_as_the_parcel_travels(carrier, hours_after, status, count):
    result = carrier.track(**PARCEL, now=SHIPPED_AT + timedelta(hours=hours_after))

    assert result.status is status
    assert len(result.events) == count
    assert result.delivered is False
    assert result.delivered_at is None


def test_a_parcel_not_collected_yet_has_no_events(carrier):
    result = carrier.track(**PARCEL, now=SHIPPED_AT - timedelta(minutes=1))

    assert result.status is TrackingStatus.PENDING
    assert result.events == ()
    assert result.delivered is False


def test_delivery_is_reported_with_its_time_and_the_whole_journey(carrier):
    result = carrier.track(**PARCEL, now=SHIPPED_AT + timedelta(days=5))

    assert result.delivered is True
    assert result.delivered_at == SHIPPED_AT + timedelta(hours=48)
    assert result.status is TrackingStatus.DELIVERED
    assert [event.status for event in result.events] == [
        TrackingStatus.COLLECTED,
        TrackingStatus.IN_TRANSIT,
        TrackingStatus.ARRIVED,
        TrackingStatus.DELIVERING,
        TrackingStatus.DELIVERED,
    ]
    assert [event.occurred_at - SHIPPED_AT for event in result.events] == [
        timedelta(hours=hours) for hours in (0, 6, 24, 40, 48)
    ]
    collected, departed, arrived, _, delivered = result.events
    assert "顺丰速运 已揽收" in collected.description_zh
    assert collected.description_en.startswith("Collected by SF Express in ")
    # The parcel leaves one city and is delivered in another, named in both languages.
    assert collected.location != delivered.location
    assert f"【{collected.location}】" in departed.description_zh
    assert f"【{delivered.location}】" in arrived.description_zh
    assert delivered.description_zh == "快件已签收，签收人：本人"


def test_the_journey_is_the_same_on_every_query(carrier):
    now = SHIPPED_AT + timedelta(days=3)

    assert carrier.track(**PARCEL, now=now) == SandboxExpressProvider("acme").track(
        **PARCEL, now=now
    )


def test_milestones_are_configurable(db):
    fast = SandboxExpressProvider(
        "demo",
        milestones=(
            DEFAULT_MILESTONES[0],
            ExpressMilestone(
                timedelta(minutes=30), TrackingStatus.DELIVERED, True, "已签收", "Delivered"
            ),
        ),
    )
    fast.register_shipment(company_code="JD", tracking_no="JDVA00012345678", shipped_at=SHIPPED_AT)

    early = fast.track(company_code="JD", tracking_no="JDVA00012345678", now=SHIPPED_AT)
    late = fast.track(
        company_code="JD", tracking_no="JDVA00012345678", now=SHIPPED_AT + timedelta(minutes=30)
    )

    assert early.delivered is False
    assert late.delivered is True
    assert late.delivered_at == SHIPPED_AT + timedelta(minutes=30)


def test_a_journey_must_end_in_delivery():
    with pytest.raises(ValueError):
        SandboxExpressProvider("demo", milestones=DEFAULT_MILESTONES[:-1])


def test_company_codes_and_tracking_numbers_are_read_loosely(carrier):
    result = carrier.track(company_code=" sf ", tracking_no=" sf1402837465921 ", now=SHIPPED_AT)

    assert (result.company_code, result.tracking_no) == ("SF", "SF1402837465921")


def test_registering_again_moves_the_journey(carrier):
    later = SHIPPED_AT + timedelta(days=1)
    carrier.register_shipment(**PARCEL, shipped_at=later)

    assert SandboxShipment.objects.filter(tracking_no=PARCEL["tracking_no"]).count() == 1
    assert carrier.track(**PARCEL, now=later + timedelta(hours=1)).events[0].occurred_at == later


def test_an_unknown_tracking_number_is_a_clear_not_found(carrier):
    with pytest.raises(ProviderError) as caught:
        carrier.track(company_code="SF", tracking_no="SF9999999999999", now=SHIPPED_AT)

    assert caught.value.code == "NOT_FOUND"
    assert "SF Express has no tracking information for SF9999999999999" in str(caught.value)


def test_the_same_number_with_another_carrier_is_unknown(carrier):
    with pytest.raises(ProviderError) as caught:
        carrier.track(company_code="ZTO", tracking_no=PARCEL["tracking_no"])

    assert caught.value.code == "NOT_FOUND"


@pytest.mark.parametrize(
    ("company_code", "tracking_no", "code"),
    [
        ("UPSX", "SF1402837465921", "UNKNOWN_COMPANY"),
        ("SF", "SF-1402", "INVALID_TRACKING_NO"),
        ("SF", "1234567", "INVALID_TRACKING_NO"),
        ("SF", "", "INVALID_TRACKING_NO"),
    ],
)
def test_bad_carriers_and_numbers_are_refused(db, company_code, tracking_no, code):
    provider = SandboxExpressProvider("demo")

    for call in (provider.track, provider.subscribe):
        with pytest.raises(ProviderError) as caught:
            call(company_code=company_code, tracking_no=tracking_no)
        assert caught.value.code == code
    assert not SandboxShipment.objects.exists()


def test_a_tracking_number_with_the_failing_suffix_is_an_outage(db):
    provider = SandboxExpressProvider("demo")
    parcel = {"company_code": "ZTO", "tracking_no": "7730012340000"}
    provider.register_shipment(**parcel, shipped_at=SHIPPED_AT)

    with pytest.raises(ProviderError) as caught:
        provider.track(**parcel)

    assert caught.value.code == "SYSTEM_ERROR"
    assert "unavailable" in caught.value.reason


def test_a_failure_rule_fails_the_next_queries_then_lets_them_through(carrier):
    sandbox_failure_add(service="express", operation="track", reason="SYSTEM_ERROR", times=2)

    for _ in range(2):
        with pytest.raises(ProviderError) as caught:
            carrier.track(**PARCEL, now=SHIPPED_AT)
        assert caught.value.code == "SYSTEM_ERROR"

    assert carrier.track(**PARCEL, now=SHIPPED_AT).status is TrackingStatus.COLLECTED


def test_a_failure_rule_can_aim_at_one_parcel_and_one_merchant(carrier):
    sandbox_failure_add(
        service="express",
        operation="track",
        reason="NOT_FOUND",
        merchant="acme",
        subject=PARCEL["tracking_no"],
        times=None,
    )
    acme = SandboxExpressProvider("acme")
    acme.register_shipment(company_code="JD", tracking_no="JDVA00012345678", shipped_at=SHIPPED_AT)

    with pytest.raises(ProviderError) as caught:
        acme.track(**PARCEL)

    assert caught.value.code == "NOT_FOUND"
    assert acme.track(company_code="JD", tracking_no="JDVA00012345678").delivered is True
    assert carrier.track(**PARCEL).delivered is True


def test_subscribing_starts_a_journey_once(db):
    provider = SandboxExpressProvider("demo")

    receipt = provider.subscribe(company_code="yto", tracking_no="YT7412589630125")
    first = SandboxShipment.objects.get(tracking_no="YT7412589630125")
    provider.subscribe(company_code="YTO", tracking_no="YT7412589630125")

    assert receipt.reference == "YTO:YT7412589630125"
    assert receipt.status == "subscribed"
    assert SandboxShipment.objects.get(pk=first.pk).shipped_at == first.shipped_at
    assert provider.track(company_code="YTO", tracking_no="YT7412589630125").status in (
        TrackingStatus.PENDING,
        TrackingStatus.COLLECTED,
    )


def test_deliver_now_ends_the_journey_at_the_given_moment(carrier):
    moment = SHIPPED_AT + timedelta(hours=3)

    carrier.deliver_now(**PARCEL, now=moment)

    result = carrier.track(**PARCEL, now=moment)
    assert result.delivered is True
    assert result.delivered_at == moment
    assert result.events[0].occurred_at == moment - timedelta(hours=48)


def test_the_command_delivers_a_parcel_and_prints_its_events(carrier):
    out = StringIO()

    call_command("sandbox_express", "deliver", "SF", PARCEL["tracking_no"], stdout=out)

    assert "快件已签收" in out.getvalue()
    assert "delivered: True" in out.getvalue()


def test_the_provider_is_chosen_by_settings_for_a_merchant(demo, settings):
    provider = get_express_provider(merchant="demo")
    assert isinstance(provider, SandboxExpressProvider)
    assert provider.merchant == "demo"
    with pytest.raises(ProviderError):
        get_express_provider()  # outside a merchant's schema it must be named

    settings.EXPRESS_PROVIDER = "kuaidi100"
    with pytest.raises(ProviderError):
        get_express_provider(merchant="demo")
