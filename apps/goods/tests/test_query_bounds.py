"""The goods editor opens fast however many SKUs and rent plans the goods has (issue 64 item
8): its detail is read in a fixed number of statements, none per SKU, plan or price."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from .factories import goods_payload, leaf_category, saved_goods

DETAIL = "/api/platform/goodsDetail"


def _statements(work) -> tuple[object, int]:
    with CaptureQueriesContext(connection) as queries:
        answer = work()
    return answer, sum(1 for q in queries.captured_queries if not q["sql"].startswith("SET "))


def _skus(count: int) -> dict:
    return {
        "spu_list": [
            {"specs": {"颜色": f"色{n}", "容量": "256G"}, "code": f"C{n}", "stock": n}
            for n in range(count)
        ],
        "rent_list": [
            {
                "sku_index": n,
                "term": 12,
                "term_unit": "month",
                "rent": "399.00",
                "deposit": "0",
                "buyout_price": "1.00",
                "ownership_transfer": True,
            }
            for n in range(count)
        ],
        "sell_list": [
            {"sku_index": n, "price": "7999.00", "original_price": "8999.00"} for n in range(count)
        ],
    }


def test_the_goods_editor_reads_as_many_statements_for_four_skus_as_for_one(demo, demo_owner):
    # given goods of one SKU and goods of four, each with its plans and prices
    category = leaf_category()
    connection.set_schema_to_public()
    small = saved_goods(demo_owner, category.pk, **_skus(1))
    large = saved_goods(demo_owner, category.pk, **_skus(4))
    assert goods_payload(category.pk)["title"]

    # when the editor opens each
    one, for_one = _statements(lambda: demo_owner.post(DETAIL, {"id": small}))
    four, for_four = _statements(lambda: demo_owner.post(DETAIL, {"id": large}))

    # then the same statements read them
    assert one.ok and four.ok
    assert (len(one.data["spu_list"]), len(four.data["spu_list"])) == (1, 4)
    assert len(four.data["rent_list"]) == 4
    assert for_four == for_one <= 10
