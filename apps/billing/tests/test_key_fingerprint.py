"""A key reused for another amount is refused (issue 60, item 3): each call used to compare
only the fields it chose, so another amount under a used key answered the first record."""

from __future__ import annotations

from decimal import Decimal

from django_tenants.utils import tenant_context

from apps.billing.models import LateFeeWaiver, OfflineReceipt
from tests.leases import in_lease
from zulin.idempotency.models import IdempotencyKey

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


def test_a_request_may_not_take_the_form_of_a_key_the_night_makes(demo, demo_owner, app, offer):
    """The night withholds a bill under `auto:<bill>:<day>`: a request's key of that form
    (or any prefix the services keep) is refused on its field and claims nothing, so it can
    never stand in the night's way."""
    order = in_lease(demo, demo_owner, app, offer)
    bill = overdue_with_late_fee(demo, order.id)
    refused = {}
    for key in (f"auto:{bill.pk}:2026-11-29", "intake:Z0001", "recovery:1:x", "internal:abc"):
        answer = demo_owner.post(
            WAIVE,
            {"order_id": order.id, "period": 2, "reason": "门店原因", "idempotency_key": key},
        )
        refused[key] = (answer.code, tuple(sorted((answer.data or {}).get("fields", {}))))
    assert set(refused.values()) == {(400, ("idempotency_key",))}, refused
    with tenant_context(demo):
        assert not LateFeeWaiver.objects.filter(bill_id=bill.pk).exists()
        assert not IdempotencyKey.objects.filter(key__in=list(refused)).exists()
