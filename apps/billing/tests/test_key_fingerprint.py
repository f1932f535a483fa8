"""A key reused for another amount is refused (issue 60, item 3): each call used to compare
only the fields it chose, so another amount under a used key answered the first record."""

from __future__ import annotations

from decimal import Decimal

from django_tenants.utils import tenant_context

from apps.billing.models import LateFeeWaiver, OfflineReceipt
from tests.leases import in_lease

from .support import RECORD, body, overdue_with_late_fee

WAIVE = "/api/finance/waiveLateFee"
CENT = Decimal("0.01")


def test_a_late_fee_waiver_key_reused_for_another_amount_is_refused(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    bill = overdue_with_late_fee(demo, order.id)
    assert bill.late_fee >= Decimal("0.05")
    waiver = {
        "order_id": order.id,
        "period": 2,
        "reason": "门店原因",
        "idempotency_key": "waive-fp-1",
    }

    first = demo_owner.post(WAIVE, {**waiver, "amount": "0.01"})
    other = demo_owner.post(WAIVE, {**waiver, "amount": "0.05"})
    again = demo_owner.post(WAIVE, {**waiver, "amount": "0.010"})  # the same amount

    assert first.ok, first
    assert other.code == 1101, other
    assert again.ok and again.data == first.data, again
    with tenant_context(demo):
        waived = [w.amount for w in LateFeeWaiver.objects.filter(bill_id=bill.pk)]
    assert waived == [Decimal("0.01")]


def test_an_offline_repayment_key_reused_for_another_amount_is_refused(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    bill = overdue_with_late_fee(demo, order.id)
    owed = bill.late_fee_owed + bill.rent_owed

    first = demo_owner.post(RECORD, body(order.id, 2, owed, "offline-fp-01"))
    other = demo_owner.post(RECORD, body(order.id, 2, owed - 100, "offline-fp-01"))
    again = demo_owner.post(RECORD, body(order.id, 2, owed, "offline-fp-01"))

    assert first.ok, first
    assert other.code == 1101, other
    receipt = first.data["offline_receipt"]["receipt_no"]
    assert again.ok and again.data["offline_receipt"]["receipt_no"] == receipt, again
    with tenant_context(demo):
        assert [r.amount for r in OfflineReceipt.objects.filter(order_id=order.id)] == [owed]


def test_a_refused_request_leaves_its_key_for_the_corrected_retry(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    bill = overdue_with_late_fee(demo, order.id)
    waiver = {
        "order_id": order.id,
        "period": 2,
        "reason": "门店原因",
        "idempotency_key": "waive-fp-2",
    }

    too_much = demo_owner.post(WAIVE, {**waiver, "amount": str(bill.late_fee_owed + 1)})
    corrected = demo_owner.post(WAIVE, {**waiver, "amount": "0.01"})

    assert too_much.code == 1401, too_much
    assert corrected.ok, corrected
    with tenant_context(demo):
        assert [w.amount for w in LateFeeWaiver.objects.filter(bill_id=bill.pk)] == [CENT]
