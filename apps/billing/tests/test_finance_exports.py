"""The finance lists as Excel exports (apps/billing/exports.py): `bill_lines` and
`finance_bills` on the store side, `finance_records` on the platform's (written in the public
schema). Each workbook holds the list's rows, in the list's order, for the same filters;
`finance.view` is needed; the platform exports every merchant's lines or one's."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from io import BytesIO
from typing import Any

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context
from openpyxl import load_workbook

from apps.billing import bill_reports, reports
from apps.billing.models import Bill
from apps.billing.statements import statements_close
from apps.subshops.tests.factories import ACCOUNT_PASSWORD, staff_make
from tenants.accounts.tests.test_api_platform_staff import sign_in
from tenants.accounts.tests.test_api_platform_staff import staff_make as platform_staff_make
from tests.fixtures import ApiClient, login
from tests.leases import IntakeClient, goods_on_shelf, in_lease
from zulin.core.errors import ErrorCode
from zulin.exports.models import ExportJob

from .test_finance_lists import _terms

LINE_HEADER = ("时间", "类型", "金额（元）", "订单号", "说明", "操作人", "流水号")
BILL_HEADER = (
    "订单号",
    "期数",
    "应付日期",
    "应付金额（元）",
    "已付金额（元）",
    "违约金（元）",
    "待付违约金（元）",
    "状态",
    "支付时间",
    "支付方式",
    "失败原因",
)


def _export(client: ApiClient, kind: str, filters: dict[str, Any], capture: Any) -> list[Any]:
    """Exports `kind` through the API and the task, downloads the workbook; its rows (cells)."""
    with capture(execute=True):
        created = client.post("/api/platform/exportCreate", {"kind": kind, "filters": filters})
    assert created.ok, created
    status = client.get("/api/platform/exportStatus", {"id": created.data["id"]})
    assert status.data["status"] == "done", status
    response = client.client.get(status.data["download_url"], HTTP_HOST=client.host)
    sheet = load_workbook(BytesIO(b"".join(response.streaming_content))).active
    return list(sheet.iter_rows())


def _values(rows: list[Any]) -> list[tuple[Any, ...]]:
    return [tuple(cell.value for cell in row) for row in rows]


def _listed(client: ApiClient, path: str, query: dict[str, Any]) -> list[dict[str, Any]]:
    answer = client.get(path, {**query, "page_size": 100})
    assert answer.ok, answer
    assert answer.data["total"] == len(answer.data["list"])
    return answer.data["list"]


def _same_time(sheet: list[datetime], listed: list[dict[str, Any]]) -> None:
    """The sheet's times are the list's, local and without a zone (Excel keeps them to the
    millisecond)."""
    assert len(sheet) == len(listed)
    for written, line in zip(sheet, listed, strict=True):
        moment = timezone.localtime(datetime.fromisoformat(line["created_at"]))
        assert abs(written - moment.replace(tzinfo=None)) < timedelta(milliseconds=2)


def _line_as_listed(row: tuple[Any, ...]) -> tuple[Any, ...]:
    _, type_name, amount, _, memo, actor, reference = row
    return (type_name, Decimal(str(amount)), memo, actor, reference)


def _line_of(line: dict[str, Any]) -> tuple[Any, ...]:
    return (
        line["type_name"],
        Decimal(line["amount"]),
        line["memo"],
        line["actor"],
        line["reference"],
    )


def _money_cells(rows: list[Any], column: int) -> None:
    for row in rows[1:]:
        cell = row[column]
        assert isinstance(cell.value, int | float), cell.value
        assert cell.number_format == "#,##0.00"


def _two_leases(demo, demo_owner, app, offer):
    first = in_lease(demo, demo_owner, app, offer)
    second = in_lease(
        demo,
        demo_owner,
        app,
        offer,
        key="bill-lines-0002",
        seed=1,
        phone="13912345679",
        tracking_no="SF1234567891",
        serial="IMEI-2",
    )
    with tenant_context(demo):
        statements_close(today=timezone.localdate() + timedelta(days=1))
    connection.set_schema_to_public()
    return first, second


def test_bill_lines_export_holds_the_lists_rows_in_its_order_for_the_same_filters(
    celery_eager, django_capture_on_commit_callbacks, demo, demo_owner, app, offer
):
    _terms(demo)
    first, second = _two_leases(demo, demo_owner, app, offer)

    for filters in ({}, {"type": "commission"}, {"order_no": first.no}, {"type": "settlement"}):
        listed = _listed(demo_owner, "/api/v2/getBillList", filters)
        assert listed, filters
        rows = _export(demo_owner, "bill_lines", filters, django_capture_on_commit_callbacks)
        values = _values(rows)
        assert values[0] == LINE_HEADER
        assert [_line_as_listed(row) for row in values[1:]] == [_line_of(line) for line in listed]
        _same_time([row[0] for row in values[1:]], listed)
        _money_cells(rows, 2)

    # The lines of an order carry its number; a settlement names none.
    numbered = {
        row[3]
        for row in _values(
            _export(
                demo_owner, "bill_lines", {"type": "payment"}, django_capture_on_commit_callbacks
            )
        )[1:]
    }
    assert {first.no, second.no} <= numbered
    settled = _values(
        _export(
            demo_owner, "bill_lines", {"type": "settlement"}, django_capture_on_commit_callbacks
        )
    )
    assert {row[3] for row in settled[1:]} == {None}
    # Nothing booked in the future: the header alone.
    future = (timezone.localdate() + timedelta(days=3)).isoformat()
    assert _values(
        _export(demo_owner, "bill_lines", {"date_from": future}, django_capture_on_commit_callbacks)
    ) == [LINE_HEADER]


def test_bill_lines_read_in_chunks_are_the_lists_rows(demo, demo_owner, app, offer):
    """The export reads the lines below the last one's id, chunk by chunk: with chunks of one
    line it still holds every line of the list once, in its order."""
    _terms(demo)
    _two_leases(demo, demo_owner, app, offer)
    with tenant_context(demo):
        filters = {"type": None, "date_from": None, "date_to": None}
        listed = reports.bill_lines(platform=False, **filters, page=1, page_size=100)
        chunks = list(reports.bill_line_chunks(platform=False, **filters, chunk_size=1))
        assert reports.bill_line_count(platform=False, **filters) == listed["total"] > 4
    assert [len(chunk) for chunk in chunks] == [1] * listed["total"]
    assert [{k: v for k, v in row.items() if k != "order_no"} for [row] in chunks] == listed["list"]


def test_finance_bills_export_holds_the_lists_bills_in_its_order(
    celery_eager, django_capture_on_commit_callbacks, demo, demo_owner, app, offer
):
    first, _ = _two_leases(demo, demo_owner, app, offer)
    with tenant_context(demo):
        Bill.objects.filter(order_id=first.id, period=2).update(
            due_date=timezone.localdate() - timedelta(days=2)
        )
    connection.set_schema_to_public()
    states = {"due": "待支付", "overdue": "已逾期", "paid": "已支付"}

    for filters in ({}, {"state": "paid"}, {"state": "overdue"}, {"order_no": first.no}):
        listed = _listed(demo_owner, "/api/finance/getFinanceBillList", filters)
        assert listed, filters
        rows = _export(demo_owner, "finance_bills", filters, django_capture_on_commit_callbacks)
        values = _values(rows)
        assert values[0] == BILL_HEADER
        assert [(r[0], r[1], r[2].date(), Decimal(str(r[3])), r[7]) for r in values[1:]] == [
            (
                bill["order_no"],
                f"第 {bill['period']} 期",
                datetime.fromisoformat(bill["due_date"]).date(),
                Decimal(bill["amount"]),
                states[bill["state"]],
            )
            for bill in listed
        ], filters
        for column in (3, 4, 5, 6):
            _money_cells(rows, column)
    paid = _values(
        _export(demo_owner, "finance_bills", {"state": "paid"}, django_capture_on_commit_callbacks)
    )
    assert {row[9] for row in paid[1:]} <= {"代扣", "用户支付", "押金转支付"}


def test_finance_bills_read_in_chunks_are_the_lists_rows(demo, demo_owner, app, offer):
    _two_leases(demo, demo_owner, app, offer)
    with tenant_context(demo):
        for state in (None, "paid"):  # soonest due first, then latest first
            filters = {"state": state, "due_from": None, "due_to": None}
            listed = bill_reports.customer_bills(**filters, page=1, page_size=100)
            chunks = list(bill_reports.customer_bill_chunks(**filters, chunk_size=2))
            assert bill_reports.customer_bill_count(**filters) == listed["total"] >= 2
            assert [row for chunk in chunks for row in chunk] == listed["list"], state


def test_an_export_of_the_finance_lists_needs_finance_view(
    django_capture_on_commit_callbacks, demo, demo_owner, admin_client
):
    staff_make(demo_owner, "bob", ["salesman"])
    salesman = login("demo.localhost", "bob", ACCOUNT_PASSWORD)
    platform_staff_make(admin_client, "ops1", ["platform_operator"])
    operator = sign_in("ops1")
    before = ExportJob.objects.count()

    for client, kind in (
        (salesman, "bill_lines"),
        (salesman, "finance_bills"),
        (operator, "finance_records"),
    ):
        refused = client.post("/api/platform/exportCreate", {"kind": kind, "filters": {}})
        assert refused.code == ErrorCode.FORBIDDEN, (kind, refused)
    # Each side's kinds only: the platform has no shop lines, a shop no platform records.
    wrong = admin_client.post("/api/platform/exportCreate", {"kind": "bill_lines"})
    assert wrong.code == ErrorCode.VALIDATION
    assert "finance_records" in str(wrong.data)
    wrong = demo_owner.post("/api/platform/exportCreate", {"kind": "finance_records"})
    assert wrong.code == ErrorCode.VALIDATION
    # The list's own filters are checked as the list checks them.
    bad = demo_owner.post(
        "/api/platform/exportCreate", {"kind": "finance_bills", "filters": {"state": "lost"}}
    )
    assert bad.code == ErrorCode.VALIDATION and "state" in str(bad.data["fields"])
    assert ExportJob.objects.count() == before
    with tenant_context(demo):
        assert not ExportJob.objects.filter(kind__in=("bill_lines", "finance_bills")).exists()


def test_platform_export_covers_every_merchant_or_one(
    celery_eager,
    django_capture_on_commit_callbacks,
    demo,
    demo_owner,
    acme,
    acme_owner,
    app,
    offer,
    admin_client,
):
    _terms(demo, "2.00")
    _terms(acme, "3.00")
    demo_order = in_lease(demo, demo_owner, app, offer)
    acme_order = in_lease(
        acme, acme_owner, IntakeClient(acme, "acme.localhost"), goods_on_shelf(acme_owner)
    )
    path = "/api/platform/getFinanceRecord"
    header = (LINE_HEADER[0], "商户", *LINE_HEADER[1:])

    every = _listed(admin_client, path, {})
    assert {row["merchant_name"] for row in every} >= {demo.name, acme.name}
    for filters in ({}, {"merchant_id": demo.pk}, {"merchant_id": acme.pk, "type": "commission"}):
        listed = _listed(admin_client, path, filters)
        assert listed, filters
        rows = _export(admin_client, "finance_records", filters, django_capture_on_commit_callbacks)
        values = _values(rows)
        assert values[0] == header
        assert [(r[1], *_line_as_listed((r[0], *r[2:]))) for r in values[1:]] == [
            (line["merchant_name"], *_line_of(line)) for line in listed
        ], filters
        _same_time([row[0] for row in values[1:]], listed)
        _money_cells(rows, 3)
    numbers = {
        row[1]: row[4]
        for row in _values(
            _export(
                admin_client,
                "finance_records",
                {"type": "commission"},
                django_capture_on_commit_callbacks,
            )
        )[1:]
    }
    assert numbers == {demo.name: demo_order.no, acme.name: acme_order.no}
    # Written in the public schema, where the platform asked for it; no shop holds it.
    assert ExportJob.objects.filter(kind="finance_records", status="done").count() == 4
    with tenant_context(demo):
        assert not ExportJob.objects.filter(kind="finance_records").exists()
