"""Reads of the public schema: accounts, roles, actions and the menu tree."""

from __future__ import annotations

import functools
from typing import Any

from django.core.cache import cache
from django.db.models import Prefetch, Q, QuerySet

from zulin.core.cache import role_actions_key
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text, pick
from zulin.core.pagination import page_of
from zulin.core.sides import PlatformType

from .catalogue import ROLE_NAMES_EN
from .models import Account, Action, ApiKey, Menu, PrivacyPolicy, Role

ROLE_ACTIONS_SECONDS = 600

# The role of every merchant's owner account (every action of the store side).
OWNER_ROLE_CODE = "owner"


def role_actions(role_id: int) -> frozenset[str]:
    """The action codes of a role, cached; `role_actions_forget` drops the entry on change."""
    key = role_actions_key(role_id)
    cached = cache.get(key)
    if cached is None:
        cached = sorted(Action.objects.filter(roles__id=role_id).values_list("code", flat=True))
        cache.set(key, cached, ROLE_ACTIONS_SECONDS)
    return frozenset(cached)


def role_actions_forget(role_id: int) -> None:
    cache.delete(role_actions_key(role_id))


def account_roles(account: Account) -> list[Role]:
    return list(account.roles.order_by("sort", "id"))


def account_role_summaries(account: Account) -> list[dict[str, Any]]:
    """The account's roles, cached under its token version: every change of an account's
    roles bumps that version, which also retires the cached list. A session's account
    carries them already (its cached session state, tenants.accounts.auth)."""
    carried = getattr(account, "role_summaries", None)
    if carried is not None:
        return list(carried)
    key = f"global:account_roles:{account.pk}:{account.token_version}"
    cached = cache.get(key)
    if cached is None:
        cached = [role_summary(role) for role in account_roles(account)]
        cache.set(key, cached, ROLE_ACTIONS_SECONDS)
    return list(cached)


def role_summary(role: Role) -> dict[str, Any]:
    """A role as stored (its Chinese name): what sessions and caches keep; answers show
    `role_out(...)` of it."""
    return {"id": role.pk, "code": role.code, "name": role.name}


def role_out(summary: dict[str, Any]) -> dict[str, Any]:
    """A role summary with its name in the request's language (every role is a system role
    of the access catalogue, named there in both languages)."""
    english = ROLE_NAMES_EN.get(summary["code"])
    if english is None:
        return summary
    return {**summary, "name": pick(Text(summary["name"], english))}


def menu_tree(*, platform_type: int, actions: frozenset[str], language: str) -> list[dict]:
    """The menu of one side for a set of actions. Menus change only with the access
    catalogue (a migration shipped with a deploy), so each process keeps the trees it has
    built and answers them as they are: callers read them, never change them (a deep copy
    per request cost a fifth of getLoginUserInfo's time)."""
    return _menu_tree_memo(platform_type, actions, language)


@functools.lru_cache(maxsize=256)
def _menu_tree_memo(platform_type: int, actions: frozenset[str], language: str) -> list[dict]:
    return _build_menu_tree(platform_type=platform_type, actions=actions, language=language)


def _build_menu_tree(*, platform_type: int, actions: frozenset[str], language: str) -> list[dict]:
    """The menu of one side as the chosen role sees it.

    An entry that needs an action is kept only when the role has it; a group ('#') is kept
    only when something under it is.
    """
    entries = list(
        Menu.objects.filter(platform_type=platform_type)
        .select_related("action")
        .order_by("sort", "id")
    )
    nodes: dict[int, dict[str, Any]] = {}
    for entry in entries:
        nodes[entry.pk] = {
            "id": entry.pk,
            "menu_name": (entry.menu_name_en or entry.menu_name)
            if language == "en"
            else entry.menu_name,
            "path": entry.path,
            "menu_icon": entry.menu_icon,
            "menu_pid": entry.parent_id or 0,
            "sort": entry.sort,
            "children": [],
            "_allowed": entry.action is None or entry.action.code in actions,
        }
    roots: list[dict[str, Any]] = []
    for entry in entries:
        node = nodes[entry.pk]
        parent = nodes.get(entry.parent_id) if entry.parent_id else None
        (parent["children"] if parent else roots).append(node)
    return _prune(roots)


def _prune(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    kept = []
    for node in nodes:
        node["children"] = _prune(node["children"])
        allowed = node.pop("_allowed")
        is_group = node["path"] == "#"
        if allowed and (not is_group or node["children"]):
            kept.append(node)
    return kept


def flatten_menu(tree: list[dict[str, Any]]) -> list[dict[str, Any]]:
    leaves: list[dict[str, Any]] = []
    for node in tree:
        if node["children"]:
            leaves.extend(flatten_menu(node["children"]))
        elif node["path"] != "#":
            leaves.append(node)
    return leaves


def current_privacy_policy() -> PrivacyPolicy | None:
    return PrivacyPolicy.objects.order_by("-published_at").first()


def of_merchant(merchant_id: int | None) -> Q:
    """Rows of one merchant, or the platform's own rows (merchant NULL) for None."""
    return Q(merchant_id=merchant_id) if merchant_id is not None else Q(merchant__isnull=True)


def find_account(*, platform_type: int, merchant_id: int | None, username: str) -> Account | None:
    return Account.objects.filter(
        of_merchant(merchant_id), platform_type=platform_type, username=username
    ).first()


def account_exists(*, merchant: Any, username: str) -> bool:
    """Whether `merchant` (None: the platform) has an account named `username`."""
    return Account.objects.filter(
        of_merchant(merchant.pk if merchant else None), username=username
    ).exists()


def account_reader_name(account_id: int) -> str | None:
    """The name of an account that may still sign in, for the audit entry of a signed file
    link's read (zulin.files); None once the account is disabled or gone."""
    row = (
        Account.objects.filter(pk=account_id, is_active=True)
        .values_list("name", "username")
        .first()
    )
    if row is None:
        return None
    return row[0] or row[1]


# --- staff (both sides' staff screens) ------------------------------------------------------


def account_row(account: Account) -> dict[str, Any]:
    return {
        "id": account.pk,
        "username": account.username,
        "name": account.name,
        "phone": account.phone,
        "status": "active" if account.is_active else "disabled",
        "last_login_at": account.last_login_at,
        "created_at": account.created_at,
    }


def staff_row(account: Account) -> dict[str, Any]:
    return {
        **account_row(account),
        "roles": [role_out(role_summary(role)) for role in account.roles.all()],  # prefetched
    }


def with_roles(queryset: QuerySet[Account]) -> QuerySet[Account]:
    """Accounts with their roles in the order sign-in offers them (one query for a page)."""
    return queryset.prefetch_related(
        Prefetch("roles", queryset=Role.objects.order_by("sort", "id"))
    )


def staff_page(
    queryset: QuerySet[Account],
    *,
    keyword: str = "",
    role: str | None = None,
    status: str | None = None,
    page: int = 1,
    page_size: int = 20,
) -> dict[str, Any]:
    """A page of staff rows, newest first: `keyword` in username, name or phone; one role;
    'active' or 'disabled'."""
    keyword = keyword.strip()
    if keyword:
        queryset = queryset.filter(
            Q(username__icontains=keyword)
            | Q(name__icontains=keyword)
            | Q(phone__icontains=keyword)
        )
    if role:
        queryset = queryset.filter(roles__code=role)
    if status:
        queryset = queryset.filter(is_active=status == "active")
    return page_of(
        queryset.order_by("-created_at", "-id"), page=page, page_size=page_size, row=staff_row
    )


def platform_accounts() -> QuerySet[Account]:
    """Every sign-in of the platform side (admins included: the screen shows all its people)."""
    return with_roles(Account.objects.filter(platform_type=PlatformType.ADMIN, merchant=None))


def platform_staff_list(
    *,
    keyword: str = "",
    role: str | None = None,
    status: str | None = None,
    page: int = 1,
    page_size: int = 20,
) -> dict[str, Any]:
    return staff_page(
        platform_accounts(),
        keyword=keyword,
        role=role,
        status=status,
        page=page,
        page_size=page_size,
    )


def platform_staff_get(*, account_id: int) -> Account:
    account = platform_accounts().filter(pk=account_id).first()
    if account is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return account


def roles_grant(*, platform_type: int, role_codes: list[str], action: str) -> bool:
    """Whether any of these system roles of a side holds `action`."""
    return Role.objects.filter(
        platform_type=platform_type, merchant=None, code__in=role_codes, actions__code=action
    ).exists()


def roles_actions(*, roles: list[Role]) -> set[str]:
    """Every action the given roles hold together."""
    return set(Action.objects.filter(roles__in=roles).values_list("code", flat=True))


def store_accounts_with_role(*, merchant_id: int, role_code: str) -> list[dict[str, Any]]:
    """The merchant's active sign-ins holding a system role (e.g. its collectors), oldest
    first: id, username, name."""
    return [
        dict(row)
        for row in Account.objects.filter(
            merchant_id=merchant_id,
            platform_type=1,
            is_active=True,
            roles__code=role_code,
            roles__merchant=None,
        )
        .order_by("id")
        .distinct()
        .values("id", "username", "name")
    ]


def store_accounts_with_action(*, merchant_id: int, action: str) -> list[dict[str, Any]]:
    """The merchant's active shop-wide sign-ins (no sub-shop's) whose roles hold `action`,
    oldest first: id, username, name."""
    return [
        dict(row)
        for row in Account.objects.filter(
            merchant_id=merchant_id,
            platform_type=1,
            is_active=True,
            sub_shop_id=None,
            roles__actions__code=action,
        )
        .order_by("id")
        .distinct()
        .values("id", "username", "name")
    ]


def api_key_status(row: Any, now: Any) -> str:
    if row.revoked_at is not None:
        return "revoked"
    if row.expires_at is not None and row.expires_at <= now:
        return "expired"
    return "active"


API_KEYS_LISTED = 200


def api_keys_of(*, merchant_id: int, sub_shop_id: int | None) -> list[ApiKey]:
    """A merchant's API keys, newest first (a sub-shop's account: its sub-shop's alone)."""
    rows = ApiKey.objects.filter(merchant_id=merchant_id)
    if sub_shop_id is not None:
        rows = rows.filter(sub_shop_id=sub_shop_id)
    return list(rows.order_by("-id")[:API_KEYS_LISTED])


def api_key_out(key: Any, sub_shop_name: str, now: Any) -> dict[str, Any]:
    return {
        "id": key.pk,
        "name": key.name,
        "prefix": key.prefix,
        "scopes": list(key.scopes),
        "sub_shop_id": key.sub_shop_id,
        "sub_shop_name": sub_shop_name,
        "status": api_key_status(key, now),
        "expires_at": key.expires_at,
        "last_used_at": key.last_used_at,
        "use_count": key.use_count,
        "created_by": key.created_by_name,
        "created_at": key.created_at,
        "revoked_at": key.revoked_at,
        "rolled_from_id": key.rolled_from_id,
    }
