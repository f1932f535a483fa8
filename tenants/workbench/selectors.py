from __future__ import annotations

from typing import Any

from tenants.accounts.selectors import flatten_menu, menu_tree
from zulin.core.auth import Session

from .models import ShortcutPin

DEFAULT_SHORTCUTS = 8


def shortcuts_for(*, session: Session, language: str) -> list[dict[str, Any]]:
    """The account's pinned entries that its role can still open; the first entries of its
    menu when nothing is pinned."""
    leaves = flatten_menu(
        menu_tree(platform_type=session.side, actions=session.actions, language=language)
    )
    by_id = {leaf["id"]: leaf for leaf in leaves}
    pinned = list(
        ShortcutPin.objects.filter(account_id=session.account.pk).values_list("menu_id", flat=True)
    )
    chosen = (
        [by_id[menu_id] for menu_id in pinned if menu_id in by_id]
        if pinned
        else leaves[:DEFAULT_SHORTCUTS]
    )
    return [{key: leaf[key] for key in ("id", "menu_name", "path", "menu_icon")} for leaf in chosen]
