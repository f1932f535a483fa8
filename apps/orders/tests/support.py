"""What order tests share: goods on shelf, a signed intake client, the sandbox's customer."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.test import Client
from django_tenants.utils import tenant_context

from apps.goods.tests.factories import goods_payload, leaf_category
from apps.orders.intake_auth import intake_key_create, signed_headers
from tenants.merchants.models import Merchant
from tests.fixtures import ApiClient, Envelope
from zulin.providers.payment import sandbox_payer_pay, sandbox_payments_complete
from zulin.providers.risk import sandbox_id_number_for
from zulin.providers.sandbox import sandbox_callbacks_deliver


@dataclass
class Offer:
    goods_id: int
    sku_id: int
    rent_plan_id: int


def goods_on_shelf(owner: ApiClient, **overrides: Any) -> Offer:
    category = leaf_category()
    answer = owner.post("/api/platform/saveAndActiveGoods", goods_payload(category.pk, **overrides))
    assert answer.ok, answer
    detail = owner.post("/api/platform/goodsDetail", {"id": answer.data["id"]}).data
    plan = detail["rent_list"][0]
    return Offer(
        goods_id=answer.data["id"],
        sku_id=detail["spu_list"][plan["sku_index"]]["id"],
        rent_plan_id=plan["id"],
    )


class IntakeClient:
    """The shop's customer-facing app: every call signed with the shop's key."""

    def __init__(self, merchant: Merchant, host: str):
        with tenant_context(merchant):
            key, secret = intake_key_create(name="测试小程序", channel="alipay")
        connection.set_schema_to_public()
        self.app_id, self.secret, self.host = key.app_id, secret, host
        self.client = Client()

    @classmethod
    def with_key(cls, app_id: str, secret: str, host: str) -> IntakeClient:
        """The app signing with a key the shop made (createIntakeKey)."""
        app = cls.__new__(cls)
        app.app_id, app.secret, app.host, app.client = app_id, secret, host, Client()
        return app

    def post(self, path: str, body: dict[str, Any], **headers: str) -> Envelope:
        raw = json.dumps(body).encode()
        signed = signed_headers(
            app_id=self.app_id, secret=self.secret, method="POST", path=path, body=raw
        )
        extra = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in {**signed, **headers}.items()}
        response = self.client.post(
            path, raw, content_type="application/json", HTTP_HOST=self.host, **extra
        )
        return ApiClient._read(response)


def customer(grade: str = "B", seed: int = 0, phone: str = "13912345678") -> dict[str, str]:
    return {
        "customer_name": "张三",
        "customer_phone": phone,
        "id_number": sandbox_id_number_for(grade=grade, seed=seed),
    }


def provider_settles(merchant: Merchant, *, customer_pays: str = "") -> None:
    """The sandbox provider finishes what is processing (the customer pays the direct
    payment `customer_pays`, an out number) and its callbacks arrive."""
    if customer_pays:
        sandbox_payer_pay(merchant=merchant.slug, out_no=customer_pays)
    sandbox_payments_complete(merchant=merchant.slug)
    sandbox_callbacks_deliver(merchant=merchant.slug)
    connection.set_schema_to_public()


DEMO = "demo.localhost"


def place(
    app: IntakeClient,
    offer: Offer,
    key: str = "order-key-0001",
    grade: str = "B",
    phone: str = "13912345678",
    **extra: Any,
) -> Envelope:
    """A lease order of `offer` placed through the signed intake."""
    body = {
        "idempotency_key": key,
        **customer(grade, phone=phone),
        "sku_id": offer.sku_id,
        "rent_plan_id": offer.rent_plan_id,
        "channel": "alipay",
        **extra,
    }
    return app.post("/api/applet/placeOrder", body)
