from __future__ import annotations

from typing import Any

from tenants.catalog.models import Category


def leaf_category(name: str = "手机", parent_name: str = "测试数码") -> Category:
    parent = Category.objects.create(name=parent_name, level=1)
    return Category.objects.create(name=name, parent=parent, level=2)


def goods_payload(category_id: int, **overrides: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "title": "iPhone 15 Pro",
        "category_id": category_id,
        "brand": "Apple",
        "fineness": "99",
        "pictures": ["/api/media/m_demo/goods/a.png"],
        "description": "<p>成色极好</p>",
        "channels": ["alipay"],
        "sub_shop_ids": [],
        "sort": 10,
        "spu_list": [
            {"specs": {"颜色": "黑", "容量": "256G"}, "code": "B256", "stock": 5},
            {"specs": {"颜色": "白", "容量": "256G"}, "code": "W256", "stock": 0},
        ],
        "rent_list": [
            {
                "sku_index": 0,
                "term": 12,
                "term_unit": "month",
                "rent": "399.00",
                "deposit": "1000.00",
                "buyout_price": "1.00",
                "ownership_transfer": True,
            },
            {
                "sku_index": 1,
                "term": 6,
                "term_unit": "month",
                "rent": "459.50",
                "deposit": "0",
                "buyout_price": "2000.00",
                "ownership_transfer": False,
            },
        ],
        "sell_list": [{"sku_index": 0, "price": "7999.00", "original_price": "8999.00"}],
        "package_list": [],
    }
    payload.update(overrides)
    return payload


def saved_goods(client: Any, category_id: int, **overrides: Any) -> int:
    answer = client.post("/api/platform/saveGood", goods_payload(category_id, **overrides))
    assert answer.ok, answer
    return int(answer.data["id"])
