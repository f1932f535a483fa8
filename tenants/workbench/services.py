from __future__ import annotations

from django.db import transaction

from tenants.accounts.selectors import flatten_menu, menu_tree
from zulin.core.auth import Session
from zulin.core.errors import field_error
from zulin.core.i18n import Text

from .models import ShortcutPin

MAX_SHORTCUTS = 12


def shortcuts_replace(*, session: Session, menu_ids: list[int]) -> None:
    if len(menu_ids) > MAX_SHORTCUTS or len(set(menu_ids)) != len(menu_ids):
        raise field_error(
            "menu_ids",
            Text("最多 {0} 个且不能重复", "at most {0} distinct entries").format(MAX_SHORTCUTS),
        )
    allowed = {
        leaf["id"]
        for leaf in flatten_menu(
            menu_tree(platform_type=session.side, actions=session.actions, language="zh")
        )
    }
    unknown = [menu_id for menu_id in menu_ids if menu_id not in allowed]
    if unknown:
        raise field_error(
            "menu_ids", Text("不在您的菜单中：{0}", "not in your menu: {0}").format(unknown)
        )
    with transaction.atomic():
        ShortcutPin.objects.filter(account_id=session.account.pk).delete()
        ShortcutPin.objects.bulk_create(
            ShortcutPin(account_id=session.account.pk, menu_id=menu_id, sort=index)
            for index, menu_id in enumerate(menu_ids)
        )
