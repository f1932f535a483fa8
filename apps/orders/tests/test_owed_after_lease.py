"""What is owed outlives the lease: an early return by the contract's rule (the fee before
the minimum term, rent after the return's day cancelled), damage above the deposit, the
finished order that still owes (`owing`), its collection, its waiver and its credit file."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing import bill_rows
from apps.billing import selectors as billing_selectors
from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill, BillPayment, BillWaiver
from apps.billing.rent_run import bills_debit_due
from apps.billing.tasks import orders_refresh_overdue
from apps.billing.tests.support import body as offline_body
from apps.credit import derive
from apps.goods.models import RentPlan
from apps.orders import contracts
from apps.orders.models import AfterSale, Order
from apps.subshops.tests.factories import sign_in, staff_make
from tests.leases import books_balance, detail_of, in_lease, order_books, provider_settles
from zulin.money.schedule import add_months

APPLY = "/api/platform/applyAfterSale"
DEAL = "/api/platform/dealAfterSale"
QUOTE = "/api/backend/getReturnQuote"
WAIVE = "/api/finance/waiveOrderCharge"
LIST = "/api/platform/backendOrderList"
COUNT = "/api/platform/orderNumberCount"


def _save_terms(owner, *, min_term: int = 0, mode: str = "none", value: str = "0"):
    """The shop's order settings saved with these early-return terms."""
    return owner.post(
        "/api/backend/saveOrderSetting",
        {
            "unpaid_cancel_minutes": 30,
            "auto_receive_days": 7,
            "early_buyout_discount_rate": "0",
            "buyout_from_period": 1,
            "early_return_min_term": min_term,
            "early_return_fee_mode": mode,
            "early_return_fee_value": value,
        },
    )


def _terms(owner, **terms) -> None:
    saved = _save_terms(owner, **terms)
    assert saved.ok, saved


def _due_from(merchant, order_id: int, period: int, days_ago: int) -> None:
    """Bill `period` due `days_ago` days ago, each later instalment a month after it."""
    today = timezone.localdate()
    with tenant_context(merchant):
        bills = Bill.objects.filter(order_id=order_id, period__gte=period).order_by("period")
        for offset, bill in enumerate(bills):
            bill.due_date = add_months(today - timedelta(days=days_ago), offset)
            bill.save(update_fields=["due_date"])
    connection.set_schema_to_public()


def _returned(owner, order_id: int, *, damage: str = "0.00") -> None:
    """The shop takes the goods back today and inspects them with `damage`."""
    steps = [
        (APPLY, {"order_id": order_id, "kind": "return", "reason": "不想租了"}),
        (DEAL, {"order_id": order_id, "decision": "receive", "device_serial": "IMEI-1"}),
        (DEAL, {"order_id": order_id, "decision": "inspect", "damage_amount": damage}),
    ]
    for path, payload in steps:
        answer = owner.post(path, payload)
        assert answer.ok, (path, payload, answer)


def _bills(owner, order_id: int) -> dict[int, dict]:
    return {bill["period"]: bill for bill in detail_of(owner, order_id)["bills"]}


def _owing_with_damage(demo, owner, app, offer, *, seed: int = 0):
    """A lease returned at once with ¥800.00 damage: ¥500.00 of deposit takes part of it."""
    order = in_lease(demo, owner, app, offer, seed=seed)
    _returned(owner, order.id, damage="800.00")
    provider_settles(demo)
    return order


def test_an_early_return_before_the_minimum_term_charges_the_fee_and_ends_the_later_rent(
    demo, demo_owner, app, offer
):
    _terms(demo_owner, min_term=6, mode="rate", value="0.3000")
    order = in_lease(demo, demo_owner, app, offer)
    today = timezone.localdate()
    # Bill 2 fell due a month ago, bill 3 falls due today, 4 … 12 after it.
    _due_from(demo, order.id, 2, days_ago=31)
    with tenant_context(demo):
        kept = Order.objects.get(pk=order.id)
        assert (kept.min_term, kept.early_fee_mode, kept.early_fee_value) == (
            6,
            "rate",
            Decimal("0.3000"),
        )
        note = contracts._data(kept, "HT-TEST").notes[0]
    connection.set_schema_to_public()
    assert "最短租期为6个月" in note and "30%" in note
    # A later change of the shop's defaults does not reach a placed order.
    _terms(demo_owner)
    terms = detail_of(demo_owner, order.id)["early_return"]
    assert terms == {
        "min_term": 6,
        "min_term_end": add_months(today, 6).isoformat(),
        "fee_mode": "rate",
        "fee_value": "0.3000",
    }

    quote = demo_owner.get(QUOTE, {"order_id": order.id})

    assert quote.ok, quote
    q = quote.data
    assert q["return_date"] == today.isoformat() and q["before_min_term"] is True
    assert (q["bills_owed"], q["bills_owed_count"]) == ("798.00", 2)  # bills 2 and 3
    assert (q["rent_cancelled"], q["bills_cancelled_count"]) == ("3591.00", 9)  # 4 … 12
    assert q["termination_fee"] == "1077.30"  # 30 % of 3,591.00
    assert (q["total_owed"], q["deposit_applied"], q["owed_after_deposit"]) == (
        "1875.30",
        "500.00",
        "1375.30",
    )
    assert [(line["kind"], line["from_deposit"], line["left_owed"]) for line in q["lines"]] == [
        ("lease", "399.00", "0.00"),
        ("lease", "101.00", "298.00"),
        ("termination", "0.00", "1077.30"),
    ]

    _returned(demo_owner, order.id)
    provider_settles(demo)

    detail = detail_of(demo_owner, order.id)
    bills = {bill["period"]: bill for bill in detail["bills"]}
    assert (detail["status"], detail["stage"], detail["owed_amount"]) == (
        "completed",
        "owing",
        "1375.30",
    )
    assert bills[2]["status"] == "paid"
    assert (bills[3]["status"], bills[3]["paid_amount"]) == ("unpaid", "101.00")
    assert all(bills[period]["status"] == "cancelled" for period in range(4, 13))
    assert (bills[13]["kind"], bills[13]["amount"], bills[13]["status"]) == (
        "termination",
        "1077.30",
        "unpaid",
    )
    business = detail["after_sales"][0]
    assert (business["rent_cancelled"], business["termination_fee"]) == ("3591.00", "1077.30")
    assert business["received_on"] == today.isoformat()
    actions = [event["action"] for event in detail["timeline"]]
    assert "bill.cancelled_by_return" in actions
    assert detail["deposit_detail"]["transferred"] == "500.00"
    assert books_balance(demo) == []


def test_a_return_on_or_after_the_minimum_term_owes_no_fee(demo, demo_owner, app, offer):
    _terms(demo_owner, min_term=1, mode="fixed", value="200.00")
    order = in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        # The lease began two months ago: its minimum month has run.
        Order.objects.filter(pk=order.id).update(
            lease_start=timezone.localdate() - timedelta(days=62)
        )
    connection.set_schema_to_public()

    quote = demo_owner.get(QUOTE, {"order_id": order.id}).data

    assert (quote["before_min_term"], quote["termination_fee"]) == (False, "0.00")
    assert quote["rent_cancelled"] == "4389.00"  # bills 2 … 12, none due yet


def test_damage_above_the_deposit_is_owed_collected_the_next_night_and_paid_off(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    # Before confirming, the inspection dialog shows the split.
    split = demo_owner.get(QUOTE, {"order_id": order.id, "damage_amount": "800.00"}).data
    assert (split["damage_amount"], split["deposit_applied"], split["owed_after_deposit"]) == (
        "800.00",
        "500.00",
        "300.00",
    )
    _returned(demo_owner, order.id, damage="800.00")
    provider_settles(demo)

    detail = detail_of(demo_owner, order.id)
    charge = _bills(demo_owner, order.id)[13]
    assert (detail["stage"], detail["owed_amount"]) == ("owing", "300.00")
    assert (charge["kind"], charge["amount"], charge["paid_amount"]) == (
        "damage",
        "800.00",
        "500.00",
    )
    assert "offline_repayment" in detail["actions"] and "waive_charge" in detail["actions"]
    owed = demo_owner.get("/api/platform/getOverdueMoney", {"order_id": order.id}).data
    assert (owed["charges"], owed["charges_owed"], owed["total"]) == (1, "300.00", "300.00")

    # The night: the charge is due, the withhold agreement takes it.
    with tenant_context(demo):
        night = bills_debit_due(today=timezone.localdate())
    connection.set_schema_to_public()
    # Charged, its outcome still to come: neither paid nor failed yet.
    assert night == {"due": 1, "charged": 1, "paid": 0, "failed": 0, "skipped": 0}
    provider_settles(demo)

    detail = detail_of(demo_owner, order.id)
    assert (detail["stage"], detail["owed_amount"]) == ("finished", "0.00")
    assert _bills(demo_owner, order.id)[13]["status"] == "paid"
    with tenant_context(demo):
        paid = BillPayment.objects.filter(bill__order_id=order.id, bill__period=13)
        # A charge carries no commission; damage is income when it arrives (cash basis).
        assert {(p.method, p.amount, p.commission) for p in paid} == {
            ("deposit", Decimal("500.00"), Decimal("0.00")),
            ("withhold", Decimal("300.00"), Decimal("0.00")),
        }
    connection.set_schema_to_public()
    assert order_books(demo, order.id)["damage_income"] == Decimal("800.00")
    assert books_balance(demo) == []


def test_a_finished_order_that_owes_has_its_own_tab_and_list(
    demo, demo_owner, admin_client, app, offer
):
    owing = _owing_with_damage(demo, demo_owner, app, offer)
    settled = in_lease(demo, demo_owner, app, offer, seed=1, key="order-key-0002")
    _returned(demo_owner, settled.id)
    provider_settles(demo)
    assert detail_of(demo_owner, settled.id)["stage"] == "finished"

    counts = demo_owner.get(COUNT).data
    listed = demo_owner.get(LIST, {"stage": "owing"}).data
    finished = demo_owner.get(LIST, {"stage": "finished"}).data

    assert counts["owing"] == listed["total"] == 1
    assert [row["id"] for row in listed["list"]] == [owing.id]
    assert listed["list"][0]["owed_amount"] == "300.00"
    assert [row["id"] for row in finished["list"]] == [settled.id]
    assert counts["finished"] == finished["total"]
    # The platform sees it too, from its index: the tab, the list and what is owed.
    platform = admin_client.get(LIST, {"stage": "owing", "merchant_id": demo.pk}).data
    platform_counts = admin_client.get(COUNT, {"merchant_id": demo.pk}).data
    assert platform_counts["owing"] == platform["total"] == 1
    assert [(row["id"], row["owed_amount"]) for row in platform["list"]] == [(owing.id, "300.00")]
    # The nightly watch keeps the stage as the charge falls past due; no late fee accrues
    # on a charge.
    with tenant_context(demo):
        Bill.objects.filter(order_id=owing.id, period=13).update(
            due_date=timezone.localdate() - timedelta(days=3)
        )
        orders_refresh_overdue()
        late_fees_accrue()
        watched = Order.objects.get(pk=owing.id)
        charge = Bill.objects.get(order_id=owing.id, period=13)
    connection.set_schema_to_public()
    assert (watched.stage, watched.overdue_since) == (
        "owing",
        timezone.localdate() - timedelta(days=3),
    )
    assert (charge.late_fee, watched.owed_amount) == (Decimal("0.00"), Decimal("300.00"))


def test_the_charge_is_paid_by_an_offline_repayment(demo, demo_owner, app, offer):
    order = _owing_with_damage(demo, demo_owner, app, offer)

    paid = demo_owner.post(
        "/api/finance/recordOfflineRepayment",
        offline_body(order.id, 13, Decimal("300.00"), "offline-charge-1"),
    )

    assert paid.ok, paid
    detail = detail_of(demo_owner, order.id)
    assert (detail["stage"], detail["owed_amount"]) == ("finished", "0.00")
    assert books_balance(demo) == []


def test_a_waiver_needs_a_reason_and_a_role_and_is_recorded(demo, demo_owner, app, offer):
    order = _owing_with_damage(demo, demo_owner, app, offer)
    staff_make(demo_owner, "fiona", ["finance"])
    finance = sign_in("demo.localhost", "fiona")
    body = {"order_id": order.id, "period": 13, "reason": "客户困难，经理批准减免"}

    refused = finance.post(WAIVE, {**body, "idempotency_key": "waive-charge-1"})
    no_reason = demo_owner.post(WAIVE, {**body, "reason": " ", "idempotency_key": "waive-charge-2"})
    assert refused.code == 403 and no_reason.code == 400
    assert _bills(demo_owner, order.id)[13]["status"] == "unpaid"

    waived = demo_owner.post(WAIVE, {**body, "idempotency_key": "waive-charge-3"})
    again = demo_owner.post(WAIVE, {**body, "idempotency_key": "waive-charge-3"})

    assert waived.ok, waived
    assert again.data == waived.data
    assert (waived.data["status"], waived.data["waived_amount"]) == ("cancelled", "300.00")
    assert waived.data["waiver"]["reason"] == body["reason"]
    detail = detail_of(demo_owner, order.id)
    assert (detail["stage"], detail["owed_amount"]) == ("finished", "0.00")
    assert [e for e in detail["timeline"] if e["action"] == "bill.waived"]
    # What the bills asked counts what the waived charge took before it was waived.
    totals = detail["bill_totals"]
    assert totals["amount"] == totals["paid"] and totals["owed"] == "0.00"
    with tenant_context(demo):
        assert BillWaiver.objects.filter(order_id=order.id).count() == 1
    connection.set_schema_to_public()
    paid_bill = demo_owner.post(WAIVE, {**body, "period": 1, "idempotency_key": "waive-charge-4"})
    assert paid_bill.code == 1304
    assert books_balance(demo) == []


def test_the_credit_file_reports_the_debt_until_it_is_written_off(demo, demo_owner, app, offer):
    order = _owing_with_damage(demo, demo_owner, app, offer)
    today = timezone.localdate()

    def reported():
        with tenant_context(demo):
            found = derive.instalments_of(bill_rows.order_bills(order.id))
        connection.set_schema_to_public()
        return found

    owed = reported()
    # The damage is reported as an instalment still owed; the account does not close.
    assert [(i.period, i.paid_on) for i in owed if i.period == 13] == [(13, None)]
    assert derive.close_record(instalments=owed, ended_on=today, opened_on=today) is None
    assert derive.standing_on(owed, today + timedelta(days=40)).status_code == "2"

    demo_owner.post(
        WAIVE,
        {"order_id": order.id, "period": 13, "reason": "核销", "idempotency_key": "waive-credit"},
    )
    closed = derive.close_record(instalments=reported(), ended_on=today, opened_on=today)
    assert closed is not None and closed.status_code == "G"


def test_a_rent_plans_own_terms_come_before_the_shops(demo, demo_owner, app, offer):
    _terms(demo_owner, min_term=6, mode="rate", value="0.3000")
    with tenant_context(demo):
        RentPlan.objects.filter(pk=offer.rent_plan_id).update(
            min_term=3, early_fee_mode="fixed", early_fee_value=Decimal("150.00")
        )
    connection.set_schema_to_public()
    order = in_lease(demo, demo_owner, app, offer)

    terms = detail_of(demo_owner, order.id)["early_return"]
    quote = demo_owner.get(QUOTE, {"order_id": order.id}).data

    assert (terms["min_term"], terms["fee_mode"], terms["fee_value"]) == (3, "fixed", "150.00")
    assert quote["termination_fee"] == "150.00"
    bad = _save_terms(demo_owner, min_term=6, mode="rate", value="1.5000")
    assert bad.code == 400 and "early_return_fee_value" in str(bad.data)


def test_the_fee_is_rounded_half_up_and_never_above_the_rent_it_replaces(
    demo, demo_owner, app, offer
):
    _terms(demo_owner, min_term=12, mode="rate", value="0.0150")
    order = in_lease(demo, demo_owner, app, offer)
    today = timezone.localdate()
    last_due = add_months(today, 11)  # bill 12

    # Back the day before bill 12: only its 399.00 is cancelled; 1.5 % is 5.985 → 5.99.
    late = demo_owner.get(
        QUOTE, {"order_id": order.id, "return_date": (last_due - timedelta(days=1)).isoformat()}
    ).data
    assert (late["rent_cancelled"], late["termination_fee"]) == ("399.00", "5.99")
    assert late["bills_owed_count"] == 10  # bills 2 … 11 fell due by then

    with tenant_context(demo):
        Order.objects.filter(pk=order.id).update(
            early_fee_mode="fixed", early_fee_value=Decimal("800.00")
        )
    connection.set_schema_to_public()
    capped = demo_owner.get(
        QUOTE, {"order_id": order.id, "return_date": (last_due - timedelta(days=1)).isoformat()}
    ).data
    on_the_day = demo_owner.get(
        QUOTE, {"order_id": order.id, "return_date": add_months(today, 12).isoformat()}
    ).data
    assert capped["termination_fee"] == "399.00"  # never more than the rent it replaces
    assert (on_the_day["before_min_term"], on_the_day["termination_fee"]) == (False, "0.00")


def test_a_waived_instalment_forgoes_its_late_fee_with_it(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    _due_from(demo, order.id, 2, days_ago=10)
    with tenant_context(demo):
        late_fees_accrue()
        accrued = Bill.objects.get(order_id=order.id, period=2).late_fee
    connection.set_schema_to_public()
    assert accrued > 0

    waived = demo_owner.post(
        WAIVE,
        {
            "order_id": order.id,
            "period": 2,
            "reason": "门店原因延误",
            "idempotency_key": "waive-i2",
        },
    )

    assert waived.ok, waived
    assert (waived.data["late_fee_waived"], waived.data["late_fee_paid"]) == (
        f"{accrued:.2f}",
        "0.00",
    )
    assert waived.data["waiver"]["late_fee"] == f"{accrued:.2f}"
    owed = demo_owner.get("/api/platform/getOverdueMoney", {"order_id": order.id}).data
    assert (owed["overdue_bills"], owed["late_fee_owed"], owed["total"]) == (0, "0.00", "0.00")
    assert books_balance(demo) == []


def test_a_part_of_a_damage_charge_is_waived_and_the_rest_stays_owed_until_paid(
    demo, demo_owner, app, offer
):
    order = _owing_with_damage(demo, demo_owner, app, offer)
    body = {"order_id": order.id, "period": 13, "reason": "协商减免部分损坏赔偿"}

    # More than the 300.00 the charge still owes: refused, nothing changes.
    above = demo_owner.post(WAIVE, {**body, "amount": "300.01", "idempotency_key": "part-wv-0"})
    assert above.code == 1410, above
    assert above.data == {"owed": "300.00", "amount": "300.01"}

    part = demo_owner.post(WAIVE, {**body, "amount": "100.00", "idempotency_key": "part-wv-1"})
    assert part.ok, part
    assert (part.data["status"], part.data["waived_amount"], part.data["waiver"]) == (
        "unpaid",
        "100.00",
        None,
    )
    assert [(w["principal"], w["whole"], w["reason"]) for w in part.data["waivers"]] == [
        ("100.00", False, body["reason"])
    ]
    # The same key, the same waiver; the key of another amount is refused.
    again = demo_owner.post(WAIVE, {**body, "amount": "100.00", "idempotency_key": "part-wv-1"})
    other = demo_owner.post(WAIVE, {**body, "amount": "50.00", "idempotency_key": "part-wv-1"})
    whole = demo_owner.post(WAIVE, {**body, "idempotency_key": "part-wv-1"})
    assert again.data == part.data and (other.code, whole.code) == (1101, 1101)

    # The rest stays owed everywhere the order's debt is read.
    detail = detail_of(demo_owner, order.id)
    assert (detail["stage"], detail["owed_amount"]) == ("owing", "200.00")
    assert [e for e in detail["timeline"] if e["action"] == "bill.part_waived"]
    owed = demo_owner.get("/api/platform/getOverdueMoney", {"order_id": order.id}).data
    assert (owed["charges_owed"], owed["total"]) == ("200.00", "200.00")
    # What the bills ask counts the charge less what was forgiven: asked = paid + owed.
    totals = {key: Decimal(value) for key, value in detail["bill_totals"].items()}
    assert totals["owed"] == Decimal("200.00") and totals["amount"] == totals["paid"] + 200

    # A second part, then the rest paid offline: the charge is paid, the order finished.
    second = demo_owner.post(WAIVE, {**body, "amount": "50.00", "idempotency_key": "part-wv-2"})
    assert second.ok and second.data["waived_amount"] == "150.00", second
    paid = demo_owner.post(
        "/api/finance/recordOfflineRepayment",
        offline_body(order.id, 13, Decimal("150.00"), "part-wv-offline"),
    )
    assert paid.ok, paid
    charge = _bills(demo_owner, order.id)[13]
    assert (charge["status"], charge["paid_amount"], charge["waived_amount"]) == (
        "paid",
        "650.00",
        "150.00",
    )
    detail = detail_of(demo_owner, order.id)
    assert (detail["stage"], detail["owed_amount"]) == ("finished", "0.00")
    # Damage is income as it arrives: the 650.00 that came, never the 150.00 forgiven.
    assert order_books(demo, order.id)["damage_income"] == Decimal("650.00")
    assert books_balance(demo) == []


def test_waiving_all_the_principal_left_of_a_bill_owing_a_late_fee_leaves_the_late_fee_owed(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    _due_from(demo, order.id, 2, days_ago=10)
    with tenant_context(demo):
        late_fees_accrue()
        bill = Bill.objects.get(order_id=order.id, period=2)
    connection.set_schema_to_public()
    assert bill.late_fee > 0
    body = {"order_id": order.id, "period": 2, "reason": "经理批准减免本期租金"}

    rent = demo_owner.post(
        WAIVE, {**body, "amount": str(bill.rent_owed), "idempotency_key": "wv-rent-1"}
    )

    assert rent.ok, rent
    # Still open: its late fee is owed (waiveLateFee forgoes that), and it accrues no more.
    assert (rent.data["status"], rent.data["late_fee_owed"]) == ("unpaid", str(bill.late_fee))
    with tenant_context(demo):
        late_fees_accrue(today=timezone.localdate() + timedelta(days=1))
        after = Bill.objects.get(pk=bill.pk)
    connection.set_schema_to_public()
    assert after.late_fee == bill.late_fee
    owed = demo_owner.get("/api/platform/getOverdueMoney", {"order_id": order.id}).data
    assert (owed["overdue_rent"], owed["late_fee_owed"]) == ("0.00", str(bill.late_fee))
    assert books_balance(demo) == []


def test_rent_a_return_cancels_after_a_part_of_it_was_waived_is_cancelled_once(
    demo, demo_owner, app, offer
):
    """The money machine's finding (a part of an instalment waived, then an early return):
    the instalment, due after the goods came back, is cancelled by the return like the
    others; the part waived stays a waiver (its reason kept) and the rest is the rent the
    return cancelled — nothing of it was owed, nothing of it is lost from the records."""
    order = in_lease(demo, demo_owner, app, offer)
    reason = "协商减免部分本金"
    part = demo_owner.post(
        WAIVE,
        {
            "order_id": order.id,
            "period": 3,
            "amount": "1.00",
            "reason": reason,
            "idempotency_key": "part-then-return-1",
        },
    )
    assert part.ok and (part.data["status"], part.data["waived_amount"]) == ("unpaid", "1.00")

    _returned(demo_owner, order.id)  # today, before bills 2 … 12 fall due
    provider_settles(demo)

    detail = detail_of(demo_owner, order.id)
    bill = {b["period"]: b for b in detail["bills"]}[3]
    assert (bill["status"], bill["paid_amount"], bill["waived_amount"], bill["waiver"]) == (
        "cancelled",
        "0.00",
        "1.00",
        None,  # no waiver forgave it whole: the return cancelled the rest
    )
    assert [(w["principal"], w["whole"], w["reason"]) for w in bill["waivers"]] == [
        ("1.00", False, reason)
    ]
    # The return counts the rest of bill 3 with the rent it cancelled, once: 11 x 399.00
    # less the 1.00 forgiven before.
    business = detail["after_sales"][0]
    assert (business["rent_cancelled"], business["termination_fee"]) == ("4388.00", "0.00")
    actions = [event["action"] for event in detail["timeline"]]
    assert {"bill.part_waived", "bill.cancelled_by_return"} <= set(actions)
    assert (detail["status"], detail["stage"], detail["owed_amount"]) == (
        "completed",
        "finished",
        "0.00",
    )
    with tenant_context(demo):
        owed = billing_selectors.bill_owed(Bill.objects.get(order_id=order.id, period=3))
        # Rent a return cancelled is not reported to the credit file (a part waived is no
        # write-off of it).
        reported = derive.instalments_of(bill_rows.order_bills(order.id))
    connection.set_schema_to_public()
    assert owed is None
    assert 3 not in [item.period for item in reported]
    assert detail["deposit_detail"]["remaining"] == "0.00"  # nothing owed: all thawed
    assert books_balance(demo) == []


def test_a_part_waived_of_an_instalment_due_before_the_return_leaves_the_rest_owed(
    demo, demo_owner, app, offer
):
    """The other side of the return's day: an instalment already due when the goods come
    back is never cancelled by the return, a part of it waived or not — the rest stays owed
    and the order ends owing it."""
    order = in_lease(demo, demo_owner, app, offer, grade="A")  # no deposit to take it
    _due_from(demo, order.id, 2, days_ago=10)  # bill 2 past due, 3 … 12 after today
    part = demo_owner.post(
        WAIVE,
        {
            "order_id": order.id,
            "period": 2,
            "amount": "100.00",
            "reason": "协商减免部分本金",
            "idempotency_key": "part-before-return-1",
        },
    )
    assert part.ok, part

    _returned(demo_owner, order.id)

    detail = detail_of(demo_owner, order.id)
    bills = {b["period"]: b for b in detail["bills"]}
    assert (bills[2]["status"], bills[2]["waived_amount"]) == ("unpaid", "100.00")
    assert all(bills[period]["status"] == "cancelled" for period in range(3, 13))
    assert detail["after_sales"][0]["rent_cancelled"] == "3990.00"  # 10 x 399.00
    assert (detail["status"], detail["stage"], detail["owed_amount"]) == (
        "completed",
        "owing",
        "299.00",
    )
    assert books_balance(demo) == []


def test_late_fee_accrued_while_the_goods_await_inspection_is_no_rent_the_fee_is_taken_on(
    demo, demo_owner, app, offer
):
    """Goods back ten days ago, inspected today: bill 2 fell due after they came back and
    the nights since added its late fee. That late fee is forgone with the rent (never
    owed), and the early-termination fee is a share of the rent cancelled alone — the late
    fee is neither rent the return cancelled nor a base the fee is taken on."""
    _terms(demo_owner, min_term=6, mode="rate", value="0.3000")
    order = in_lease(demo, demo_owner, app, offer)
    today = timezone.localdate()
    received = today - timedelta(days=10)
    _due_from(demo, order.id, 2, days_ago=8)  # bill 2 due 2 days after the goods came back
    for path, payload in (
        (APPLY, {"order_id": order.id, "kind": "return", "reason": "不想租了"}),
        (DEAL, {"order_id": order.id, "decision": "receive", "device_serial": "IMEI-1"}),
    ):
        answer = demo_owner.post(path, payload)
        assert answer.ok, (path, answer)
    with tenant_context(demo):
        AfterSale.objects.filter(order_id=order.id).update(received_on=received)
        late_fees_accrue()
        accrued = Bill.objects.get(order_id=order.id, period=2).late_fee
    connection.set_schema_to_public()
    assert accrued > 0  # the nights while the goods waited added it

    quote = demo_owner.get(QUOTE, {"order_id": order.id}).data
    # Bills 2 … 12 fell due after the return's day: 11 x 399.00 of rent, 30 % of it.
    assert (quote["return_date"], quote["bills_cancelled_count"]) == (received.isoformat(), 11)
    assert (quote["rent_cancelled"], quote["termination_fee"]) == ("4389.00", "1316.70")

    inspected = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "inspect", "damage_amount": "0.00"}
    )
    assert inspected.ok, inspected
    provider_settles(demo)

    detail = detail_of(demo_owner, order.id)
    business = detail["after_sales"][0]
    assert (business["rent_cancelled"], business["termination_fee"]) == ("4389.00", "1316.70")
    bill = {b["period"]: b for b in detail["bills"]}[2]
    assert (bill["status"], bill["late_fee_owed"]) == ("cancelled", "0.00")
    # The deposit (500.00) takes its part of the fee; the rest stays owed.
    assert (detail["stage"], detail["owed_amount"]) == ("owing", "816.70")
    assert books_balance(demo) == []
