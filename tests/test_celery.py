"""Tasks run in the schema of the merchant they were sent from."""

import pytest
from django.db import connection
from django_tenants.utils import tenant_context

from apps.goods.tasks import goods_reproject
from apps.goods.tests.factories import leaf_category, saved_goods
from tenants.catalog.models import PlatformGoods
from tenants.merchants.tasks import for_each_merchant
from tenants.workbench.models import ShortcutPin
from tenants.workbench.tasks import prune_stale_shortcuts
from zulin.celery import app


@pytest.fixture
def eager():
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False
    connection.set_schema_to_public()


def test_task_sent_from_a_merchant_runs_in_its_schema(eager, demo, acme, demo_owner):
    category = leaf_category()
    saved_goods(demo_owner, category.pk)
    PlatformGoods.objects.filter(merchant=demo).delete()

    with tenant_context(acme):
        acme_result = goods_reproject.delay().get()
    assert acme_result == {"schema": "m_acme", "projected": 0}
    assert not PlatformGoods.objects.filter(merchant=demo).exists()

    with tenant_context(demo):
        result = goods_reproject.delay().get()

    assert result == {"schema": "m_demo", "projected": 1}
    assert PlatformGoods.objects.filter(merchant=demo).count() == 1


def test_platform_task_prunes_pins_of_menu_entries_that_are_gone(eager, db):
    ShortcutPin.objects.create(account_id=1, menu_id=999_999)

    result = prune_stale_shortcuts.delay().get()

    assert result == {"schema": "public", "removed": 1}
    assert not ShortcutPin.objects.filter(menu_id=999_999).exists()


def test_message_carries_the_schema_it_was_sent_from(demo):
    from tenant_schemas_celery.task import headers_with_schema

    with tenant_context(demo):
        assert headers_with_schema({})["_schema_name"] == "m_demo"
    assert headers_with_schema({})["_schema_name"] == "public"


def test_fan_out_sends_one_task_per_usable_merchant(demo, acme, monkeypatch):
    from tenants.merchants.models import Merchant

    Merchant.objects.filter(pk=acme.pk).update(status="frozen")
    sent = []
    monkeypatch.setattr(
        app, "send_task", lambda name, args: sent.append((name, connection.schema_name))
    )

    count = for_each_merchant("goods.reproject")

    assert count == len(sent)
    assert ("goods.reproject", "m_demo") in sent
    assert all(schema != "m_acme" for _, schema in sent)


def test_every_beat_entry_names_a_task_the_worker_knows():
    """A typo in the schedule would otherwise only show as a night with no billing."""
    from django.conf import settings

    app.loader.import_default_modules()
    for name, entry in settings.CELERY_BEAT_SCHEDULE.items():
        assert entry["task"] in app.tasks, name
        if entry["task"] == "tenants.for_each_merchant":
            assert entry["args"][0] in app.tasks, name


# --- a task whose database went away is sent again (issue 40) ---------------------------------

_runs: list[int] = []


@app.task(name="tests.database_flaky", bind=True)
def _database_flaky(self, failures: int, sqlstate: str) -> str:
    """Fails `failures` times as Django does when the server says `sqlstate`, then answers."""
    import psycopg
    from django.db import OperationalError

    _runs.append(self.request.retries)
    if len(_runs) <= failures:
        raise OperationalError("the server went away") from psycopg.errors.lookup(sqlstate)(
            "provoked"
        )
    return "done"


@pytest.fixture
def runs(eager):
    _runs.clear()
    yield _runs
    _runs.clear()


def test_a_task_whose_primary_went_away_runs_again_and_finishes(runs):
    # 57P01: the session killed by a switchover; 08006: the connection lost.
    assert _database_flaky.delay(2, "57P01").get() == "done"
    assert runs == [0, 1, 2]
    runs.clear()
    assert _database_flaky.delay(1, "08006").get() == "done"
    assert runs == [0, 1]


def test_a_statement_that_failed_is_the_tasks_own_error_and_not_retried(runs):
    from django.db import OperationalError

    # 57014: a statement cancelled (a timeout) on a healthy server.
    with pytest.raises(OperationalError):
        _database_flaky.delay(1, "57014").get()
    assert runs == [0]


def test_retries_are_bounded(runs):
    from django.db import OperationalError

    from zulin.celery import DATABASE_RETRIES

    with pytest.raises(OperationalError):
        _database_flaky.delay(100, "57P03").get()
    assert runs == list(range(DATABASE_RETRIES + 1))
