"""What each device earned (issue 63, docs/assets.md "What each device earned"): the money of
the orders that held a unit, read from the ledger and split by days out, its payback, book
value and disposal gain or loss."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal as D

from django.utils import timezone

from apps.assets.earnings import split_cents, unit_earnings, units_earnings
from apps.assets.models import Unit
from apps.assets.selectors import unit_detail
from apps.assets.services import unit_adjust, unit_move
from zulin.core.clock import clock_at
from zulin.ledger.selectors import balances_by_dimension
from zulin.ledger.services import post_event

from .factories import units_in_stock

INCOME_CODES = {
    "rent_income",
    "addon_income",
    "sale_income",
    "buyout_income",
    "damage_income",
    "termination_fee_income",
    "shipping_fee_income",
    "late_fee_income",
}
CONTRA = {"refunds", "early_settlement_discount"}


def _move(unit: Unit, action: str, **kwargs) -> None:
    locked = Unit.objects.select_for_update().get(pk=unit.pk)
    unit_move(locked, action=action, actor=None, **kwargs)


def _ledger_income(order_id: int) -> D:
    """The order's income as the ledger's own per-account balances say it."""
    balances = balances_by_dimension(order_id=order_id)
    return sum((v for k, v in balances.items() if k in INCOME_CODES), D("0")) - sum(
        (v for k, v in balances.items() if k in CONTRA), D("0")
    )


def _paid(order_id: int, reference: str, day, **roles: str) -> None:
    amounts = {role: D(value) for role, value in roles.items()}
    received = sum(amounts.values(), D("0"))
    post_event(
        "offline_repayment",
        {"received": received, **amounts},
        reference=reference,
        order_id=order_id,
        moved_on=day,
    )


def test_an_exchange_splits_its_order_by_days_out_and_the_units_sum_to_the_ledger(shop):
    start = timezone.now() - timedelta(days=100)
    order_exchanged, order_alone = 880_001, 880_002
    with clock_at(start):
        first, second = units_in_stock(shop.sku.pk, 2)  # cost 4999.00 each
        _move(first, "ship", order_id=order_exchanged)
    with clock_at(start + timedelta(days=10)):  # the exchange: the old one back, a new one out
        _move(first, "return_receive")
        _move(second, "ship", order_id=order_exchanged)
        unit_adjust(actor=None, unit_id=first.pk, action="restock", reason="检测通过")
    with clock_at(start + timedelta(days=40)):
        _move(second, "return_receive")
    with clock_at(start + timedelta(days=41)):
        _move(first, "ship", order_id=order_alone)
    day = timezone.localdate() - timedelta(days=100)
    _paid(order_exchanged, "earn-1", day + timedelta(days=5), rent="300.00")
    _paid(order_exchanged, "earn-2", day + timedelta(days=35), rent="300.00", late_fee="10.01")
    _paid(order_exchanged, "earn-3", day + timedelta(days=41), damage="50.00")
    _paid(order_alone, "earn-4", day + timedelta(days=50), rent="5000.00")

    figures = units_earnings([Unit.objects.get(pk=first.pk), Unit.objects.get(pk=second.pk)])
    one, two = figures[first.pk], figures[second.pk]

    # 10 days against 30 on the exchanged order: a quarter and three quarters, to the cent.
    assert one["collected_by_order"][0] == {"order_id": order_exchanged, "amount": "165.00"}
    assert two["collected_by_order"] == [{"order_id": order_exchanged, "amount": "495.01"}]
    assert D("165.00") + D("495.01") == _ledger_income(order_exchanged) == D("660.01")
    assert two["collected_by_kind"] == {
        "rent": "450.00",
        "buyout": "0.00",
        "damage": "37.50",
        "fees": "7.51",
        "refunds": "0.00",
    }
    # The first unit alone on its second order takes all of it.
    assert one["collected_by_order"][1] == {"order_id": order_alone, "amount": "5000.00"}
    assert D(one["collected"]) == D("165.00") + _ledger_income(order_alone)
    # Days: owned 100, out 10 + 59 (still out); paid back the day the second order's rent came.
    assert one["days_owned"] == 100 and one["days_on_lease"] == 69
    assert one["utilisation"] == "69.0"
    assert one["cost_basis"] == "4999.00" and one["payback"] == "103.3"
    assert one["paid_back_on"] == day + timedelta(days=50) and one["days_to_pay_back"] == 50
    assert two["paid_back_on"] is None and two["days_on_lease"] == 30
    # Straight line over a phone's 24 months down to 10 %: 100 days of 730.
    assert one["life_months"] == 24
    assert D(one["book_value"]) == (D("4999.00") - D("4499.10") * D(100) / (D(365) * 2)).quantize(
        D("0.01")
    )


def test_a_scrapped_unit_shows_its_loss_and_the_units_page_its_earnings(shop):
    start = timezone.now() - timedelta(days=73)
    with clock_at(start):
        (unit,) = units_in_stock(shop.sku.pk, 1)
        _move(unit, "ship", order_id=880_010)
    with clock_at(start + timedelta(days=30)):
        _move(unit, "return_receive")
        unit_adjust(
            actor=None,
            unit_id=unit.pk,
            action="scrap",
            reason="主板损坏",
            recovered_value=D("300.00"),
        )
    _paid(880_010, "earn-10", timezone.localdate() - timedelta(days=60), rent="900.00")
    _paid(880_010, "earn-11", timezone.localdate() - timedelta(days=50), rent="100.00")

    figures = unit_earnings(Unit.objects.get(pk=unit.pk))

    assert figures["collected"] == "1000.00" and figures["days_owned"] == 30
    assert figures["utilisation"] == "100.0"
    # Book value at the day it left (30 days of a 24-month life), recovered 300.00 against it.
    book = (D("4999.00") - D("4499.10") * D(30) / (D(365) * 2)).quantize(D("0.01"))
    assert figures["book_value"] == f"{book:.2f}"
    assert figures["disposal_gain"] == f"{D('300.00') - book:.2f}"
    assert figures["left_on"] == timezone.localdate() - timedelta(days=43)
    assert unit_detail(session=None, unit_id=unit.pk)["earnings"] == figures


def test_money_is_split_to_the_cent_and_sums_exactly():
    assert split_cents(D("100.00"), {1: 1, 2: 1, 3: 1}) == {
        1: D("33.34"),
        2: D("33.33"),
        3: D("33.33"),
    }
    assert split_cents(D("-0.05"), {7: 3, 8: 1}) == {7: D("-0.04"), 8: D("-0.01")}
    # Every unit out for less than a day (a shipment corrected the same day): equal shares.
    assert split_cents(D("1.00"), {4: 0, 5: 0}) == {4: D("0.50"), 5: D("0.50")}
    shares = split_cents(D("987.65"), {1: 13, 2: 29, 3: 7})
    assert sum(shares.values()) == D("987.65")
