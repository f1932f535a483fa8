"""Every workbench figure opens a list with the same total: each to-do's count is the total of
the list its link opens (the order to-dos over both kinds: a lease awaiting shipment and a
paid purchase are both 待发货), on the shop's side and the platform's; and each stage tab's
count is the total of the list its link opens, with the list's filters."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context, tenant_context

from apps.billing.models import Bill
from apps.billing.tasks import orders_refresh_overdue
from tenants.finance.models import Withdrawal, WithdrawalStatus
from tenants.risk.models import RechargeMethod, RechargeStatus, RiskRecharge
from tests.leases import awaiting_shipment, in_lease, place, placed, provider_settles

WORKBENCH = "/api/v2/getWorkbenchData"
LEASES = "/api/platform/backendOrderList"
LEASE_COUNT = "/api/platform/orderNumberCount"
PURCHASE_COUNT = "/api/platform/ecommerceOrderCount"
PURCHASES = "/api/platform/ecommerceOrderList"
# Where each figure leads (frontend/src/features/workbench/components/TodayPanel.tsx `todoPath`).
STORE_LINKS = {
    "awaiting_audit": {"stage": "regular", "todo": "awaiting_audit"},
    "awaiting_shipment": {"stage": "dealing", "todo": "awaiting_shipment"},
    "overdue": {"stage": "overdue", "todo": "overdue"},
}
# The shipment to-dos open `/shipments?attention=…` (the shipment list call).
SHIPMENTS = "/api/merchant/shipmentList"
SHIPMENT_LINKS = {
    "shipments_stuck": {"attention": "stuck"},
    "shipments_exception": {"attention": "exception"},
}
# The privacy to-do opens `/privacyRequests?attention=overdue` (issue 67).
PRIVACY = "/api/backend/getPrivacyRequests"
PHONE = "13700000088"


def _todos(client) -> dict[str, int]:
    answer = client.get(WORKBENCH)
    assert answer.ok, answer
    return {todo["key"]: todo["count"] for todo in answer.data["todos"]}


def _listed(client, path: str, **filters) -> tuple[int, list[tuple[str, str]]]:
    answer = client.get(path, {**filters, "page_size": 100})
    assert answer.ok, answer
    return answer.data["total"], [(row["order_no"], row["kind"]) for row in answer.data["list"]]


def test_each_order_to_do_counts_the_list_it_opens_over_both_kinds(demo, demo_owner, app, offer):
    audit = placed(demo, place(app, offer, key="todo-0001", phone=PHONE, seed=7))
    lease = awaiting_shipment(demo, demo_owner, app, offer, key="todo-0002", phone=PHONE, seed=7)
    purchase = placed(
        demo, place(app, offer, key="todo-0003", phone=PHONE, seed=7, rent_plan_id=None)
    )
    assert app.post(
        "/api/applet/payBill",
        {"order_no": purchase.no, "period": 1, "idempotency_key": "todo-buy-0003"},
    ).ok
    provider_settles(demo, customer_pays=f"{purchase.no}B001")
    late = in_lease(demo, demo_owner, app, offer, key="todo-0004", phone=PHONE, seed=7)
    with tenant_context(demo):
        Bill.objects.filter(order_id=late.id, period=2).update(
            due_date=timezone.localdate() - timedelta(days=2)
        )
        orders_refresh_overdue()
    connection.set_schema_to_public()

    counts = _todos(demo_owner)

    assert set(counts) == set(STORE_LINKS) | set(SHIPMENT_LINKS) | {"privacy_overdue"}
    for key, link in STORE_LINKS.items():
        total, rows = _listed(demo_owner, LEASES, **link)
        assert total == counts[key], key
        assert len(rows) == total
    for key, link in SHIPMENT_LINKS.items():
        shipments = demo_owner.get(SHIPMENTS, {**link, "page_size": 100})
        assert shipments.ok, shipments
        assert shipments.data["total"] == counts[key] == len(shipments.data["list"]), key
    overdue = demo_owner.get(PRIVACY, {"attention": "overdue", "page_size": 100})
    assert overdue.ok, overdue
    assert overdue.data["total"] == counts["privacy_overdue"] == len(overdue.data["list"])
    mine = {
        key: _listed(demo_owner, LEASES, phone=PHONE, **link)[1]
        for key, link in STORE_LINKS.items()
    }
    assert mine == {
        "awaiting_audit": [(audit.no, "lease")],
        "awaiting_shipment": [(purchase.no, "purchase"), (lease.no, "lease")],
        "overdue": [(late.no, "lease")],
    }
    # Either kind's list call answers the same to-do.
    assert (
        _listed(demo_owner, PURCHASES, **STORE_LINKS["awaiting_shipment"])[0]
        == counts["awaiting_shipment"]
    )


def test_each_stage_tab_counts_the_list_it_opens_with_the_lists_filters(
    demo, demo_owner, app, offer
):
    placed(demo, place(app, offer, key="tab-0001", phone=PHONE, seed=8))
    awaiting_shipment(demo, demo_owner, app, offer, key="tab-0002", phone=PHONE, seed=8)
    for kind_count, kind_list in ((LEASE_COUNT, LEASES), (PURCHASE_COUNT, PURCHASES)):
        for filters in ({}, {"phone": PHONE}, {"sub_shops": True}):
            tabs = demo_owner.get(kind_count, filters).data
            for stage in ("regular", "dealing", "overdue", "finished", "after_sale", "owing"):
                assert tabs[stage] == _listed(demo_owner, kind_list, stage=stage, **filters)[0]
    by_phone = demo_owner.get(LEASE_COUNT, {"phone": PHONE}).data
    assert (by_phone["regular"], by_phone["dealing"], by_phone["all"]) == (1, 1, 2)


def test_each_platform_to_do_counts_the_list_it_opens(demo, admin_client):
    with schema_context(get_public_schema_name()):
        for n, status in enumerate(
            (WithdrawalStatus.PENDING, WithdrawalStatus.REVIEWING, WithdrawalStatus.PAID)
        ):
            Withdrawal.objects.create(
                merchant=demo,
                withdrawal_no=f"WTODO{n}",
                amount=Decimal("10.00"),
                status=status,
                bank_name="招商银行",
                account_name="演示租赁",
                account_number="6225880000001234",
                idempotency_key=f"todo-{n}",
            )
        for n, (method, status) in enumerate(
            (
                (RechargeMethod.OFFLINE, RechargeStatus.PENDING),
                (RechargeMethod.QR, RechargeStatus.PAYING),
            )
        ):
            RiskRecharge.objects.create(
                merchant=demo,
                recharge_no=f"RTODO{n}",
                method=method,
                amount=Decimal("10.00"),
                status=status,
                idempotency_key=f"todo-{n}",
            )

    counts = _todos(admin_client)

    links = {
        "withdrawals_pending": ("/api/platform/getWithdrawalRecord", {"status": "pending"}),
        "withdrawals_reviewing": ("/api/platform/getWithdrawalRecord", {"status": "reviewing"}),
        "recharges_pending": ("/api/merchant/merChartList", {"status": "pending"}),
    }
    assert set(counts) == set(links)
    for key, (path, filters) in links.items():
        answer = admin_client.get(path, filters)
        assert answer.ok, answer
        assert answer.data["total"] == counts[key] >= 1, key
