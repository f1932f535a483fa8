"""The `make run` path end to end: an operation settles in a Celery task, whose callback a
second Celery task POSTs over real HTTP to the API, retrying until it is handled.

The API is served by a WSGI server on a local port in a thread that shares this test's
database connection (the test thread waits on the socket meanwhile), so everything stays in
the test's transaction and is rolled back after it."""

import threading
from collections.abc import Iterator
from decimal import Decimal
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection, connections
from django_tenants.utils import tenant_context

from zulin.celery import app
from zulin.providers.models import ProviderCallbackLog, SandboxCallback
from zulin.providers.sandbox import (
    callback_deliver,
    callback_retry_delay,
    http_transport,
    sandbox_callback_replay,
)

from .helpers import audit_entries


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def api_url(db) -> Iterator[str]:
    shared = connections["default"]
    # Django closes connections at request boundaries; this one holds the test transaction.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    shared.inc_thread_sharing()
    server: WSGIServer = make_server("127.0.0.1", 0, WSGIHandler(), handler_class=_Quiet)

    def serve() -> None:
        connections["default"] = shared
        server.serve_forever(poll_interval=0.05)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        shared.dec_thread_sharing()
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def eager_sandbox(settings, api_url) -> Iterator[None]:
    settings.CALLBACK_BASE_URL = api_url
    settings.SANDBOX_AUTO_COMPLETE = True
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False
    connection.set_schema_to_public()


def test_a_withhold_settles_and_its_callback_arrives_over_http_with_retries(
    eager_sandbox, pay, agreement, handler, demo, django_capture_on_commit_callbacks
):
    handler.failures_left = 1  # the first delivery is answered with an error: retried

    with django_capture_on_commit_callbacks(execute=True), tenant_context(demo):
        pay.withhold(out_no="bill-1", agreement_no=agreement, amount=Decimal("99.00"), subject="")

    assert pay.query(out_no="bill-1").status == "succeeded"
    callback = SandboxCallback.objects.get(event_type="withhold")
    assert (callback.status, callback.attempts) == ("delivered", 2)
    assert handler.seen == [
        {"event_type": "withhold", "out_no": "bill-1", "status": "succeeded", "schema": "m_demo"}
    ]
    with tenant_context(demo):
        assert audit_entries("bill-1") == 1
    log = ProviderCallbackLog.objects.get(event_id=callback.event_id)
    assert (log.status, log.received_count) == ("handled", 2)


def test_a_replay_over_http_is_acknowledged_without_handling_again(
    eager_sandbox, pay, agreement, handler, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        pay.withhold(out_no="bill-1", agreement_no=agreement, amount=Decimal("9.00"), subject="")
    callback = SandboxCallback.objects.get(event_type="withhold")

    replayed = sandbox_callback_replay(event_id=callback.event_id, transport=http_transport)

    assert replayed.delivered and replayed.code == 200
    assert len(handler.seen) == 1


def test_a_callback_nobody_answers_is_given_up_after_the_last_retry(
    settings, pay, agreement, handler
):
    settings.CALLBACK_BASE_URL = "http://127.0.0.1:9"  # discard port: connection refused
    settings.CALLBACK_DELIVERY_MAX_RETRIES = 2
    pay.withhold(out_no="bill-1", agreement_no=agreement, amount=Decimal("9.00"), subject="")
    from zulin.providers.payment import sandbox_payments_complete

    sandbox_payments_complete()
    callback = SandboxCallback.objects.get(event_type="withhold")
    app.conf.task_always_eager = True
    try:
        outcome = callback_deliver.delay(callback.pk).get()
    finally:
        app.conf.task_always_eager = False

    callback.refresh_from_db()
    assert outcome == "given up"
    assert (callback.status, callback.attempts) == ("given_up", 3)
    assert handler.seen == []
    assert [callback_retry_delay(n) for n in (0, 1, 2, 10)] == [5, 10, 20, 600]
