"""The audit trail's own retention (docs/privacy.md, "The audit trail's retention").

A staff action's entry is kept 3 years after the fact (Cybersecurity Law Art. 21 asks at
least 6 months of network logs; PIPL Art. 54's audits and the E-Commerce Law's 3 years of
transaction records are the longer measure [counsel]); an entry about money — a bill, a
payment, a deposit, a withdrawal, a recharge, a reconciliation — follows the books: 30 years
after the end of its fiscal year (会计档案管理办法 Art. 14). An entry a legal hold covers (its
target is named in `kept`) is never deleted while the hold holds. Deleting is the one
exception to "rows are only ever added", and only here.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from functools import reduce
from operator import or_

from django.db.models import Q

from zulin.core.dates import day_start

from .models import AuditEntry

AUDIT_YEARS = 3
BOOKS_YEARS = 30
# Entries about money: they follow the books' period, not the staff actions'.
MONEY_ACTIONS = (
    "bill.",
    "payment.",
    "withdrawal.",
    "risk_recharge.",
    "reconciliation",
    "order.deposit_",
    "order.settled_early",
    "finance.",
    "merchant.settlement",
    "ledger.",
)
MONEY_TARGETS = ("bill", "payment", "withdrawal", "risk_recharge", "reconciliation_mismatch")


def _years_before(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


def _money() -> Q:
    by_action = reduce(or_, (Q(action__startswith=prefix) for prefix in MONEY_ACTIONS))
    return by_action | Q(target_type__in=MONEY_TARGETS)


def _covered(kept: Iterable[tuple[str, Iterable[int | str]]]) -> Q | None:
    parts = [
        Q(target_type=target_type, target_id__in=[str(i) for i in ids])
        for target_type, ids in kept
        if ids
    ]
    return reduce(or_, parts) if parts else None


def audit_expired(
    today: date,
    *,
    kept: Iterable[tuple[str, Iterable[int | str]]] = (),
    years: int = AUDIT_YEARS,
) -> dict[str, int]:
    """Deletes (in the current schema) the entries past their period on `today` (a China
    day), except those whose target `kept` names (a legal hold's customer and their records):
    {"staff": n, "money": n}. Money entries go 30 years after the end of their fiscal year."""
    covered = _covered(list(kept))
    staff_before = day_start(_years_before(today, years))
    # A money entry of year Y is kept through the end of Y + 30 (the books' period runs from
    # the end of the fiscal year): deleted once created before 1 January of today's year - 30.
    books_before = day_start(date(today.year - BOOKS_YEARS, 1, 1))
    money = _money()
    staff = AuditEntry.objects.filter(created_at__lt=staff_before).exclude(money)
    books = AuditEntry.objects.filter(money, created_at__lt=books_before)
    if covered is not None:
        staff, books = staff.exclude(covered), books.exclude(covered)
    return {"staff": staff.delete()[0], "money": books.delete()[0]}
