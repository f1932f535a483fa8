"""Reads of bills: an order's schedule with every payment attempt, and bill lists."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Count, F, Min, Prefetch, Q, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from apps.orders import machine
from apps.orders.models import DepositOperation, Order
from apps.orders.reads import order_setting
from tenants.catalog.selectors import money
from zulin.audit.state import status_history
from zulin.core.auth import Session
from zulin.files.links import private_file_link
from zulin.files.models import StoredFile
from zulin.money.allocation import collection_key

from .models import (
    CHARGE_KINDS,
    Bill,
    BillKind,
    BillLateFee,
    BillPayment,
    BillRefund,
    BillStatus,
    BillWaiver,
    CreditOrder,
    LateFeeWaiver,
    OfflineReceipt,
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


def payment_row(payment: BillPayment) -> dict[str, Any]:
    return {
        "id": payment.pk,
        "method": payment.method,
        "amount": money(payment.amount),
        "late_fee_amount": money(payment.late_fee_amount),
        "out_trade_no": payment.out_trade_no,
        "provider_trade_no": payment.provider_reference,
        "status": payment.status,
        "failure_reason": payment.failure_reason,
        "created_at": payment.created_at,
        "finished_at": payment.finished_at,
    }


# Who may open an offline repayment's voucher (a link in the bill's answer; each read of the
# file is audited where it is kept).
VOUCHER_ACTION = "finance.view"


def receipt_row(
    receipt: OfflineReceipt, session: Session | None, files: dict[int, StoredFile]
) -> dict[str, Any]:
    stored = files.get(receipt.voucher_file_id)
    may_read = session is not None and session.can(VOUCHER_ACTION)
    return {
        "receipt_no": receipt.receipt_no,
        "purpose": receipt.purpose,
        "amount": money(receipt.amount),
        "channel": receipt.channel,
        "paid_on": receipt.paid_on,
        "payer_name": receipt.payer_name,
        "bank_reference": receipt.bank_reference,
        "remark": receipt.remark,
        "recorded_by": receipt.actor_name,
        "recorded_at": receipt.created_at,
        "voucher_url": (
            private_file_link(stored, session=session, inline=True)
            if stored is not None and may_read and session is not None
            else None
        ),
    }


def _offline_receipt(bill: Bill) -> OfflineReceipt | None:
    for payment in bill.payments.all():
        if payment.status == BillPayment.Status.SUCCEEDED and payment.offline_receipt_id:
            return payment.offline_receipt
    return None


def waiver_row(waiver: BillWaiver) -> dict[str, Any]:
    return {
        "principal": money(waiver.principal),
        "late_fee": money(waiver.late_fee),
        "whole": waiver.whole,
        "reason": waiver.reason,
        "actor_name": waiver.actor_name,
        "created_at": waiver.created_at,
    }


def bill_row(
    bill: Bill,
    today: Any = None,
    *,
    session: Session | None = None,
    files: dict[int, StoredFile] | None = None,
) -> dict[str, Any]:
    receipt = _offline_receipt(bill)
    settled_early = any(
        p.early_settlement_id for p in bill.payments.all() if p.status == "succeeded"
    )
    waivers = sorted(bill.debt_waivers.all(), key=lambda w: w.pk)
    # The waiver that forgave all that was left (the bill cancelled); parts are in `waivers`.
    waiver = next((w for w in waivers if w.whole), None) if bill.waived_at is not None else None
    return {
        "id": bill.pk,
        "order_id": bill.order_id,
        "order_no": bill.order_no,
        "kind": bill.kind,
        "kind_name": BillKind(bill.kind).label if bill.kind in BillKind.values else bill.kind,
        "period": bill.period,
        "due_date": bill.due_date,
        "rent": money(bill.rent),
        "addon_amount": money(bill.addon_amount),
        "amount": money(bill.amount),
        "paid_amount": money(bill.paid_amount),
        "status": bill.status,
        "state": bill_state(bill, today),
        "paid_at": bill.paid_at,
        "paid_by": bill.paid_by,
        "late_fee": money(bill.late_fee),
        "late_fee_waived": money(bill.late_fee_waived),
        "late_fee_paid": money(bill.late_fee_paid),
        "late_fee_owed": money(bill.late_fee_owed),
        "discount": money(bill.discount),
        "waived_amount": money(bill.waived_amount),
        "waiver": waiver_row(waiver) if waiver else None,
        "waivers": [waiver_row(w) for w in waivers],
        "settled_early": settled_early,
        "out_trade_no": bill.out_trade_no,
        "payments": [payment_row(p) for p in bill.payments.all()],
        "offline_receipt": receipt_row(receipt, session, files or {}) if receipt else None,
    }


def order_bills(order_id: int, *, session: Session | None = None) -> list[dict[str, Any]]:
    """The order's bills with every payment attempt; a bill repaid offline carries its
    receipt, and for a session with VOUCHER_ACTION a signed link to the voucher."""
    bills = list(
        Bill.objects.filter(order_id=order_id)
        .prefetch_related("debt_waivers")
        .prefetch_related(
            Prefetch(
                "payments",
                queryset=BillPayment.objects.select_related("offline_receipt").order_by("id"),
            )
        )
        .order_by("period")
    )
    file_ids = {
        p.offline_receipt.voucher_file_id
        for bill in bills
        for p in bill.payments.all()
        if p.offline_receipt is not None
    }
    files = {f.pk: f for f in StoredFile.objects.filter(pk__in=file_ids)} if file_ids else {}
    today = timezone.localdate()
    return [bill_row(bill, today, session=session, files=files) for bill in bills]


def order_bill_schedule(order_id: int) -> list[dict[str, str | int]]:
    """The lease's instalments as the contract lists them (period, due date, amount), for
    evidence kept elsewhere (notarization): plain values, no state that changes with payments."""
    rows = (
        Bill.objects.filter(order_id=order_id, period__gte=1)
        .order_by("period")
        .values_list("period", "due_date", "amount")
    )
    return [
        {"period": period, "due_date": due.isoformat(), "amount": f"{amount:.2f}"}
        for period, due, amount in rows
    ]


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


def deposit_bill_periods(order_id: int) -> dict[int, list[int]]:
    """Each deposit transfer of the order that paid bills → the periods of those bills,
    oldest first (the order's screen names them)."""
    ops = DepositOperation.objects.filter(order_id=order_id).exclude(bill_ids=[])
    asked = {op.pk: op.bill_ids for op in ops.only("pk", "bill_ids")}
    periods = bill_periods([bill_id for ids in asked.values() for bill_id in ids])
    return {
        op_id: sorted(periods[bill_id] for bill_id in ids if bill_id in periods)
        for op_id, ids in asked.items()
    }


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


def order_given_back(order: Order) -> dict[str, Any] | None:
    """What an order ended without a deal (`machine.UNWOUND`: cancelled, refused, refunded,
    closed) gave back and what is still in flight at the provider (`unwind.py`), None for
    any other order. Lines, oldest first: each refund of a bill payment (its purpose: the
    order's, the shipping fee, or money that came after the order ended, `unwound`), each
    deposit operation (a thaw gives the freeze back; a refund, a transfer taken back), and
    each settlement of a bill still processing (a withhold or customer payment the unwind
    asked the provider to close: if it succeeds after all, it is given back). Totals:
    `paid` (what the customer's payments brought through the provider), `given_back`
    (refunds and deposit money succeeded), `in_flight` (payments, refunds and deposit
    operations still processing) and `deposit_frozen` (the freeze not yet thawed)."""
    if order.status not in machine.UNWOUND:
        return None
    lines: list[dict[str, Any]] = []
    processing, succeeded = BillPayment.Status.PROCESSING, BillPayment.Status.SUCCEEDED
    trades: dict[str, dict[str, Any]] = {}
    payments = (
        BillPayment.objects.filter(bill__order_id=order.pk, status=processing)
        .select_related("bill")
        .order_by("id")
    )
    for payment in payments:  # an early settlement is one trade over several bills
        trade = trades.setdefault(
            payment.out_trade_no,
            {
                "kind": "payment",
                "type": payment.method,
                "amount": ZERO,
                "status": payment.status,
                "periods": [],
                "created_at": payment.created_at,
                "finished_at": None,
            },
        )
        trade["amount"] += payment.asked_amount or payment.amount
        trade["periods"].append(payment.bill.period)
    lines += trades.values()
    refunds = BillRefund.objects.filter(order_id=order.pk).select_related("payment__bill")
    lines += [
        {
            "kind": "refund",
            "type": refund.purpose,
            "amount": refund.amount,
            "status": refund.status,
            "periods": [refund.payment.bill.period],
            "created_at": refund.created_at,
            "finished_at": refund.finished_at,
        }
        for refund in refunds
    ]
    deposit_ops = order.deposit_operations.exclude(kind=DepositOperation.Kind.FREEZE)
    lines += [
        {
            "kind": "deposit",
            "type": op.kind,
            "amount": op.amount,
            "status": op.status,
            "periods": [],
            "created_at": op.created_at,
            "finished_at": op.confirmed_at,
        }
        for op in deposit_ops
        # A transfer that succeeded took the deposit: what of it came back is its refund.
        if op.kind != DepositOperation.Kind.TRANSFER or op.status == processing
    ]
    lines.sort(key=lambda line: line["created_at"])
    paid = (
        BillPayment.objects.filter(bill__order_id=order.pk, status=succeeded)
        .exclude(method=BillPayment.Method.OFFLINE)
        .aggregate(total=Sum("amount"))["total"]
    )

    def total(status: str, *kinds: str) -> Decimal:
        return sum(
            (
                line["amount"]
                for line in lines
                if line["status"] == status and line["kind"] in kinds
            ),
            ZERO,
        )

    return {
        "paid": money(paid or ZERO),
        "given_back": money(total(succeeded, "refund", "deposit")),
        "in_flight": money(total(processing, "payment", "refund", "deposit")),
        "deposit_frozen": money(order.deposit_remaining),
        "lines": [
            {**line, "amount": money(line["amount"]), "periods": sorted(line["periods"])}
            for line in lines
        ],
    }


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

DUE_KINDS = ("lease", "buyout")


def _due_bills(*, order_ids: Any = None) -> Any:
    """Lease and buyout bills not cancelled (of `order_ids` only, a subquery, when given:
    a sub-shop's orders, as allocated now)."""
    bills = Bill.objects.filter(kind__in=DUE_KINDS).exclude(status=BillStatus.CANCELLED)
    return bills if order_ids is None else bills.filter(order_id__in=order_ids)


def rent_due_by_day(
    *, date_from: Any, date_to: Any, kind: str, order_ids: Any = None
) -> dict[Any, Decimal]:
    """The rent of the `kind` bills (lease or buyout) falling due each day of the range."""
    rows = (
        _due_bills(order_ids=order_ids)
        .filter(kind=kind, due_date__gte=date_from, due_date__lte=date_to)
        .values("due_date")
        .annotate(amount=Sum("rent"))
        .order_by()
    )
    return {row["due_date"]: row["amount"] for row in rows}


def due_totals(
    *, date_from: Any, date_to: Any, overdue_to: Any, order_ids: Any = None
) -> dict[str, Decimal]:
    """Of the bills due in the range, in one pass over the due-date index: the rent of the
    lease bills (`rent_due`) and of the buyout bills (`buyout_due`); and of the lease bills
    due up to `overdue_to`, what they came to (rent, add-ons and fees: `overdue_base`) and
    what of it is still unpaid (`overdue_amount`)."""
    lease, buyout = Q(kind="lease"), Q(kind="buyout")
    settled_by = lease & Q(due_date__lte=overdue_to)
    found = (
        _due_bills(order_ids=order_ids)
        .filter(due_date__gte=date_from, due_date__lte=date_to)
        .aggregate(
            rent_due=Sum("rent", filter=lease),
            buyout_due=Sum("rent", filter=buyout),
            overdue_base=Sum("amount", filter=settled_by),
            overdue_amount=Sum(PRINCIPAL_LEFT, filter=settled_by & Q(status__in=OWED_STATUSES)),
        )
    )
    return {key: value or Decimal("0.00") for key, value in found.items()}


def due_days_compute() -> list[dict[str, Any]]:
    """The active merchant's bills due per day and kind (every due date, past and future):
    what `projection.due_days_project` keeps in public."""
    return list(
        _due_bills()
        .values("due_date", "kind")
        .annotate(
            bills=Count("id"),
            rent_due=Sum("rent"),
            amount_due=Sum("amount"),
            outstanding=Coalesce(
                Sum(PRINCIPAL_LEFT, filter=Q(status__in=OWED_STATUSES)),
                Decimal("0.00"),
            ),
        )
        .order_by("due_date", "kind")
    )


# --- what is past due, per order (read by apps.recovery) -----------------------------------


def past_due_by_order(*, today: Any, order_ids: Any = None) -> dict[int, dict[str, Any]]:
    """Every order with an open bill or charge due before `today` (China day): order id →
    {oldest_due, rent, late_fee, charges, total}: the rent (instalments, a purchase, a
    buyout) and the charges still owed of those bills, and their late fees not waived or
    paid. One grouped query; `order_ids` narrows it to some orders."""
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


def order_late_fee_days(order_id: int) -> dict[int, list[dict[str, Any]]]:
    """Every day's late fee of the order's bills, by bill id, oldest day first: the day, how
    many days overdue, the unpaid base, the day's rate (percent) and the fee it gave."""
    rows: dict[int, list[dict[str, Any]]] = {}
    for fee in BillLateFee.objects.filter(bill__order_id=order_id).order_by("bill_id", "day"):
        rows.setdefault(fee.bill_id, []).append(
            {
                "day": fee.day,
                "days_overdue": fee.days_overdue,
                "base": fee.base,
                "rate": fee.rate,
                "amount": fee.amount,
            }
        )
    return rows


def order_late_fee_waivers(order_id: int) -> list[dict[str, Any]]:
    """Late fee forgone on the order's bills (`waiveLateFee`), oldest first."""
    return [
        {
            "bill_id": waiver.bill_id,
            "period": waiver.bill.period,
            "amount": waiver.amount,
            "reason": waiver.reason,
            "actor_name": waiver.actor_name,
            "created_at": waiver.created_at,
        }
        for waiver in LateFeeWaiver.objects.filter(bill__order_id=order_id)
        .select_related("bill")
        .order_by("id")
    ]


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
