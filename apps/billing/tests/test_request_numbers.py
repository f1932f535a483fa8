"""A request number the provider knows an operation by is unique by construction (the
operation's own id, or the bill's own sequence), never a count of rows: a failed request
left out of the count once gave its number to the next one, answering 500 for good."""

from __future__ import annotations

from decimal import Decimal

from django_tenants.utils import tenant_context

from apps.billing.models import DepositOperation
from apps.billing.settle import _next_trade_no
from tests.leases import deposit_of, detail_of, in_lease, order_books, provider_settles
from zulin.providers.sandbox import sandbox_failure_add

TRANSFER = "/api/platform/depositTransferPay"
REFUND = "/api/platform/refundDeposit"


def _refunds(owner, order_id) -> list[tuple[str, str]]:
    ops = detail_of(owner, order_id)["deposit_detail"]["operations"]
    return [(op["amount"], op["status"]) for op in ops if op["kind"] == "refund"]


def test_a_deposit_refund_after_a_failed_one_gets_a_number_of_its_own(demo, demo_owner, app, offer):
    # Given 200.00 of the deposit taken for damage, and a first refund the provider fails
    order = in_lease(demo, demo_owner, app, offer)
    assert demo_owner.post(
        TRANSFER,
        {
            "order_id": order.id,
            "purpose": "damage",
            "amount": "200.00",
            "idempotency_key": "transfer-0001",
        },
    ).ok
    provider_settles(demo)
    sandbox_failure_add(service="payment", operation="refund", reason="REFUND_FAILED")
    failed = demo_owner.post(
        REFUND, {"order_id": order.id, "amount": "50.00", "idempotency_key": "refund-0001"}
    )
    assert failed.ok, failed
    provider_settles(demo)
    assert _refunds(demo_owner, order.id) == [("50.00", "failed")]

    # When the shop gives back money twice more
    second = demo_owner.post(
        REFUND, {"order_id": order.id, "amount": "50.00", "idempotency_key": "refund-0002"}
    )
    third = demo_owner.post(
        REFUND, {"order_id": order.id, "amount": "30.00", "idempotency_key": "refund-0003"}
    )

    # Then each is a request of its own, and both are given back
    assert second.ok and third.ok, (second, third)
    provider_settles(demo)
    assert sorted(_refunds(demo_owner, order.id)) == [
        ("30.00", "succeeded"),
        ("50.00", "failed"),
        ("50.00", "succeeded"),
    ]
    assert order_books(demo, order.id)["damage_income"] == Decimal("120.00")
    assert deposit_of(demo_owner, order.id)["transferred"] == "200.00"
    with tenant_context(demo):
        numbers = list(
            DepositOperation.objects.filter(order_id=order.id).values_list(
                "out_request_no", flat=True
            )
        )
    assert len(numbers) == len(set(numbers))


def test_a_bill_s_next_trade_number_follows_its_own_and_never_counts_payments():
    class Bill:
        out_trade_no = "ZL1B002"

    assert _next_trade_no(Bill()) == "ZL1B002-2"  # type: ignore[arg-type]
    Bill.out_trade_no = "ZL1B002-7"
    assert _next_trade_no(Bill()) == "ZL1B002-8"  # type: ignore[arg-type]
