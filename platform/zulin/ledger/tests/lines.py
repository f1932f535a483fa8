"""The ledger's own tests of its low-level poster: hand-built lines, posted the way the rule
entry (`post_event`) posts them. Only the ledger may do this; a test holds that no module
outside it does (`tests/test_posting_entry.py`)."""

from __future__ import annotations

from typing import Any

from zulin.ledger.models import Journal
from zulin.ledger.services import Line, _by_rule, _lines_post

__all__ = ["Line", "ledger_post"]


def ledger_post(**kwargs: Any) -> Journal:
    with _by_rule():
        return _lines_post(**kwargs)
