"""Settlement statements: when money received at the provider becomes withdrawable.

The cycle is the merchant's `settlement_cycle` (terms in force when the statement closes):
`T+N` settles each day's movements N days later, `monthly` a month's on the first day of
the next. A statement takes every journal that moved money at the provider
(`provider_clearing`: payments, early settlements, deposit transfers, refunds, commission
and its reversals) not yet in a statement and counted by its period's end (`counted_on`: the
day the money moved) — a journal booked late, for a period already closed, joins the next
statement, never a closed one — and posts its net from `provider_clearing` (each order's
sub-ledger) to `merchant_cash`, the withdrawable balance. Closing a statement closes the
books through its period's end (`ledger_close_through`).

An offline repayment (`offline.py`: money the customer paid into the merchant's own bank)
never touches `provider_clearing`, so it never becomes withdrawable; its commission does
(the platform is owed it all the same), so the statement of its day takes that commission
from the withdrawable balance.

A statement whose net is negative (refunds above what arrived) takes it from the
withdrawable balance; when that balance is too small the statement is kept `held` with
nothing posted, and its journals stay unsettled: the following periods' statements take
them too (from the held period's start), so the next days' income is netted against them
and the whole closes as soon as the balance covers it; what is still held is retried by
the next run. The run is safe to
repeat: a journal is settled at most once (a unique line), and the statement's ledger
reference is its period.
"""

from __future__ import annotations

import calendar
from collections import defaultdict
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from tenants.catalog.selectors import money
from tenants.merchants.selectors import terms_in_force
from zulin.core.dates import day_start
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.ledger.models import Entry
from zulin.ledger.selectors import account_balance
from zulin.ledger.services import ledger_close_through, post_event

from .models import Statement, StatementLine

ZERO = Decimal("0.00")
RECEIVED = {"bill_payment", "deposit_transfer", "early_settlement"}
REFUNDED = {"refund", "deposit_refund"}
COMMISSION = {"commission", "commission_reversal"}


def _cycle() -> str:
    terms = terms_in_force(merchant_id=tenant_connection.tenant.pk)
    return terms.settlement_cycle if terms else "T+1"


def _period(day: date, cycle: str) -> tuple[date, date, date]:
    """(start, end, closes on) of the period holding `day`."""
    if cycle == "monthly":
        start = day.replace(day=1)
        end = day.replace(day=calendar.monthrange(day.year, day.month)[1])
        return start, end, end + timedelta(days=1)
    lag = int(cycle.removeprefix("T+"))
    return day, day, day + timedelta(days=lag)


def _unsettled(before: datetime) -> dict[int, dict[str, Any]]:
    """Journals that moved `provider_clearing`, booked before `before`, not in a statement:
    their movement there (+ in, - out), kind, order and time."""
    settled = StatementLine.objects.values("journal_id")
    entries = (
        Entry.objects.filter(account__code="provider_clearing", journal__created_at__lt=before)
        .exclude(journal_id__in=settled)
        .exclude(journal__kind="settlement")  # the statements' own postings
        .values_list(
            "journal_id",
            "journal__kind",
            "journal__order_id",
            "journal__created_at",
            "journal__counted_on",
            "account__sub_key",
            "side",
            "amount",
        )
    )
    journals: dict[int, dict[str, Any]] = {}
    for journal_id, kind, order_id, booked_at, counted, sub_key, side, amount in entries:
        row = journals.setdefault(
            journal_id,
            {
                "kind": kind,
                "order_id": order_id,
                "booked_at": booked_at,
                "counted_on": counted,
                "amount": ZERO,
                "subs": defaultdict(lambda: ZERO),
            },
        )
        signed = amount if side == "debit" else -amount
        row["amount"] += signed
        row["subs"][sub_key] += signed
    return journals


def _close(
    start: date, end: date, cycle: str, journals: dict[int, dict[str, Any]]
) -> Statement | None:
    rows = {jid: row for jid, row in journals.items() if row["counted_on"] <= end}
    if not rows:
        return None
    by_kind: dict[str, Decimal] = defaultdict(lambda: ZERO)
    subs: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for row in rows.values():
        group = (
            "received"
            if row["kind"] in RECEIVED
            else "refunded"
            if row["kind"] in REFUNDED
            else "commission"
            if row["kind"] in COMMISSION
            else "received"
        )
        by_kind[group] += row["amount"]
        for sub_key, amount in row["subs"].items():
            subs[sub_key] += amount
    net = sum(subs.values(), ZERO)
    with transaction.atomic():
        statement = Statement.objects.create(
            period_start=start,
            period_end=end,
            cycle=cycle,
            status=Statement.Status.CLOSED,
            received=by_kind["received"],
            refunded=-by_kind["refunded"],
            commission=-by_kind["commission"],
            net=net,
            payments=sum(1 for row in rows.values() if row["kind"] in RECEIVED),
        )
        # The rule `settlement`: each order's money at the provider released (or clawed
        # back), the net made withdrawable (or owed).
        amounts: dict[str, Decimal | dict[str, Decimal]] = {
            "released": {s: a for s, a in subs.items() if a > 0},
            "clawed_back": {s: -a for s, a in subs.items() if a < 0},
            "withdrawable": max(net, ZERO),
            "owed": max(-net, ZERO),
        }
        legs = sum(1 for a in subs.values() if a != 0) + (net != 0)
        try:
            with transaction.atomic():
                if legs >= 2:
                    post_event(
                        "settlement",
                        amounts,
                        reference=f"statement:{end.isoformat()}",
                        memo=f"{start.isoformat()} ~ {end.isoformat()}",
                        meta={"statement_id": statement.pk},
                    )
                StatementLine.objects.bulk_create(
                    StatementLine(
                        statement=statement,
                        journal_id=jid,
                        kind=row["kind"],
                        order_id=row["order_id"],
                        amount=row["amount"],
                        booked_at=row["booked_at"],
                    )
                    for jid, row in rows.items()
                )
        except ApplicationError as error:
            if error.code != ErrorCode.LEDGER_INSUFFICIENT_BALANCE:
                raise
            statement.status = Statement.Status.HELD
            statement.save(update_fields=["status"])
        for jid in rows if statement.status == Statement.Status.CLOSED else ():
            journals.pop(jid, None)
        return statement


def statements_close(*, today: date | None = None) -> dict[str, Any]:
    """Closes every period whose settlement day has come (`today` default: the local
    date). Answers how many statements closed, were held, and the net made withdrawable."""
    today = today or timezone.localdate()
    cycle = _cycle()
    # A held period is tried again: its statement row goes, its journals are still open.
    Statement.objects.filter(status=Statement.Status.HELD).delete()
    journals = _unsettled(day_start(today + timedelta(days=1)))
    if not journals:
        return {"closed": 0, "held": 0, "net": "0.00"}
    first = min(row["counted_on"] for row in journals.values())
    last = Statement.objects.order_by("-period_end").values_list("period_end", flat=True).first()
    if last is not None and first <= last:
        first = last + timedelta(days=1)  # booked late for a closed period: the next one
    closed = 0
    net = ZERO
    closed_through: date | None = None
    # A held period is netted against the following ones: its journals stay open, so the
    # next period's statement takes them too, from the held period's start, and closes as
    # soon as the balance covers the whole. One held statement at most: the span still held.
    pending: Statement | None = None
    day = first
    while journals:
        start, end, closes_on = _period(day, cycle)
        if closes_on > today:
            break
        statement = _close(pending.period_start if pending else start, end, cycle, journals)
        if statement is not None:
            if pending is not None:
                pending.delete()  # its journals are in this statement now
            pending = None
            if statement.status == Statement.Status.HELD:
                pending = statement
            else:
                closed += 1
                net += statement.net
                closed_through = end
        day = end + timedelta(days=1)
    if closed_through is not None:
        ledger_close_through(closed_through, by="settlement")
    return {"closed": closed, "held": 1 if pending else 0, "net": str(net)}


def statement_held() -> dict[str, Any] | None:
    """The statement still held, if any (one at most: the span still short), as the finance
    screen explains it: its span, what it took and gave back, its negative net, and how much
    the withdrawable balance is short of covering it now. It closes at the first night's
    run (`statements_close`) at which the balance and the following days' income cover it."""
    held = Statement.objects.filter(status=Statement.Status.HELD).order_by("period_end").first()
    if held is None:
        return None
    withdrawable = account_balance("merchant_cash")
    return {
        "period_start": held.period_start,
        "period_end": held.period_end,
        "cycle": held.cycle,
        "received": money(held.received),
        "refunded": money(held.refunded),
        "commission": money(held.commission),
        "net": money(held.net),
        "short": money(max(-held.net - withdrawable, ZERO)),
        "tried_at": held.closed_at,
    }
