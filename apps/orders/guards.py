"""What an order's state must be for an action: one function per rule, answering the refusal
(an `ApplicationError`) or None. The service raises what its guard answers; the detail's
action list (`selectors.order_actions`) offers an action only when the same guard answers
None, so a button the screen shows is one the service accepts.

Kept apart from the services and the selectors so both can import it (the services read
the selectors). What a rule reads of the order's money (periods paid, an early settlement
in flight, the deposit free) is the figures billing keeps on the order's row
(`outcomes.order_money_keep`)."""

from __future__ import annotations

from zulin.core.errors import ApplicationError, ErrorCode

from . import machine
from .models import AfterSale, Contract, Order, OrderSetting

Kind = AfterSale.Kind

# Which business an order may open in which status.
OPENS_FROM: dict[str, frozenset[str]] = {
    Kind.REFUND: frozenset({machine.AWAITING_SHIPMENT, machine.PAID}),
    Kind.RETURN: frozenset({machine.IN_LEASE}),
    Kind.BUYOUT: frozenset({machine.IN_LEASE}),
    Kind.RENEWAL: frozenset({machine.IN_LEASE}),
    Kind.EXCHANGE: frozenset({machine.IN_LEASE}),
}


def order_setting() -> OrderSetting:
    """The shop's order settings (the defaults until it saves its own)."""
    return OrderSetting.objects.filter(pk=1).first() or OrderSetting(pk=1)


def buyout_allowed(order: Order) -> bool:
    return (
        order.status == machine.IN_LEASE
        and order.ownership_transfer
        and order.paid_periods >= order_setting().buyout_from_period
    )


def contract_refresh_refusal(order: Order) -> ApplicationError | None:
    """The contract is made again only while it waits for the customer's signature: once
    signed it is refused as signed, whether or not the order has moved on since."""
    if order.contracts.filter(status=Contract.Status.SIGNED).exists():
        return ApplicationError(ErrorCode.CONTRACT_ALREADY_SIGNED)
    if order.status != machine.AWAITING_SIGNING:
        return ApplicationError(
            ErrorCode.CONFLICT, data={"from": order.status, "to": machine.AWAITING_SIGNING}
        )
    return None


def after_sale_refusal(order: Order, kind: str) -> ApplicationError | None:
    """A business opens on an order without one open, from the statuses of its kind, never
    while an early settlement of it is being charged (PAYMENT_IN_PROGRESS); a buyout once
    the order's ownership transfers and enough periods are paid."""
    if (
        order.has_open_after_sale
        or AfterSale.objects.filter(
            order=order, status__in=(AfterSale.Status.OPEN, AfterSale.Status.APPROVED)
        ).exists()
    ):
        return ApplicationError(ErrorCode.AFTER_SALE_OPEN)
    if order.status not in OPENS_FROM[kind]:
        return machine.machine_for(order).conflict(order.status, kind)
    if order.settling_early:
        # An early settlement being charged ends the lease (bought out) or pays every bill
        # left of it: no return, buyout or renewal opens under it until it has an outcome.
        return ApplicationError(ErrorCode.PAYMENT_IN_PROGRESS)
    if kind == Kind.BUYOUT and not buyout_allowed(order):
        return ApplicationError(ErrorCode.BUYOUT_NOT_ALLOWED)
    return None


def withhold_refusal(order: Order) -> ApplicationError | None:
    """The shop charges a bill through the customer's withhold agreement only."""
    if not order.withhold_agreement_no:
        return ApplicationError(
            ErrorCode.CONFLICT,
            "客户未签署代扣协议，不能代扣",
            msg_en="The customer has no withhold agreement",
            data={"from": order.status, "to": "paid"},
        )
    return None


def deposit_refusal(order: Order) -> ApplicationError | None:
    """Deposit is released or taken only while some of it is frozen and not already being
    released or taken."""
    if order.deposit_free <= 0:
        return ApplicationError(ErrorCode.DEPOSIT_EXCEEDS_FROZEN)
    return None
