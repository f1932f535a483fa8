"""The goods list as an Excel export (kind `goods`, apps/goods/exports.py): the list's rows in
the list's order for the same filters and scope, written by the export task and downloaded
through the link exportStatus gives."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

from django_tenants.utils import tenant_context
from openpyxl import load_workbook

from apps.goods import selectors
from apps.subshops.tests.factories import sign_in, sub_shop_account_make, sub_shop_make
from zulin.exports.models import ExportJob

from .factories import leaf_category, saved_goods

HEADER = (
    "商品ID",
    "商品名称",
    "分类",
    "品牌",
    "成色",
    "状态",
    "最低租金（元）",
    "总库存",
    "规格数",
    "平台强制下架",
    "排序",
    "更新时间",
)


def _export(client, filters, capture):
    with capture(execute=True):
        created = client.post("/api/platform/exportCreate", {"kind": "goods", "filters": filters})
    assert created.ok, created
    status = client.get("/api/platform/exportStatus", {"id": created.data["id"]})
    assert status.data["status"] == "done", status
    assert status.data["progress"] == 100
    response = client.client.get(status.data["download_url"], HTTP_HOST=client.host)
    sheet = load_workbook(BytesIO(b"".join(response.streaming_content))).active
    return created.data["id"], sheet


def _values(sheet):
    return list(sheet.iter_rows(values_only=True))


def test_the_export_holds_the_lists_rows_in_its_order(
    celery_eager, django_capture_on_commit_callbacks, demo_owner
):
    category = leaf_category()
    for sort, title in ((5, "导出 乙"), (1, "导出 甲"), (5, "导出 丙"), (9, "=HYPERLINK(1)")):
        saved_goods(demo_owner, category.pk, title=title, sort=sort, brand="导出")
    saved_goods(demo_owner, category.pk, title="不相干", brand="其他")
    listed = demo_owner.get("/api/platform/goodsList", {"keyword": "导出"}).data["list"]

    _, sheet = _export(demo_owner, {"keyword": "导出"}, django_capture_on_commit_callbacks)
    rows = _values(sheet)

    assert rows[0] == HEADER
    assert [(r[0], r[1]) for r in rows[1:]] == [(g["id"], g["title"]) for g in listed]
    assert len(rows) == 5
    first = rows[1]
    assert first[2:6] == ("手机", "导出", "99新", "草稿")
    assert first[6] == 399 and isinstance(first[6], float | int | Decimal)
    assert first[7:10] == (5, 2, None)
    # A title that looks like a formula is kept as text, not run by Excel.
    [formula_like] = [row[1] for row in sheet.iter_rows(min_row=2) if row[1].value[0] == "="]
    assert (formula_like.value, formula_like.data_type) == ("=HYPERLINK(1)", "s")


def test_the_lists_filters_narrow_the_export(
    celery_eager, django_capture_on_commit_callbacks, demo_owner
):
    phones, tablets = leaf_category("手机"), leaf_category("平板", "测试平板")
    phone = saved_goods(demo_owner, phones.pk, title="手机一号")
    saved_goods(demo_owner, tablets.pk, title="平板一号")

    _, sheet = _export(demo_owner, {"category_id": phones.pk}, django_capture_on_commit_callbacks)
    rows = _values(sheet)

    assert [r[0] for r in rows[1:]] == [phone]


def test_a_sub_merchants_export_holds_its_sub_shops_goods_only(
    celery_eager, django_capture_on_commit_callbacks, demo, demo_owner
):
    category = leaf_category()
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店")
    sub_shop_account_make(demo_owner, east["id"], "east")
    own = saved_goods(demo_owner, category.pk, sub_shop_ids=[east["id"]], title="东店独售")
    saved_goods(demo_owner, category.pk, sub_shop_ids=[west["id"]], title="西店独售")
    everywhere = saved_goods(demo_owner, category.pk, sub_shop_ids=[], title="全店通售")
    clerk = sign_in("demo.localhost", "east")

    job_id, sheet = _export(clerk, {}, django_capture_on_commit_callbacks)
    rows = _values(sheet)
    _, owners_sheet = _export(demo_owner, {}, django_capture_on_commit_callbacks)
    owners_rows = _values(owners_sheet)

    assert sorted(r[0] for r in rows[1:]) == sorted([own, everywhere])
    assert len(owners_rows) == 4
    with tenant_context(demo):
        assert ExportJob.objects.get(pk=job_id).sub_shop_id == east["id"]
    assert demo_owner.get("/api/platform/exportStatus", {"id": job_id}).code == 404


def test_chunks_walk_the_list_order_through_equal_sorts(demo, demo_owner):
    category = leaf_category()
    for index in range(7):
        saved_goods(demo_owner, category.pk, title=f"货{index}", sort=index % 2)
    with tenant_context(demo):
        page = selectors.goods_page(
            session=None, status=None, category_id=None, keyword="", page=1, page_size=100
        )
        chunks = list(
            selectors.goods_export_chunks(
                scope=None, status=None, category_id=None, keyword="", chunk_size=2
            )
        )

    assert [len(chunk) for chunk in chunks] == [2, 2, 2, 1]
    assert [row["id"] for chunk in chunks for row in chunk] == [g["id"] for g in page["list"]]
