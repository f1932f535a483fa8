"""Tasks run in the schema of the merchant they were sent from."""

import pytest
from django.db import connection
from django_tenants.utils import tenant_context

from apps.workbench.models import ShortcutPin
from apps.workbench.tasks import prune_stale_shortcuts
from tenants.tasks import for_each_merchant
from zulin.celery import app


@pytest.fixture
def eager():
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False
    connection.set_schema_to_public()


def test_task_sent_from_a_merchant_runs_in_its_schema(eager, demo, acme):
    with tenant_context(demo):
        ShortcutPin.objects.create(account_id=1, menu_id=999_999)
    with tenant_context(acme):
        ShortcutPin.objects.create(account_id=1, menu_id=999_999)

    with tenant_context(demo):
        result = prune_stale_shortcuts.delay().get()

    assert result == {"schema": "m_demo", "removed": 1}
    with tenant_context(acme):
        assert ShortcutPin.objects.count() == 1


def test_message_carries_the_schema_it_was_sent_from(demo):
    from tenant_schemas_celery.task import headers_with_schema

    with tenant_context(demo):
        assert headers_with_schema({})["_schema_name"] == "m_demo"
    assert headers_with_schema({})["_schema_name"] == "public"


def test_fan_out_sends_one_task_per_usable_merchant(demo, acme, monkeypatch):
    from tenants.models import Merchant

    Merchant.objects.filter(pk=acme.pk).update(status="frozen")
    sent = []
    monkeypatch.setattr(
        app, "send_task", lambda name, args: sent.append((name, connection.schema_name))
    )

    count = for_each_merchant("workbench.prune_stale_shortcuts")

    assert count == len(sent)
    assert ("workbench.prune_stale_shortcuts", "m_demo") in sent
    assert all(schema != "m_acme" for _, schema in sent)
