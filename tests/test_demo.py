"""The showcase `make run` loads on top of the test data: its shape, its logins, and that a
second run adds nothing. Runs inside the test's transaction, so it is rolled back. One test
loads it once and each part checks its own figures (`_…_checked`), then the second run."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.goods.models import Addon, Goods
from apps.promotion.tests.demo_links import share_links_checked
from apps.subshops.models import ReturnAddress, SubShop
from apps.subshops.selectors import STAFF_ROLE_CODES
from apps.webhooks import services as webhook_services
from apps.webhooks.models import WebhookDelivery, WebhookEndpoint
from tenants.accounts.models import Account, ApiKey
from tenants.catalog.models import PlatformGoods
from tenants.merchants.models import Merchant, MerchantStatus
from tests.demo_assets import (
    asset_report_checked,
    owned_before_leased_checked,
    second_life_checked,
)
from tests.demo_history import dated_after_what_they_belong_to, rent_received_within_due
from tests.fixtures import login
from zulin.audit.models import AuditEntry
from zulin.demo import demo_showcase_load


def _snapshot(demo: Merchant, media: Path) -> dict[str, Any]:
    with tenant_context(demo):
        in_demo = {
            "goods": Goods.objects.count(),
            "gains": Addon.objects.count(),
            "sub_shops": SubShop.objects.count(),
            "addresses": ReturnAddress.objects.count(),
            "demo_audit": AuditEntry.objects.count(),
            "webhook_endpoints": WebhookEndpoint.objects.count(),
        }
    return {
        **in_demo,
        "merchants": Merchant.objects.count(),
        "accounts": Account.objects.count(),
        "platform_goods": PlatformGoods.objects.count(),
        "public_audit": AuditEntry.objects.count(),
        "api_keys": ApiKey.objects.count(),
        "pictures": sum(1 for path in media.rglob("*") if path.is_file()),
    }


def test_showcase_fills_every_screen_and_a_second_run_adds_nothing(demo, acme, settings, tmp_path):
    """One showcase load (minutes on this machine) checked by every part, then run again."""
    settings.MEDIA_ROOT = tmp_path

    loaded_on = timezone.localdate()  # the load may cross midnight, China time
    demo_showcase_load()

    with tenant_context(demo):
        goods = list(Goods.objects.filter(is_deleted=False))
        statuses = Counter(g.status for g in goods)
        forced = [g for g in goods if g.force_down]
        sub_shops = list(SubShop.objects.all())
        only_in_a_sub_shop = [g for g in goods if g.sub_shop_ids]
        gain_types = set(Addon.objects.values_list("addon_type", flat=True))
        pictures = [url for g in goods for url in g.pictures]
    assert len(goods) >= 30
    assert set(statuses) == {"draft", "in_review", "on_shelf", "off_shelf"}
    assert forced and all(g.status == "off_shelf" and g.force_down_reason for g in forced)
    assert only_in_a_sub_shop
    assert len(gain_types) >= 4
    assert pictures and all(url.startswith(settings.MEDIA_URL) for url in pictures)
    stored = {path.name for path in tmp_path.rglob("*.png")}
    assert {url.rsplit("/", 1)[1] for url in pictures} <= stored
    assert PlatformGoods.objects.filter(merchant__slug="acme").exists()

    assert len(sub_shops) == 3
    accounts = Account.objects.filter(merchant=demo, sub_shop_id__in=[s.pk for s in sub_shops])
    assert {a.sub_shop_id for a in accounts} == {s.pk for s in sub_shops}
    for account in accounts:
        signed_in = login("demo.localhost", account.username)
        assert signed_in.get("/api/platform/getLoginUserInfo").ok

    staff_roles = set(
        Account.objects.filter(merchant=demo, sub_shop_id__isnull=True).values_list(
            "roles__code", flat=True
        )
    )
    assert set(STAFF_ROLE_CODES) <= staff_roles
    for username in ("auditor", "sales1", "sales2", "finance", "service", "collector1"):
        login("demo.localhost", username)

    assert set(Merchant.objects.values_list("status", flat=True)) == set(MerchantStatus.values)

    # The platform's staff: two finance people (two-person approvals), an operator, an auditor,
    # made through the staff screen's service (audited in the public schema).
    platform_staff = {
        account.username: [role.code for role in account.roles.all()]
        for account in Account.objects.filter(merchant=None).exclude(username__in=["admin", "ops"])
    }
    assert platform_staff == {
        "finance1": ["platform_finance"],
        "finance2": ["platform_finance"],
        "operator": ["platform_operator"],
        "auditor": ["platform_auditor"],
    }
    created = AuditEntry.objects.filter(action="staff.create", target_type="staff")
    assert created.count() == 4
    for username in platform_staff:
        assert login("admin.localhost", username).get("/api/platform/getLoginUserInfo").ok

    # Customer service: settings, messages sent to customers, a customer listed, one lifted.
    owner = login("demo.localhost", "owner")
    info = owner.post("/api/general/getBaseInfo").data
    assert info["phone"] and [n for n in info["notices"] if n["is_visible"]]
    blacklist = owner.get("/api/backend/getCustomerBlacklist").data["list"]
    assert sorted(e["status"] for e in blacklist) == ["active", "lifted"]
    customers = owner.get("/api/backend/getCustomerList", {"page_size": 100}).data["list"]
    assert sum(c["messages"] for c in customers) >= 2
    assert any(c["blacklisted"] for c in customers)

    _recovery_showcase_checked(demo)
    _history_checked(demo)
    _true_to_the_day_checked(demo)
    _zhima_checked(demo)
    _developers_checked(demo)
    # Each part's own figures; then the second run, checked by each part as well.
    checks_again = [
        _units_checked(demo),
        owned_before_leased_checked(demo),
        second_life_checked(demo),
        asset_report_checked(demo),
        _orders_checked(demo),
        _money_checked(demo),
        _reconciliation_checked(demo, loaded_on),
        share_links_checked(demo, owner),
    ]

    before = _snapshot(demo, tmp_path)
    demo_showcase_load()
    assert _snapshot(demo, tmp_path) == before
    for again in checks_again:
        again()


def _developers_checked(demo: Merchant) -> None:
    """The demo's endpoint at the sandbox receiver gets the showcase's history once relayed;
    its ERP key reads orders."""
    with tenant_context(demo):
        endpoint = WebhookEndpoint.objects.get()
        for _ in range(1000):  # the relay's fan-out, bounded
            if not webhook_services.fan_out():
                break
        types = Counter(WebhookDelivery.objects.values_list("event__type", flat=True))
        occurred = list(WebhookDelivery.objects.values_list("event__occurred_at", flat=True))
    assert endpoint.url.endswith("/api/sandbox/webhooks/receive") and endpoint.enabled
    # What happened once it existed: the history's dated events (orders placed months ago,
    # the collectors' payment link paid yesterday) are not, the payments the showcase takes
    # today are.
    assert set(types) <= set(endpoint.event_types)
    assert types["bill.paid"] >= 1, types
    assert all(moment >= endpoint.created_at for moment in occurred)
    key = ApiKey.objects.get(merchant=demo, revoked_at=None)
    assert key.scopes == ["orders:read", "bills:read", "goods:read"]


def _recovery_showcase_checked(demo: Merchant) -> None:
    """Recovery: open cases in every bucket, both collectors with cases of their own and
    their contacts, a promise kept and one broken; made through the services."""
    from apps.recovery.models import ContactRecord, PromiseToPay

    owner = login("demo.localhost", "owner")
    counts = owner.get("/api/backend/getRecoveryCount", {"state": "open"}).data
    assert all(bucket["count"] > 0 for bucket in counts["buckets"]), counts
    for username in ("collector1", "collector2"):
        collector = login("demo.localhost", username)
        mine = collector.get("/api/backend/getRecoveryCases", {"state": "open"}).data
        assert mine["total"] > 0
        assert len({row["assignee_name"] for row in mine["list"]}) == 1
        case = collector.get("/api/backend/getRecoveryCase", {"case_id": mine["list"][0]["id"]})
        assert case.ok, case
    # The platform's aging (/aging) shows both shops, the demo's debts as its own count has them.
    aging = login("admin.localhost", "admin").get("/api/backend/getPlatformAging").data
    rows = {row["merchant_id"]: row for row in aging["list"]}
    assert rows[demo.pk]["total_owed"] == counts["all"]["total_owed"] != "0.00"
    assert [b["cases"] for b in rows[demo.pk]["buckets"]] == [b["count"] for b in counts["buckets"]]
    assert Merchant.objects.get(slug="acme").pk in rows and aging["as_of"]
    with tenant_context(demo):
        assert len(set(ContactRecord.objects.values_list("actor_account_id", flat=True))) == 2
        states = set(PromiseToPay.objects.values_list("state", flat=True))
        assert {"kept", "broken"} <= states
    # A debt written off, partly paid back after (recovered after write-off).
    written = owner.get("/api/backend/getRecoveryCases", {"state": "written_off"}).data
    assert written["total"] == 1, written
    case = owner.get("/api/backend/getRecoveryCase", {"case_id": written["list"][0]["id"]}).data
    write_off = case["write_off"]
    assert write_off["reason"] and write_off["days_past_due"] >= 180
    assert Decimal("0") < Decimal(write_off["recovered"]) < Decimal(write_off["amount"])
    # Its evidence pack, ready in the owner's exports (one, however often the demo runs).
    packs = owner.get("/api/platform/exportList", {"kind": "evidence_pack"}).data
    assert packs["total"] == 1, packs
    pack = owner.get("/api/backend/evidencePackStatus", {"id": packs["list"][0]["id"]}).data
    assert (pack["status"], pack["order_id"]) == ("done", case["order"]["id"]), pack
    assert pack["download_url"]


def _history_checked(demo: Merchant) -> None:
    """The shop's money told as history (each event under the clock of its own day, the
    nights' auto-debit among them), not stamped with the moment the demo was loaded."""
    from apps.billing.models import Bill
    from apps.dashboard.selectors import Shop, shop_overview, shop_today
    from tenants.dashboard.figures import Period

    with tenant_context(demo):
        paid = list(Bill.objects.filter(status="paid"))
        assert len({timezone.localtime(b.paid_at).date() for b in paid}) >= 20
        # The nights charged each instalment on its due date; a customer short of money paid
        # a few days late, with the late fee of those days.
        debited = [b for b in paid if b.paid_by == "withhold" and b.period >= 2]
        lags = [(timezone.localtime(b.paid_at).date() - b.due_date).days for b in debited]
        assert lags and all(0 <= lag <= 5 for lag in lags), lags
        assert 0 in lags
        assert any(b.late_fee_paid > 0 for b, lag in zip(debited, lags, strict=True) if lag > 0)
        # The renewals and returns still being handled were asked for in the last days (the
        # leases ran, and were charged, until then).
        from apps.orders.models import AfterSale

        pending = AfterSale.objects.filter(status__in=["open", "approved"])
        assert pending and all(
            timezone.now() - a.created_at < timedelta(days=7) for a in pending
        ), [(a.order_id, a.created_at) for a in pending]
        shop = Shop(merchant_id=demo.pk)
        month = shop_overview(shop, Period.parse(date_from=None, date_to=None))["current"]
        today = shop_today(shop)
    # Today's rent is a day's, not the month's; most of what fell due was paid.
    assert Decimal(0) < today["rent_received"] < month["rent_received"] / 4, (today, month)
    assert month["overdue_rate"] is not None and month["overdue_rate"] < 30, month


def _true_to_the_day_checked(demo: Merchant) -> None:
    """Issue 64: for every day of the history, the rent the data centre says was received is
    no more than what customers owed that morning on bills due by then (late fees included);
    every record is dated on or after what it belongs to (a case the night after its first
    bill went past due, contacts and the write-off after their case, the write-off on its
    day in the past, the recovery after it, the lost unit with it, payments after their
    bills, deliveries after shipping, returns after delivery)."""
    from apps.recovery.models import RecoveryCase, WriteOff

    with tenant_context(demo):
        assert rent_received_within_due(demo.pk) == []
        assert dated_after_what_they_belong_to() == []
        # Not vacuous: cases opened on many nights, one write-off weeks ago.
        assert RecoveryCase.objects.values("opened_on").distinct().count() >= 3
        written = WriteOff.objects.get()
        assert (timezone.localdate() - written.written_off_on).days >= 7


def _zhima_checked(demo: Merchant) -> None:
    """Issue 66: deposit-free leases in every state a credit order settles in, told inside
    the history: the nights took their instalments from the authorisation on the due days,
    an unpaid one's case opened the night after its bill went past due (not on the load's
    day), the violation confirmed past the grace after the notice."""
    from apps.billing.models import BillPayment, CreditOrder, CreditOrderNotice
    from apps.orders.models import Order
    from apps.recovery.models import RecoveryCase

    with tenant_context(demo):
        statuses = Counter(CreditOrder.objects.values_list("status", flat=True))
        assert statuses == {
            "frozen": 1,
            "closed": 1,
            "performing": 2,
            "completed": 1,
            "violation_pending": 1,
            "violated": 1,
        }, statuses
        taken = BillPayment.objects.filter(method="auth", status="succeeded")
        assert taken.count() >= 3  # bill 2 of a performing lease, bills 2 and 3 of the returned one
        assert all(timezone.localdate(p.finished_at) == p.bill.due_date for p in taken)
        # No other story ordered the deposit-free goods.
        credit_orders = set(CreditOrder.objects.values_list("order_id", flat=True))
        plans = set(
            Order.objects.filter(pk__in=credit_orders).values_list("rent_plan_id", flat=True)
        )
        assert set(Order.objects.filter(rent_plan_id__in=plans).values_list("pk", flat=True)) == (
            credit_orders
        )
        for status in ("violation_pending", "violated"):
            row = CreditOrder.objects.get(status=status)
            case = RecoveryCase.objects.filter(order_id=row.order_id).earliest("opened_on")
            assert (timezone.localdate() - case.opened_on).days >= 7, (status, case.opened_on)
            notice = CreditOrderNotice.objects.get(credit_order=row)
            assert timezone.localdate(notice.sent_at) < timezone.localdate()


def _units_checked(demo: Merchant) -> Callable[[], None]:
    """Devices (issue 43): the phones and laptops tracked by unit, received on three stock
    receipts from two suppliers with Luhn-valid IMEIs; every shipped lease of a tracked SKU
    holds its unit (the one it names), some units in each sub-shop, one on its way, one lost
    with the written-off debt; the counts add up."""
    from apps.assets.models import StockReceipt, StockTransfer, Supplier, Unit, UnitMovement
    from apps.assets.rules import imei_valid
    from apps.goods.models import Sku
    from apps.orders.models import Order
    from apps.recovery.models import WriteOff
    from apps.subshops.models import SubShop

    with tenant_context(demo):
        tracked = set(Sku.objects.filter(tracked=True).values_list("pk", flat=True))
        assert tracked
        titles = set(Sku.objects.filter(pk__in=tracked).values_list("goods__title", flat=True))
        assert any("iPhone" in t for t in titles) and any("MacBook" in t for t in titles)
        # One stock truth (issue 59): a tracked SKU keeps no count beside its units.
        assert not Sku.objects.filter(pk__in=tracked, stock__isnull=False).exists()
        assert not Sku.objects.filter(tracked=False, stock__isnull=True).exists()
        assert Supplier.objects.count() == 2 and StockReceipt.objects.count() >= 3
        assert set(StockReceipt.objects.values_list("status", flat=True)) == {"received"}
        assert StockReceipt.objects.values("supplier_id").distinct().count() == 2
        # Dated as history: the first three bought before the first order of the shop's last
        # 90 days; any later one is a device bought the day an order needed it, before that
        # order (the older stories' devices among them: the recovery showcase's debts and the
        # used device's first lease).
        first_order = (
            Order.objects.exclude(idempotency_key__contains="-late-")
            .exclude(idempotency_key__endswith="-used-first-lease")
            .order_by("created_at")
            .first()
        )
        assert first_order is not None
        # (the first three made: the older stories' receipts are dated before them)
        first_three = StockReceipt.objects.order_by("id")[:3]
        received_at = UnitMovement.objects.filter(action="receive")
        assert (
            max(
                received_at.filter(unit__receipt_line__receipt__in=first_three).values_list(
                    "at", flat=True
                )
            )
            < first_order.created_at
        )
        for receipt in StockReceipt.objects.order_by("id")[3:]:
            line = receipt.lines.get()
            last = max(received_at.filter(unit__receipt_line=line).values_list("at", flat=True))
            needed = Order.objects.filter(
                sku_id=line.sku_id, created_at__gt=last, created_at__lt=last + timedelta(hours=2)
            )
            assert needed.exists(), receipt.invoice_no
        units = list(Unit.objects.all())
        assert {u.sku_id for u in units} == tracked
        received = sum(StockReceipt.objects.values_list("lines__received_quantity", flat=True))
        assert len(units) == received
        by_status = Counter(u.status for u in units)
        assert sum(by_status.values()) == len(units)
        imeis = [i for u in units for i in (u.imei1, u.imei2) if i]
        assert imeis and all(imei_valid(i) for i in imeis)
        assert len(set(imeis)) == len(imeis)
        assert all(u.serial_number for u in units)
        # Every shipped lease of a tracked SKU holds its unit, the one it names.
        holding = {"shipped", "in_lease", "returning"}
        leases = Order.objects.filter(sku_id__in=tracked, status__in=holding, kind="lease")
        assert leases.exists()
        held = {
            u.order_id: u for u in units if u.status in ("out_with_customer", "returning", "lost")
        }
        for order in leases:
            unit = held.get(order.pk)
            assert unit is not None, order.order_no
            assert order.device_serial in (unit.imei1, unit.serial_number)
        out = by_status["out_with_customer"] + by_status["returning"] + by_status["lost"]
        assert out >= leases.count()
        # Bought out and sold, and come back: each with its order.
        assert by_status["sold"] >= 1 and by_status["received"] >= 1
        # Some units in each sub-shop, one transfer on its way.
        shops = set(SubShop.objects.values_list("pk", flat=True))
        in_shops = {u.sub_shop_id for u in units if u.status == "in_stock" and u.sub_shop_id}
        assert in_shops == shops
        assert StockTransfer.objects.filter(status="in_transit").count() == 1
        assert by_status["in_transit"] >= 1
        # The written-off debt's device is lost.
        written = WriteOff.objects.get()
        lost = [u for u in units if u.status == "lost"]
        assert [u.order_id for u in lost] == [written.order_id]
        counts = dict(by_status)
        receipts = StockReceipt.objects.count()

    def again() -> None:
        with tenant_context(demo):
            assert Counter(Unit.objects.values_list("status", flat=True)) == counts
            assert StockReceipt.objects.count() == receipts

    return again


def _orders_checked(demo: Merchant) -> Callable[[], None]:
    """Orders in every stage, the books agreeing; the check after a second run."""
    from apps.billing.models import Bill
    from apps.orders.models import Order
    from zulin.ledger.selectors import ledger_check

    with tenant_context(demo):
        orders = list(Order.objects.all())
        stages = Counter(o.stage for o in orders)
        statuses = Counter(o.status for o in orders)
        assert set(stages) == {
            "regular",
            "dealing",
            "overdue",
            "finished",
            "after_sale",
            "owing",
        }
        assert {"awaiting_audit", "in_lease", "completed", "bought_out", "paid"} <= set(statuses)
        # Early returns under the shop's terms: the fee charged, damage above a deposit owed.
        kinds = Counter(Bill.objects.values_list("kind", flat=True))
        assert kinds["termination"] >= 2 and kinds["damage"] >= 1
        assert all(o.owed_amount > 0 for o in orders if o.stage == "owing")
        # The merchant's books and the platform's sub-ledger of it mirror each other.
        from tenants.finance.agreement import books_agreement

        assert books_agreement(demo) == []
        assert any(o.status == "inspecting" for o in orders)
        assert Bill.objects.filter(status="paid").exists()
        assert ledger_check() == []
        # A history: placed across the last 90 days, the newest today or yesterday (beside
        # the recovery showcase's older debts, months past due).
        # (and the first lease of the device leased again as used, six months long).
        ages = sorted(
            (timezone.now() - o.created_at).days
            for o in orders
            if "-late-" not in o.idempotency_key
            and not o.idempotency_key.endswith("-used-first-lease")
        )
        assert ages[0] <= 1 and 60 <= ages[-1] < 90
        # Sub-shops follow some of them up (the sub-merchants' lists are not empty).
        assert len({o.sub_shop_id for o in orders if o.sub_shop_id}) >= 2
        count = len(orders)
        # Notarization: three leases notarized, one under way, one cancelled.
        from apps.notary.models import Notarization

        notarized = Counter(Notarization.objects.values_list("status", flat=True))
        assert notarized == {"notarized": 3, "contract_pushed": 1, "cancelled": 1}

    def again() -> None:
        with tenant_context(demo):
            assert Order.objects.count() == count
            assert Counter(Notarization.objects.values_list("status", flat=True)) == notarized

    return again


def _money_checked(demo: Merchant) -> Callable[[], None]:
    """Late fees, a failed withhold, statements, withdrawals and recharges, credit files."""
    from apps.billing.models import (
        BillPayment,
        EarlySettlement,
        LateFeeWaiver,
        OfflineReceipt,
        Statement,
    )
    from apps.orders.models import Order
    from apps.risk.models import CreditQuery, RiskQuery
    from tenants.finance.models import Withdrawal
    from tenants.risk.models import RiskRecharge
    from zulin.ledger.selectors import account_balance, ledger_check

    with tenant_context(demo):
        assert LateFeeWaiver.objects.count() == 1
        assert BillPayment.objects.filter(status="failed", failure_reason="INSUFFICIENT_BALANCE")
        assert Statement.objects.filter(status="closed").exists()
        assert ledger_check() == []
        # A bill repaid offline with its voucher; a lease settled early and bought out.
        receipt = OfflineReceipt.objects.get()
        assert receipt.payments.get().bill.paid_by == "offline" and receipt.voucher_file_id
        # (A buyout is an early settlement with the buyout price: the demo's buyouts too.)
        settled = EarlySettlement.objects.filter(status="succeeded")
        assert settled.exists()
        assert {Order.objects.get(pk=s.order_id).status for s in settled} == {"bought_out"}
        early_count = EarlySettlement.objects.count()
    statuses = set(Withdrawal.objects.filter(merchant=demo).values_list("status", flat=True))
    assert {"paid", "pending", "rejected", "cancelled"} <= statuses
    # The risk balance: the intake's charge of every order and a few queries by hand, a QR
    # recharge credited and one waiting, transfers pending, approved and rejected.
    with tenant_context(demo):
        assert set(RiskQuery.objects.values_list("source", flat=True)) == {"intake", "manual"}
        assert CreditQuery.objects.filter(status="done").exists()
        assert account_balance("risk_prepaid") > 0
    recharges = set(RiskRecharge.objects.filter(merchant=demo).values_list("method", "status"))
    assert {
        ("qr", "credited"),
        ("qr", "paying"),
        ("offline", "pending"),
        ("offline", "credited"),
        ("offline", "rejected"),
    } <= recharges
    # Credit reporting: a file with one record rejected, its correction in a file accepted.
    from apps.credit.models import CreditRecord, CreditReportFile

    with tenant_context(demo):
        files = list(CreditReportFile.objects.order_by("id").values_list("status", flat=True))
        assert files == ["partial", "accepted"]
        corrected = CreditRecord.objects.get(state="replaced")
        assert corrected.replaced_by.state == "accepted"
        credit_rows = (CreditRecord.objects.count(), CreditReportFile.objects.count())
    count = Withdrawal.objects.count()
    recharged = RiskRecharge.objects.count()

    def again() -> None:
        assert Withdrawal.objects.count() == count
        assert RiskRecharge.objects.count() == recharged
        with tenant_context(demo):
            assert (CreditRecord.objects.count(), CreditReportFile.objects.count()) == credit_rows
            assert (OfflineReceipt.objects.count(), EarlySettlement.objects.count()) == (
                1,
                early_count,
            )

    return again


def _reconciliation_checked(demo: Merchant, loaded_on: date) -> Callable[[], None]:
    """Reconciliation runs in every state, the day's money of each merchant."""
    from tenants.finance.models import MerchantMoneyDay, ReconciliationMismatch, ReconciliationRun
    from tenants.finance.money import money_days_check

    today = timezone.localdate()
    runs = {
        (r.merchant.slug, r.day): r for r in ReconciliationRun.objects.select_related("merchant")
    }
    statuses = {key: run.status for key, run in runs.items()}
    assert set(statuses.values()) == {"balanced", "mismatched", "resolved", "failed"}
    assert statuses[("demo", today)] == "mismatched"
    open_kinds = Counter(
        ReconciliationMismatch.objects.filter(run=runs[("demo", today)], status="open").values_list(
            "kind", flat=True
        )
    )
    assert open_kinds == {"missing_in_ledger": 2, "amount_differs": 1}
    resolved = ReconciliationMismatch.objects.get(run=runs[("acme", today)])
    assert (resolved.status, resolved.resolution) == ("resolved", "written_off")
    # The day's money of the days the load ran over (one, unless it crossed midnight).
    days = MerchantMoneyDay.objects.filter(merchant=demo, day__gte=loaded_on, day__lte=today)
    for figure in ("payments", "received_rent", "withdrawals_paid"):
        assert sum(getattr(day, figure) for day in days) > 0, figure
    with tenant_context(demo):
        assert money_days_check(date_from=loaded_on, date_to=today) == []
    rows = ReconciliationMismatch.objects.count()

    def again() -> None:
        assert ReconciliationMismatch.objects.count() == rows
        assert ReconciliationRun.objects.get(pk=runs[("demo", today)].pk).attempts == 1

    return again
