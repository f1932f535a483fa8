"""Reads of the active schema's ledger. Balances are on each account's normal side (an
asset's debits − credits, a liability's or income's credits − debits) and derived from the
entries unless asked for the cached figure."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.db.models import Case, Count, DecimalField, F, Q, Sum, Value, When
from django.db.models.functions import Coalesce
from django_tenants.utils import get_public_schema_name

from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text

from .chart import chart_for
from .models import AccountType, Entry, Journal, LedgerAccount, Side

ZERO = Decimal("0.00")
MONEY: DecimalField = DecimalField(max_digits=16, decimal_places=2)
TYPE_ORDER = {value: index for index, value in enumerate(AccountType.values)}


def _debit_minus_credit(prefix: str = "") -> Any:
    """Σ debits − Σ credits of the entries at `prefix` (0 when there are none)."""
    amount = F(f"{prefix}amount")
    signed = Case(When(**{f"{prefix}side": Side.DEBIT}, then=amount), default=-amount)
    return Coalesce(Sum(signed, output_field=MONEY), Value(ZERO), output_field=MONEY)


def _side_total(side: Side) -> Any:
    return Coalesce(
        Sum("amount", filter=Q(side=side), output_field=MONEY), Value(ZERO), output_field=MONEY
    )


def _on_normal_side(debit_minus_credit: Decimal, normal_side: str) -> Decimal:
    return debit_minus_credit if normal_side == Side.DEBIT else -debit_minus_credit


def _chart_account(code: str) -> LedgerAccount:
    account = LedgerAccount.objects.filter(code=code, sub_key="").first()
    if account is None:
        raise ApplicationError(ErrorCode.LEDGER_UNKNOWN_ACCOUNT, data={"accounts": [code]})
    return account


def _one_dimension(order_id: int | None, bill_id: int | None) -> Q:
    if (order_id is None) == (bill_id is None):
        raise field_error("order_id", Text("请提供订单编号或账单编号", "give order_id or bill_id"))
    return Q(journal__order_id=order_id) if order_id is not None else Q(journal__bill_id=bill_id)


def account_balance(code: str, *, sub_key: str | None = None, cached: bool = False) -> Decimal:
    """The balance of chart account `code`: with every sub-ledger (sub_key None), only the
    sub-ledger `sub_key`, or only the chart account itself (sub_key ""). Derived from the
    entries; `cached=True` reads the balances kept on the rows instead (no entry scan)."""
    account = _chart_account(code)
    if cached:
        rows = LedgerAccount.objects.filter(code=code)
        if sub_key is not None:
            rows = rows.filter(sub_key=sub_key)
        total = rows.aggregate(total=Sum("balance"))["total"]
        return (total or ZERO).quantize(ZERO)
    entries = Entry.objects.filter(account__code=code)
    if sub_key is not None:
        entries = entries.filter(account__sub_key=sub_key)
    net = entries.aggregate(net=_debit_minus_credit())["net"]
    return _on_normal_side(net, account.normal_side).quantize(ZERO)


def balances_by_dimension(
    *, order_id: int | None = None, bill_id: int | None = None
) -> dict[str, Decimal]:
    """What the journals of one order (or one bill) did to each account they touched:
    {code: balance change on the account's normal side}; 0.00 for an account moved and
    moved back (a deposit frozen, then thawed)."""
    rows = (
        Entry.objects.filter(_one_dimension(order_id, bill_id))
        .values("account__code", "account__normal_side")
        .annotate(net=_debit_minus_credit())
        .order_by("account__code")
    )
    return {
        row["account__code"]: _on_normal_side(row["net"], row["account__normal_side"])
        for row in rows
    }


def income_by_order_day(order_ids: Sequence[int]) -> list[dict[str, Any]]:
    """What the journals of the orders `order_ids` brought in as income, per order, income
    account and China day the money moved (`moved_on`): credits − debits on every account of
    type income, a contra one (refunds, early-settlement discounts) included, so a row is
    negative where money went back. Rows of no net change are left out; the sum of an
    order's rows is its net income in the books (what `balances_by_dimension` answers for
    its income accounts, contra ones counted against)."""
    if not order_ids:
        return []
    amount = F("amount")
    credit_minus_debit = Coalesce(
        Sum(Case(When(side=Side.CREDIT, then=amount), default=-amount), output_field=MONEY),
        Value(ZERO),
        output_field=MONEY,
    )
    rows = (
        Entry.objects.filter(
            journal__order_id__in=list(order_ids), account__type=AccountType.INCOME
        )
        .values("journal__order_id", "account__code", "journal__moved_on")
        .annotate(net=credit_minus_debit)
        .order_by("journal__order_id", "journal__moved_on", "account__code")
    )
    return [
        {
            "order_id": row["journal__order_id"],
            "account": row["account__code"],
            "moved_on": row["journal__moved_on"],
            "amount": row["net"].quantize(ZERO),
        }
        for row in rows
        if row["net"]
    ]


def journal_for_reference(reference: str) -> Journal | None:
    """The journal posted under `reference`, with its entries and their accounts."""
    return (
        Journal.objects.filter(reference=reference)
        .select_related("reversal_of")
        .prefetch_related("entries__account")
        .first()
    )


def journal_entries(
    *, order_id: int | None = None, bill_id: int | None = None
) -> list[dict[str, Any]]:
    """Every entry of the journals of one order (or one bill), oldest first, as rows for a
    screen: one row per entry with its journal's reference, kind, memo and time."""
    entries = (
        Entry.objects.filter(_one_dimension(order_id, bill_id))
        .select_related("journal", "journal__reversal_of", "account")
        .order_by("journal_id", "id")
    )
    return [
        {
            "reference": entry.journal.reference,
            "kind": entry.journal.kind,
            "memo": entry.journal.memo,
            "created_at": entry.journal.created_at,
            "order_id": entry.journal.order_id,
            "bill_id": entry.journal.bill_id,
            "payment_reference": entry.journal.payment_reference,
            "reverses": entry.journal.reversal_of.reference if entry.journal.reversal_of else None,
            "account": entry.account.code,
            "sub_key": entry.account.sub_key,
            "account_name_zh": entry.account.name_zh,
            "account_name_en": entry.account.name_en,
            "debit": entry.amount if entry.side == Side.DEBIT else ZERO,
            "credit": entry.amount if entry.side == Side.CREDIT else ZERO,
        }
        for entry in entries
    ]


def trial_balance() -> dict[str, Any]:
    """Each chart account (sub-ledgers included) with its debits, credits and balance, and
    the totals: the debits equal the credits in a sound ledger."""
    totals = {
        row["account__code"]: row
        for row in Entry.objects.values("account__code")
        .annotate(debit=_side_total(Side.DEBIT), credit=_side_total(Side.CREDIT))
        .order_by()
    }
    accounts = []
    for account in sorted(
        LedgerAccount.objects.filter(sub_key=""), key=lambda a: (TYPE_ORDER[a.type], a.code)
    ):
        row = totals.get(account.code, {"debit": ZERO, "credit": ZERO})
        accounts.append(
            {
                "code": account.code,
                "name_zh": account.name_zh,
                "name_en": account.name_en,
                "type": account.type,
                "normal_side": account.normal_side,
                "debit": row["debit"],
                "credit": row["credit"],
                "balance": _on_normal_side(row["debit"] - row["credit"], account.normal_side),
            }
        )
    debit_total = sum((row["debit"] for row in accounts), ZERO)
    credit_total = sum((row["credit"] for row in accounts), ZERO)
    return {
        "accounts": accounts,
        "debit_total": debit_total,
        "credit_total": credit_total,
        "balanced": debit_total == credit_total,
    }


def ledger_check() -> list[str]:
    """Problems of the active schema's ledger, none when it sums to the cent: debits equal
    credits overall and in each journal (of two entries or more), each account's cached
    balance equals its entries, no guarded account is below zero, and the chart in code is
    there."""
    problems: list[str] = []
    overall = Entry.objects.aggregate(
        debit=_side_total(Side.DEBIT), credit=_side_total(Side.CREDIT)
    )
    if overall["debit"] != overall["credit"]:
        problems.append(f"debits {overall['debit']} != credits {overall['credit']}")
    unbalanced = (
        Entry.objects.values("journal__reference")
        .annotate(net=_debit_minus_credit(), lines=Count("id"))
        .filter(~Q(net=0) | Q(lines__lt=2))
        .order_by("journal__reference")
    )
    for row in unbalanced:
        problems.append(
            f"journal {row['journal__reference']}: {row['lines']} lines, net {row['net']}"
        )
    for reference in Journal.objects.filter(entries__isnull=True).values_list(
        "reference", flat=True
    ):
        problems.append(f"journal {reference}: no entries")
    accounts = LedgerAccount.objects.annotate(net=_debit_minus_credit("entries__")).order_by(
        "code", "sub_key"
    )
    for account in accounts:
        derived = _on_normal_side(account.net, account.normal_side)
        if account.balance != derived:
            problems.append(f"account {account}: cached {account.balance} != entries {derived}")
        if not account.may_go_negative and derived < 0:
            problems.append(f"account {account}: {derived} below zero")
    charted = {row.code: row for row in LedgerAccount.objects.filter(sub_key="")}
    for spec in chart_for(tenant_connection.schema_name, get_public_schema_name()):
        chart_row = charted.get(spec.code)
        if chart_row is None:
            problems.append(f"chart account {spec.code} is missing")
        elif (chart_row.type, chart_row.normal_side, chart_row.may_go_negative) != (
            spec.type,
            spec.normal_side,
            spec.may_go_negative,
        ):
            problems.append(f"chart account {spec.code} differs from the chart in code")
    return problems
