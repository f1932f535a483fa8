"""Who keeps figures of their own from the merchant's journals on an order.

A domain that keeps a figure read from the ledger (the asset report's collected money per
unit, `apps.assets.figures`) registers a listener when its app is ready: the platform
package cannot import the domains (core ← tenants ← apps). `_post` calls each listener with
the journal just written on an order, inside the posting's transaction, so the kept figure
changes with the money or not at all. A replayed posting (its reference already written)
calls nothing: nothing moved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Journal

_LISTENERS: dict[str, Callable[[Journal], None]] = {}


def order_journal_listener_register(name: str, listener: Callable[[Journal], None]) -> None:
    _LISTENERS[name] = listener


def order_journal_posted(journal: Journal) -> None:
    """Called by `_post` for a new journal of a merchant's book that names an order."""
    for listener in list(_LISTENERS.values()):
        listener(journal)
