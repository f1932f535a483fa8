"""Reads of bills: an order's schedule with every payment attempt, and bill lists."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Count, F, Min, Q, Sum
from django.utils import timezone

from apps.orders import machine
from apps.orders.models import Order
from apps.orders.reads import order_setting
from tenants.catalog.selectors import money
from zulin.audit.state import status_history
from zulin.money.allocation import collection_key

from .models import (
    CHARGE_KINDS,
    Bill,
    BillPayment,
    BillStatus,
    CreditOrder,
)

# --- what an order owes, asked one way (docs/money.md, "What an order owes") ----------------
#
# A bill's remainder (principal and late fee not paid, waived or discounted) is owed by the
# customer while the bill is open (unpaid, or being paid) or written off: a write-off takes
# a debt out of the shop's collection (reminders, the night's auto-debit, recovery's past
# due) without forgiving it. Paid and cancelled bills (a waiver, rent a return cancelled)
# owe nothing. Every path that asks what is owed asks `bill_owed` / `order_owed`; no path
# keeps its own list of statuses.
OWED_STATUSES = (BillStatus.UNPAID, BillStatus.PAYING, BillStatus.WRITTEN_OFF)
# Owed and in the shop's collection (not written off).
OPEN_STATUSES = (BillStatus.UNPAID, BillStatus.PAYING)
ZERO = Decimal("0.00")
# A bill's principal neither paid nor forgiven (`Bill.rent_owed`), in a query.
PRINCIPAL_LEFT = F("amount") - F("paid_amount") - F("waived_amount")


@dataclass(frozen=True)
class Owed:
    """What one bill still owes: its principal (rent, add-ons, fee not paid) and its late
    fee (accrued, less waived and paid); written off or being paid, as its status says."""

    bill: Bill
    principal: Decimal
    late_fee: Decimal

    @property
    def total(self) -> Decimal:
        return self.principal + self.late_fee

    @property
    def written_off(self) -> bool:
        return self.bill.status == BillStatus.WRITTEN_OFF

    @property
    def in_flight(self) -> bool:
        """A settlement of it is in flight (by any method): nothing else may take it."""
        return self.bill.status == BillStatus.PAYING

    @property
    def is_charge(self) -> bool:
        return self.bill.kind in CHARGE_KINDS

    def due_by(self, day: date) -> bool:
        return self.bill.due_date <= day


def bill_owed(bill: Bill) -> Owed | None:
    """What `bill` still owes, None when it owes nothing (paid, cancelled, or settled)."""
    if bill.status not in OWED_STATUSES:
        return None
    owed = Owed(bill, bill.rent_owed - bill.discount, bill.late_fee_owed)
    return owed if owed.total > 0 else None


@dataclass(frozen=True)
class OrderOwed:
    """What an order owes, bill by bill and charge by charge, oldest first (the order every
    payment is allocated in: periods ascending, the buyout bill last)."""

    lines: tuple[Owed, ...]

    def _sum(self, lines: Iterable[Owed]) -> Decimal:
        return sum((line.total for line in lines), ZERO)

    @property
    def total(self) -> Decimal:
        return self._sum(self.lines)

    @property
    def principal(self) -> Decimal:
        return sum((line.principal for line in self.lines), ZERO)

    @property
    def late_fee(self) -> Decimal:
        return sum((line.late_fee for line in self.lines), ZERO)

    @property
    def written_off(self) -> Decimal:
        """Of the total, what was written off and is still owed."""
        return self._sum(line for line in self.lines if line.written_off)

    @property
    def in_flight(self) -> tuple[Owed, ...]:
        return tuple(line for line in self.lines if line.in_flight)

    def due(self, day: date) -> tuple[Owed, ...]:
        """The lines due on or before `day` (charges and written-off bills are due)."""
        return tuple(line for line in self.lines if line.due_by(day))

    def past_due(self, today: date) -> tuple[Owed, ...]:
        return tuple(line for line in self.lines if line.bill.due_date < today)

    def due_total(self, day: date) -> Decimal:
        return self._sum(self.due(day))

    def collecting(self) -> tuple[Owed, ...]:
        """The lines still in the shop's collection (not written off)."""
        return tuple(line for line in self.lines if not line.written_off)


def owed_of(bills: Iterable[Bill]) -> OrderOwed:
    """What these bills of one order owe (read already, e.g. locked)."""
    ordered = sorted(bills, key=lambda bill: collection_key(bill.period))
    return OrderOwed(tuple(line for line in map(bill_owed, ordered) if line is not None))


def order_owed(order_id: int, *, bills: Iterable[Bill] | None = None) -> OrderOwed:
    """What the order owes (`bills`: its bills already read, e.g. locked, else read here)."""
    if bills is None:
        bills = Bill.objects.filter(order_id=order_id, status__in=OWED_STATUSES)
    return owed_of(bills)


def orders_owed(order_ids: Iterable[int]) -> dict[int, OrderOwed]:
    """`order_owed` of many orders in one query (an order owing nothing owes no lines)."""
    ids = list(order_ids)
    by_order: dict[int, list[Bill]] = {order_id: [] for order_id in ids}
    for bill in Bill.objects.filter(order_id__in=ids, status__in=OWED_STATUSES):
        by_order[bill.order_id].append(bill)
    return {order_id: owed_of(bills) for order_id, bills in by_order.items()}


def owed_parts(lines: Iterable[Owed]) -> dict[str, Decimal]:
    """What these lines owe, as a screen breaks it down: the rent (instalments, a purchase, a
    buyout: principal not paid or forgiven), their late fees, the charges (damage, early
    termination) and the total."""
    rent = late_fee = charges = ZERO
    for line in lines:
        late_fee += line.late_fee
        if line.is_charge:
            charges += line.principal
        else:
            rent += line.principal
    return {
        "rent": rent,
        "late_fee": late_fee,
        "charges": charges,
        "total": rent + late_fee + charges,
    }


def bill_state(bill: Bill, today: Any = None) -> str:
    """What a person reads: paid, cancelled, written off, paying, overdue (past due,
    unpaid) or due."""
    if bill.status in (
        BillStatus.PAID,
        BillStatus.CANCELLED,
        BillStatus.PAYING,
        BillStatus.WRITTEN_OFF,
    ):
        return str(bill.status)
    return "overdue" if bill.due_date < (today or timezone.localdate()) else "unpaid"


def _owed_not_in_flight(order_id: int) -> Any:
    """The order's bills owed (`OWED_STATUSES`) that no settlement holds."""
    return Bill.objects.filter(order_id=order_id, status__in=OWED_STATUSES).exclude(
        status=BillStatus.PAYING
    )


def has_open_bills(order_id: int) -> bool:
    """Something of the order is owed (a written-off bill included) and not being paid: a
    bill or charge a waiver, a payment or a settlement may take."""
    return _owed_not_in_flight(order_id).exists()


def has_open_instalments(order_id: int) -> bool:
    return _owed_not_in_flight(order_id).filter(period__gte=1).exists()


def bill_periods(bill_ids: Iterable[int]) -> dict[int, int]:
    """Bill id → its period (a deposit transfer's bills, as the order's detail names them)."""
    ids = list(bill_ids)
    if not ids:
        return {}
    return dict(Bill.objects.filter(pk__in=ids).values_list("pk", "period"))


def order_bill_totals(order_id: int) -> dict[str, Decimal]:
    """What the order's bills ask (less what waivers forgave of them), what of it was paid
    and what is still owed of it (the principal: asked = paid + owed); from `order_owed`,
    the one owed figure every screen shows (`owed_total`: late fees included, an ended
    order's owed amount), its late fees, and of it what is past due today (China time, by
    its recovery case whether written off or not)."""
    totals = Bill.objects.filter(order_id=order_id).aggregate(
        asked=Sum(F("amount") - F("waived_amount"), filter=~Q(status=BillStatus.CANCELLED)),
        # A bill cancelled after part of it was paid (a waiver of the rest): what it took.
        cancelled_paid=Sum("paid_amount", filter=Q(status=BillStatus.CANCELLED)),
        paid_sum=Sum("paid_amount"),
    )
    zero = Decimal("0.00")
    owed = order_owed(order_id)
    return {
        "amount": (totals["asked"] or zero) + (totals["cancelled_paid"] or zero),
        "paid": totals["paid_sum"] or zero,
        "owed": owed.principal,
        "late_fee_owed": owed.late_fee,
        "owed_total": owed.total,
        "past_due": owed_parts(owed.past_due(timezone.localdate()))["total"],
    }


def earliest_overdue(order_id: int) -> date | None:
    """The due date of the order's oldest unpaid bill past due, or None."""
    row = (
        Bill.objects.filter(
            order_id=order_id, status__in=OWED_STATUSES, due_date__lt=timezone.localdate()
        )
        .order_by("due_date")
        .values_list("due_date", flat=True)
        .first()
    )
    return row


def earliest_overdue_by_order(*, today: Any = None) -> dict[int, Any]:
    """`earliest_overdue` of every order at once: order id → the due date of its oldest unpaid
    bill past due (orders without one are left out)."""
    rows = (
        Bill.objects.filter(status__in=OWED_STATUSES, due_date__lt=today or timezone.localdate())
        .order_by()
        .values("order_id")
        .annotate(since=Min("due_date"))
    )
    return {row["order_id"]: row["since"] for row in rows}


def paid_periods(order_id: int) -> int:
    return Bill.objects.filter(order_id=order_id, status=BillStatus.PAID).count()


def order_unwound(order_id: int) -> bool:
    """The order ended without a deal (`machine.UNWOUND`): none of its bills is owed any
    more, and money that still comes for it goes back to the customer."""
    return Order.objects.filter(pk=order_id, status__in=machine.UNWOUND).exists()


def no_deal_order_ids() -> Any:
    """The ids (a subquery) of orders that are not, or never became, a deal
    (`machine.NO_DEAL`): their bills accrue no late fee and open no recovery case."""
    return Order.objects.filter(status__in=machine.NO_DEAL).values("pk")


def order_trades_in_flight(order_id: int) -> list[tuple[str, str]]:
    """(trade number, method) of every settlement of the order's bills still in flight, by
    any method, oldest first."""
    rows = (
        BillPayment.objects.filter(bill__order_id=order_id, status=BillPayment.Status.PROCESSING)
        .order_by("id")
        .values_list("out_trade_no", "method")
    )
    return list(dict.fromkeys(rows))


def stale_payment_numbers(*, older_than: Any) -> list[str]:
    """Trade numbers of bill payments (withhold, the customer's) still processing that
    were started before `older_than`."""
    return list(
        BillPayment.objects.filter(
            status=BillPayment.Status.PROCESSING,
            created_at__lt=older_than,
            method__in=(
                BillPayment.Method.WITHHOLD,
                BillPayment.Method.CUSTOMER,
                BillPayment.Method.AUTH,
            ),
        )
        .order_by("id")
        .values_list("out_trade_no", flat=True)
    )


def due_unpaid_bills(*, today: Any) -> list[tuple[int, int, int]]:
    """(order id, bill id, period) of every unpaid instalment due by `today`, each order's
    oldest first."""
    return list(
        Bill.objects.filter(status=BillStatus.UNPAID, due_date__lte=today, period__gte=1)
        .order_by("order_id", "period")
        .values_list("order_id", "pk", "period")
    )


def order_overdue_money(order_id: int, today: Any = None) -> dict[str, Any]:
    """What an order owes for lateness: the unpaid rent of its instalments past due, their
    late fees accrued, waived and paid, the charges it owes (damage above the deposit, an
    early-termination fee: `charges.py`, due or not), and the total still owed (overdue rent
    + late fees not waived or paid + charges)."""
    today = today or timezone.localdate()
    zero = Decimal("0.00")
    bills = Bill.objects.filter(order_id=order_id).exclude(status=BillStatus.CANCELLED)
    overdue = bills.filter(status__in=OWED_STATUSES, due_date__lt=today).exclude(
        kind__in=CHARGE_KINDS
    )
    rent = overdue.aggregate(left=Sum(PRINCIPAL_LEFT), count=Count("id"))
    owed_charges = bills.filter(status__in=OWED_STATUSES, kind__in=CHARGE_KINDS).aggregate(
        left=Sum(PRINCIPAL_LEFT), count=Count("id")
    )
    charges = owed_charges["left"] or zero
    fees = bills.aggregate(
        accrued=Sum("late_fee"), waived=Sum("late_fee_waived"), paid=Sum("late_fee_paid")
    )
    overdue_rent = rent["left"] or zero
    accrued, waived, paid = (fees[key] or zero for key in ("accrued", "waived", "paid"))
    late_fee_owed = accrued - waived - paid
    return {
        "overdue_bills": rent["count"] or 0,
        "overdue_rent": overdue_rent,
        "late_fee": accrued,
        "late_fee_waived": waived,
        "late_fee_paid": paid,
        "late_fee_owed": late_fee_owed,
        "charges": owed_charges["count"] or 0,
        "charges_owed": charges,
        "total": overdue_rent + late_fee_owed + charges,
    }


# --- per customer (read by apps.service) ---------------------------------------------------


def owed_by_order(order_ids: list[int], today: Any = None) -> dict[int, dict[str, Decimal]]:
    """What each order still owes on its open bills (rent left plus late fees not waived or
    paid), and how much of it is past due: order id → {owed, overdue}."""
    today = today or timezone.localdate()
    left = PRINCIPAL_LEFT + F("late_fee") - F("late_fee_waived") - F("late_fee_paid")
    rows = (
        Bill.objects.filter(order_id__in=order_ids, status__in=OWED_STATUSES)
        .order_by()
        .values("order_id")
        .annotate(owed=Sum(left), overdue=Sum(left, filter=Q(due_date__lt=today)))
    )
    zero = Decimal("0.00")
    return {
        row["order_id"]: {"owed": row["owed"] or zero, "overdue": row["overdue"] or zero}
        for row in rows
    }


def bills_of_orders(order_ids: list[int]) -> list[dict[str, Any]]:
    """The bills of these orders as a customer's page lists them: newest due first."""
    today = timezone.localdate()
    bills = Bill.objects.filter(order_id__in=order_ids).order_by("-due_date", "-id")[:200]
    return [
        {
            "id": bill.pk,
            "order_id": bill.order_id,
            "order_no": bill.order_no,
            "period": bill.period,
            "due_date": bill.due_date,
            "amount": money(bill.amount),
            "paid_amount": money(bill.paid_amount),
            "late_fee_owed": money(bill.late_fee_owed),
            "state": bill_state(bill, today),
            "paid_at": bill.paid_at,
        }
        for bill in bills
    ]


def next_open_bill(order_id: int) -> dict[str, Any] | None:
    """The order's oldest open instalment (what a reminder names): period, due date and what
    it still asks (rent left and late fee owed); None when nothing is open."""
    bill = (
        Bill.objects.filter(order_id=order_id, status__in=OPEN_STATUSES, period__gte=1)
        .order_by("period")
        .first()
    )
    if bill is None:
        return None
    return {
        "period": bill.period,
        "due_date": bill.due_date,
        "amount": bill.rent_owed + bill.late_fee_owed,
    }


# --- the data centre (apps.dashboard) and the platform's bills due per day ---------------


# --- what is past due, per order (read by apps.recovery) -----------------------------------


def past_due_by_order(*, today: Any, order_ids: Any = None) -> dict[int, dict[str, Any]]:
    """Every order with an open bill or charge due before `today` (China day): order id →
    {oldest_due, rent, late_fee, charges, total, bills}: the rent (instalments, a purchase,
    a buyout) and the charges still owed of those bills (how many: `bills`), and their late
    fees not waived or paid. One grouped query; `order_ids` narrows it to some orders."""
    zero = Decimal("0.00")
    left = PRINCIPAL_LEFT
    # A bill written off stays out while a later payment of it is in flight (`paying`).
    bills = Bill.objects.filter(
        status__in=OPEN_STATUSES, due_date__lt=today, written_off_at__isnull=True
    ).exclude(order_id__in=no_deal_order_ids())  # a bill of no deal is never collected
    if order_ids is not None:
        bills = bills.filter(order_id__in=order_ids)
    rows = (
        bills.order_by()
        .values("order_id")
        .annotate(
            oldest_due=Min("due_date"),
            rent=Sum(left, filter=~Q(kind__in=CHARGE_KINDS)),
            charges=Sum(left, filter=Q(kind__in=CHARGE_KINDS)),
            late_fee=Sum(F("late_fee") - F("late_fee_waived") - F("late_fee_paid")),
            bills=Count("id"),
        )
    )
    found: dict[int, dict[str, Any]] = {}
    for row in rows:
        rent, charges, fee = (row[k] or zero for k in ("rent", "charges", "late_fee"))
        found[row["order_id"]] = {
            "oldest_due": row["oldest_due"],
            "rent": rent,
            "late_fee": fee,
            "charges": charges,
            "total": rent + fee + charges,
            "bills": row["bills"],
        }
    return found


def owed_amount_stale(owed_amounts: dict[int, Decimal]) -> list[int]:
    """Of ended orders (id → the owed amount they keep), those whose bills owe something
    else now (the night's late fees added, a payment or waiver elsewhere), in id order: one
    grouped query."""
    owed_now = {
        order_id: row["owed"] for order_id, row in owed_by_order(list(owed_amounts)).items()
    }
    return sorted(
        order_id
        for order_id, owed_amount in owed_amounts.items()
        if owed_now.get(order_id, ZERO) != owed_amount
    )


def order_paid_total(order_id: int) -> Decimal:
    """What every succeeded payment of the order's bills brought, by any method (less
    nothing: refunds are the shop's giving back, not the customer's paying less)."""
    total = BillPayment.objects.filter(
        bill__order_id=order_id, status=BillPayment.Status.SUCCEEDED
    ).aggregate(total=Sum("amount"))["total"]
    return total or Decimal("0.00")


def paid_totals_by_order(order_ids: Iterable[int]) -> dict[int, Decimal]:
    """`order_paid_total` of many orders in one statement (an order that paid nothing is
    absent)."""
    rows = (
        BillPayment.objects.filter(
            bill__order_id__in=list(order_ids), status=BillPayment.Status.SUCCEEDED
        )
        .values("bill__order_id")
        .annotate(total=Sum("amount"))
    )
    return {row["bill__order_id"]: row["total"] for row in rows}


def period_paid_by_key(order_id: int, idempotency_key: str) -> int | None:
    """The period of the order's bill an attempt with this idempotency key pays (a replay
    finds the bill it already chose), or None."""
    found = (
        BillPayment.objects.filter(bill__order_id=order_id, idempotency_key=idempotency_key)
        .values_list("bill__period", flat=True)
        .first()
    )
    return None if found is None else int(found)


def oldest_past_due_period(order_id: int, *, today: Any) -> int | None:
    """The period of the order's oldest bill owed and due before `today` (what a payment
    link collects first: the one settling path pays oldest first, a written-off bill
    included), or None."""
    past_due = order_owed(order_id).past_due(today)
    return past_due[0].bill.period if past_due else None


def succeeded_payments_of_orders(order_ids: Any, *, since: Any, until: Any) -> list[dict[str, Any]]:
    """The succeeded payments of the orders' bills finished in [since, until), oldest first:
    order id, bill id, its due date, what came for it and when (apps.recovery's report)."""
    return list(
        BillPayment.objects.filter(
            bill__order_id__in=list(order_ids),
            status=BillPayment.Status.SUCCEEDED,
            finished_at__gte=since,
            finished_at__lt=until,
        )
        .order_by("finished_at", "id")
        .values("id", "amount", "finished_at", "bill_id", order_id=F("bill__order_id"))
        .annotate(due_date=F("bill__due_date"))
    )


def payment_outcomes(out_trade_nos: Iterable[str]) -> dict[str, dict[str, Any]]:
    """What became of payments by their numbers (apps.recovery's log of the payment links it
    sent): status (`processing`, `succeeded`, `failed`), the amount and when it ended."""
    return {
        row["out_trade_no"]: dict(row)
        for row in BillPayment.objects.filter(out_trade_no__in=list(out_trade_nos)).values(
            "out_trade_no", "status", "amount", "finished_at"
        )
    }


def violation_earliest(row: CreditOrder) -> datetime | None:
    """When a violation of a credit order may first be confirmed: its latest notice plus
    the shop's grace (None: no notice sent)."""
    notice = row.notices.first()
    if notice is None:
        return None
    return notice.sent_at + timedelta(days=order_setting().zhima_violation_grace_days)


def credit_order_answer(row: CreditOrder) -> dict[str, Any]:
    """A deposit-free lease's credit order as its panel shows it: credit and fund apart,
    the notices, the sync log (oldest first) and the status history."""
    return {
        "id": row.pk,
        "order_id": row.order_id,
        "order_no": row.order_no,
        "status": row.status,
        "service_id": row.service_id,
        "category": row.category,
        "deposit_mode": row.deposit_mode,
        "auth_no": row.auth_no,
        "deposit": f"{row.deposit:.2f}",
        "credit_limit": f"{row.credit_limit:.2f}",
        "credit_amount": f"{row.credit_amount:.2f}",
        "fund_amount": f"{row.fund_amount:.2f}",
        "post_payment_amount": f"{row.post_payment_amount:.2f}",
        "post_payment_count": row.post_payment_count,
        "violation_reason": row.violation_reason,
        "violation_earliest": violation_earliest(row),
        "violation_asked_at": row.violation_asked_at,
        "notices": [
            {
                "amount_owed": f"{notice.amount_owed:.2f}",
                "owed_since": notice.owed_since,
                "text": notice.text,
                "sent_at": notice.sent_at,
            }
            for notice in row.notices.all()
        ],
        "syncs": [
            {
                "out_request_no": sync.out_request_no,
                "sync_status": sync.sync_status,
                "result": sync.result,
                "request": sync.request,
                "answer": sync.answer,
                "error": sync.error,
                "attempts": sync.attempts,
                "created_at": sync.created_at,
                "answered_at": sync.answered_at,
            }
            for sync in row.syncs.all()
        ],
        "history": status_history(target_type="credit_order", target_id=row.pk),
    }


def order_credit_order(order_id: int) -> dict[str, Any]:
    """The order's credit order (None for an order whose deposit is money only). The
    caller checked the order is in its scope."""
    row = CreditOrder.objects.filter(order_id=order_id).first()
    return {
        "order_id": order_id,
        "deposit_free": row is not None,
        "credit_order": credit_order_answer(row) if row is not None else None,
    }
