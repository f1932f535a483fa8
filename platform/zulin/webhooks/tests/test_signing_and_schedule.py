"""The signing scheme agrees with the Standard Webhooks reference verifier on the raw body,
a roll signs with both secrets, and the retry schedule is the documented one."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from standardwebhooks import Webhook, WebhookVerificationError

from zulin.webhooks import schedule, signing


def _verify(secret: str, body: bytes, headers: dict[str, str]) -> object:
    return Webhook(secret).verify(body, headers)


def test_a_delivery_verifies_with_the_reference_package_on_the_raw_body():
    secret = signing.secret_new()
    body = '{"type":"order.created","data":{"name":"张三","amount":"1.10"}}'.encode()
    now = int(datetime.now(tz=UTC).timestamp())
    headers = signing.headers([secret], msg_id="evt_1", timestamp=now, body=body)
    assert _verify(secret, body, headers)["type"] == "order.created"
    # Re-serialised (the key order or the spacing changed), the body no longer verifies.
    reserialised = (
        b'{"type": "order.created", "data": {"name": "\\u5f20\\u4e09", "amount": "1.10"}}'
    )
    with pytest.raises(WebhookVerificationError):
        _verify(secret, reserialised, headers)
    with pytest.raises(WebhookVerificationError):
        _verify(signing.secret_new(), body, headers)


def test_during_a_roll_both_secrets_verify_the_same_delivery():
    old, new = signing.secret_new(), signing.secret_new()
    body = b'{"type":"ping"}'
    now = int(datetime.now(tz=UTC).timestamp())
    headers = signing.headers([new, old], msg_id="evt_2", timestamp=now, body=body)
    assert headers["webhook-signature"].count("v1,") == 2
    assert _verify(new, body, headers) == {"type": "ping"}
    assert _verify(old, body, headers) == {"type": "ping"}


def test_a_secret_is_prefixed_and_new_each_time():
    first, second = signing.secret_new(), signing.secret_new()
    assert first.startswith("whsec_") and second.startswith("whsec_")
    assert first != second
    with pytest.raises(ValueError):
        signing.signature("not-a-secret", msg_id="x", timestamp=1, body=b"")


def test_the_retry_schedule_is_the_documented_one_with_its_jitter():
    rng = random.Random(7)
    documented = [5, 300, 1800, 7200, 18000, 36000, 36000]
    for attempts_made, base in enumerate(documented, start=1):
        for _ in range(50):
            delay = schedule.retry_delay(attempts_made, rng=rng)
            assert delay is not None
            assert base * 0.8 <= delay <= base * 1.2
    assert schedule.retry_delay(8) is None  # eight attempts: failed for good
    assert schedule.ATTEMPTS_MAX == 8
    total_hours = sum(documented) / 3600
    assert 27.5 < total_hours < 27.7


def test_a_retry_after_is_honoured_as_seconds_or_a_date_and_capped():
    now = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
    assert schedule.retry_after_seconds("120", now=now) == 120
    assert schedule.retry_after_seconds("Fri, 27 Nov 2026 12:10:00 GMT", now=now) == 600
    assert schedule.retry_after_seconds("999999", now=now) == schedule.RETRY_AFTER_MAX
    assert schedule.retry_after_seconds("soon", now=now) is None
    assert schedule.retry_after_seconds(None, now=now) is None
    # After the first failure (5 s ±20 %) a Retry-After of 10 minutes waits 10 minutes.
    later = schedule.next_attempt_at(1, now=now, retry_after=600)
    assert later == now + timedelta(seconds=600)
    assert schedule.next_attempt_at(8, now=now) is None
