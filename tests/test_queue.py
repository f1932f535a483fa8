"""Work queued by a call: sent once the call commits, in the sender's schema; with the broker
down or hung, a call that must queue answers 503 and changes nothing, and a call that can do
without the queue is still served. The broker is a redis-server of the test's own, stopped
and paused for real."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from django.db import transaction
from django.test import RequestFactory, override_settings
from django_tenants.utils import tenant_context

from apps.goods.tasks import goods_reproject
from tenants.merchants.tests.test_api_merchants import _onboarding
from tenants.workbench.models import ShortcutPin
from tests.own_redis import OwnRedis
from zulin.celery import app
from zulin.core import queue
from zulin.core.envelope import error_response
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.queue import queue_on_commit

PIN_ACCOUNT = 990_001


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[OwnRedis]:
    """Points the Celery app at a redis-server of the test's own."""
    server = OwnRedis(tmp_path)
    server.start()
    saved_url = app.conf.broker_url
    app.conf.broker_url = f"redis+socket://{server.socket}"
    _forget_connections()
    with override_settings(CACHE_CIRCUIT_SECONDS=0.5, CACHE_SOCKET_TIMEOUT=0.2):
        try:
            yield server
        finally:
            _forget_connections(close=True)
            server.stop()
            app.conf.broker_url = saved_url


def _forget_connections(*, close: bool = False) -> None:
    """The app keeps its broker's connection pool (kombu's, shared per URL): only the pool
    of our own server is closed, the machine's is left for the tests that follow."""
    if close and app._pool is not None:
        app._pool.force_close_all()
    app._pool = None
    app.amqp._producer_pool = None
    queue._clients.clear()
    queue.broker_circuit.open_until = 0.0


def _queued(server: OwnRedis, queue: str = "celery") -> list[dict]:
    """The messages waiting in one of the broker's queues (the default one unless named)."""
    client = redis.Redis(unix_socket_path=str(server.socket))
    return [json.loads(raw) for raw in client.lrange(queue, 0, -1)]


def _pin_and_queue(**queue_options) -> None:
    """A change and the work it needs, in one transaction (as a service does)."""
    with transaction.atomic():
        ShortcutPin.objects.create(account_id=PIN_ACCOUNT, menu_id=1)
        queue_on_commit(goods_reproject, **queue_options)


def _timed_refusal() -> tuple[ApplicationError, float]:
    started = time.monotonic()
    with pytest.raises(ApplicationError) as refused:
        _pin_and_queue()
    return refused.value, time.monotonic() - started


def test_the_task_is_sent_once_the_call_commits_in_the_senders_schema(
    broker, demo, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with tenant_context(demo):
            _pin_and_queue()
        assert _queued(broker) == []  # nothing leaves before the commit

    [message] = _queued(broker)
    assert len(callbacks) == 1
    assert message["headers"]["task"] == "goods.reproject"
    assert message["headers"]["_schema_name"] == "m_demo"
    assert message["headers"]["ignore_result"] is True


def test_with_the_broker_down_the_call_answers_503_and_changes_nothing(
    broker, db, django_capture_on_commit_callbacks
):
    broker.stop()

    with django_capture_on_commit_callbacks() as callbacks:
        error, seconds = _timed_refusal()

    answer = error_response(RequestFactory().get("/api/x"), error)
    body = json.loads(answer.content)
    assert (answer.status_code, body["code"], body["data"]) == (503, 503, None)
    assert body["msg"] == "任务队列暂不可用，请稍后再试"
    assert not ShortcutPin.objects.filter(account_id=PIN_ACCOUNT).exists()
    assert callbacks == []
    assert seconds < 1


def test_with_the_broker_hung_the_call_answers_503_within_the_timeout(broker, db, monkeypatch):
    pings: list[str] = []
    real_client = queue._client

    def counted_client(broker_url: str):
        client = real_client(broker_url)
        pings.append(broker_url)
        return client

    monkeypatch.setattr(queue, "_client", counted_client)
    broker.pause()
    try:
        # The circuit stays open longer than the two calls take on a loaded machine (the
        # 0.5 s of the fixture closed it again between them once, under CI's load).
        with override_settings(CACHE_CIRCUIT_SECONDS=30):
            first, first_seconds = _timed_refusal()
            asked_first = len(pings)
            second, _ = _timed_refusal()
    finally:
        broker.resume()

    assert first.code == second.code == ErrorCode.UNAVAILABLE
    # One socket timeout (0.2 s) and the call is refused, not held for the hung broker (the
    # bound is loose: a loaded machine adds its own delay, a hang would be many seconds).
    assert first_seconds < 2
    # Then the circuit is open: the second call is refused without asking the broker at all.
    assert (asked_first, len(pings)) == (1, 1)
    assert not ShortcutPin.objects.filter(account_id=PIN_ACCOUNT).exists()


def test_once_the_broker_is_back_the_task_is_sent_again(
    broker, db, django_capture_on_commit_callbacks
):
    broker.stop()
    _timed_refusal()
    broker.start()
    time.sleep(0.6)  # the circuit closes

    with django_capture_on_commit_callbacks(execute=True):
        _pin_and_queue()

    assert [m["headers"]["task"] for m in _queued(broker)] == ["goods.reproject"]
    assert ShortcutPin.objects.filter(account_id=PIN_ACCOUNT).exists()


def test_work_a_call_can_do_without_is_skipped_and_the_change_kept(
    broker, db, django_capture_on_commit_callbacks
):
    broker.stop()

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        _pin_and_queue(required=False)

    assert callbacks == []
    assert ShortcutPin.objects.filter(account_id=PIN_ACCOUNT).exists()


def test_onboarding_is_served_with_the_broker_down_and_queues_its_refill_when_up(
    broker, admin_client, django_capture_on_commit_callbacks
):
    broker.stop()

    with django_capture_on_commit_callbacks(execute=True):
        down = admin_client.post("/api/platform/createMerchant", _onboarding("brokerdown"))
    broker.start()
    time.sleep(0.6)
    with django_capture_on_commit_callbacks(execute=True):
        up = admin_client.post("/api/platform/createMerchant", _onboarding("brokerup"))

    assert down.code == up.code == 200
    # The refill does DDL one at a time: routed to its own queue (settings, CELERY_TASK_ROUTES).
    [refill] = _queued(broker, "provisioning")
    assert refill["headers"]["task"] == "tenants.spare_pool_refill"
    assert refill["headers"]["_schema_name"] == "public"
