"""The order events registry: what a step of an order asks of the apps above orders.

Orders imports none of the apps that read orders (notary, promotion, service, credit,
dashboard: docs/architecture.md). Where a step of an order concerns one of them, orders asks
here, and that app answers through the handler it registers in its `AppConfig.ready()`:

- `person_refused` (service): may this person order? Asked by the intake before anything is
  recorded.
- `share_code_attribution` (promotion): whose share link is this code? Asked by the applet's
  intake.
- `order_notarization` (notary): the order's notarization as its detail shows it.
- `payment_outcome` (recovery): a bill payment of the order succeeded or failed; the
  recovery case of the order follows (opened when something is past due, closed when
  nothing is). Told after the payment's transaction, and never allowed to undo it.
- `customer_bill_pay` (billing): the customer pays one bill of the order now, as the app's
  `appletPayBill` does; asked by the demo's stories (bill 1 at signing) — the one event
  billing answers (docs/architecture.md, "What orders still asks billing").

Billing handles orders' facts below (`OrderFact`), never an event that answers orders.

Each event has one handler; asking one that no app registered is a programming error (the
apps are installed together), never a silent default."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from django.db import transaction

from zulin.core.auth import Session

if TYPE_CHECKING:
    from .models import Order

log = logging.getLogger("zulin.task")

H = TypeVar("H", bound=Callable[..., Any])


class OrderFact:
    """A fact: something that happened to an order, published by orders in the transaction
    that changed it (the order row locked). The apps that care register handlers on it in
    their `AppConfig.ready()`; each runs in that transaction, in registration order, and may
    raise (the whole step rolls back). Publishing returns nothing: orders never learns what a
    handler did. A fact carries orders' own data only (the order and what the step recorded)
    and is named in the past tense for orders' state change, never for what another app does
    with it (tests/test_order_facts.py)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._handlers: list[Callable[..., None]] = []

    def register(self, handler: Callable[..., None]) -> None:
        if handler not in self._handlers:
            self._handlers.append(handler)

    @property
    def handlers(self) -> tuple[Callable[..., None], ...]:
        return tuple(self._handlers)

    def publish(self, order: Order, **data: Any) -> None:
        for handler in self._handlers:
            handler(order, **data)


class OrderEvent(Generic[H]):
    """One event and the one handler an app registered for it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._handler: H | None = None

    def register(self, handler: H) -> None:
        if self._handler is not None and self._handler is not handler:
            raise RuntimeError(f"the order event {self.name} has a handler already")
        self._handler = handler

    @property
    def handler(self) -> H:
        if self._handler is None:
            raise RuntimeError(f"no app registered a handler for the order event {self.name}")
        return self._handler


@dataclass(frozen=True)
class Attribution:
    """Whose share link an order came through: the link, and its channel, salesman and
    sub-shop where they still stand."""

    link_id: int
    channel: str
    salesman_account_id: int | None
    sub_shop_id: int | None


class PersonRefused(Protocol):
    def __call__(self, *, id_number: str, phone: str) -> bool: ...


class ShareCodeAttribution(Protocol):
    def __call__(self, code: str) -> Attribution | None: ...


class OrderNotarization(Protocol):
    def __call__(self, order_id: int, *, session: Session | None) -> dict[str, Any]: ...


class PaymentOutcome(Protocol):
    def __call__(self, *, order_id: int, status: str) -> None: ...


class CustomerBillPay(Protocol):
    def __call__(self, *, order_id: int, period: int, idempotency_key: str) -> None: ...


PERSON_REFUSED: OrderEvent[PersonRefused] = OrderEvent("person_refused")
SHARE_CODE_ATTRIBUTION: OrderEvent[ShareCodeAttribution] = OrderEvent("share_code_attribution")
ORDER_NOTARIZATION: OrderEvent[OrderNotarization] = OrderEvent("order_notarization")
PAYMENT_OUTCOME: OrderEvent[PaymentOutcome] = OrderEvent("payment_outcome")
CUSTOMER_BILL_PAY: OrderEvent[CustomerBillPay] = OrderEvent("customer_bill_pay")


def person_refused(*, id_number: str, phone: str) -> bool:
    """Whether the shop refuses this person an order (its blacklist)."""
    return PERSON_REFUSED.handler(id_number=id_number, phone=phone)


def share_code_attribution(code: str) -> Attribution | None:
    """The attribution of an order placed with a share link's code: None for a link deleted
    since; a code no link has is bad input (raised by the handler)."""
    return SHARE_CODE_ATTRIBUTION.handler(code)


def order_notarization(order_id: int, *, session: Session | None) -> dict[str, Any]:
    """The order's notarization block, for an order the caller found in its session's
    scope."""
    return ORDER_NOTARIZATION.handler(order_id, session=session)


def payment_outcome(*, order_id: int, status: str) -> None:
    """A bill payment of the order ended `succeeded` or `failed` (its transaction committed):
    the apps that follow the order's debt are told. Their failure is logged, never raised:
    the payment stands (the nightly run catches up)."""
    handler = PAYMENT_OUTCOME.handler
    try:
        with transaction.atomic():
            handler(order_id=order_id, status=status)
    except Exception:
        log.exception("payment_outcome of order %s (%s) left for the nightly run", order_id, status)


def customer_bill_pay(*, order_id: int, period: int, idempotency_key: str) -> None:
    """The customer pays bill `period` of the order now (the payment counts when the
    provider confirms it)."""
    CUSTOMER_BILL_PAY.handler(order_id=order_id, period=period, idempotency_key=idempotency_key)


# The facts: what happened to an order, as orders records it (the handlers' keyword data
# after the order). Billing registers its handlers on them (`apps/billing/order_facts.py`).
# - placed (`placed_on`): the intake recorded the order (a lease after its risk decision).
ORDER_PLACED = OrderFact("order_placed")
# - audit passed: a lease's start set to the day of the audit.
ORDER_AUDIT_PASSED = OrderFact("order_audit_passed")
# - contract signed: the customer's signature confirmed by the e-sign provider.
ORDER_CONTRACT_SIGNED = OrderFact("order_contract_signed")
# - delivered: the goods reached the customer; a lease's start and end moved to that day.
ORDER_DELIVERED = OrderFact("order_delivered")
# - renewed (`extra`, `term_before`, `end_before`): the term grew by `extra` periods.
ORDER_RENEWED = OrderFact("order_renewed")
# - return inspected (`after_sale_id`, `return_day`, `damage`, `actor`): the goods sent
#   back were inspected and the order finished, with the damage the clerk found.
ORDER_RETURN_INSPECTED = OrderFact("order_return_inspected")
# - cancelled (`actor`, `reason`): the order ended without a deal (cancelled, refused,
#   refunded after sale, or closed).
ORDER_CANCELLED = OrderFact("order_cancelled")
# - bought out: the buyout paid, the order finished and its goods sold.
ORDER_BOUGHT_OUT = OrderFact("order_bought_out")
# - buyout opened (`after_sale_id`): the customer or the shop asked to buy the goods out
#   (billing keeps today's price of it on the business, through `outcomes`).
ORDER_BUYOUT_OPENED = OrderFact("order_buyout_opened")
# - buyout approved (`after_sale_id`, `actor`, `idempotency_key`): the shop agreed; the
#   business waits for the buyout to be paid (`outcomes.buyout_complete`).
ORDER_BUYOUT_APPROVED = OrderFact("order_buyout_approved")

FACTS: tuple[OrderFact, ...] = (
    ORDER_PLACED,
    ORDER_AUDIT_PASSED,
    ORDER_CONTRACT_SIGNED,
    ORDER_DELIVERED,
    ORDER_RENEWED,
    ORDER_RETURN_INSPECTED,
    ORDER_CANCELLED,
    ORDER_BOUGHT_OUT,
    ORDER_BUYOUT_OPENED,
    ORDER_BUYOUT_APPROVED,
)
