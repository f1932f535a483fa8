"""The order's screen of an order ended without a deal (issue 60, item 10): what was given
back and what is still in flight at the provider, from billing's `order_unwound`."""

from __future__ import annotations

from decimal import Decimal

from apps.orders.tests.test_unwind_in_flight import _job_cancels, _signed_with_cashier_open
from tests.leases import DETAIL, provider_settles
from zulin.providers.interfaces import ProviderError
from zulin.providers.payment import SandboxPaymentProvider, sandbox_payer_pay


def _lines(unwound: dict) -> list[tuple[str, str, str, str]]:
    return [(li["kind"], li["type"], li["amount"], li["status"]) for li in unwound["lines"]]


def test_a_cancelled_order_shows_what_is_in_flight_then_what_was_given_back(
    demo, demo_owner, app, offer
):
    # Given a signed lease whose customer paid bill 1 at the cashier while the job cancels
    order = _signed_with_cashier_open(demo, demo_owner, app, offer, "detail-unwound-1")
    running = demo_owner.get(DETAIL, {"id": order.id}).data
    assert running["unwound"] is None  # not ended: nothing to give back
    sandbox_payer_pay(merchant=demo.slug, out_no=f"{order.no}B001")
    _job_cancels(demo, order.id)

    # When the order's screen is read before the provider answered the refund and the thaw
    detail = demo_owner.get(DETAIL, {"id": order.id}).data
    unwound = detail["unwound"]
    deposit = Decimal(detail["deposit_detail"]["frozen"])

    # Then the money that came after the cancel is on its way back; the deposit was thawed
    assert detail["status"] == "cancelled"
    assert _lines(unwound) == [
        ("refund", "unwound", "399.00", "processing"),
        ("deposit", "thaw", f"{deposit:.2f}", "succeeded"),
    ]
    assert (unwound["paid"], unwound["in_flight"]) == ("399.00", "399.00")
    assert Decimal(unwound["given_back"]) == deposit > 0

    # And once the provider confirmed, all is given back and nothing is in flight
    provider_settles(demo)
    unwound = demo_owner.get(DETAIL, {"id": order.id}).data["unwound"]
    assert ("refund", "unwound", "399.00", "succeeded") in _lines(unwound)
    assert Decimal(unwound["given_back"]) == Decimal("399.00") + deposit
    assert (unwound["in_flight"], unwound["deposit_frozen"]) == ("0.00", "0.00")
    refund = next(li for li in unwound["lines"] if li["kind"] == "refund")
    assert refund["periods"] == [1] and refund["finished_at"] is not None


def test_a_payment_the_cancel_could_not_close_shows_in_flight(
    demo, demo_owner, app, offer, monkeypatch
):
    # Given a cashier left open and a provider that cannot be reached at the cancel
    order = _signed_with_cashier_open(demo, demo_owner, app, offer, "detail-unwound-2", seed=1)

    def unreachable(self, *, out_no: str):
        raise ProviderError("payment", "unreachable", code="NETWORK")

    with monkeypatch.context() as patched:
        patched.setattr(SandboxPaymentProvider, "query", unreachable)
        _job_cancels(demo, order.id)

    # Then the screen says the customer's payment is still in flight at the provider, and
    # the deposit stays frozen until it ends
    unwound = demo_owner.get(DETAIL, {"id": order.id}).data["unwound"]
    payment = next(li for li in unwound["lines"] if li["kind"] == "payment")
    assert (payment["type"], payment["status"], payment["periods"]) == (
        "customer",
        "processing",
        [1],
    )
    assert Decimal(unwound["in_flight"]) >= Decimal(payment["amount"]) > 0
    assert Decimal(unwound["deposit_frozen"]) > 0
