"""The data centre's figures for a fixed data set, checked against hand-computed amounts and
against the ledger; the same figures on the platform from public rows only; and who sees
whose: another merchant, a sub-shop, a sibling sub-shop."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill
from apps.billing.projection import due_days_project
from apps.subshops.tests.factories import sign_in, staff_make, sub_shop_account_make, sub_shop_make
from tenants.dashboard.models import MerchantDueDay
from tenants.finance.models import MerchantMoneyDay
from tenants.finance.money import money_days_check, money_days_refresh
from tests.leases import DEMO, IntakeClient, goods_on_shelf, in_lease, place, placed
from zulin.core.dates import day_start
from zulin.ledger.selectors import account_balance

OVERVIEW = "/api/v2/getDataOverview"
RENT = "/api/v2/getRentCurve"
RECEIVED_RENT = "/api/v2/getReceivedRentCurve"
BUYOUT = "/api/v2/getFinalPaymentCurve"
RECEIVED_BUYOUT = "/api/v2/getReceivedFinalPaymentCurve"
ORDERS = "/api/v2/getOrderDataCount"
GOODS = "/api/v2/getOrderGoodsCount"
ECOMMERCE_GOODS = "/api/v2/getEcommerceOrderGoodsCount"
D = Decimal


def _today():
    return timezone.localdate()


@pytest.fixture
def shop(demo, demo_owner):
    """The demo shop today (12-month leases of 399.00 a month, deal value 4,788.00 each):
    - lease A (no sub-shop): bill 1 (399.00) paid, due 3 days ago; bill 2 due yesterday,
      unpaid;
    - lease B (sub-shop 城东店): bill 1 (399.00) paid, due today;
    - order C (城东店): placed, awaiting audit (no deal).
    """
    app = IntakeClient(demo, DEMO)
    offer = goods_on_shelf(demo_owner)
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店", phone="13600000011")
    a = in_lease(demo, demo_owner, app, offer, key="dash-key-a", phone="13912340001", seed=1)
    b = in_lease(
        demo,
        demo_owner,
        app,
        offer,
        key="dash-key-b",
        phone="13912340002",
        seed=2,
        sub_shop_id=east["id"],
        tracking_no="SF0000000002",
    )
    c = placed(
        demo,
        place(app, offer, key="dash-key-c", phone="13912340003", seed=3, sub_shop_id=east["id"]),
    )
    today = _today()
    with tenant_context(demo):
        Bill.objects.filter(order_id=a.id, period=1).update(due_date=today - timedelta(days=3))
        Bill.objects.filter(order_id=a.id, period=2).update(due_date=today - timedelta(days=1))
        assert Bill.objects.get(order_id=b.id, period=1).due_date == today
    connection.set_schema_to_public()
    return {"a": a, "b": b, "c": c, "east": east["id"], "west": west["id"]}


SHOP_FIGURES = {
    "orders": 3,
    "deals": 2,
    "deal_value": "9576.00",
    "rent_due": "1197.00",
    "rent_received": "798.00",
    "buyout_due": "0.00",
    "buyout_received": "0.00",
    "overdue_amount": "399.00",
    "overdue_base": "798.00",
    "overdue_rate": "50.00",
}
NOTHING = {
    "orders": 0,
    "deals": 0,
    "deal_value": "0.00",
    "rent_due": "0.00",
    "rent_received": "0.00",
    "buyout_due": "0.00",
    "buyout_received": "0.00",
    "overdue_amount": "0.00",
    "overdue_base": "0.00",
    "overdue_rate": None,
}


def _ledger_rent_income(merchant) -> Decimal:
    with tenant_context(merchant):
        found = account_balance("rent_income")
    connection.set_schema_to_public()
    return found


def test_the_shops_overview_matches_the_hand_computed_figures_and_the_ledger(
    demo, demo_owner, shop
):
    answer = demo_owner.get(OVERVIEW, {})
    assert answer.ok, answer
    today = _today()
    assert (answer.data["date_from"], answer.data["date_to"]) == (
        (today - timedelta(days=29)).isoformat(),
        today.isoformat(),
    )
    assert answer.data["previous_to"] == (today - timedelta(days=30)).isoformat()
    assert answer.data["current"] == SHOP_FIGURES
    assert answer.data["previous"] == NOTHING
    assert answer.data["change"]["orders"] is None  # nothing the period before
    # Rent received is the ledger's rent income, to the cent.
    assert D(answer.data["current"]["rent_received"]) == _ledger_rent_income(demo) == D("798.00")


def test_the_curves_fill_every_day_and_add_up_to_the_overview(demo, demo_owner, shop):
    today = _today()
    period = {"date_from": (today - timedelta(days=6)).isoformat(), "date_to": today.isoformat()}
    due = demo_owner.get(RENT, period).data
    assert [p["date"] for p in due["points"]][0] == period["date_from"]
    assert len(due["points"]) == 7
    by_day = {p["date"]: p["amount"] for p in due["points"]}
    assert by_day[(today - timedelta(days=3)).isoformat()] == "399.00"
    assert by_day[(today - timedelta(days=1)).isoformat()] == "399.00"
    assert by_day[today.isoformat()] == "399.00"
    assert due["total"] == "1197.00"
    received = demo_owner.get(RECEIVED_RENT, period).data
    assert {p["date"]: p["amount"] for p in received["points"] if p["amount"] != "0.00"} == {
        today.isoformat(): "798.00"
    }
    assert D(received["total"]) == _ledger_rent_income(demo)
    for path in (BUYOUT, RECEIVED_BUYOUT):
        assert demo_owner.get(path, period).data["total"] == "0.00"
    # By month: the bills of the 12-month leases, one a month from the next on.
    months = demo_owner.get(
        RENT,
        {
            "date_from": today.replace(day=1).isoformat(),
            "date_to": (today.replace(day=1) + timedelta(days=95)).isoformat(),
            "granularity": "month",
        },
    ).data
    assert [p["date"] for p in months["points"]][:2] == [
        today.strftime("%Y-%m"),
        (today.replace(day=1) + timedelta(days=32)).strftime("%Y-%m"),
    ]
    # Next month B's bill 2 (A's was moved to yesterday), the month after both leases' bill 3.
    assert [p["amount"] for p in months["points"][1:3]] == ["399.00", "798.00"]


def test_orders_and_goods_counts(demo_owner, shop):
    series = demo_owner.get(ORDERS, {}).data
    assert (series["orders"], series["deals"], series["deal_value"]) == (3, 2, "9576.00")
    assert series["points"][-1] == {
        "date": _today().isoformat(),
        "orders": 3,
        "deals": 2,
        "deal_value": "9576.00",
    }
    goods = demo_owner.get(GOODS, {}).data["items"]
    assert [(g["goods_title"], g["orders"], g["deals"], g["deal_value"]) for g in goods] == [
        ("iPhone 15 Pro", 3, 2, "9576.00")
    ]
    assert demo_owner.get(ECOMMERCE_GOODS, {}).data["items"] == []


def test_a_sub_shop_sees_its_own_figures_only(demo, demo_owner, shop):
    sub_shop_account_make(demo_owner, shop["east"], "east")
    clerk = sign_in(DEMO, "east")
    figures = clerk.get(OVERVIEW, {}).data["current"]
    assert figures == {
        **NOTHING,
        "orders": 2,
        "deals": 1,
        "deal_value": "4788.00",
        "rent_due": "399.00",
        "rent_received": "399.00",
    }
    # Its rent received is the ledger's for its orders: with the rest of the shop's, the
    # shop's own.
    shop_wide = demo_owner.get(OVERVIEW, {}).data["current"]["rent_received"]
    assert D(figures["rent_received"]) + D("399.00") == D(shop_wide) == _ledger_rent_income(demo)
    assert clerk.get(GOODS, {}).data["orders"] == 2
    # A sibling's figures answer as if it did not exist; the owner may ask for either.
    assert clerk.get(OVERVIEW, {"sub_shop_id": shop["west"]}).code == 404
    assert clerk.get(RENT, {"sub_shop_id": shop["west"]}).code == 404
    assert demo_owner.get(OVERVIEW, {"sub_shop_id": shop["east"]}).data["current"] == figures
    assert demo_owner.get(OVERVIEW, {"sub_shop_id": shop["west"]}).data["current"] == NOTHING
    # Roles without data.view see nothing.
    staff_make(demo_owner, "sam", ["salesman"])
    assert sign_in(DEMO, "sam").get(OVERVIEW, {}).code == 403


def test_another_merchant_sees_none_of_it(acme_owner, shop):
    assert acme_owner.get(OVERVIEW, {}).data["current"] == NOTHING
    assert acme_owner.get(RECEIVED_RENT, {}).data["total"] == "0.00"
    assert acme_owner.get(GOODS, {}).data["items"] == []


def test_the_platform_reads_the_same_figures_from_public_rows(
    demo, acme, admin_client, demo_owner, shop
):
    today = _today()
    with tenant_context(demo):
        money_days_refresh(date_from=today, date_to=today)
        due_days_project()
        assert money_days_check(date_from=today, date_to=today) == []
    connection.set_schema_to_public()
    assert MerchantDueDay.objects.filter(merchant=demo).exists()
    one = admin_client.get(OVERVIEW, {"merchant_id": demo.pk})
    assert one.ok, one
    assert one.data["current"] == SHOP_FIGURES
    assert admin_client.get(OVERVIEW, {}).data["current"] == SHOP_FIGURES  # acme has nothing
    assert admin_client.get(OVERVIEW, {"merchant_id": acme.pk}).data["current"] == NOTHING
    assert admin_client.get(RECEIVED_RENT, {}).data["total"] == "798.00"
    assert admin_client.get(RENT, {}).data["total"] == "1197.00"
    goods = admin_client.get(GOODS, {}).data["items"]
    assert [(g["merchant_id"], g["merchant_name"], g["orders"]) for g in goods] == [
        (demo.pk, demo.name, 3)
    ]
    # A bill paid later shows on the platform once the projection runs again.
    with tenant_context(demo):
        Bill.objects.filter(order_id=shop["a"].id, period=2).update(
            due_date=today + timedelta(days=40)
        )
        due_days_project()
    connection.set_schema_to_public()
    assert admin_client.get(OVERVIEW, {}).data["current"]["overdue_rate"] == "0.00"


def test_final_money_days_are_read_and_the_open_ones_from_the_ledger(demo, demo_owner, shop):
    """A day whose money-day row was refreshed after it ended (and the ten minutes a late
    posting is given) is read from the row (a figure planted there shows it); today's row is
    not final, so today comes from the ledger whatever the row says. Two days back is final
    at any hour of today; the check of yesterday's first ten minutes is the next test."""
    today = _today()
    now = timezone.now()
    zeros = {"refreshed_at": now}
    MerchantMoneyDay.objects.create(
        merchant=demo, day=today - timedelta(days=2), received_rent=D("50.00"), **zeros
    )
    MerchantMoneyDay.objects.create(merchant=demo, day=today, received_rent=D("999.99"), **zeros)
    # A day refreshed before it was over is not final either: the ledger (nothing) counts.
    MerchantMoneyDay.objects.create(
        merchant=demo,
        day=today - timedelta(days=3),
        received_rent=D("7.00"),
        refreshed_at=now - timedelta(days=3),
    )
    figures = demo_owner.get(OVERVIEW, {}).data["current"]
    assert figures["rent_received"] == "848.00"  # 50.00 + the ledger's 798.00 today


def test_a_day_refreshed_in_the_first_minutes_after_it_is_not_yet_final(demo, demo_owner, shop):
    """A posting may still reach a day just over: its row, refreshed less than ten minutes
    after midnight (China time), is not final, and the ledger (nothing that day) counts; ten
    minutes on, the row is read."""
    today = _today()
    midnight = day_start(today)
    row = MerchantMoneyDay.objects.create(
        merchant=demo,
        day=today - timedelta(days=1),
        received_rent=D("50.00"),
        refreshed_at=midnight + timedelta(minutes=9, seconds=59),
    )
    assert demo_owner.get(OVERVIEW, {}).data["current"]["rent_received"] == "798.00"
    row.refreshed_at = midnight + timedelta(minutes=10)
    row.save(update_fields=["refreshed_at"])
    assert demo_owner.get(OVERVIEW, {}).data["current"]["rent_received"] == "848.00"


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"date_from": "2026-01-01", "date_to": "2027-01-02"}, "date_to"),
        ({"date_from": "2026-02-01", "date_to": "2026-01-01"}, "date_from"),
        ({"granularity": "week"}, "granularity"),
        ({"date_from": "not-a-day"}, "date_from"),
        # The calendar's ends, alone: the default 30 days would run off it.
        ({"date_from": "9999-12-31"}, "date_from"),
        ({"date_to": "0001-01-01"}, "date_to"),
        ({"date_from": "0001-01-01", "date_to": "0001-01-02"}, "date_from"),
        ({"date_from": "2026-01-01", "date_to": "3000-01-01"}, "date_to"),
    ],
)
def test_a_bad_period_is_refused(demo_owner, admin_client, params, field):
    for client in (demo_owner, admin_client):
        answer = client.get(OVERVIEW, params)
        assert answer.code == 400, answer
        assert field in str(answer.data["fields"])


WORKBENCH = "/api/v2/getWorkbenchData"


def test_the_workbench_shows_todays_figures_and_each_roles_to_dos(demo_owner, admin_client, shop):
    owner = demo_owner.get(WORKBENCH)
    assert owner.ok, owner
    assert owner.data["today"]["orders"] == 3
    assert owner.data["today"]["rent_received"] == "798.00"
    assert {t["key"]: t["count"] for t in owner.data["todos"]} == {
        "awaiting_audit": 1,  # order C
        "awaiting_shipment": 0,
        "overdue": 0,  # lease A's bill 2 is due yesterday: overdue once the nightly job runs
        # The carrier shipments that need someone (`/shipments?attention=…`): none yet.
        "shipments_stuck": 0,
        "shipments_exception": 0,
        # Customers' privacy requests past their due day (`/privacyRequests?attention=…`).
        "privacy_overdue": 0,
    }
    # A sub-shop's account: its own sub-shop's figures and to-dos, no audit.
    sub_shop_account_make(demo_owner, shop["east"], "east")
    clerk = sign_in(DEMO, "east").get(WORKBENCH).data
    assert (clerk["today"]["orders"], clerk["today"]["rent_received"]) == (2, "399.00")
    assert {t["key"]: t["count"] for t in clerk["todos"]} == {
        "awaiting_shipment": 0,
        "overdue": 0,
    }
    # A salesman: neither figures nor to-dos.
    staff_make(demo_owner, "sam", ["salesman"])
    assert sign_in(DEMO, "sam").get(WORKBENCH).data == {"today": None, "todos": []}
    # The platform's admin: every merchant's figures and what awaits its approval.
    platform = admin_client.get(WORKBENCH).data
    assert platform["today"]["orders"] == 3
    assert {t["key"] for t in platform["todos"]} == {
        "withdrawals_pending",
        "withdrawals_reviewing",
        "recharges_pending",
    }
