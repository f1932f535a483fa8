"""A device's life and residual set by the shop per goods category (docs/assets.md, "What each
device earned"): the book value's straight line follows the category's setting, else the
default of its kind of device (phones 24 months, laptops 36, 10 % residual)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal as D

from django.db import connection
from django.utils import timezone

from apps.assets.earnings import unit_earnings
from apps.assets.lives import life_save
from apps.assets.models import CategoryLife
from apps.goods.models import Goods, Sku
from apps.goods.services import sku_tracked_set
from apps.goods.tests.factories import leaf_category
from zulin.audit.models import AuditEntry
from zulin.core.clock import clock_at
from zulin.core.errors import ApplicationError

from .factories import units_in_stock

LIST = "/api/backend/getAssetLifeList"
SAVE = "/api/backend/saveAssetLife"


def _straight_line(cost: D, *, months: int, residual: D, days: int) -> str:
    left = cost * residual
    return str(
        (cost - (cost - left.quantize(D("0.01"))) * D(days) / (D(365) / 12 * months)).quantize(
            D("0.01")
        )
    )


def _owned_for(shop, days: int):
    with clock_at(timezone.now() - timedelta(days=days)):
        (unit,) = units_in_stock(shop.sku.pk, 1)
    return unit


def test_a_category_follows_its_kind_until_the_shop_sets_its_own(shop):
    laptops = leaf_category("笔记本电脑")
    shop.goods.category_id = laptops.pk
    shop.goods.save(update_fields=["category_id"])
    unit = _owned_for(shop, 100)

    default = unit_earnings(unit)
    # A laptop's default: 36 months down to 10 %.
    assert (default["life_months"], default["residual_rate"]) == (36, "10")
    assert default["book_value"] == _straight_line(
        D("4999.00"), months=36, residual=D("0.10"), days=100
    )

    row = life_save(actor=None, category_id=laptops.pk, life_months=12, residual_rate=D("12.5"))

    assert (row["life_months"], row["residual_rate"], row["custom"]) == (12, "12.5", True)
    assert (row["default_life_months"], row["default_residual_rate"]) == (36, "10")
    own = unit_earnings(unit)
    assert (own["life_months"], own["residual_rate"]) == (12, "12.5")
    assert own["book_value"] == _straight_line(
        D("4999.00"), months=12, residual=D("0.125"), days=100
    )
    assert D(own["book_value"]) < D(default["book_value"])  # a shorter life: worth less sooner
    assert AuditEntry.objects.filter(action="asset_life.save", target_id=str(laptops.pk)).exists()

    # Both left out: back to the default of its kind.
    back = life_save(actor=None, category_id=laptops.pk, life_months=None, residual_rate=None)

    assert (back["life_months"], back["custom"]) == (36, False)
    assert not CategoryLife.objects.filter(category_id=laptops.pk).exists()
    assert unit_earnings(unit)["book_value"] == default["book_value"]


def test_a_life_out_of_bounds_or_half_given_is_refused(shop):
    phones = leaf_category("手机")
    for months, rate, field in (
        (0, D("10"), "life_months"),
        (12, D("95"), "residual_rate"),
        (12, None, "residual_rate"),
    ):
        try:
            life_save(actor=None, category_id=phones.pk, life_months=months, residual_rate=rate)
        except ApplicationError as error:
            assert field in error.data["fields"], error.data
        else:
            raise AssertionError(f"{months}, {rate} was saved")
    assert not CategoryLife.objects.exists()


def test_the_calls_list_the_devices_categories_and_save_one(demo, demo_owner):
    connection.set_tenant(demo)
    phones = leaf_category("手机")
    goods = Goods.objects.create(title="寿命测试手机", category_id=phones.pk, sub_shop_ids=[])
    sku = Sku.objects.create(goods=goods, specs={"颜色": "黑"}, stock=0)
    sku_tracked_set(actor=None, sku_id=sku.pk)
    units_in_stock(sku.pk, 1)
    connection.set_schema_to_public()

    listed = demo_owner.get(LIST)
    assert listed.ok, listed
    [row] = [r for r in listed.data["categories"] if r["category_id"] == phones.pk]
    assert (row["life_months"], row["residual_rate"], row["custom"], row["base"]) == (
        24,
        "10",
        False,
        "phone",
    )

    saved = demo_owner.post(
        SAVE, {"category_id": phones.pk, "life_months": 30, "residual_rate": "5"}
    )

    assert saved.ok, saved
    assert (saved.data["life_months"], saved.data["residual_rate"], saved.data["custom"]) == (
        30,
        "5",
        True,
    )
    refused = demo_owner.post(
        SAVE, {"category_id": phones.pk, "life_months": 200, "residual_rate": "5"}
    )
    assert refused.code == 400, refused
    missing = demo_owner.post(
        SAVE, {"category_id": 987654321, "life_months": 12, "residual_rate": "5"}
    )
    assert missing.code != 200 and "category_id" in missing.data["fields"], missing
    again = [r for r in demo_owner.get(LIST).data["categories"] if r["category_id"] == phones.pk]
    assert again[0]["life_months"] == 30
