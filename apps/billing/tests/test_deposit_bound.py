"""Our own bound on a deposit (apps/billing/deposits.py, `deposit_available`): a thaw or a
transfer of more than is still available is refused by our code before any request reaches
the payment provider. The sandbox keeps the same bound and answers the same error code, so
these tests watch the requests that reach it: a test that only read the error code would
pass without our check."""

from __future__ import annotations

from typing import Any

import pytest

from apps.billing.models import DepositOperation
from tests.leases import deposit_of, detail_of, in_lease, order_books, provider_settles
from zulin.core.errors import ErrorCode
from zulin.providers.models import SandboxPaymentRecord
from zulin.providers.payment import SandboxPaymentProvider

TRANSFER = "/api/platform/depositTransferPay"
THAW = "/api/platform/depositThaw"


@pytest.fixture
def provider_requests(monkeypatch) -> list[tuple[str, str]]:
    """Every request that reaches the sandbox payment provider, as (operation, out_no); the
    sandbox still answers each."""
    seen: list[tuple[str, str]] = []
    request = SandboxPaymentProvider._request

    def watched(self: SandboxPaymentProvider, **asked: Any) -> Any:
        seen.append((str(asked["operation"]), asked["out_no"]))
        return request(self, **asked)

    monkeypatch.setattr(SandboxPaymentProvider, "_request", watched)
    return seen


def _records() -> int:
    return SandboxPaymentRecord.objects.filter(merchant="demo").count()


def _operations(owner, order_id) -> list[tuple[str, str, str]]:
    ops = detail_of(owner, order_id)["deposit_detail"]["operations"]
    return [(op["kind"], op["amount"], op["status"]) for op in ops]


def test_a_thaw_or_transfer_beyond_the_deposit_never_reaches_the_provider(
    demo, demo_owner, app, offer, provider_requests
):
    order = in_lease(demo, demo_owner, app, offer)  # grade B: 500.00 frozen
    before = (deposit_of(demo_owner, order.id), _operations(demo_owner, order.id), _records())
    provider_requests.clear()

    thaw = demo_owner.post(
        THAW, {"order_id": order.id, "amount": "500.01", "idempotency_key": "bound-thaw-1"}
    )
    damage = demo_owner.post(
        TRANSFER,
        {
            "order_id": order.id,
            "purpose": "damage",
            "amount": "500.01",
            "idempotency_key": "bound-transfer-1",
        },
    )

    assert (thaw.code, damage.code) == (ErrorCode.DEPOSIT_EXCEEDS_FROZEN,) * 2
    assert provider_requests == []
    after = (deposit_of(demo_owner, order.id), _operations(demo_owner, order.id), _records())
    assert after == before
    # Exactly what is frozen is still allowed, and does reach the provider.
    whole = demo_owner.post(
        THAW, {"order_id": order.id, "amount": "500.00", "idempotency_key": "bound-thaw-2"}
    )
    assert whole.ok, whole
    assert [operation for operation, _ in provider_requests] == ["thaw"]


def test_what_a_transfer_in_flight_takes_is_held_back_before_the_provider_is_asked(
    demo, demo_owner, app, offer, provider_requests
):
    order = in_lease(demo, demo_owner, app, offer)
    taken = demo_owner.post(
        TRANSFER, {"order_id": order.id, "purpose": "bills", "idempotency_key": "bound-bills-1"}
    )
    assert (taken.data["amount"], taken.data["status"]) == ("399.00", "processing"), taken
    # Confirmed nothing yet: all 500.00 remain frozen, 101.00 of it not promised elsewhere.
    assert deposit_of(demo_owner, order.id)["remaining"] == "500.00"
    records = _records()
    provider_requests.clear()

    thaw = demo_owner.post(
        THAW, {"order_id": order.id, "amount": "101.01", "idempotency_key": "bound-thaw-3"}
    )
    damage = demo_owner.post(
        TRANSFER,
        {
            "order_id": order.id,
            "purpose": "damage",
            "amount": "200.00",
            "idempotency_key": "bound-transfer-2",
        },
    )

    assert (thaw.code, damage.code) == (ErrorCode.DEPOSIT_EXCEEDS_FROZEN,) * 2
    assert provider_requests == []
    assert _records() == records
    kinds = DepositOperation.Kind
    assert [kind for kind, _, _ in _operations(demo_owner, order.id)].count(kinds.THAW) == 0
    provider_settles(demo)
    assert deposit_of(demo_owner, order.id)["remaining"] == "101.00"
    assert order_books(demo, order.id)["deposit_frozen"] == 101
