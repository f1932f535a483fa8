"""POST /api/callbacks/<provider>/<merchant_slug>: on any host, signed, once per event,
dispatched inside the merchant's schema."""

from decimal import Decimal

import pytest
from django_tenants.utils import tenant_context

from tests.fixtures import ApiClient
from zulin.providers.callbacks import callback_sign
from zulin.providers.models import CallbackLogStatus, ProviderCallbackLog, SandboxCallback
from zulin.providers.payment import sandbox_payments_complete
from zulin.providers.sandbox import (
    sandbox_callback_replay,
    sandbox_callbacks_deliver,
    sandbox_failure_add,
)

from .helpers import audit_entries, signed

D = Decimal


def post(path: str, body: str, signature: str | None, host: str = "bank-gateway.example"):
    extra = {"HTTP_X_ZULIN_SIGNATURE": signature} if signature is not None else {}
    return ApiClient(host).post(path, raw=body, **extra)


def event(event_id: str = "evt_1", event_type: str = "withhold", merchant: str = "demo", **data):
    return {
        "event_id": event_id,
        "event_type": event_type,
        "provider": "payment",
        "merchant": merchant,
        "created_at": "2026-01-01T00:00:00+08:00",
        "data": {"out_no": "bill-1", **data},
    }


@pytest.fixture
def withheld(pay, agreement) -> SandboxCallback:
    pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("99.00"), subject="1期")
    sandbox_payments_complete()
    return SandboxCallback.objects.get(event_type="withhold")


def test_a_signed_callback_reaches_its_handler_inside_the_merchants_schema(withheld, handler, demo):
    answer = post("/api/callbacks/payment/demo", withheld.body, withheld.signature)

    assert answer.ok, answer
    assert answer.data == {
        "event_id": withheld.event_id,
        "event_type": "withhold",
        "status": "handled",
    }
    assert handler.seen == [
        {"event_type": "withhold", "out_no": "bill-1", "status": "succeeded", "schema": "m_demo"}
    ]
    with tenant_context(demo):
        assert audit_entries("bill-1") == 1
    assert audit_entries("bill-1") == 0  # nothing written in the public schema
    log = ProviderCallbackLog.objects.get(event_id=withheld.event_id)
    assert (log.status, log.merchant, log.received_count) == ("handled", "demo", 1)


def test_a_bad_signature_is_refused_and_changes_nothing(withheld, handler):
    forged = withheld.body.replace('"99.00"', '"0.01"')

    wrong = post("/api/callbacks/payment/demo", forged, withheld.signature)
    missing = post("/api/callbacks/payment/demo", withheld.body, None)
    other_key = post("/api/callbacks/risk/demo", withheld.body, withheld.signature)

    assert wrong.code == missing.code == other_key.code == 401
    assert handler.seen == []
    assert not ProviderCallbackLog.objects.exists()
    # The genuine one is still handled afterwards: nothing squatted its event id.
    assert post("/api/callbacks/payment/demo", withheld.body, withheld.signature).ok
    assert len(handler.seen) == 1


def test_a_callback_sent_again_is_acknowledged_and_handled_once(withheld, handler, demo):
    [first] = sandbox_callbacks_deliver()
    replayed = sandbox_callback_replay(event_id=withheld.event_id)
    over_http = post("/api/callbacks/payment/demo", withheld.body, withheld.signature)

    assert first.delivered and first.answer == "handled"
    assert replayed.delivered and replayed.answer == "duplicate"
    assert over_http.ok and over_http.data["status"] == "duplicate"
    assert len(handler.seen) == 1
    with tenant_context(demo):
        assert audit_entries("bill-1") == 1
    log = ProviderCallbackLog.objects.get(event_id=withheld.event_id)
    assert log.received_count == 3
    assert SandboxCallback.objects.get(pk=withheld.pk).attempts == 2


def test_an_unknown_merchant_slug_answers_an_envelope_error(handler, demo):
    body, signature = signed("payment", event(merchant="nobody"))

    answer = post("/api/callbacks/payment/nobody", body, signature)

    assert (answer.code, answer.data) == (1901, {"merchant": "nobody"})
    assert not ProviderCallbackLog.objects.exists()


def test_a_callback_posted_to_another_merchants_address_is_refused(handler, acme):
    body, signature = signed("payment", event(merchant="demo"))

    answer = post("/api/callbacks/payment/acme", body, signature)

    assert answer.code == 400
    assert handler.seen == [] and not ProviderCallbackLog.objects.exists()


def test_an_unknown_provider_and_a_signed_body_that_is_no_event_are_refused(demo):
    body, signature = signed("payment", event())
    not_an_event = "[1,2]"

    unknown = post("/api/callbacks/paypal/demo", body, signature)
    malformed = post(
        "/api/callbacks/payment/demo", not_an_event, callback_sign("payment", not_an_event.encode())
    )

    assert unknown.code == 404
    assert malformed.code == 400 and "body" in malformed.data["fields"]
    assert not ProviderCallbackLog.objects.exists()


def test_an_event_of_an_unknown_kind_is_logged_and_acknowledged(demo):
    body, signature = signed("payment", event(event_type="mystery"))

    answer = post("/api/callbacks/payment/demo", body, signature)

    assert answer.ok and answer.data["status"] == "ignored"
    assert ProviderCallbackLog.objects.get(event_id="evt_1").status == CallbackLogStatus.IGNORED


def test_a_failing_handler_is_rolled_back_and_handled_when_sent_again(withheld, handler, demo):
    handler.failures_left = 1

    [failed] = sandbox_callbacks_deliver()

    assert not failed.delivered and failed.code == 1900
    with tenant_context(demo):
        assert audit_entries("bill-1") == 0  # the handler's writes were rolled back
    log = ProviderCallbackLog.objects.get(event_id=withheld.event_id)
    assert log.status == CallbackLogStatus.FAILED and "on purpose" in log.error
    assert SandboxCallback.objects.get(pk=withheld.pk).status == "pending"

    [retried] = sandbox_callbacks_deliver()

    assert retried.delivered and retried.answer == "handled"
    with tenant_context(demo):
        assert audit_entries("bill-1") == 1
    assert ProviderCallbackLog.objects.get(event_id=withheld.event_id).status == "handled"


def test_a_lost_callback_is_never_delivered_but_the_query_tells_the_truth(pay, agreement, handler):
    sandbox_failure_add(service="payment", operation="withhold", reason="CALLBACK_LOST")
    pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("99.00"), subject="1期")
    sandbox_payments_complete()

    assert sandbox_callbacks_deliver() == []
    assert handler.seen == []
    assert pay.query(out_no="bill-1").status == "succeeded"

    lost = SandboxCallback.objects.get(event_type="withhold")
    assert lost.status == "lost"
    assert sandbox_callback_replay(event_id=lost.event_id).delivered
    assert [seen["out_no"] for seen in handler.seen] == ["bill-1"]


def test_callbacks_of_each_merchant_run_in_that_merchants_schema(pay, handler, acme):
    from zulin.providers.payment import get_payment_provider

    acme_pay = get_payment_provider(merchant="acme")
    for provider in (pay, acme_pay):
        agreement = provider.withhold_sign(out_no="s", payer="c").agreement_no
        provider.withhold(out_no="bill-1", agreement_no=agreement, amount=D("5.00"), subject="")
    sandbox_payments_complete()

    deliveries = sandbox_callbacks_deliver()

    assert all(delivery.delivered for delivery in deliveries)
    assert sorted(seen["schema"] for seen in handler.seen) == ["m_acme", "m_demo"]
