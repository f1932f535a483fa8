"""What a confirmed payment, a signature or a due date does to an order — in one place.

Every confirmation reaches its order through here, the order row locked by the caller:
- the contract signed, bill 1 paid and the deposit frozen, in any order: a lease awaiting
  signing moves on to shipment (`order_signing_check`);
- a bill paid (`on_bill_paid`): bill 1 marks the first payment (a purchase is then paid);
  the buyout bill completes the buyout (`buyout_complete`, the fact `order_bought_out`);
  any bill refreshes the order's overdue state;
- any money move of the order (`order_money_keep`): billing keeps the order's money
  figures on its row — what it owes and its oldest owed due date, the periods paid,
  whether a bill or an instalment is open, an early settlement in flight, the deposit
  free to thaw or transfer — and `order_overdue_refresh` sets `overdue_since` from the
  oldest owed bill past due, what an ended order still owes, and the stage.

Billing (which takes the money in: settling, repayments, deposits, confirmations) calls this
module; it commands nothing back (facts, `events.py`) and orders reads billing's figures
only from its own row, where billing keeps them here (`apps/billing/order_figures.py`);
billing keeps what a return settled here too (`return_settlement_keep`). Inside orders it sits below
the lease and the after-sale business and above moves: the import-linter `layers` contract
of `apps.orders` keeps it so (docs/architecture.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Protocol

from django.utils import timezone

from . import devices, events, machine
from .models import AfterSale, DepositState, Order, OrderKind
from .moves import order_move
from .projection import order_project

ZERO = Decimal("0.00")


def _signing_complete(order: Order) -> bool:
    deposit_ready = order.deposit_state in (DepositState.NONE, DepositState.FROZEN) or (
        order.deposit == order.deposit_waived
    )
    return bool(order.contract_signed_at and order.first_bill_paid_at and deposit_ready)


def order_signing_check(order: Order) -> Order:
    """Moves a lease awaiting signing on to shipment once the contract is signed, bill 1 is
    paid and the deposit is frozen (each arrives on its own confirmation, in any order)."""
    if order.status == machine.AWAITING_SIGNING and _signing_complete(order):
        order_move(order, action="sign", actor=None, reason="合同已签署，首期已支付")
    return order


@dataclass(frozen=True)
class OrderMoney:
    """The order's money as billing counts it (`apps/billing/order_figures.py`)."""

    owed: Decimal  # open bills and charges not paid or waived, late fees included
    oldest_owed_due: date | None  # the due date of its oldest owed bill
    paid: Decimal  # what its bill payments took in (succeeded)
    paid_periods: int  # bills paid
    bills_open: bool  # something owed that no payment in flight holds
    instalments_open: bool  # the same, of the instalments (period 1 on)
    settling_early: bool  # an early settlement being charged
    deposit_free: Decimal  # frozen, less what was and is being thawed or transferred


# The row's fields, in the order of `OrderMoney`'s.
MONEY_FIELDS = (
    "money_owed",
    "oldest_owed_due",
    "money_paid",
    "paid_periods",
    "bills_open",
    "instalments_open",
    "settling_early",
    "deposit_free",
)


def order_money_keep(order: Order, money: OrderMoney) -> bool:
    """Keeps billing's figures on the order's row (the caller holds the row lock), then its
    overdue state and stage from them; answers whether anything changed."""
    before = tuple(getattr(order, field) for field in MONEY_FIELDS)
    order.money_owed = money.owed
    order.oldest_owed_due = money.oldest_owed_due
    order.money_paid = money.paid
    order.paid_periods = money.paid_periods
    order.bills_open = money.bills_open
    order.instalments_open = money.instalments_open
    order.settling_early = money.settling_early
    order.deposit_free = money.deposit_free
    if tuple(getattr(order, field) for field in MONEY_FIELDS) == before:
        return order_overdue_refresh(order)
    order.save(update_fields=[*MONEY_FIELDS, "updated_at"])
    order_overdue_refresh(order)
    return True


def orders_owed_keep(owed: dict[int, tuple[Decimal, Decimal]]) -> None:
    """The night's late fees on running orders: order id → (the owed figure kept, what its
    bills owe now). Written where the row still keeps the first (a money move that kept it
    since is newer); a running order's stage and overdue day do not read it."""
    for order_id, (kept, now) in owed.items():
        Order.objects.filter(pk=order_id, money_owed=kept).exclude(
            status__in=machine.MAY_OWE_AFTER
        ).update(money_owed=now)


def order_overdue_refresh(order: Order) -> bool:
    """Sets `overdue_since` from the order's oldest owed bill once past due (China's day),
    what an ended order still owes (`owed_amount`: open bills and charges, late fees
    included) and the stage with them, from the figures billing keeps on the row; answers
    whether anything changed. The caller holds the row lock."""
    before = (order.overdue_since, order.owed_amount, order.stage)
    order.owed_amount = order.money_owed if order.status in machine.MAY_OWE_AFTER else ZERO
    watched = order.status in machine.DEAL_RUNNING or order.owed_amount > 0
    due = order.oldest_owed_due
    order.overdue_since = (
        due if watched and due is not None and due < timezone.localdate() else None
    )
    order.stage = machine.stage_of(order)
    if (order.overdue_since, order.owed_amount, order.stage) == before:
        return False
    order.save(update_fields=["overdue_since", "owed_amount", "stage", "updated_at"])
    order_project(order)
    return True


def buyout_complete(order: Order, *, reason: str = "买断款已支付") -> None:
    """The buyout is paid (an early settlement that included the buyout price, the order row
    locked): the order is finished, its buyout business done, the deposit thawed. Every bill
    was paid by that settlement; nothing owed is cancelled here."""
    business = AfterSale.objects.filter(
        order=order, status__in=[AfterSale.Status.OPEN, AfterSale.Status.APPROVED]
    ).first()

    def bought(row: Order) -> dict[str, Any]:
        row.finished_at = timezone.now()
        return {}

    if business is not None:
        business.status, business.finished_at = AfterSale.Status.DONE, timezone.now()
        business.save()
        order.has_open_after_sale = False
    order_move(
        order,
        action="buyout",
        actor=None,
        reason=reason,
        change=bought,
        allow_after_sale=True,
    )
    devices.device_sold(order, actor=None, reason=reason)  # tracked by unit: it left the shop
    events.ORDER_BOUGHT_OUT.publish(order)


def withhold_agreement_keep(order: Order, agreement_no: str) -> None:
    """The customer's withhold agreement, signed with the contract at the provider (billing
    signs it on the fact `order_contract_signed`): later bills are charged by it."""
    order.withhold_agreement_no = agreement_no
    order.save(update_fields=["withhold_agreement_no", "updated_at"])


def after_sale_amount_keep(after_sale_id: int, amount: Decimal) -> None:
    """A buyout's amount as billing counts it (today's quote when it opens, the settlement's
    total once approved), kept on the after-sale business its screen shows."""
    AfterSale.objects.filter(pk=after_sale_id).update(amount=amount, updated_at=timezone.now())


def return_settlement_keep(after_sale_id: int, *, rent_cancelled: Decimal, fee: Decimal) -> None:
    """What billing settled for a return at inspection (the rent it cancelled, the
    early-termination fee), kept on the after-sale business its screen shows."""
    AfterSale.objects.filter(pk=after_sale_id).update(
        rent_cancelled=rent_cancelled, termination_fee=fee, updated_at=timezone.now()
    )


class PaidBill(Protocol):
    """What an order's outcome reads of the bill a payment made paid (billing's Bill)."""

    period: int
    paid_at: datetime | None


def on_bill_paid(order: Order, bill: PaidBill | None) -> None:
    """What a confirmed payment of a bill does to its order (the order row is locked);
    `bill` the last bill it made paid, None when it paid none whole (a short result)."""
    if bill is not None and bill.period == 1 and order.first_bill_paid_at is None:
        order.first_bill_paid_at = bill.paid_at or timezone.now()
        order.save(update_fields=["first_bill_paid_at", "updated_at"])
        if order.kind == OrderKind.PURCHASE and order.status == machine.AWAITING_PAYMENT:
            order_move(order, action="pay", actor=None, reason="用户已支付")
            return
        order_signing_check(order)
    if bill is not None and bill.period == 0 and order.status == machine.IN_LEASE:
        buyout_complete(order)
        return
    if order.status in machine.DEAL_RUNNING or order.status in machine.MAY_OWE_AFTER:
        order_overdue_refresh(order)
