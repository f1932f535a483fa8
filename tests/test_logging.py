"""One structured line per request and per Celery task."""

import json
import logging

from django.db import connection
from django_tenants.utils import tenant_context

from tenants.workbench.tasks import prune_stale_shortcuts
from zulin.celery import app
from zulin.core.logging import JsonLineFormatter


def _records(caplog, name):
    return [record for record in caplog.records if record.name == name]


def test_each_request_logs_one_line_with_host_side_tenant_account_call_code(demo_owner, caplog):
    caplog.set_level(logging.INFO, logger="zulin.request")

    demo_owner.get("/api/platform/getLoginUserInfo")

    (record,) = _records(caplog, "zulin.request")
    line = json.loads(JsonLineFormatter().format(record))
    assert line["host"] == "demo.localhost"
    assert line["side"] == 1
    assert line["tenant"] == "m_demo"
    assert isinstance(line["account"], int)
    assert line["call"] == "/api/platform/getLoginUserInfo"
    assert line["code"] == 200
    assert line["duration_ms"] >= 0
    assert line["time"]


def test_refused_request_logs_its_code(db, caplog):
    from tests.fixtures import ApiClient

    caplog.set_level(logging.INFO, logger="zulin.request")

    ApiClient("admin.localhost").get("/api/platform/getLoginUserInfo")

    (record,) = _records(caplog, "zulin.request")
    line = json.loads(JsonLineFormatter().format(record))
    assert (line["code"], line["side"], line["tenant"], line["account"]) == (109, 0, None, None)


def test_each_task_logs_one_line_with_its_schema(demo, caplog):
    caplog.set_level(logging.INFO, logger="zulin.task")
    app.conf.task_always_eager = True
    try:
        with tenant_context(demo):
            prune_stale_shortcuts.delay()
    finally:
        app.conf.task_always_eager = False
        connection.set_schema_to_public()

    (record,) = _records(caplog, "zulin.task")
    line = json.loads(JsonLineFormatter().format(record))
    assert line["task"] == "workbench.prune_stale_shortcuts"
    assert line["tenant"] == "m_demo"
    assert line["state"] == "SUCCESS"
