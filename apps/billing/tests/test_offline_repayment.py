"""A bill repaid outside the provider, recorded by finance with a voucher picture: the books,
the commission the statement takes from the withdrawable balance, the private voucher, the
idempotency key and every refusal."""

from __future__ import annotations

import base64
from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context, tenant_context

from apps.billing.models import Bill, BillPayment, BillRefund, OfflineReceipt
from apps.billing.statements import statements_close
from apps.subshops.tests.factories import sign_in, staff_make, sub_shop_account_make, sub_shop_make
from tests.fixtures import grant_sub_merchants
from tests.leases import books_balance, detail_of, in_lease, order_books
from zulin.audit.models import AuditEntry
from zulin.files.models import StoredFile
from zulin.ledger.models import Journal
from zulin.ledger.selectors import account_balance

from .support import RECORD, VOUCHER, body, overdue_with_late_fee, terms

CENT = Decimal("0.01")


def _platform(code: str, sub: str) -> Decimal:
    with schema_context(get_public_schema_name()):
        return account_balance(code, sub_key=sub)


def test_an_offline_repayment_pays_the_bill_books_its_bank_and_commission_and_the_statement_deducts_it(  # noqa: E501
    demo, demo_owner, app, offer
):
    today = timezone.localdate()
    terms(demo, "5.00")
    order = in_lease(demo, demo_owner, app, offer)
    bill = overdue_with_late_fee(demo, order.id)
    owed = bill.late_fee_owed + bill.rent_owed
    sub = f"merchant:{demo.pk}"
    payable_before = _platform("merchant_payable", sub)
    income_before = _platform("commission_income", sub)
    with tenant_context(demo):
        bank_before = account_balance("bank")  # the demo's opening risk recharge moved it
    connection.set_schema_to_public()

    answer = demo_owner.post(RECORD, body(order.id, 2, owed, "offline-0001"))

    assert answer.ok, answer
    row = answer.data
    assert (row["status"], row["state"], row["paid_by"]) == ("paid", "paid", "offline")
    assert row["late_fee_paid"] == str(bill.late_fee) and row["late_fee_owed"] == "0.00"
    receipt = row["offline_receipt"]
    assert receipt["channel"] == "bank_transfer" and receipt["amount"] == str(owed)
    assert receipt["bank_reference"] == "CMB20261124000123" and receipt["recorded_by"]
    assert receipt["voucher_url"].startswith("/api/files/")
    commission = (bill.rent * Decimal("5.00") / 100).quantize(CENT, rounding=ROUND_HALF_UP)
    with tenant_context(demo):
        payment = BillPayment.objects.get(bill_id=bill.pk, status="succeeded")
        first = BillPayment.objects.get(bill__order_id=order.id, bill__period=1)
    assert (payment.method, payment.commission, payment.late_fee_amount) == (
        "offline",
        commission,
        bill.late_fee,
    )
    # The merchant's books: the money is in its own bank, income in full, commission owed.
    books = order_books(demo, order.id)
    assert books["bank"] == owed
    assert books["late_fee_income"] == bill.late_fee
    assert books["rent_income"] == bill.rent * 2  # bill 1 at signing, bill 2 offline
    assert books["commission_expense"] == first.commission + commission
    # At the provider only bill 1 (paid at signing) less both commissions.
    assert books["provider_clearing"] == first.amount - first.commission - commission
    assert books_balance(demo) == []
    # The platform received nothing of it, earned its commission out of what it owes.
    assert _platform("merchant_payable", sub) == payable_before - commission
    assert _platform("commission_income", sub) == income_before + commission
    timeline = detail_of(demo_owner, order.id)["timeline"]
    paid = next(e for e in timeline if e["action"] == "bill.paid_offline")
    assert paid["after"]["period"] == 2 and paid["reason"] == "客户到店转账"

    # Tomorrow's statement: bill 1 less both commissions is withdrawable, the offline money
    # never is.
    with tenant_context(demo):
        statements_close(today=today + timedelta(days=1))
        cash = account_balance("merchant_cash")
        bank = account_balance("bank")
    connection.set_schema_to_public()
    assert cash == first.amount - first.commission - commission
    assert bank == bank_before + owed


def test_the_same_key_answers_the_same_repayment_and_records_nothing_twice(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    bill = overdue_with_late_fee(demo, order.id)
    owed = bill.late_fee_owed + bill.rent_owed
    first = demo_owner.post(RECORD, body(order.id, 2, owed, "offline-same-01"))
    again = demo_owner.post(RECORD, body(order.id, 2, owed, "offline-same-01"))

    assert first.ok and again.ok, (first, again)
    receipts = (first.data["offline_receipt"], again.data["offline_receipt"])
    assert receipts[0]["receipt_no"] == receipts[1]["receipt_no"]
    with tenant_context(demo):
        assert OfflineReceipt.objects.filter(order_id=order.id).count() == 1
        assert StoredFile.objects.filter(kind="voucher").count() == 1
        assert Journal.objects.filter(kind="offline_repayment", order_id=order.id).count() == 1
    # The key names bill 2's repayment: another bill under it is refused.
    other = demo_owner.post(RECORD, body(order.id, 3, Decimal("399.00"), "offline-same-01"))
    assert other.code == 1101


def test_each_refusal_records_nothing(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    bill = overdue_with_late_fee(demo, order.id)
    owed = bill.late_fee_owed + bill.rent_owed

    def refused(period, amount, key, **overrides):
        return demo_owner.post(RECORD, body(order.id, period, amount, key, **overrides))

    # Not all of it (strict: a bill is repaid whole, late fee first).
    short = refused(2, bill.rent_owed, "offline-ref-01")
    assert short.code == 1406 and short.data["owed"] == str(owed)
    assert refused(3, Decimal("399.00"), "offline-ref-02").code == 1402  # the oldest first
    assert refused(1, Decimal("399.00"), "offline-ref-03").code == 1304  # paid at signing
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()
    future = refused(2, owed, "offline-ref-04", paid_on=tomorrow)
    assert future.code == 400 and "paid_on" in future.data["fields"]
    no_reference = refused(2, owed, "offline-ref-05", bank_reference="")
    assert no_reference.code == 400 and "bank_reference" in no_reference.data["fields"]
    # Only a whole JPEG or PNG: magic bytes in front of anything else are not a picture.
    fake = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 2).decode()
    bad = refused(2, owed, "offline-ref-06", voucher_base64=fake)
    assert bad.code == 400 and "voucher_base64" in bad.data["fields"]
    pdf = base64.b64encode(b"%PDF-1.7" + bytes(300)).decode()
    assert refused(2, owed, "offline-ref-07", voucher_base64=pdf).code == 400
    with tenant_context(demo):
        Bill.objects.filter(order_id=order.id, period=2).update(status="paying")
    assert refused(2, owed, "offline-ref-08").code == 1305  # a payment in flight
    with tenant_context(demo):
        Bill.objects.filter(order_id=order.id, period=2).update(status="cancelled")
    assert refused(2, owed, "offline-ref-09").code == 409
    with tenant_context(demo):
        Bill.objects.filter(order_id=order.id, period=2).update(status="unpaid")
    # The customer's request, waiting for the shop's decision (one the shop starts is
    # approved at once and the order is returning: refused as not in lease).
    opened = app.post(
        "/api/applet/applyAfterSale", {"order_no": order.no, "kind": "return", "reason": "退租"}
    )
    assert opened.ok, opened
    assert refused(2, owed, "offline-ref-10").code == 1302  # the after-sale decides
    with tenant_context(demo):
        assert not OfflineReceipt.objects.exists()
        assert not StoredFile.objects.filter(kind="voucher").exists()
        assert not Journal.objects.filter(kind="offline_repayment").exists()


def test_only_finance_manage_in_scope_may_record_and_only_finance_view_opens_the_voucher(
    demo, demo_owner, acme_owner, app, offer, client
):
    order = in_lease(demo, demo_owner, app, offer)
    bill = overdue_with_late_fee(demo, order.id)
    owed = bill.late_fee_owed + bill.rent_owed
    # A sub-shop's account given the action acts on its own sub-shop's orders only.
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店", phone="13600000011")
    sub_shop_account_make(demo_owner, east["id"], "east")
    assert demo_owner.post(
        "/api/backend/allocateToSubShop", {"ids": [order.id], "sub_shop_id": west["id"]}
    ).ok
    grant_sub_merchants("finance.manage")
    sibling = sign_in("demo.localhost", "east")
    assert sibling.post(RECORD, body(order.id, 2, owed, "offline-scope-1")).code == 404
    assert acme_owner.post(RECORD, body(order.id, 2, owed, "offline-scope-2")).code == 404
    staff_make(demo_owner, "audrey", ["auditor"])
    auditor = sign_in("demo.localhost", "audrey")
    assert auditor.post(RECORD, body(order.id, 2, owed, "offline-scope-3")).code == 403
    staff_make(demo_owner, "fiona", ["finance"])
    finance = sign_in("demo.localhost", "fiona")
    assert "offline_repayment" in detail_of(finance, order.id)["actions"]

    recorded = finance.post(RECORD, body(order.id, 2, owed, "offline-scope-4"))

    assert recorded.ok, recorded
    link = recorded.data["offline_receipt"]["voucher_url"]
    # The voucher is a private file: outside the media folder, through a signed link only.
    with tenant_context(demo):
        stored = StoredFile.objects.get(kind="voucher")
    assert not link.startswith(settings.MEDIA_URL)
    assert Path(settings.PRIVATE_ROOT) in (Path(settings.PRIVATE_ROOT) / stored.path).parents
    assert not str(Path(settings.PRIVATE_ROOT) / stored.path).startswith(str(settings.MEDIA_ROOT))
    response = client.get(link, HTTP_HOST="demo.localhost")
    assert response.status_code == 200 and b"".join(response.streaming_content) == VOUCHER
    forged = link[:-3] + ("AAA" if not link.endswith("AAA") else "BBB")
    tampered = client.get(forged, HTTP_HOST="demo.localhost")
    assert tampered.json()["code"] == 1801
    elsewhere = client.get(link, HTTP_HOST="acme.localhost")
    assert elsewhere.json()["code"] == 1803
    with tenant_context(demo):
        reads = AuditEntry.objects.filter(action="file.read", target_id=str(stored.pk))
        assert reads.count() == 1 and reads.get().actor_name
    # The auditor sees the bill paid offline, without the voucher.
    seen = next(b for b in detail_of(auditor, order.id)["bills"] if b["period"] == 2)
    assert seen["paid_by"] == "offline" and seen["offline_receipt"]["voucher_url"] is None
    # A store list shows it paid offline too.
    listed = finance.get("/api/finance/getFinanceBillList", {"state": "paid"})
    assert listed.ok, listed
    listed = listed.data["list"]
    assert any(b["order_id"] == order.id and b["paid_by"] == "offline" for b in listed)
    lines = finance.get("/api/v2/getBillList", {"type": "offline"})
    assert lines.ok, lines
    lines = lines.data["list"]
    assert [line["amount"] for line in lines] == [str(owed)]


def test_a_bill_repaid_offline_is_never_given_back_through_the_provider(
    demo, demo_owner, app, offer
):
    """Money received at the bank never went through the provider: a refund of the bill it
    paid is refused (REFUND_EXCEEDS_PAID), and nothing is asked of the provider."""
    order = in_lease(demo, demo_owner, app, offer)
    bill = overdue_with_late_fee(demo, order.id)
    owed = bill.late_fee_owed + bill.rent_owed
    assert demo_owner.post(RECORD, body(order.id, 2, owed, "offline-refund-01")).ok

    refused = demo_owner.post(
        "/api/finance/refundBillPayment",
        {
            "order_id": order.id,
            "period": 2,
            "amount": "10.00",
            "reason": "客户要求退款",
            "idempotency_key": "offline-refund-02",
        },
    )

    assert refused.code == 1310, refused
    with tenant_context(demo):
        assert not BillRefund.objects.filter(payment__bill__order_id=order.id).exists()
    connection.set_schema_to_public()
