"""The demo's history true to the day (issue 64): what `tests/test_demo.py` asserts of the
shop `make run` loads, in the merchant's schema the caller entered. Each function answers the
problems it found (empty: none), one line each, so a failure names the record and its dates.

`rent_received_within_due` reads the data centre's own figure (rent received per day, the
ledger's rent income by the day the money counted in) beside what the customers owed that
morning: every lease bill due on or before the day, less what was paid or forgiven before
the day began, with the late fees of the days before it. `dated_after_what_they_belong_to`
checks that every record is dated on or after the thing it belongs to."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.utils import timezone

ZERO = Decimal("0.00")


def _day(moment: datetime | None) -> date | None:
    return timezone.localtime(moment).date() if moment is not None else None


def _owed_at_start(day: date, bills: list, paid: dict, fees: dict, waived: dict) -> Decimal:
    """What the lease bills due on or before `day` still owed when it began (China time)."""
    total = ZERO
    for bill in bills:
        if bill.due_date > day:
            break
        accrued = sum((amount for on, amount in fees.get(bill.pk, ()) if on < day), ZERO)
        settled = sum((amount for on, amount in paid.get(bill.pk, ()) if on < day), ZERO)
        forgiven = sum((amount for on, amount in waived.get(bill.pk, ()) if on < day), ZERO)
        total += max(bill.amount + accrued - settled - forgiven, ZERO)
    return total


def rent_received_within_due(merchant_id: int) -> list[str]:
    """Each day of the history whose rent received (the data centre's figure) is above the
    rent due on or before it still unpaid at its start (late fees included)."""
    from apps.billing.models import Bill, BillLateFee, BillPayment, BillWaiver, LateFeeWaiver
    from apps.dashboard.selectors import Shop, received_by_day
    from tenants.dashboard.figures import Period
    from zulin.ledger.models import Journal

    first = Journal.objects.order_by("counted_on").values_list("counted_on", flat=True).first()
    if first is None:
        return ["no journal at all: the demo has no history"]
    today = timezone.localdate()
    received = received_by_day(Shop(merchant_id=merchant_id), Period(first, today))["lease"]
    bills = list(Bill.objects.filter(kind="lease").order_by("due_date", "id"))
    paid: dict[int, list[tuple[date, Decimal]]] = defaultdict(list)
    payments = BillPayment.objects.filter(status="succeeded", bill__kind="lease")
    for payment in payments:
        moment = payment.finished_at or payment.created_at
        paid[payment.bill_id].append((_day(moment), payment.amount + payment.discount))
    fees: dict[int, list[tuple[date, Decimal]]] = defaultdict(list)
    for fee in BillLateFee.objects.filter(bill__kind="lease"):
        fees[fee.bill_id].append((fee.day, fee.amount))
    waived: dict[int, list[tuple[date, Decimal]]] = defaultdict(list)
    for waiver in LateFeeWaiver.objects.filter(bill__kind="lease"):
        waived[waiver.bill_id].append((_day(waiver.created_at), waiver.amount))
    for debt in BillWaiver.objects.filter(bill__kind="lease"):
        waived[debt.bill_id].append((_day(debt.created_at), debt.principal + debt.late_fee))
    problems = []
    for day, amount in sorted(received.items()):
        if amount <= 0:
            continue
        owed = _owed_at_start(day, bills, paid, fees, waived)
        if amount > owed:
            problems.append(f"{day}: rent received {amount} > due and unpaid at its start {owed}")
    return problems


def _after(problems: list[str], what: str, when: object, of: str, then: object) -> None:
    if when is None or then is None:
        return
    if when < then:  # type: ignore[operator]
        problems.append(f"{what} ({when}) before {of} ({then})")


def _first_overdue(bills: list, day: date) -> date | None:
    """The due date of the order's oldest bill still open past its due date on `day`."""
    for bill in bills:  # by due date
        if bill.due_date >= day or bill.period < 1:
            continue
        settled = _day(bill.paid_at)
        written = _day(bill.written_off_at)
        if (settled is None or settled >= day) and (written is None or written >= day):
            return bill.due_date
    return None


def dated_after_what_they_belong_to() -> list[str]:
    """Every record dated on or after what it belongs to: a recovery case on the night after
    its order's first bill went past due (not weeks later), a contact, a promise and a
    write-off on or after their case, a write-off in the past and past the shop's age for
    one, a recovery after its write-off, the lost unit on the write-off's day; a payment
    after its bill, an order shipped after it was placed and delivered after it shipped, a
    return after the delivery."""
    from apps.assets.models import UnitMovement
    from apps.billing.models import Bill, BillPayment
    from apps.orders.models import AfterSale, Order
    from apps.recovery.models import ContactRecord, PromiseToPay, RecoveryCase, WriteOff
    from apps.recovery.selectors import recovery_setting

    problems: list[str] = []
    today = timezone.localdate()
    bills_of: dict[int, list[Bill]] = defaultdict(list)
    for bill in Bill.objects.order_by("due_date", "period", "id"):
        bills_of[bill.order_id].append(bill)
    cases = {case.pk: case for case in RecoveryCase.objects.all()}
    for case in cases.values():
        name = f"case {case.pk} of {case.order_no}"
        first = _first_overdue(bills_of[case.order_id], case.opened_on)
        if first is None:
            problems.append(f"{name} opened {case.opened_on} with nothing past due that day")
        elif case.opened_on > first + timedelta(days=2):
            problems.append(f"{name} opened {case.opened_on}, its bill past due since {first}")
        _after(problems, f"{name} created", _day(case.created_at), "its opening", case.opened_on)
    for contact in ContactRecord.objects.all():
        case = cases[contact.case_id]
        _after(
            problems,
            f"contact {contact.pk}",
            _day(contact.contacted_at),
            f"case {case.pk} opened",
            case.opened_on,
        )
    for promise in PromiseToPay.objects.all():
        case = cases[promise.case_id]
        _after(
            problems,
            f"promise {promise.pk}",
            _day(promise.created_at),
            f"case {case.pk} opened",
            case.opened_on,
        )
    age = recovery_setting().write_off_after_days
    write_offs = list(WriteOff.objects.all())
    for write_off in write_offs:
        case = cases[write_off.case_id]
        name = f"write-off {write_off.pk}"
        _after(problems, name, write_off.written_off_on, f"case {case.pk} opened", case.opened_on)
        _after(
            problems,
            f"{name} made",
            _day(write_off.created_at),
            "its day",
            write_off.written_off_on,
        )
        if write_off.written_off_on >= today:
            problems.append(f"{name} on {write_off.written_off_on}: today, not its day in the past")
        first = _first_overdue(bills_of[write_off.order_id], write_off.written_off_on)
        if first is not None and (write_off.written_off_on - first).days < age:
            problems.append(f"{name} on {write_off.written_off_on}, past due only since {first}")
        written = {row["bill_id"] for row in write_off.bills}
        later = BillPayment.objects.filter(bill_id__in=written, status="succeeded")
        for payment in later:
            _after(
                problems,
                f"recovery {payment.pk}",
                _day(payment.finished_at or payment.created_at),
                name,
                write_off.written_off_on,
            )
        for moved in UnitMovement.objects.filter(order_id=write_off.order_id, to_status="lost"):
            if _day(moved.at) != write_off.written_off_on:
                problems.append(
                    f"unit {moved.unit_id} lost on {_day(moved.at)}, written off"
                    f" {write_off.written_off_on}"
                )
    # The rest by China day (one operation stamps its rows a few milliseconds apart).
    made = {bill.pk: _day(bill.created_at) for bills in bills_of.values() for bill in bills}
    for payment in BillPayment.objects.all():
        name = f"payment {payment.pk}"
        _after(problems, name, _day(payment.created_at), "its bill", made[payment.bill_id])
        _after(
            problems, f"{name} done", _day(payment.finished_at), "begun", _day(payment.created_at)
        )
    for bills in bills_of.values():
        for bill in bills:
            _after(problems, f"bill {bill.pk} paid", _day(bill.paid_at), "made", made[bill.pk])
    orders = {order.pk: order for order in Order.objects.all()}
    for order in orders.values():
        name, placed = f"order {order.order_no}", _day(order.created_at)
        _after(problems, f"{name} signed", _day(order.contract_signed_at), "placed", placed)
        _after(problems, f"{name} shipped", _day(order.shipped_at), "placed", placed)
        _after(
            problems,
            f"{name} delivered",
            _day(order.delivered_at),
            "shipped",
            _day(order.shipped_at),
        )
        _after(problems, f"{name} finished", _day(order.finished_at), "placed", placed)
    for after_sale in AfterSale.objects.all():
        order = orders[after_sale.order_id]
        name, asked = f"after-sale {after_sale.pk} of {order.order_no}", _day(after_sale.created_at)
        _after(problems, name, asked, "the order placed", _day(order.created_at))
        _after(problems, name, asked, "the delivery", _day(order.delivered_at))
        _after(problems, f"{name} received", after_sale.received_on, "asked", asked)
    return problems
