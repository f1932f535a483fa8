"""Export jobs (zulin.exports) through their calls, with an exporter of numbers made for the
test: queued on commit, written by the Celery task in the schema they were asked in, with
progress; failures, limits, validation and who may see a job. The goods exporter's own
rows and sub-shop scope are in apps/goods/tests/test_api_export.py."""

from __future__ import annotations

from io import BytesIO

import pytest
from django.test import Client
from django_tenants.utils import tenant_context
from kombu.exceptions import OperationalError
from ninja import Schema
from openpyxl import load_workbook
from pydantic import Field

from apps.subshops.tests.factories import sign_in, staff_make
from tests.fixtures import login
from zulin.audit.models import AuditEntry
from zulin.core.errors import ApplicationError
from zulin.core.sides import PlatformType
from zulin.exports import registry
from zulin.exports.models import ExportJob
from zulin.exports.registry import Column, register_exporter
from zulin.exports.tasks import export_run

CHUNK = 5


class NumbersIn(Schema):
    upto: int = Field(20, ge=0, le=1000)
    fail_after: int | None = None


@pytest.fixture
def numbers(monkeypatch):
    """Kind `numbers` on both sides (action goods.view): rows 1..upto in chunks of five;
    each chunk records the job's progress as the worker had stored it before that chunk."""
    monkeypatch.setattr(registry, "_exporters", dict(registry._exporters))
    seen: list[int] = []

    def count(filters, scope):
        return filters.upto

    def rows(filters, scope):
        for start in range(1, filters.upto + 1, CHUNK):
            if filters.fail_after is not None and start > filters.fail_after:
                raise RuntimeError("the source of rows went away")
            seen.append(ExportJob.objects.order_by("-id").first().progress)
            yield [
                {"n": n, "label": f"第{n}行", "shop": scope.sub_shop_id}
                for n in range(start, min(start + CHUNK, filters.upto + 1))
            ]

    register_exporter(
        kind="numbers",
        columns=[
            Column("n", "序号", "No."),
            Column("label", "名称", "Label"),
            Column("shop", "子店", "Shop"),
        ],
        rows_fn=rows,
        count_fn=count,
        title_zh="数字",
        title_en="Numbers",
        action="goods.view",
        filters=NumbersIn,
        sides=(PlatformType.STORE, PlatformType.ADMIN),
    )
    return seen


def _create(client, body, capture):
    with capture(execute=True):
        return client.post("/api/platform/exportCreate", body)


def _workbook(client, url):
    response = client.client.get(url, HTTP_HOST=client.host)
    assert response.status_code == 200, response.content
    return load_workbook(BytesIO(b"".join(response.streaming_content)))


def test_an_export_is_written_with_progress_and_downloaded(
    numbers, celery_eager, django_capture_on_commit_callbacks, demo, demo_owner
):
    created = _create(
        demo_owner, {"kind": "numbers", "filters": {"upto": 20}}, django_capture_on_commit_callbacks
    )
    assert created.ok, created

    status = demo_owner.get("/api/platform/exportStatus", {"id": created.data["id"]})

    assert status.data["status"] == "done"
    assert status.data["progress"] == 100
    assert status.data["rows"] == 20
    # Stored before each of the four chunks: nothing, then a quarter more each time.
    assert numbers == [0, 25, 50, 75]
    assert status.data["file_name"].startswith("数字_") and status.data["file_name"].endswith(
        ".xlsx"
    )
    sheet = _workbook(demo_owner, status.data["download_url"]).active
    values = list(sheet.iter_rows(values_only=True))
    assert values[0] == ("序号", "名称", "子店")
    assert values[1:] == [(n, f"第{n}行", None) for n in range(1, 21)]
    with tenant_context(demo):
        job = ExportJob.objects.get(pk=created.data["id"])
        assert job.file.schema_name == "m_demo"
        assert AuditEntry.objects.filter(action="export.create", target_id=str(job.pk)).exists()
        assert AuditEntry.objects.filter(action="file.read", target_id=str(job.file_id)).exists()


def test_headers_follow_the_language_the_export_was_asked_in(
    numbers, celery_eager, django_capture_on_commit_callbacks, demo_owner
):
    demo_owner.language = "en"
    created = _create(
        demo_owner, {"kind": "numbers", "filters": {"upto": 2}}, django_capture_on_commit_callbacks
    )

    status = demo_owner.get("/api/platform/exportStatus", {"id": created.data["id"]})

    assert status.data["title"] == "Numbers"
    sheet = _workbook(demo_owner, status.data["download_url"]).active
    assert next(sheet.iter_rows(values_only=True)) == ("No.", "Label", "Shop")


def test_a_failing_exporter_marks_the_job_failed_with_the_error(
    numbers, celery_eager, django_capture_on_commit_callbacks, demo, demo_owner
):
    created = _create(
        demo_owner,
        {"kind": "numbers", "filters": {"upto": 20, "fail_after": 10}},
        django_capture_on_commit_callbacks,
    )

    status = demo_owner.get("/api/platform/exportStatus", {"id": created.data["id"]})

    assert status.data["status"] == "failed"
    assert status.data["error_code"] == 1812
    assert status.data["error"] == "导出失败，请稍后重试"
    assert status.data["download_url"] == ""
    with tenant_context(demo):
        job = ExportJob.objects.get(pk=created.data["id"])
    assert job.error == "RuntimeError: the source of rows went away"
    assert job.file_id is None
    assert job.finished_at is not None


def test_too_many_rows_fail_the_job_before_any_is_written(
    numbers, celery_eager, django_capture_on_commit_callbacks, demo_owner, settings
):
    settings.EXPORT_MAX_ROWS = 10
    created = _create(
        demo_owner, {"kind": "numbers", "filters": {"upto": 11}}, django_capture_on_commit_callbacks
    )

    status = demo_owner.get("/api/platform/exportStatus", {"id": created.data["id"]})

    assert (status.data["status"], status.data["error_code"]) == ("failed", 1811)
    assert numbers == []


def test_a_job_runs_once_when_its_message_comes_twice(
    numbers, celery_eager, django_capture_on_commit_callbacks, demo, demo_owner
):
    created = _create(
        demo_owner, {"kind": "numbers", "filters": {"upto": 3}}, django_capture_on_commit_callbacks
    )

    with tenant_context(demo):
        again = export_run.delay(created.data["id"]).get()

    assert again["ran"] is False
    assert numbers == [0]


def test_the_task_runs_in_the_schema_the_export_was_asked_in(
    numbers, celery_eager, django_capture_on_commit_callbacks, demo, acme, acme_owner
):
    created = _create(
        acme_owner, {"kind": "numbers", "filters": {"upto": 1}}, django_capture_on_commit_callbacks
    )

    with tenant_context(acme):
        job = ExportJob.objects.select_related("file").get(pk=created.data["id"])
    with tenant_context(demo):
        assert not ExportJob.objects.exists()
    assert job.status == "done"
    assert job.file.schema_name == "m_acme"


def test_a_job_is_seen_only_by_the_account_that_asked_for_it(
    numbers, celery_eager, django_capture_on_commit_callbacks, demo_owner, acme_owner, demo
):
    created = _create(
        demo_owner, {"kind": "numbers", "filters": {"upto": 1}}, django_capture_on_commit_callbacks
    )
    job_id = created.data["id"]
    manager = login("demo.localhost", "manager")

    assert acme_owner.get("/api/platform/exportStatus", {"id": job_id}).code == 404
    assert acme_owner.get("/api/platform/exportList").data["total"] == 0
    assert manager.get("/api/platform/exportStatus", {"id": job_id}).code == 404
    assert manager.get("/api/platform/exportList").data["total"] == 0
    own = demo_owner.get("/api/platform/exportList")
    assert [row["id"] for row in own.data["list"]] == [job_id]
    assert own.data["list"][0]["status"] == "done"
    assert own.data["list"][0]["download_url"].startswith("/api/files/")


def test_an_export_needs_the_exporters_action(
    numbers, django_capture_on_commit_callbacks, demo, demo_owner
):
    staff_make(demo_owner, "cs1", roles=["customer_service"])
    service = sign_in("demo.localhost", "cs1")

    answer = _create(service, {"kind": "numbers"}, django_capture_on_commit_callbacks)

    assert answer.code == 403
    with tenant_context(demo):
        assert not ExportJob.objects.exists()


def test_bad_kinds_and_filters_answer_field_errors_and_queue_nothing(
    numbers, django_capture_on_commit_callbacks, demo, demo_owner, admin_client
):
    unknown = _create(demo_owner, {"kind": "nope"}, django_capture_on_commit_callbacks)
    bad_filter = _create(
        demo_owner, {"kind": "numbers", "filters": {"upto": -1}}, django_capture_on_commit_callbacks
    )
    wrong_side = _create(admin_client, {"kind": "goods"}, django_capture_on_commit_callbacks)

    assert unknown.code == 400 and "kind" in unknown.data["fields"]
    assert bad_filter.code == 400 and "filters.upto" in bad_filter.data["fields"]
    assert wrong_side.code == 400 and "kind" in wrong_side.data["fields"]
    with tenant_context(demo):
        assert not ExportJob.objects.exists()


def test_an_account_has_at_most_three_unfinished_exports(
    numbers, django_capture_on_commit_callbacks, demo_owner
):
    with django_capture_on_commit_callbacks(execute=False):
        answers = [
            demo_owner.post("/api/platform/exportCreate", {"kind": "numbers"}) for _ in range(4)
        ]

    assert [a.code for a in answers] == [200, 200, 200, 1810]


def test_without_a_broker_the_commit_answers_503_and_the_job_is_failed(
    numbers, django_capture_on_commit_callbacks, monkeypatch, demo, demo_owner
):
    def unreachable(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(export_run, "apply_async", unreachable)

    # In a request the job commits inside exportCreate, so this error is its answer (the
    # 503 envelope); here the test's transaction runs the commit hooks after the call.
    with pytest.raises(ApplicationError) as raised:
        _create(demo_owner, {"kind": "numbers"}, django_capture_on_commit_callbacks)

    assert raised.value.code == 503
    with tenant_context(demo):
        job = ExportJob.objects.get()
    assert (job.status, job.error_code) == ("failed", 503)


def test_the_platform_exports_on_the_admin_host_into_the_public_schema(
    numbers, celery_eager, django_capture_on_commit_callbacks, admin_client
):
    created = _create(
        admin_client,
        {"kind": "numbers", "filters": {"upto": 2}},
        django_capture_on_commit_callbacks,
    )

    status = admin_client.get("/api/platform/exportStatus", {"id": created.data["id"]})

    assert status.data["status"] == "done"
    assert ExportJob.objects.filter(pk=created.data["id"], side=0).exists()
    assert len(list(_workbook(admin_client, status.data["download_url"]).active.rows)) == 3
    assert (
        Client().get(status.data["download_url"], HTTP_HOST="demo.localhost").json()["code"] == 1803
    )
