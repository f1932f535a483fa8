"""A write-off: a finance role closes what a case long past due owes, with a reason; the bills
stay (written off, what they owed kept), no journal is posted (cash basis), and money that
comes later is income once, through the one settling path, recovered after write-off. The
recovery report's figures are the sums of the rows behind them."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.db.models import Sum
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill, BillPayment
from apps.recovery.models import PromiseToPay, RecoveryCase, WriteOff
from apps.subshops.tests.factories import sign_in, staff_make
from tests.events import events_of
from tests.leases import provider_settles
from zulin.audit.models import AuditEntry
from zulin.ledger.models import Journal
from zulin.providers.models import SandboxCallback
from zulin.providers.sandbox import sandbox_callback_replay

from .support import CASE, case_of, night, overdue_lease

HOST = "demo.localhost"
WRITE_OFF = "/api/backend/writeOffDebt"
REPORT = "/api/backend/getRecoveryReport"


def _body(case_id: int, key: str = "write-off-0001", reason: str = "失联逾期超半年，核销") -> dict:
    return {"case_id": case_id, "reason": reason, "idempotency_key": key}


def _journals(merchant) -> int:
    with tenant_context(merchant):
        count = Journal.objects.count()
    connection.set_schema_to_public()
    return count


def test_a_write_off_needs_the_right_a_reason_and_the_age(demo, demo_owner, app, offer):
    young = overdue_lease(demo, demo_owner, app, offer, days=100, n=41)
    old = overdue_lease(demo, demo_owner, app, offer, days=200, n=42)
    staff_make(demo_owner, "coll9", ["collector"])
    staff_make(demo_owner, "fin9", ["finance"])
    night(demo)
    young_case, old_case = case_of(demo, young.id), case_of(demo, old.id)

    collector = sign_in(HOST, "coll9")
    assert collector.post(WRITE_OFF, _body(old_case.pk)).code == 403
    assert not demo_owner.post(WRITE_OFF, _body(old_case.pk, reason="")).ok
    blank = demo_owner.post(WRITE_OFF, _body(old_case.pk, reason="   "))
    assert not blank.ok and case_of(demo, old.id).state == "open", blank

    too_young = demo_owner.post(WRITE_OFF, _body(young_case.pk, key="write-off-young"))
    assert too_young.code == 1665, too_young
    assert case_of(demo, young.id).state == "open"
    # The shop's age is a setting: at 90 days the younger case may go too.
    detail = demo_owner.get(CASE, {"case_id": young_case.pk}).data
    assert (detail["write_off_after_days"], detail["write_off"]) == (180, None)
    saved = demo_owner.post(
        "/api/backend/saveRecoverySetting",
        {"m1_max_days": 30, "m2_max_days": 60, "m3_max_days": 90, "write_off_after_days": 90},
    )
    assert saved.ok and saved.data["write_off_after_days"] == 90, saved

    finance = sign_in(HOST, "fin9")
    done = finance.post(WRITE_OFF, _body(young_case.pk, key="write-off-young-2"))
    assert done.ok and done.data["state"] == "written_off", done
    assert done.data["write_off"]["actor"] and done.data["write_off"]["reason"]


def test_a_write_off_closes_the_bills_and_the_case_and_posts_no_journal(
    demo, demo_owner, app, offer
):
    order = overdue_lease(demo, demo_owner, app, offer, days=200, n=43)
    night(demo)
    case = case_of(demo, order.id)
    with tenant_context(demo):
        owed = Bill.objects.get(order_id=order.id, period=2).amount
    journals = _journals(demo)

    done = demo_owner.post(WRITE_OFF, _body(case.pk))
    assert done.ok, done
    assert _journals(demo) == journals  # cash basis: a write-off moves no money
    assert done.data["state"] == "written_off" and done.data["closed_on"]
    assert done.data["write_off"]["amount"] == str(owed) == done.data["total_owed"]
    assert [h["action"] for h in done.data["history"]][:1] == ["write_off"]
    # The same key answers the same write-off; the case can be written off only once.
    again = demo_owner.post(WRITE_OFF, _body(case.pk))
    assert again.ok and again.data["write_off"]["id"] == done.data["write_off"]["id"]
    assert demo_owner.post(WRITE_OFF, _body(case.pk, key="write-off-other")).code == 409

    with tenant_context(demo):
        bill = Bill.objects.get(order_id=order.id, period=2)
        assert (bill.status, bill.written_off_amount) == ("written_off", owed)
        assert bill.written_off_at is not None and bill.paid_amount == 0
        # The future instalments are no debt yet: not written off.
        assert not Bill.objects.filter(order_id=order.id, period=3, status="written_off").exists()
        write_off = WriteOff.objects.get(case_id=case.pk)
        assert write_off.reason == "失联逾期超半年，核销" and write_off.actor_name
        actions = set(
            AuditEntry.objects.filter(target_id=str(order.id)).values_list("action", flat=True)
        ) | set(AuditEntry.objects.filter(target_id=str(case.pk)).values_list("action", flat=True))
    connection.set_schema_to_public()
    assert {"bill.written_off", "recovery_case.write_off"} <= actions
    # A receiver heard the case open and written off, each change once, in its versions.
    changed = events_of(demo, "recovery.case_changed", case.pk)
    assert [(e["action"], e["state"], e["_version"]) for e in changed] == [
        ("open", "open", 1),
        ("write_off", "written_off", 2),
    ]
    assert changed[-1]["total_owed"] == str(owed) and changed[-1]["order_id"] == order.id
    # Nothing owed past due any more for the shop: the night opens no new case.
    assert night(demo)["cases"]["opened"] == 0


def test_money_after_a_write_off_is_income_once_and_marked_recovered(demo, demo_owner, app, offer):
    order = overdue_lease(demo, demo_owner, app, offer, days=200, n=44)
    night(demo)
    case = case_of(demo, order.id)
    assert demo_owner.post(WRITE_OFF, _body(case.pk, key="write-off-later")).ok
    journals = _journals(demo)

    # The customer pays the written-off bill in the app: the one settling path.
    paid = app.post(
        "/api/applet/payBill",
        {"order_no": order.no, "period": 2, "idempotency_key": f"late-{order.no}"},
    )
    assert paid.ok, paid
    provider_settles(demo, customer_pays=f"{order.no}B002")
    with tenant_context(demo):
        bill = Bill.objects.get(order_id=order.id, period=2)
        assert bill.status == "paid" and bill.recovered_after_write_off == bill.amount
        payment = BillPayment.objects.get(bill=bill, status="succeeded")
        [booked] = Journal.objects.filter(order_id=order.id, kind="bill_payment").exclude(
            created_at__lt=bill.written_off_at
        )
        income = booked.entries.filter(account__code="rent_income").get().amount
    connection.set_schema_to_public()
    assert _journals(demo) > journals and income == payment.amount - payment.late_fee_amount
    after = _journals(demo)

    # A replayed callback changes nothing.
    event = SandboxCallback.objects.filter(merchant="demo").order_by("-id").first()
    assert event is not None and sandbox_callback_replay(event_id=event.event_id).delivered
    assert _journals(demo) == after
    with tenant_context(demo):
        assert Bill.objects.get(pk=bill.pk).recovered_after_write_off == bill.amount
    connection.set_schema_to_public()
    detail = demo_owner.get(CASE, {"case_id": case.pk}).data
    assert detail["state"] == "written_off"
    assert detail["write_off"]["recovered"] == str(payment.amount)
    assert night(demo)["cases"]["opened"] == 0


def test_a_written_off_debt_is_still_collected_by_contact_and_payment_link(
    demo, demo_owner, app, offer
):
    order = overdue_lease(demo, demo_owner, app, offer, days=200, n=46)
    night(demo)
    case = case_of(demo, order.id)
    assert demo_owner.post(WRITE_OFF, _body(case.pk, key="write-off-collect")).ok
    with tenant_context(demo):
        owed = Bill.objects.get(order_id=order.id, period=2).written_off_amount
    connection.set_schema_to_public()

    # The collector still reaches the customer ...
    contact = demo_owner.post(
        "/api/backend/addContactRecord",
        {"case_id": case.pk, "channel": "call", "outcome": "reached", "note": "核销后继续催收"},
    )
    assert contact.ok, contact
    # ... but a promise belongs to an open case.
    promise = demo_owner.post(
        "/api/backend/addPromiseToPay",
        {
            "case_id": case.pk,
            "promised_on": timezone.localdate().isoformat(),
            "amount": "10.00",
            "idempotency_key": "promise-after-write-off",
        },
    )
    assert promise.code == 409, promise
    # The payment link asks the written-off bill in full; the customer pays it.
    link = demo_owner.post(
        "/api/backend/sendPaymentLink", {"case_id": case.pk, "idempotency_key": "link-after-wo"}
    )
    assert link.ok, link
    assert (link.data["period"], link.data["amount"]) == (2, str(owed)), link.data
    provider_settles(demo, customer_pays=link.data["out_trade_no"])

    with tenant_context(demo):
        bill = Bill.objects.get(order_id=order.id, period=2)
        assert (bill.status, bill.recovered_after_write_off) == ("paid", owed)
    connection.set_schema_to_public()
    detail = demo_owner.get(CASE, {"case_id": case.pk}).data
    assert detail["state"] == "written_off" and detail["write_off"]["recovered"] == str(owed)
    assert [c["note"] for c in detail["contacts"]] == ["核销后继续催收"]
    assert detail["promises"] == []


def test_a_paid_bill_long_due_never_makes_a_younger_debt_old_enough(demo, demo_owner, app, offer):
    order = overdue_lease(demo, demo_owner, app, offer, days=100, n=47)
    with tenant_context(demo):
        # Bill 1, paid at the start, is made due 250 days ago: paid, it is no debt.
        Bill.objects.filter(order_id=order.id, period=1).update(
            due_date=timezone.localdate() - timedelta(days=250)
        )
        assert Bill.objects.get(order_id=order.id, period=1).status == "paid"
    connection.set_schema_to_public()
    night(demo)
    case = case_of(demo, order.id)

    refused = demo_owner.post(WRITE_OFF, _body(case.pk, key="write-off-paid-old"))

    assert refused.code == 1665, refused
    assert refused.data == {"days_past_due": 100, "write_off_after_days": 180}
    assert case_of(demo, order.id).state == "open"


def test_another_shop_or_a_case_out_of_scope_is_missing(
    demo, acme, demo_owner, acme_owner, app, offer
):
    order = overdue_lease(demo, demo_owner, app, offer, days=200, n=45)
    night(demo)
    case = case_of(demo, order.id)
    assert acme_owner.post(WRITE_OFF, _body(case.pk, key="acme-try")).code == 404
    assert demo_owner.post(WRITE_OFF, _body(99_999_999, key="missing-try")).code == 404
    assert case_of(demo, order.id).state == "open"


def test_the_report_figures_are_the_sums_of_their_rows(demo, demo_owner, app, offer):
    today = timezone.localdate()
    written = overdue_lease(demo, demo_owner, app, offer, days=200, n=46)
    paying = overdue_lease(demo, demo_owner, app, offer, days=20, n=47)
    owing = overdue_lease(demo, demo_owner, app, offer, days=40, n=48)
    staff_make(demo_owner, "coll8", ["collector"])
    night(demo)
    # A promise made on the owing case, broken by the night after its day.
    promise = demo_owner.post(
        "/api/backend/addPromiseToPay",
        {
            "case_id": case_of(demo, owing.id).pk,
            "promised_on": today.isoformat(),
            "amount": "1.00",
            "idempotency_key": "report-promise",
        },
    )
    assert promise.ok, promise
    assert demo_owner.post(
        WRITE_OFF, _body(case_of(demo, written.id).pk, key="report-write-off")
    ).ok
    for order in (written, paying):
        assert app.post(
            "/api/applet/payBill",
            {"order_no": order.no, "period": 2, "idempotency_key": f"rep-{order.no}"},
        ).ok
        provider_settles(demo, customer_pays=f"{order.no}B002")
    night(demo, today=today + timedelta(days=1))

    answer = demo_owner.get(REPORT, {"date_from": today.isoformat(), "date_to": today.isoformat()})
    assert answer.ok, answer
    report = answer.data
    with tenant_context(demo):
        cases = list(RecoveryCase.objects.all())
        ids = [c.order_id for c in cases]
        recovered = BillPayment.objects.filter(
            bill__order_id__in=ids, status="succeeded", bill__due_date__lt=today
        ).aggregate(total=Sum("amount"))["total"]
        after = BillPayment.objects.filter(
            bill__order_id=written.id, status="succeeded", bill__due_date__lt=today
        ).aggregate(total=Sum("amount"))["total"]
        open_owed = sum((c.total_owed for c in cases if c.state == "open"), Decimal("0.00"))
        written_off = WriteOff.objects.aggregate(total=Sum("amount"))["total"]
        kept = PromiseToPay.objects.filter(state="kept", decided_on=today).count()
    connection.set_schema_to_public()
    totals = report["totals"]
    assert totals["cases"] == len(cases) == 3
    assert Decimal(totals["recovered"]) == recovered
    assert Decimal(totals["recovered_after_write_off"]) == after == written_off
    assert Decimal(totals["owed"]) == open_owed  # the written-off debt was paid back in full
    assert (totals["closed"], totals["written_off"]) == (1, 1)
    assert Decimal(totals["written_off_amount"]) == written_off
    assert totals["promises_kept"] == kept and totals["promises_broken"] == 0
    rate = (recovered * 100 / (recovered + open_owed)).quantize(Decimal("0.01"))
    assert totals["recovery_rate"] == str(rate)
    # Each grouping adds up to the totals.
    for groups in (report["by_collector"], report["by_bucket"]):
        for figure in ("cases", "closed", "written_off", "promises_kept"):
            assert sum(g[figure] for g in groups) == totals[figure], figure
        for figure in ("recovered", "owed", "written_off_amount"):
            assert sum(Decimal(g[figure]) for g in groups) == Decimal(totals[figure]), figure
    assert [b["bucket"] for b in report["by_bucket"]] == ["M1", "M2", "M3", "M3+"]
    # The broken promise counts on the day it was decided.
    tomorrow = (today + timedelta(days=1)).isoformat()
    later = demo_owner.get(REPORT, {"date_from": tomorrow, "date_to": tomorrow}).data
    assert later["totals"]["promises_broken"] == 1
    assert demo_owner.get(REPORT, {"date_from": tomorrow, "date_to": today.isoformat()}).code != 0


def test_a_written_off_debt_is_reported_as_still_owed_and_handed_to_collection(
    demo, demo_owner, app, offer
):
    from apps.credit.models import CreditAccount, CreditRecord

    order = overdue_lease(demo, demo_owner, app, offer, days=200, n=49)
    assert demo_owner.post("/api/credit/userCreateSign", {"order_id": order.id}).ok
    assert demo_owner.post("/api/credit/accountOpeningCredit", {"order_id": order.id}).ok
    night(demo)
    assert demo_owner.post(WRITE_OFF, _body(case_of(demo, order.id).pk, key="credit-wo")).ok
    with tenant_context(demo):
        d1 = CreditAccount.objects.get(order_id=order.id, account_type="D1")
        c1 = CreditAccount.objects.get(order_id=order.id, account_type="C1")
        collection = CreditRecord.objects.get(account=c1, kind="collection")
        latest = CreditRecord.objects.filter(account=d1, kind="overdue").order_by("-occurred_on")[0]
        closed = CreditRecord.objects.filter(account=d1, kind="close").exists()
        amount = Bill.objects.get(order_id=order.id, period=2).amount
    connection.set_schema_to_public()
    # The D1 account stays open, overdue beyond 180 days (7); no close record (not settled,
    # not forgiven); the collection record carries what is owed, pending for the next file.
    assert d1.state == "open" and not closed
    assert latest.status_code == "7"
    assert collection.state == "pending" and collection.status_code == "7"
    assert collection.overdue_amount == amount


def test_the_report_owes_what_the_order_owes_after_a_part_of_the_written_off_debt_is_waived(
    demo, demo_owner, app, offer
):
    # Given bill 2 written off, then 100.00 of its rent waived
    order = overdue_lease(demo, demo_owner, app, offer, days=200, n=48)
    night(demo)
    case = case_of(demo, order.id)
    assert demo_owner.post(WRITE_OFF, _body(case.pk, key="write-off-waived")).ok
    waived = demo_owner.post(
        "/api/finance/waiveOrderCharge",
        {
            "order_id": order.id,
            "period": 2,
            "amount": "100.00",
            "reason": "协商减免部分本金",
            "idempotency_key": "waive-after-write-off",
        },
    )
    assert waived.ok, waived
    with tenant_context(demo):
        written = WriteOff.objects.get(case=case).amount
    connection.set_schema_to_public()

    # When the shop reads the recovery report
    today = timezone.localdate().isoformat()
    report = demo_owner.get(REPORT, {"date_from": today, "date_to": today}).data

    # Then the case owes what the order still owes of it: the waived part is no longer owed
    assert Decimal(report["totals"]["owed"]) == written - Decimal("100.00")
    assert Decimal(report["totals"]["written_off_amount"]) == written
