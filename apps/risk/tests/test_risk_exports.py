"""The risk lists as Excel exports (apps/risk/exports.py): `risk_queries` (chartRiskListDetail's
rows) and `risk_bills` (getRiskBillList's), with the list's filters; `risk.recharge` is needed."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO
from typing import Any

from openpyxl import load_workbook

from apps.subshops.tests.factories import sign_in, staff_make
from tests.fixtures import ApiClient
from zulin.core.errors import ErrorCode
from zulin.providers.interfaces import RiskGrade
from zulin.providers.risk import sandbox_id_number_for


def _export(client: ApiClient, kind: str, filters: dict[str, Any], capture: Any) -> list[tuple]:
    with capture(execute=True):
        created = client.post("/api/platform/exportCreate", {"kind": kind, "filters": filters})
    assert created.ok, created
    status = client.get("/api/platform/exportStatus", {"id": created.data["id"]})
    assert status.data["status"] == "done", status
    response = client.client.get(status.data["download_url"], HTTP_HOST=client.host)
    sheet = load_workbook(BytesIO(b"".join(response.streaming_content))).active
    return [tuple(cell.value for cell in row) for row in sheet.iter_rows()]


def test_the_queries_and_the_balance_lines_export_as_filtered(
    celery_eager, demo, demo_owner, django_capture_on_commit_callbacks
):
    person = {
        "name": "王五",
        "id_number": sandbox_id_number_for(grade=RiskGrade.D, seed=3),
        "phone": "13811113333",
    }
    asked = demo_owner.post(
        "/api/general/getRisk", {"query_type": "deep", **person, "idempotency_key": "export-k-01"}
    ).data

    queries = _export(
        demo_owner, "risk_queries", {"query_type": "deep"}, django_capture_on_commit_callbacks
    )
    listed = demo_owner.post("/api/general/chartRiskListDetail", {"query_type": "deep"}).data

    header, *rows = queries
    assert header[:3] == ("查询时间", "查询类型", "费用（元）")
    assert len(rows) == listed["total"]
    first = dict(zip(header, rows[0], strict=True))
    assert first["查询编号"] == asked["query_no"]
    assert (first["查询类型"], first["费用（元）"], first["等级"]) == (
        "深度风控报告",
        Decimal("5.00"),
        "D",
    )
    assert first["身份证号"] == asked["id_number"] and person["id_number"] not in str(queries)
    assert first["命中规则"].startswith(asked["hit_rules"][0]["code"])

    bills = _export(
        demo_owner, "risk_bills", {"type": "charge"}, django_capture_on_commit_callbacks
    )
    header, *rows = bills
    line = dict(zip(header, rows[0], strict=True))
    assert (line["类型"], line["金额（元）"], line["查询类型"]) == (
        "查询扣费",
        Decimal("-5.00"),
        "深度风控报告",
    )
    assert {dict(zip(header, row, strict=True))["类型"] for row in rows} == {"查询扣费"}


def test_an_account_without_risk_recharge_cannot_export(demo, demo_owner):
    staff_make(demo_owner, "exp_auditor", ["auditor"])
    auditor = sign_in("demo.localhost", "exp_auditor")
    refused = auditor.post("/api/platform/exportCreate", {"kind": "risk_bills", "filters": {}})
    assert refused.code == ErrorCode.FORBIDDEN
