"""What a lease's D1 account should report, derived from the order and its bills as they
stand: pure functions, so the calls, the nightly job and a correction all agree.

Status codes are the second-generation format's (`STATUS_CODES`): on a date, the account is
overdue by its oldest instalment past due and unpaid then (1: 1-30 days … 7: over 180), else
N; C once every instalment is paid, G once everything left unpaid was written off.

What is reported as owed (docs/money.md, "What the credit file says"): every instalment and
every charge of the order (damage above the deposit, an early-termination fee — bills
numbered after the instalments) not paid, whether the lease is running or ended. A lease
that ended owing stays open, reported overdue month by month, until it is paid (C) or what
it owes is waived (written off: G on the day of the last waiver). Rent a return cancelled
(due after the goods came back) was never owed and is not reported."""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.utils import timezone

ZERO = Decimal("0.00")

# code → (zh, en): the repayment status codes of the format.
STATUS_CODES: dict[str, tuple[str, str]] = {
    "N": ("正常", "Normal"),
    "1": ("逾期1-30天", "1-30 days overdue"),
    "2": ("逾期31-60天", "31-60 days overdue"),
    "3": ("逾期61-90天", "61-90 days overdue"),
    "4": ("逾期91-120天", "91-120 days overdue"),
    "5": ("逾期121-150天", "121-150 days overdue"),
    "6": ("逾期151-180天", "151-180 days overdue"),
    "7": ("逾期180天以上", "Over 180 days overdue"),
    "C": ("结清", "Settled"),
    "G": ("结束（结清以外的原因）", "Ended (other than settled)"),
    "D": ("担保人代还", "Repaid by the guarantor"),
    "Z": ("以资抵债", "Repaid with assets"),
    "#": ("已还款但状态未知", "Repaid, status unknown"),
    "/": ("未开立或未生效", "Not opened yet"),
    "*": ("本月无还款记录", "No repayment due this month"),
}


def overdue_code(days: int) -> str:
    """The code of `days` overdue (> 0): 30-day buckets, 7 beyond 180."""
    return str(min(7, (days - 1) // 30 + 1))


@dataclass(frozen=True)
class Instalment:
    period: int
    due_on: date
    amount: Decimal
    paid_amount: Decimal
    paid_on: date | None  # None: not paid (yet)
    written_off_on: date | None = None  # forgone by a waiver that day


@dataclass(frozen=True)
class Expected:
    """One record as the account should carry it."""

    kind: str
    key: str
    occurred_on: date
    status_code: str
    balance: Decimal
    amount_due: Decimal = ZERO
    amount_paid: Decimal = ZERO
    overdue_amount: Decimal = ZERO
    overdue_periods: int = 0
    instalment: int | None = None

    @property
    def period(self) -> str:
        return f"{self.occurred_on:%Y-%m}"

    def values(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "period": self.period,
            "instalment": self.instalment,
            "occurred_on": self.occurred_on,
            "status_code": self.status_code,
            "balance": self.balance,
            "amount_due": self.amount_due,
            "amount_paid": self.amount_paid,
            "overdue_amount": self.overdue_amount,
            "overdue_periods": self.overdue_periods,
        }


def instalments_of(bills: list[dict[str, Any]]) -> list[Instalment]:
    """The lease's instalments and charges from billing's bill rows: periods 1… (a buyout
    bill, period 0, is not an instalment; cancelled bills are left out, but for those a
    waiver wrote off: they count as owed until the waiver's day)."""
    found = []
    for bill in bills:
        waiver = bill.get("waiver")
        if int(bill["period"]) < 1 or (bill["status"] == "cancelled" and not waiver):
            continue
        paid = bill["status"] == "paid"
        found.append(
            Instalment(
                period=int(bill["period"]),
                due_on=bill["due_date"],
                amount=Decimal(str(bill["amount"])) - Decimal(str(bill["discount"])),
                paid_amount=Decimal(str(bill["paid_amount"])),
                paid_on=timezone.localdate(bill["paid_at"]) if paid and bill["paid_at"] else None,
                written_off_on=timezone.localdate(waiver["created_at"]) if waiver else None,
            )
        )
    return sorted(found, key=lambda item: item.period)


def _unpaid_on(item: Instalment, day: date) -> bool:
    """Still owed at the end of `day`: neither paid nor written off by then."""
    written_off = item.written_off_on is not None and item.written_off_on <= day
    return (item.paid_on is None or item.paid_on > day) and not written_off


@dataclass(frozen=True)
class Standing:
    status_code: str
    balance: Decimal
    overdue_amount: Decimal
    overdue_periods: int


def standing_on(instalments: list[Instalment], day: date) -> Standing:
    """The account at the end of `day`: what remains to pay, what is past due, its code."""
    unpaid = [item for item in instalments if _unpaid_on(item, day)]
    late = [item for item in unpaid if item.due_on < day]
    code = overdue_code((day - min(item.due_on for item in late)).days) if late else "N"
    return Standing(
        status_code=code,
        balance=sum((item.amount for item in unpaid), ZERO),
        overdue_amount=sum((item.amount for item in late), ZERO),
        overdue_periods=len(late),
    )


def _at(kind: str, key: str, day: date, instalments: list[Instalment], **extra: Any) -> Expected:
    standing = standing_on(instalments, day)
    return Expected(
        kind=kind,
        key=key,
        occurred_on=day,
        status_code=extra.pop("status_code", standing.status_code),
        balance=standing.balance,
        overdue_amount=standing.overdue_amount,
        overdue_periods=standing.overdue_periods,
        **extra,
    )


def d1_records(
    *, opened_on: date, instalments: list[Instalment], ended_on: date | None, today: date
) -> list[Expected]:
    """Every record the lease's D1 account should carry by `today`: its opening; for each
    instalment the 30-day overdue steps it went through and its repayment; the close (C when
    every instalment is paid, G when the lease ended `ended_on` with some unpaid)."""
    found = [_at("open", "open", opened_on, instalments, status_code="N")]
    for item in instalments:
        reached = min(item.paid_on or item.written_off_on or today, today)
        late_days = (reached - item.due_on).days
        for step in range(1, int(overdue_code(late_days)) + 1 if late_days > 0 else 1):
            day = item.due_on + timedelta(days=1 + 30 * (step - 1))
            found.append(
                _at(
                    "overdue",
                    f"overdue:{item.period}:{step}",
                    day,
                    instalments,
                    amount_due=item.amount,
                    instalment=item.period,
                )
            )
        if item.paid_on is not None and item.paid_on <= today:
            found.append(
                _at(
                    "repayment",
                    f"repayment:{item.period}",
                    max(item.paid_on, opened_on),
                    instalments,
                    amount_due=item.amount,
                    amount_paid=item.paid_amount,
                    instalment=item.period,
                )
            )
    close = close_record(instalments=instalments, ended_on=ended_on, opened_on=opened_on)
    if close is not None:
        found.append(close)
    return sorted(found, key=lambda record: (record.occurred_on, record.key))


def close_record(
    *, instalments: list[Instalment], ended_on: date | None, opened_on: date
) -> Expected | None:
    """C: every instalment paid (on the last payment's day); G: the lease ended and what it
    left unpaid was written off (on the last waiver's day); None: still running, or ended
    while something is still owed (it stays reported as owed)."""
    if instalments and all(item.paid_on is not None for item in instalments):
        day = max(max(item.paid_on for item in instalments if item.paid_on), opened_on)
        return _at("close", "close", day, instalments, status_code="C")
    if ended_on is None:
        return None
    if any(item.paid_on is None and item.written_off_on is None for item in instalments):
        return None
    written_off = [item.written_off_on for item in instalments if item.written_off_on]
    day = max([ended_on, opened_on, *written_off])
    return _at("close", "close", day, instalments, status_code="G")


def month_end(period: str) -> date:
    year, month = (int(part) for part in period.split("-"))
    return date(year, month, calendar.monthrange(year, month)[1])


def settle_record(*, instalments: list[Instalment], period: str, today: date) -> Expected:
    """The account's month-end settlement record of `period` (today's standing for the
    running month)."""
    day = min(month_end(period), today)
    due = [item for item in instalments if f"{item.due_on:%Y-%m}" == period]
    return _at(
        "settle",
        f"settle:{period}",
        day,
        instalments,
        amount_due=sum((item.amount for item in due), ZERO),
        amount_paid=sum(
            (item.paid_amount for item in due if item.paid_on and item.paid_on <= day), ZERO
        ),
    )
