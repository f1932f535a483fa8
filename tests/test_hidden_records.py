"""A record the session may not see answers NOT_FOUND on every detail call the screens open
(the screens then say 不存在或无权查看, `frontend/src/components/RecordUnavailable.tsx`):
another merchant's order, goods or sub-shop, a sibling sub-shop's order, an order asked of the
wrong merchant on the platform, a merchant that does not exist — never a FORBIDDEN that tells
the record is there, never a 500."""

from __future__ import annotations

from apps.subshops.tests.factories import sign_in, sub_shop_account_make, sub_shop_make
from tests.leases import DEMO, IntakeClient, goods_on_shelf, place, placed
from zulin.core.errors import ErrorCode

ORDER = "/api/merchant/orderInfo"
GOODS = "/api/platform/goodsDetail"
SUB_SHOP = "/api/backend/getSubShopDetail"
MERCHANT = "/api/platform/merchantInfo"
NOT_FOUND = ErrorCode.NOT_FOUND


def test_another_shops_records_answer_not_found(demo, demo_owner, acme, acme_owner):
    offer = goods_on_shelf(demo_owner)
    order = placed(demo, place(IntakeClient(demo, DEMO), offer, key="hidden-0001"))
    shop = sub_shop_make(demo_owner, name="城西店")

    assert demo_owner.get(ORDER, {"id": order.id}).ok
    assert acme_owner.get(ORDER, {"id": order.id}).code == NOT_FOUND
    assert acme_owner.post(GOODS, {"id": offer.goods_id}).code == NOT_FOUND
    assert acme_owner.get(SUB_SHOP, {"id": shop["id"]}).code == NOT_FOUND
    assert demo_owner.get(ORDER, {"id": 987654321}).code == NOT_FOUND


def test_a_sibling_sub_shops_order_answers_not_found(demo, demo_owner):
    offer = goods_on_shelf(demo_owner)
    order = placed(demo, place(IntakeClient(demo, DEMO), offer, key="hidden-0002"))
    east, west = sub_shop_make(demo_owner, name="城东店"), sub_shop_make(demo_owner, name="城北店")
    assert demo_owner.post(
        "/api/backend/allocateToSubShop", {"ids": [order.id], "sub_shop_id": west["id"]}
    ).ok
    sub_shop_account_make(demo_owner, east["id"], "easthidden")
    clerk = sign_in(DEMO, "easthidden")

    assert clerk.get(ORDER, {"id": order.id}).code == NOT_FOUND
    assert clerk.get(SUB_SHOP, {"id": west["id"]}).code == NOT_FOUND


def test_the_platform_asking_the_wrong_merchant_answers_not_found(
    demo, demo_owner, acme, admin_client
):
    offer = goods_on_shelf(demo_owner)
    order = placed(demo, place(IntakeClient(demo, DEMO), offer, key="hidden-0003"))

    assert admin_client.get(ORDER, {"id": order.id, "merchant_id": demo.pk}).ok
    assert admin_client.get(ORDER, {"id": order.id, "merchant_id": acme.pk}).code == NOT_FOUND
    assert admin_client.get(ORDER, {"id": order.id, "merchant_id": 987654}).code == NOT_FOUND
    assert admin_client.get(MERCHANT, {"id": 987654}).code == NOT_FOUND
