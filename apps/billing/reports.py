"""Reads for the finance screens: income and expense lines (the ledger's journals, as a
person reads them), their totals, and the customers' instalment bills across orders.

Both sides read the ledger of the schema they run in: a merchant's books on its host, the
platform's books in public (where each line names the merchant it is for)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from decimal import Decimal
from typing import Any

from django.db.models import (
    Count,
    DecimalField,
    Exists,
    OuterRef,
    Q,
    Subquery,
    Sum,
    Value,
)
from django.db.models.functions import Coalesce, Replace

from tenants.catalog.selectors import money
from tenants.finance.models import BACK_REFERENCE, FREEZE_REFERENCE
from tenants.finance.selectors import withdrawal_statuses
from zulin.core.dates import on_days
from zulin.core.db import tenant_connection
from zulin.core.pagination import page_of
from zulin.ledger.models import Entry, Journal, LedgerAccount
from zulin.ledger.selectors import account_balance

from .early import MEMO_SUFFIX as EARLY_MEMO_SUFFIX
from .models import Bill, Statement
from .statements import statement_held

ZERO = Decimal("0.00")

# type → (the journal kinds it covers, 中文, English); in the order the tabs show them.
STORE_TYPES: dict[str, tuple[tuple[str, ...], str, str]] = {
    "payment": (("bill_payment",), "租金收款", "Rent received"),
    "deposit": (("deposit_transfer",), "押金转支付", "Deposit taken"),
    "refund": (("refund", "deposit_refund"), "退款", "Refunds"),
    "commission": (("commission", "commission_reversal"), "平台佣金", "Platform commission"),
    "settlement": (("settlement",), "结算入账", "Settled to balance"),
    "withdrawal": (("withdrawal_freeze", "withdrawal_back"), "提现", "Withdrawals"),
    "early": (("early_settlement",), "提前结清", "Early settlement"),
    # Money the merchant received itself (bank transfer, cash), recorded with a voucher:
    # its amount is what reached the merchant's bank account, never withdrawable here.
    "offline": (("offline_repayment",), "线下还款", "Offline repayment"),
}
PLATFORM_TYPES: dict[str, tuple[tuple[str, ...], str, str]] = {
    "receipt": (("merchant_receipt",), "商户代收", "Received for merchants"),
    "refund": (("merchant_refund",), "商户退款", "Refunded for merchants"),
    "commission": (("commission", "commission_reversal"), "佣金收入", "Commission income"),
    "withdrawal": (("withdrawal",), "商户提现", "Merchant withdrawals"),
}


def transaction_types(platform: bool) -> list[dict[str, str]]:
    types = PLATFORM_TYPES if platform else STORE_TYPES
    return [{"value": key, "label": zh, "label_en": en} for key, (_, zh, en) in types.items()]


# platform? → journal kind → the line type it shows as (read per row: no CASE in the SQL).
TYPE_BY_KIND = {
    side: {kind: key for key, (kinds, _, _) in types.items() for kind in kinds}
    for side, types in ((False, STORE_TYPES), (True, PLATFORM_TYPES))
}


# A line whose journal credits the buyout price is the buyout, whichever way it was paid
# (its type, the tab it counts under, stays its journal kind's).
BUYOUT_NAMES = {
    "payment": ("买断款", "Buyout payment"),
    "early": ("买断款", "Buyout payment"),
    "offline": ("买断款（线下）", "Buyout payment (offline)"),
}
# A withdrawal given back (cancelled, rejected, its payout failed) is one line netting to
# zero: its freeze and the journal that gave the amount back (`withdrawal_back`).
RETURNED_NAMES = {
    "cancelled": ("提现（已取消）", "Withdrawal (cancelled)"),
    "rejected": ("提现（已驳回）", "Withdrawal (rejected)"),
    "failed": ("提现（打款失败）", "Withdrawal (payout failed)"),
}
RETURNED_NAME = ("提现（已退回）", "Withdrawal (returned)")
# What a line's amount includes beside rent, from the income its journal's own lines move
# (in the order the line says them): part → (account, 中文, English).
INCLUDED_PARTS: dict[str, tuple[str, str, str]] = {
    "buyout": ("buyout_income", "买断价", "buyout price"),
    "shipping": ("shipping_fee_income", "运费", "shipping"),
    "addons": ("addon_income", "增值服务", "add-ons"),
}


def line_detail(row: dict[str, Any], language: str) -> str:
    """A line's detail as a person reads it (the export's; the screen says the same from its
    catalogue): what its amount includes, or the withdrawal asked and given back."""
    english = language == "en"
    if row["returned"]:
        amount = f"¥{row['returned']}"
        if english:
            return f"{amount} asked, given back to the withdrawable balance"
        return f"申请 {amount}，已退回可提现余额"
    parts = [
        f"{INCLUDED_PARTS[item['part']][2 if english else 1]} ¥{item['amount']}"
        for item in row["includes"]
    ]
    if not parts:
        return ""
    return f"incl. {', '.join(parts)}" if english else f"含{'、'.join(parts)}"


def _moved(code: str) -> Any:
    """Debits less credits of the journal on `code` (any sub-ledger)."""
    field: DecimalField = DecimalField(max_digits=14, decimal_places=2)

    def side(name: str) -> Any:
        return Coalesce(
            Sum(
                "entries__amount",
                filter=Q(entries__account__code=code, entries__side=name),
            ),
            Value(ZERO),
            output_field=field,
        )

    return side("debit") - side("credit")


def _lines(
    *,
    platform: bool,
    date_from: date | None,
    date_to: date | None,
    order_no: str = "",
    merchant_id: int | None = None,
) -> Any:  # a Journal queryset of the side's kinds (each line's type: `TYPE_BY_KIND`)
    journals = Journal.objects.filter(kind__in=list(TYPE_BY_KIND[platform]))
    if not platform:
        # A withdrawal given back shows as its freeze's line (`_with_returns`): the journal
        # that gave it back is no line of its own, on any page or in any count.
        freeze = Journal.objects.filter(
            reference=Replace(OuterRef("reference"), Value(BACK_REFERENCE), Value(FREEZE_REFERENCE))
        )
        journals = journals.exclude(Q(kind="withdrawal_back") & Exists(freeze))
    journals = on_days(journals, date_from, date_to)
    if order_no:
        ids = Bill.objects.filter(order_no=order_no.strip().upper()).values("order_id")[:1]
        journals = journals.filter(order_id__in=Subquery(ids))
    if merchant_id is not None:
        journals = journals.filter(meta__merchant_id=merchant_id)
    return journals


def _signed(row: dict[str, Any], type: str, platform: bool) -> Decimal:
    """The line's amount as the list shows it: + money in (or income), - money out; the
    account it is read on follows the line's `type` (`TYPE_BY_KIND` of its journal kind)."""
    if platform:
        if type == "commission":
            return -row["payable"]  # commission: + income; reversal: - (given back)
        return row["clearing"]
    if type in ("settlement", "withdrawal"):
        return row["cash"]
    if type == "offline":
        return row["bank"]
    return row["clearing"]


def bill_lines(
    *,
    platform: bool,
    type: str | None,
    date_from: date | None,
    date_to: date | None,
    order_no: str = "",
    merchant_id: int | None = None,
    page: int,
    page_size: int,
) -> dict[str, Any]:
    """`getBillList` (a merchant's lines) and `getFinanceRecord` (the platform's, every
    merchant's or one's): newest first."""
    journals = _typed_lines(
        platform=platform,
        type=type,
        date_from=date_from,
        date_to=date_to,
        order_no=order_no,
        merchant_id=merchant_id,
    )
    answer = page_of(_line_values(journals), page=page, page_size=page_size, counted=journals)
    answer["list"] = _rows(answer["list"], platform)
    return answer


def bill_line_count(
    *,
    platform: bool,
    type: str | None,
    date_from: date | None,
    date_to: date | None,
    order_no: str = "",
    merchant_id: int | None = None,
) -> int:
    """How many lines `bill_lines` lists for these filters (every page)."""
    return _typed_lines(
        platform=platform,
        type=type,
        date_from=date_from,
        date_to=date_to,
        order_no=order_no,
        merchant_id=merchant_id,
    ).count()


def bill_line_chunks(
    *,
    platform: bool,
    type: str | None,
    date_from: date | None,
    date_to: date | None,
    order_no: str = "",
    merchant_id: int | None = None,
    chunk_size: int = 1000,
) -> Iterator[list[dict[str, Any]]]:
    """Every line `bill_lines` lists for these filters, in its order (newest first), one
    chunk at a time, each read below the last one's id (no OFFSET grows; memory stays flat
    for an export). Each row is the list's, plus the number of the order it names."""
    journals = _typed_lines(
        platform=platform,
        type=type,
        date_from=date_from,
        date_to=date_to,
        order_no=order_no,
        merchant_id=merchant_id,
    )
    after: int | None = None
    while True:
        chunk = list(
            _line_values(journals if after is None else journals.filter(id__lt=after))[:chunk_size]
        )
        if not chunk:
            return
        rows = _rows(chunk, platform)
        numbers = _order_numbers(rows, platform)
        yield [{**item, "order_no": numbers.get(_order_key(item, platform), "")} for item in rows]
        after = chunk[-1]["id"]


def _typed_lines(*, platform: bool, type: str | None, **filters: Any) -> Any:
    journals = _lines(platform=platform, **filters)
    if not type:
        return journals
    types = PLATFORM_TYPES if platform else STORE_TYPES
    return journals.filter(kind__in=types[type][0] if type in types else ())


def _line_values(journals: Any) -> Any:
    """The lines as the list reads them, newest first (each line's type comes from its kind
    in `_line_row`, what each moved per page from `_with_moved`)."""
    return journals.order_by("-id").values(
        "id", "reference", "kind", "memo", "order_id", "meta", "actor_name", "created_at"
    )


# What a line moved on the accounts its signed amount comes from (`_signed`), and on the
# income it says its amount includes (`INCLUDED_PARTS`).
_MOVED = {
    "clearing": "provider_clearing",
    "cash": "merchant_cash",
    "payable": "merchant_payable",
    "bank": "bank",
    **{part: account for part, (account, _, _) in INCLUDED_PARTS.items()},
}


def _rows(lines: list[dict[str, Any]], platform: bool) -> list[dict[str, Any]]:
    row = _line_row(platform)
    moved = _with_moved(lines)
    return [row(line) for line in (moved if platform else _with_returns(moved))]


def _with_returns(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lines with what gave each withdrawal back (`returned`, on the withdrawable
    balance, read from the `withdrawal_back` journal whatever its date) and the
    withdrawal's status then; nothing given back: `returned` zero."""
    frozen = {
        BACK_REFERENCE + line["reference"].removeprefix(FREEZE_REFERENCE): line
        for line in lines
        if line["kind"] == "withdrawal_freeze"
    }
    returned: dict[int, Decimal] = {}
    statuses: dict[int, str] = {}
    if frozen:
        backs = list(
            Journal.objects.filter(reference__in=list(frozen), kind="withdrawal_back").values(
                "id", "reference"
            )
        )
        given_back = {}
        for back in _with_moved(backs):
            line = frozen[back["reference"]]
            returned[line["id"]] = back["cash"]
            given_back[(line["meta"] or {}).get("withdrawal_id")] = line["id"]
        statuses = {
            given_back[pk]: status
            for pk, status in withdrawal_statuses([pk for pk in given_back if pk]).items()
        }
    return [
        {
            **line,
            "returned": returned.get(line["id"], ZERO),
            "withdrawal_status": statuses.get(line["id"], ""),
        }
        for line in lines
    ]


def _with_moved(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lines with the debits less credits of each on `_MOVED`'s accounts (any
    sub-ledger), in one grouped statement over these lines only: as annotations of the
    list's query they were built and compiled on every call."""
    moved: dict[int, dict[str, Decimal]] = {line["id"]: {} for line in lines}
    if lines:
        with tenant_connection.cursor() as cursor:
            cursor.execute(
                f"""
                SELECT e.journal_id, a.code,
                  sum(CASE WHEN e.side = 'debit' THEN e.amount ELSE -e.amount END)
                FROM {Entry._meta.db_table} e
                JOIN {LedgerAccount._meta.db_table} a ON a.id = e.account_id
                WHERE e.journal_id = ANY(%s) AND a.code = ANY(%s)
                GROUP BY e.journal_id, a.code
                """,  # noqa: S608 (table names from the models; values are parameters)
                [list(moved), list(_MOVED.values())],
            )
            for journal_id, code, amount in cursor.fetchall():
                moved[journal_id][code] = amount
    return [
        {**line, **{name: moved[line["id"]].get(code, ZERO) for name, code in _MOVED.items()}}
        for line in lines
    ]


def _line_row(platform: bool) -> Callable[[dict[str, Any]], dict[str, Any]]:
    types = PLATFORM_TYPES if platform else STORE_TYPES
    type_of = TYPE_BY_KIND[platform]
    names = _merchant_names() if platform else {}

    def row(item: dict[str, Any]) -> dict[str, Any]:
        type = type_of[item["kind"]]
        _, zh, en = types[type]
        amount = _signed(item, type, platform)
        returned = item.get("returned", ZERO)
        if returned:
            # The freeze and what gave it back: one line, netting to what was kept.
            amount += returned
            zh, en = RETURNED_NAMES.get(item["withdrawal_status"], RETURNED_NAME)
        # Income a journal credits (or a refund debits) beside rent, in the line's words.
        included = {part: abs(item.get(part, ZERO)) for part in INCLUDED_PARTS}
        buyout = included["buyout"] > 0 and type in BUYOUT_NAMES
        if buyout:
            zh, en = BUYOUT_NAMES[type]
            if included["buyout"] == abs(amount):
                included["buyout"] = ZERO  # the whole line is the buyout: nothing to add
        memo, memo_en = _memos(item["memo"], buyout=buyout)
        merchant = (item["meta"] or {}).get("merchant_id")
        return {
            "id": item["id"],
            "reference": item["reference"],
            "type": type,
            "type_name": zh,
            "type_name_en": en,
            "kind": item["kind"],
            "memo": memo,
            "memo_en": memo_en,
            "includes": [
                {"part": part, "amount": money(value)}
                for part, value in included.items()
                if value > 0
            ],
            "returned": money(returned) if returned else None,
            "order_id": item["order_id"] or (item["meta"] or {}).get("order_id"),
            "merchant_id": merchant,
            "merchant_name": names.get(merchant, "") if merchant else "",
            "amount": money(amount),
            "actor": item["actor_name"],
            "created_at": item["created_at"],
        }

    return row


def _memos(memo: str, *, buyout: bool) -> tuple[str, str]:
    """A journal's memo in both languages: the early settlement's says so in words; a
    buyout bill's "<order no> #0" names only the order (the line's type says buyout)."""
    if memo.endswith(EARLY_MEMO_SUFFIX):
        order_no = memo.removesuffix(EARLY_MEMO_SUFFIX)
        return memo, f"{order_no} early settlement"
    if buyout and memo.endswith(" #0"):
        order_no = memo.removesuffix(" #0")
        return order_no, order_no
    return memo, memo


def _order_key(item: dict[str, Any], platform: bool) -> tuple[int | None, int | None]:
    return (item["merchant_id"] if platform else None, item["order_id"])


def _order_numbers(
    rows: list[dict[str, Any]], platform: bool
) -> dict[tuple[int | None, int | None], str]:
    """(merchant id, order id) → order number of the orders these lines name: a merchant's
    from its bills (merchant id None), the platform's from the public order index."""
    ids = {item["order_id"] for item in rows if item["order_id"]}
    if not ids:
        return {}
    if not platform:
        bills = Bill.objects.filter(order_id__in=ids).values_list("order_id", "order_no")
        return {(None, order_id): number for order_id, number in bills.distinct()}
    from tenants.orders.models import OrderIndex

    merchants = {item["merchant_id"] for item in rows if item["order_id"]}
    index = OrderIndex.objects.filter(order_id__in=ids, merchant_id__in=merchants)
    return {
        (merchant, order_id): number
        for merchant, order_id, number in index.values_list("merchant_id", "order_id", "order_no")
    }


def _merchant_names() -> dict[int, str]:
    from tenants.merchants.models import Merchant

    return dict(Merchant.objects.values_list("pk", "name"))


def bill_line_counts(
    *,
    platform: bool,
    date_from: date | None,
    date_to: date | None,
    order_no: str = "",
    merchant_id: int | None = None,
) -> list[dict[str, Any]]:
    """How many lines of each type the filters leave (the tabs), every type listed."""
    journals = _lines(
        platform=platform,
        date_from=date_from,
        date_to=date_to,
        order_no=order_no,
        merchant_id=merchant_id,
    )
    type_of = TYPE_BY_KIND[platform]
    counts: dict[str, int] = {}
    for kind, n in journals.values_list("kind").annotate(n=Count("id")).values_list("kind", "n"):
        type = type_of[kind]
        counts[type] = counts.get(type, 0) + n
    return [{**item, "count": counts.get(item["value"], 0)} for item in transaction_types(platform)]


def mark_collect(*, date_from: date | None, date_to: date | None) -> dict[str, Any]:
    """`getMarkCollect`, the totals above a merchant's lines: in the period, money received
    through the provider (payments, early settlements, deposits taken), received offline
    (straight to the merchant's bank: never withdrawable here), refunded, commission (net
    of what refunds gave back) and settled; now, the withdrawable balance and what awaits
    settlement."""
    journals = _lines(platform=False, date_from=date_from, date_to=date_to)
    totals = dict.fromkeys(
        ("payment", "early", "offline", "deposit", "refund", "commission", "settlement"), ZERO
    )
    grouped = journals.values("kind").annotate(
        clearing=_moved("provider_clearing"), cash=_moved("merchant_cash"), bank=_moved("bank")
    )
    for item in grouped:
        type = TYPE_BY_KIND[False][item["kind"]]
        if type in totals:
            totals[type] += _signed(item, type, False)
    return {
        "received": money(totals["payment"] + totals["early"] + totals["deposit"]),
        "received_offline": money(totals["offline"]),
        "refunded": money(-totals["refund"]),
        "commission": money(-totals["commission"]),
        "settled": money(totals["settlement"]),
        "withdrawable": money(account_balance("merchant_cash", cached=True)),
        "awaiting_settlement": money(account_balance("provider_clearing", cached=True)),
        "statements": Statement.objects.filter(status=Statement.Status.CLOSED).count(),
        "held": statement_held(),
    }
