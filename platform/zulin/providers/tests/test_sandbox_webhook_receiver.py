"""The sandbox webhook receiver the demo's endpoint points at (`make run`): it takes Standard
Webhooks deliveries as a receiver would, and is busy (503, Retry-After) the first time it sees
every third event, so the demo shows retries."""

from __future__ import annotations

import time

from django.test import Client

from zulin.webhooks import signing

URL = "/api/sandbox/webhooks/receive"


def _post(client: Client, event_id: str, *, at: float | None = None):
    body = b'{"type":"ping"}'
    headers = signing.headers(
        ["whsec_" + "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
        msg_id=event_id,
        timestamp=int(at or time.time()),
        body=body,
    )
    extra = {f"HTTP_{name.upper().replace('-', '_')}": value for name, value in headers.items()}
    return client.post(URL, body, content_type="application/json", HTTP_HOST="x.example", **extra)


def _busy_id(busy: bool) -> str:
    n = 0
    while (sum(f"evt_{n}".encode()) % 3 == 0) != busy:
        n += 1
    return f"evt_{n}"


def test_a_busy_event_is_refused_once_with_retry_after_then_taken(db):
    client = Client()
    event_id = _busy_id(True)

    first = _post(client, event_id)
    again = _post(client, event_id)

    assert first.status_code == 503 and first["Retry-After"] == "5"
    assert first.json()["code"] == 503
    assert again.status_code == 200 and again.json()["data"] == {
        "received": event_id,
        "first_time": False,
    }


def test_other_events_are_taken_at_once(db):
    answer = _post(Client(), _busy_id(False))

    assert answer.status_code == 200 and answer.json()["data"]["first_time"] is True


def test_what_is_not_a_fresh_delivery_is_refused(db):
    client = Client()
    stale = _post(client, _busy_id(False), at=time.time() - 600)
    bare = client.post(URL, b"{}", content_type="application/json", HTTP_HOST="x.example")

    assert stale.json()["code"] == 400 and bare.json()["code"] == 400
