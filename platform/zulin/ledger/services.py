"""Posting to the ledger of the active schema (a merchant's books, or the platform's in
public; `platform_ledger()` switches to the platform's inside the caller's transaction).

Every posting is made here, by one entry: `post_event(kind, amounts, …)` — the business event
(a journal kind) and its amounts by role — whose lines the posting rule of the active book
produces (`rules.py`), and `ledger_reverse` for a correction. No caller builds lines: the
low-level poster (`_lines_post`) refuses to run unless the rule entry called it
(LEDGER_RULE_BROKEN), and a test holds that no module outside the ledger reaches it.

A posting is one journal of balanced lines, written with its entries and the cached balances
in one transaction (a savepoint inside the caller's), after locking the touched account rows
in id order. Its `reference` is the idempotency key of the money movement: posting it again
with the same lines answers the journal already written and changes nothing; with other
lines it is refused. The journal is the record of who moved what (actor, memo, dimensions):
the business service that posts writes its own audit entry for the action.

Callers that post several journals in one transaction should lock their own business row
first (the order, the bill, the withdrawal), so that two transactions never take the same
accounts in different orders.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from functools import reduce
from operator import or_
from typing import Any, NamedTuple

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context

from zulin.audit.services import actor_name
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.money.days import counted_on

from .chart import chart_for
from .listeners import order_journal_posted
from .models import Entry, Journal, LedgerAccount, LedgerClose, Side
from .rules import MERCHANT, PLATFORM, Amount, legs_of, rule_problem

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
# Decimal(14, 2): the largest amount one entry holds.
MAX_AMOUNT = Decimal("999999999999.99")
CODE_PATTERN = re.compile(r"^[a-z][a-z0-9_]{1,39}$")
SUB_KEY_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9:_.\-]{0,63}$")
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True)
class Line:
    """One line of a posting: `debit` or `credit` (the other left 0) on the chart account
    `account`, or on its sub-ledger `sub_key` (e.g. "order:42"), made on first use."""

    account: str
    debit: Decimal | int = ZERO
    credit: Decimal | int = ZERO
    sub_key: str = ""


class _Posting(NamedTuple):
    code: str
    sub_key: str
    side: str
    amount: Decimal


def _invalid_line(index: int, problem: str) -> ApplicationError:
    return ApplicationError(ErrorCode.LEDGER_INVALID_LINE, data={"line": index, "problem": problem})


def _amount(value: Any, index: int) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, Decimal | int):
        raise _invalid_line(index, "amounts are Decimal (never float)")
    amount = Decimal(value)
    if not amount.is_finite() or amount < 0:
        raise _invalid_line(index, "amounts are finite and not negative")
    if amount > MAX_AMOUNT:
        raise _invalid_line(index, "amount too large")
    if amount != amount.quantize(CENT):
        raise _invalid_line(index, "at most two decimal places")
    return amount.quantize(CENT)


def _postings(lines: Sequence[Line]) -> list[_Posting]:
    """Checks the lines (at least two, one positive side each, two places, balanced)."""
    if isinstance(lines, str | bytes) or len(lines) < 2:
        raise _invalid_line(0, "a posting has at least two lines")
    postings = []
    for index, line in enumerate(lines):
        if not isinstance(line, Line):
            raise _invalid_line(index, "each line is a Line")
        if not isinstance(line.account, str) or not CODE_PATTERN.match(line.account):
            raise ApplicationError(
                ErrorCode.LEDGER_UNKNOWN_ACCOUNT, data={"accounts": [str(line.account)]}
            )
        if line.sub_key and not (
            isinstance(line.sub_key, str) and SUB_KEY_PATTERN.match(line.sub_key)
        ):
            raise _invalid_line(index, "sub_key: 1-64 letters, digits or : _ . -")
        debit, credit = _amount(line.debit, index), _amount(line.credit, index)
        if (debit > 0) == (credit > 0):
            raise _invalid_line(index, "exactly one of debit and credit is positive")
        side, amount = (Side.DEBIT, debit) if debit > 0 else (Side.CREDIT, credit)
        postings.append(_Posting(line.account, line.sub_key, side.value, amount))
    debits = sum((p.amount for p in postings if p.side == Side.DEBIT), ZERO)
    credits = sum((p.amount for p in postings if p.side == Side.CREDIT), ZERO)
    if debits != credits:
        raise ApplicationError(
            ErrorCode.LEDGER_UNBALANCED, data={"debit": str(debits), "credit": str(credits)}
        )
    return postings


def _check_text(field: str, value: Any, *, max_length: int, required: bool) -> None:
    if not isinstance(value, str) or (required and not value):
        raise field_error(field, Text("必填", "required text"))
    if len(value) > max_length or CONTROL_CHARACTERS.search(value):
        raise field_error(
            field,
            Text(
                "最多 {0} 个字符，不能包含控制字符", "at most {0} characters, no control characters"
            ).format(max_length),
        )


def _check_dimension(field: str, value: Any) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise field_error(field, Text("应为整数编号或空", "an integer id or None"))


class _Fingerprint(NamedTuple):
    """What makes two postings under one reference the same money movement (memo and meta
    describe it and may differ)."""

    kind: str
    lines: tuple[tuple[str, str, str, str], ...]
    order_id: int | None
    bill_id: int | None
    payment_reference: str
    reversal_of_id: int | None


def _fingerprint_of(journal: Journal) -> _Fingerprint:
    lines = tuple(
        sorted(
            (entry.account.code, entry.account.sub_key, entry.side, str(entry.amount))
            for entry in journal.entries.all()
        )
    )
    return _Fingerprint(
        journal.kind,
        lines,
        journal.order_id,
        journal.bill_id,
        journal.payment_reference,
        journal.reversal_of_id,
    )


def _journal_with_entries(reference: str) -> Journal | None:
    return (
        Journal.objects.filter(reference=reference)
        .select_related("reversal_of")
        .prefetch_related("entries__account")
        .first()
    )


def _replayed(journal: Journal, fingerprint: _Fingerprint) -> Journal:
    if _fingerprint_of(journal) != fingerprint:
        raise ApplicationError(
            ErrorCode.IDEMPOTENCY_KEY_REUSED,
            "该记账流水号已用于另一笔不同的记账",
            msg_en="This reference was already used for a different posting",
            data={"reference": journal.reference},
        )
    return journal


def _accounts_locked(postings: list[_Posting]) -> dict[tuple[str, str], LedgerAccount]:
    """The rows of every (code, sub_key) posted to, locked in id order; sub-ledgers of known
    chart accounts are made on first use."""
    pairs = sorted({(p.code, p.sub_key) for p in postings})

    def lock(wanted: list[tuple[str, str]]) -> list[LedgerAccount]:
        match = reduce(or_, (Q(code=code, sub_key=sub_key) for code, sub_key in wanted))
        return list(LedgerAccount.objects.select_for_update().filter(match).order_by("pk"))

    found = {(row.code, row.sub_key): row for row in lock(pairs)}
    missing = [pair for pair in pairs if pair not in found]
    if missing:
        codes = sorted({code for code, _ in missing})
        charts = {row.code: row for row in LedgerAccount.objects.filter(code__in=codes, sub_key="")}
        unknown = [code for code in codes if code not in charts]
        if unknown:
            raise ApplicationError(ErrorCode.LEDGER_UNKNOWN_ACCOUNT, data={"accounts": unknown})
        LedgerAccount.objects.bulk_create(
            [
                LedgerAccount(
                    code=code,
                    sub_key=sub_key,
                    parent=charts[code],
                    name_zh=charts[code].name_zh,
                    name_en=charts[code].name_en,
                    type=charts[code].type,
                    normal_side=charts[code].normal_side,
                    may_go_negative=charts[code].may_go_negative,
                )
                for code, sub_key in missing
            ],
            ignore_conflicts=True,  # made by a concurrent posting: it is locked just below
        )
        found.update({(row.code, row.sub_key): row for row in lock(missing)})
    return found


# The day money moved for postings made inside `money_moved(...)` (None: today).
_MOVED_ON: ContextVar[date | None] = ContextVar("ledger_moved_on", default=None)


@contextmanager
def money_moved(when: date | datetime | None) -> Iterator[None]:
    """Within the block, postings that name no `moved_on` say the money moved on `when` (a
    datetime is read as its China date): a payment's journal, its commission and the
    platform's mirror all carry the provider's finish day."""
    day = timezone.localtime(when).date() if isinstance(when, datetime) else when
    token = _MOVED_ON.set(day)
    try:
        yield
    finally:
        _MOVED_ON.reset(token)


def _moved_on(value: Any) -> date:
    today = timezone.localdate()
    if value is None:
        value = _MOVED_ON.get() or today
    if isinstance(value, datetime) or not isinstance(value, date):
        raise field_error("moved_on", Text("应为日期", "a date"))
    if value > today:
        raise field_error("moved_on", Text("不能晚于今天", "not after today"))
    return value


def _closed_through() -> date | None:
    """How far the active book is closed, read FOR KEY SHARE: a closing (FOR UPDATE) waits
    for this posting to commit, and this posting for a closing under way."""
    with tenant_connection.cursor() as cursor:
        cursor.execute("SELECT closed_through FROM ledger_close WHERE id = 1 FOR KEY SHARE")
        row = cursor.fetchone()
    return row[0] if row else None


def _book() -> str:
    return PLATFORM if tenant_connection.schema_name == get_public_schema_name() else MERCHANT


def _rules_check(kind: str, postings: list[_Posting], *, reversal: bool) -> None:
    """Refuses (LEDGER_RULE_BROKEN) what the posting rules of the active book do not allow."""
    problem = rule_problem(
        book=_book(), kind=kind, legs=[(p.code, p.side) for p in postings], reversal=reversal
    )
    if problem:
        raise ApplicationError(ErrorCode.LEDGER_RULE_BROKEN, data={"problem": problem})


def _post(
    *,
    reference: str,
    kind: str,
    postings: list[_Posting],
    memo: str,
    order_id: int | None,
    bill_id: int | None,
    payment_reference: str,
    meta: dict | None,
    actor: Session | None,
    reversal_of: Journal | None,
    moved_on: date,
) -> Journal:
    if not _BY_RULE.get():
        raise ApplicationError(
            ErrorCode.LEDGER_RULE_BROKEN,
            data={"problem": "a posting is made by the rule entry (post_event), never by hand"},
        )
    fingerprint = _Fingerprint(
        kind,
        tuple(sorted((p.code, p.sub_key, p.side, str(p.amount)) for p in postings)),
        order_id,
        bill_id,
        payment_reference,
        reversal_of.pk if reversal_of else None,
    )
    existing = _journal_with_entries(reference)
    if existing is not None:
        return _replayed(existing, fingerprint)
    if reversal_of is not None and Journal.objects.filter(reversal_of=reversal_of).exists():
        raise ApplicationError(ErrorCode.LEDGER_ALREADY_REVERSED)
    try:
        with transaction.atomic():
            closed_through = _closed_through()
            accounts = _accounts_locked(postings)
            _rules_check(kind, postings, reversal=reversal_of is not None)
            # Inserted before the balances are read for the guard: a retry that waited for
            # our locks fails here on the unique reference and answers the journal written.
            journal = Journal.objects.create(
                reference=reference,
                kind=kind,
                memo=memo,
                order_id=order_id,
                bill_id=bill_id,
                payment_reference=payment_reference,
                meta=meta or {},
                reversal_of=reversal_of,
                actor_account_id=actor.account.pk if actor else None,
                actor_name=actor_name(actor),
                actor_side=actor.side if actor else None,
                moved_on=moved_on,
                counted_on=counted_on(moved_on, closed_through, timezone.localdate()),
            )
            changes: dict[tuple[str, str], Decimal] = defaultdict(lambda: ZERO)
            for p in postings:
                account = accounts[(p.code, p.sub_key)]
                change = p.amount if p.side == account.normal_side else -p.amount
                changes[(p.code, p.sub_key)] += change
            for key, change in changes.items():
                account = accounts[key]
                if change < 0 and not account.may_go_negative and account.balance + change < 0:
                    raise ApplicationError(
                        ErrorCode.LEDGER_INSUFFICIENT_BALANCE,
                        data={
                            "account": account.code,
                            "sub_key": account.sub_key,
                            "balance": str(account.balance),
                            "change": str(change),
                        },
                    )
            Entry.objects.bulk_create(
                Entry(
                    journal=journal,
                    account=accounts[(p.code, p.sub_key)],
                    side=p.side,
                    amount=p.amount,
                )
                for p in postings
            )
            touched = []
            for key, change in changes.items():
                accounts[key].balance += change
                touched.append(accounts[key])
            LedgerAccount.objects.bulk_update(touched, ["balance"])
            if order_id is not None and _book() == MERCHANT:
                order_journal_posted(journal)
    except IntegrityError:
        existing = _journal_with_entries(reference)
        if existing is not None:
            return _replayed(existing, fingerprint)
        if reversal_of is not None and Journal.objects.filter(reversal_of=reversal_of).exists():
            raise ApplicationError(ErrorCode.LEDGER_ALREADY_REVERSED) from None
        raise
    return journal


# Set by the rule entry only: the low-level poster refuses to run without it.
_BY_RULE: ContextVar[bool] = ContextVar("ledger_by_rule", default=False)


@contextmanager
def _by_rule() -> Iterator[None]:
    token = _BY_RULE.set(True)
    try:
        yield
    finally:
        _BY_RULE.reset(token)


def post_event(
    kind: str,
    amounts: Mapping[str, Amount],
    *,
    reference: str,
    memo: str = "",
    order_id: int | None = None,
    bill_id: int | None = None,
    merchant_id: int | None = None,
    payment_reference: str = "",
    meta: dict | None = None,
    actor: Session | None = None,
    moved_on: date | None = None,
) -> Journal:
    """Posts the business event `kind` in the active book (a merchant's, or the platform's
    inside `platform_ledger()`) and answers its journal: one journal with every leg, its
    lines produced by the event's posting rule (`rules.RULES`) from `amounts`, by role
    (`{"received": …, "rent": …, "excess": …}`; a role of 0 is left out). A leg on the
    order's sub-ledger takes `order_id`'s; one on the merchant's (the platform's books)
    `merchant_id`'s. `reference` is the idempotency key: a replay with the same lines
    answers the journal written, other lines under it are refused (IDEMPOTENCY_KEY_REUSED);
    the refusals of `_lines_post` apply. A kind the book has no rule for, or an amount of a
    role the rule has not, is refused (LEDGER_RULE_BROKEN), writing nothing."""
    if not isinstance(kind, str) or not CODE_PATTERN.match(kind):
        raise field_error(
            "kind", Text("2–40 位小写字母、数字或下划线", "2-40 lowercase letters, digits or _")
        )
    if not isinstance(amounts, Mapping):
        raise field_error("amounts", Text("应为按角色的金额", "amounts by role"))
    try:
        legs = legs_of(_book(), kind, amounts, order_id=order_id, merchant_id=merchant_id)
    except ValueError as error:
        raise ApplicationError(ErrorCode.LEDGER_RULE_BROKEN, data={"problem": str(error)}) from None
    lines = [
        Line(account, sub_key=sub_key, **{side: amount})  # type: ignore[arg-type]
        for account, sub_key, side, amount in legs
    ]
    with _by_rule():
        return _lines_post(
            reference=reference,
            kind=kind,
            lines=lines,
            memo=memo,
            order_id=order_id,
            bill_id=bill_id,
            payment_reference=payment_reference,
            meta=meta,
            actor=actor,
            moved_on=moved_on,
        )


def _lines_post(
    *,
    reference: str,
    kind: str,
    lines: Sequence[Line],
    memo: str = "",
    order_id: int | None = None,
    bill_id: int | None = None,
    payment_reference: str = "",
    meta: dict | None = None,
    actor: Session | None = None,
    moved_on: date | None = None,
) -> Journal:
    """The low-level poster, private to the ledger (only `post_event` calls it; it refuses
    to run otherwise): posts the lines to the active schema's ledger and answers the journal.
    `moved_on`: the day the money moved (default: the enclosing `money_moved`, else today);
    not in the future. It describes the movement: a replay with another day answers the
    journal written.

    Refused, writing nothing: unbalanced lines (LEDGER_UNBALANCED), a negative, zero,
    float or more-than-two-places amount or fewer than two lines (LEDGER_INVALID_LINE), an
    account not in the chart (LEDGER_UNKNOWN_ACCOUNT), a balance of an account that may not
    go negative taken below zero (LEDGER_INSUFFICIENT_BALANCE), `reference` already used for
    other lines or dimensions (IDEMPOTENCY_KEY_REUSED)."""
    _check_text("reference", reference, max_length=100, required=True)
    if not isinstance(kind, str) or not CODE_PATTERN.match(kind):
        raise field_error(
            "kind", Text("2–40 位小写字母、数字或下划线", "2-40 lowercase letters, digits or _")
        )
    _check_text("memo", memo, max_length=200, required=False)
    _check_text("payment_reference", payment_reference, max_length=64, required=False)
    _check_dimension("order_id", order_id)
    _check_dimension("bill_id", bill_id)
    if meta is not None and not isinstance(meta, dict):
        raise field_error("meta", Text("应为 JSON 对象", "a JSON object"))
    return _post(
        reference=reference,
        kind=kind,
        postings=_postings(lines),
        memo=memo,
        order_id=order_id,
        bill_id=bill_id,
        payment_reference=payment_reference,
        meta=meta,
        actor=actor,
        reversal_of=None,
        moved_on=_moved_on(moved_on),
    )


def ledger_reverse(
    *, reference: str, of_reference: str, memo: str = "", actor: Session | None = None
) -> Journal:
    """Posts the mirror of the journal `of_reference` (each debit a credit and back) under
    `reference`, with its kind and dimensions: the only way to correct a posting, and the
    rule entry's other door (the reversal's legs are checked against the kind's rule, each on
    the other side). A journal
    is reversed at most once (LEDGER_ALREADY_REVERSED); replaying `reference` answers the
    reversal already written."""
    _check_text("reference", reference, max_length=100, required=True)
    _check_text("memo", memo, max_length=200, required=False)
    original = _journal_with_entries(of_reference) if isinstance(of_reference, str) else None
    if original is None:
        raise ApplicationError(ErrorCode.LEDGER_JOURNAL_NOT_FOUND)
    opposite = {Side.DEBIT.value: Side.CREDIT.value, Side.CREDIT.value: Side.DEBIT.value}
    postings = [
        _Posting(entry.account.code, entry.account.sub_key, opposite[entry.side], entry.amount)
        for entry in original.entries.all()
    ]
    with _by_rule():
        return _post(
            reference=reference,
            kind=original.kind,
            postings=postings,
            memo=memo or f"冲正 {original.memo or original.reference}"[:200],
            order_id=original.order_id,
            bill_id=original.bill_id,
            payment_reference=original.payment_reference,
            meta={},
            actor=actor,
            reversal_of=original,
            moved_on=_moved_on(None),  # a correction moves the money back the day it is made
        )


def ledger_close_through(day: date, *, by: str) -> date | None:
    """Closes the active book through `day` (never reopening a later close), and never
    further than yesterday: a day closes once it is over. A journal booked afterwards for a
    day up to it counts in the first open day. Answers how far it is closed. Run in its own
    transaction, outside one that posted (its lock waits for postings)."""
    day = min(day, timezone.localdate() - timedelta(days=1))
    with transaction.atomic():
        LedgerClose.objects.get_or_create(pk=1)
        row = LedgerClose.objects.select_for_update().get(pk=1)
        if row.closed_through is None or day > row.closed_through:
            row.closed_through, row.closed_at, row.closed_by = day, timezone.now(), by[:60]
            row.save(update_fields=["closed_through", "closed_at", "closed_by"])
        return row.closed_through


@contextmanager
def platform_ledger() -> Iterator[None]:
    """Within the block, ledger posts and reads go to the platform's books (public), in the
    caller's transaction; the merchant's schema is active again after it."""
    with schema_context(get_public_schema_name()):
        yield


def chart_sync(*, account_model: Any = None, schema_name: str | None = None) -> int:
    """Makes the chart of the schema (the platform's in public, the merchant's elsewhere)
    exist: missing accounts are added, names and the negative guard follow the code.
    Idempotent; answers how many accounts it added. Migrations pass their historical model
    and schema; the template schema and its clones get the chart from the migration."""
    model = account_model or LedgerAccount
    schema = schema_name or tenant_connection.schema_name
    existing = {row.code: row for row in model.objects.filter(sub_key="")}
    added = 0
    for spec in chart_for(schema, get_public_schema_name()):
        row = existing.get(spec.code)
        if row is None:
            model.objects.create(
                code=spec.code,
                name_zh=spec.name_zh,
                name_en=spec.name_en,
                type=spec.type.value,
                normal_side=spec.normal_side.value,
                may_go_negative=spec.may_go_negative,
            )
            added += 1
            continue
        if (row.type, row.normal_side) != (spec.type.value, spec.normal_side.value):
            # Balances already posted would change meaning: that needs its own migration.
            raise ValueError(f"ledger account {spec.code} changed type in {schema}")
        described = (spec.name_zh, spec.name_en, spec.may_go_negative)
        if (row.name_zh, row.name_en, row.may_go_negative) != described:
            model.objects.filter(code=spec.code).update(
                name_zh=spec.name_zh, name_en=spec.name_en, may_go_negative=spec.may_go_negative
            )
    return added
