"""The asset report (issue 63, docs/assets.md "The asset report"): grouping, idle units,
filters and the Excel export through the call (its collected figure against the ledger's on
the demo: tests/test_demo.py, `_asset_report_checked`)."""

from __future__ import annotations

from datetime import timedelta
from io import BytesIO

from django.db import connection
from django.utils import timezone
from openpyxl import load_workbook

from zulin.core.clock import clock_at

from .factories import units_in_stock

B = "/api/backend"


def test_idle_units_count_days_in_stock_and_the_call_filters_and_exports(
    shop, demo_owner, celery_eager, django_capture_on_commit_callbacks
):
    connection.set_tenant(shop.merchant)
    with clock_at(timezone.now() - timedelta(days=45)):
        old = units_in_stock(shop.sku.pk, 2)
    units_in_stock(shop.sku.pk, 1)

    answer = demo_owner.get(
        f"{B}/getAssetReport", {"group_by": "sku", "sku_id": shop.sku.pk, "idle_days": 30}
    )
    assert answer.ok, answer
    (row,) = answer.data["rows"]
    assert row["key"] == str(shop.sku.pk) and row["units"] == 3
    assert row["by_status"] == [{"status": "in_stock", "label": "在库", "count": 3}]
    assert row["idle"] == len(old) == 2
    assert row["cost_basis"] == "14997.00" and row["collected"] == "0.00"
    assert row["utilisation"] == "0.0" and row["in_recovery"] == 0
    assert (
        demo_owner.get(f"{B}/getAssetReport", {"sku_id": shop.sku.pk, "idle_days": 60}).data[
            "total"
        ]["idle"]
        == 0
    )
    assert demo_owner.get(f"{B}/getAssetReport", {"group_by": "shelf"}).code == 400
    assert demo_owner.get(f"{B}/getAssetReport", {"idle_days": 0}).code == 400

    with django_capture_on_commit_callbacks(execute=True):
        created = demo_owner.post(
            "/api/platform/exportCreate",
            {"kind": "asset_report", "filters": {"sku_id": shop.sku.pk}},
        )
    assert created.ok, created
    status = demo_owner.get("/api/platform/exportStatus", {"id": created.data["id"]})
    assert status.data["status"] == "done", status
    response = demo_owner.client.get(status.data["download_url"], HTTP_HOST=demo_owner.host)
    rows = list(
        load_workbook(BytesIO(b"".join(response.streaming_content))).active.iter_rows(
            values_only=True
        )
    )
    assert rows[0][:3] == ("分组", "台数", "在库")
    assert [r[1] for r in rows[1:]] == [3, 3]  # the SKU's row and the whole
    assert rows[1][7] == 2  # idle
