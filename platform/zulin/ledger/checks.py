"""Checks that span books, registered by the domains that know them.

`manage.py ledger_check --all` proves each schema's ledger alone (`selectors.ledger_check`)
and then runs every check registered here. The platform package cannot import the domains
(core ← tenants ← apps), so a domain registers its check when its app is ready: the
merchants' books against the platform's sub-ledger of each merchant
(`tenants.finance.agreement`).
"""

from __future__ import annotations

from collections.abc import Callable

# name -> a function answering every problem it finds (none: [])
_CROSS_BOOK_CHECKS: dict[str, Callable[[], list[str]]] = {}


def cross_book_check_register(name: str, check: Callable[[], list[str]]) -> None:
    _CROSS_BOOK_CHECKS[name] = check


def cross_book_checks() -> dict[str, Callable[[], list[str]]]:
    return dict(_CROSS_BOOK_CHECKS)
