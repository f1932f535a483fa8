"""Reads of the shop's customer service: settings, notices, templates, messages, the
blacklist, and the customers list that joins the orders', bills' and risk results' figures
(each read through that app's selectors)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import Count

from apps.billing.selectors import bills_of_orders, owed_by_order
from apps.orders.reads import (
    customer_order_groups,
    customer_order_values,
    customer_people,
    order_rows,
)
from apps.risk.selectors import order_risk_checks
from apps.subshops.selectors import return_addresses
from tenants.catalog.selectors import money
from zulin.audit.state import status_history
from zulin.core.auth import Session
from zulin.core.crypto import lookup_hash
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.pagination import page_of

from . import rules
from .models import (
    BlacklistEntry,
    BlacklistStatus,
    CustomerMessage,
    MessageStatus,
    MessageTemplate,
    ServiceNotice,
    ServiceSetting,
)

ID_CONTEXT = "customer.id_number"
PHONE_CONTEXT = "customer.phone"


# --- the blacklist (the intake asks is_blacklisted) ----------------------------------------


def is_blacklisted(*, id_number: str, phone: str = "") -> bool:
    """Whether the shop refuses this person: an active entry of their ID number, or of their
    phone."""
    hashes = [lookup_hash(id_number, context=ID_CONTEXT)]
    active = BlacklistEntry.objects.filter(status=BlacklistStatus.ACTIVE)
    if active.filter(id_number_hash__in=hashes).exists():
        return True
    return (
        bool(phone)
        and active.filter(phone_hash=lookup_hash(phone, context=PHONE_CONTEXT))
        .exclude(phone_hash="")
        .exists()
    )


def active_blacklist_hashes() -> set[str]:
    return set(
        BlacklistEntry.objects.filter(status=BlacklistStatus.ACTIVE).values_list(
            "id_number_hash", flat=True
        )
    )


def blacklist_row(entry: BlacklistEntry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "customer_id": entry.customer_id,
        "name": entry.name_masked,
        "id_number": entry.id_number_masked,
        "phone": entry.phone_masked,
        "status": entry.status,
        "reason": entry.reason,
        "created_by": entry.actor_name,
        "created_at": entry.created_at,
        "lift_reason": entry.lift_reason,
        "lifted_by": entry.lifted_by_name,
        "lifted_at": entry.lifted_at,
    }


def blacklist_page(*, status: str | None, page: int, page_size: int) -> dict[str, Any]:
    rows = BlacklistEntry.objects.order_by("-id")
    if status:
        rows = rows.filter(status=status)
    return page_of(rows, page=page, page_size=page_size, row=blacklist_row)


def person_blacklist(id_number_hash: str) -> list[dict[str, Any]]:
    """Every entry of one person, newest first, each with its history."""
    return [
        {**blacklist_row(e), "history": status_history(target_type="blacklist", target_id=e.pk)}
        for e in BlacklistEntry.objects.filter(id_number_hash=id_number_hash).order_by("-id")
    ]


# --- settings, notices, templates ----------------------------------------------------------


def service_setting() -> ServiceSetting:
    return ServiceSetting.objects.filter(pk=1).first() or ServiceSetting(pk=1)


def setting_values(setting: ServiceSetting) -> dict[str, Any]:
    return {"phone": setting.phone, "hours": setting.hours, "online_url": setting.online_url}


def notice_rows(*, visible_only: bool = False) -> list[dict[str, Any]]:
    rows = ServiceNotice.objects.order_by("sort", "id")
    if visible_only:
        rows = rows.filter(is_visible=True)
    return [
        {
            "id": n.pk,
            "title": n.title,
            "content": n.content,
            "is_visible": n.is_visible,
            "sort": n.sort,
        }
        for n in rows
    ]


def template_rows(*, active_only: bool = False) -> list[dict[str, Any]]:
    """The platform's templates first, then the shop's own (`shop:<id>`)."""
    rows: list[dict[str, Any]] = [
        {
            "code": t.code,
            "id": None,
            "name": t.name,
            "name_en": t.name_en,
            "content": t.content,
            "is_active": True,
            "platform": True,
            "variables": rules.placeholders(t.content),
        }
        for t in rules.PLATFORM_TEMPLATES
    ]
    own = MessageTemplate.objects.order_by("sort", "id")
    if active_only:
        own = own.filter(is_active=True)
    rows += [
        {
            "code": f"{rules.SHOP_TEMPLATE_PREFIX}{t.pk}",
            "id": t.pk,
            "name": t.name,
            "name_en": t.name,
            "content": t.content,
            "is_active": t.is_active,
            "platform": False,
            "variables": rules.placeholders(t.content),
        }
        for t in own
    ]
    return rows


def template_find(code: str) -> tuple[str, str] | None:
    """(name, content) of an active template by its code, or None."""
    if code in rules.PLATFORM_CODES:
        found = rules.PLATFORM_CODES[code]
        return found.name, found.content
    if code == rules.PAYMENT_LINK_TEMPLATE.code:
        link = rules.PAYMENT_LINK_TEMPLATE
        return link.name, link.content
    if code.startswith(rules.SHOP_TEMPLATE_PREFIX) and code[5:].isdigit():
        own = MessageTemplate.objects.filter(pk=int(code[5:]), is_active=True).first()
        if own is not None:
            return own.name, own.content
    return None


def base_info() -> dict[str, Any]:
    """getBaseInfo: the settings, notices, templates and variables; the after-sale address
    is the shop's return address (read where it is kept)."""
    setting = service_setting()
    return {
        **setting_values(setting),
        "updated_at": setting.updated_at,
        "notices": notice_rows(),
        "templates": template_rows(),
        "variables": [
            {"name": name, "label": zh, "label_en": en}
            for name, (zh, en) in rules.VARIABLES.items()
        ],
        "return_addresses": return_addresses(),
        "limits": {"per_hour": rules.MESSAGES_PER_HOUR, "per_day": rules.MESSAGES_PER_DAY},
    }


def customer_facing_info() -> dict[str, Any]:
    """What the shop's customer-facing app shows: the service phone, hours and link, the
    visible notices in order, and where goods go back (the default return address)."""
    setting = service_setting()
    addresses = return_addresses()
    address = next((a for a in addresses if a["is_default"]), addresses[0] if addresses else None)
    return {
        **setting_values(setting),
        "notices": [
            {"title": n["title"], "content": n["content"]} for n in notice_rows(visible_only=True)
        ],
        "after_sale_address": address,
    }


# --- messages -----------------------------------------------------------------------------


def message_row(message: CustomerMessage) -> dict[str, Any]:
    return {
        "id": message.pk,
        "order_id": message.order_id,
        "order_no": message.order_no,
        "phone": message.phone_masked,
        "template_code": message.template_code,
        "template_name": message.template_name,
        "text": message.text,
        "status": message.status,
        "failure_reason": message.failure_reason,
        "actor": message.actor_name,
        "created_at": message.created_at,
        "sent_at": message.sent_at,
    }


def messages_counted(customer_hash: str, since: Any) -> int:
    """Messages to one customer since `since` that count against the throttle (sending or
    sent; one the gateway refused does not)."""
    return CustomerMessage.objects.filter(
        customer_hash=customer_hash,
        created_at__gte=since,
        status__in=[MessageStatus.SENDING, MessageStatus.SENT],
    ).count()


def order_messages(order_id: int) -> list[dict[str, Any]]:
    return [message_row(m) for m in CustomerMessage.objects.filter(order_id=order_id)[:100]]


# --- customers ----------------------------------------------------------------------------


def customer_page(
    *,
    session: Session,
    keyword: str = "",
    overdue_only: bool = False,
    blacklisted: bool | None = None,
    page: int,
    page_size: int,
) -> dict[str, Any]:
    """One row per customer with an order the session may see, newest order first: their
    orders (and how many are overdue), what they owe and what of it is past due, their
    latest risk grade, the messages sent to them and whether the shop refuses them."""
    groups = customer_order_groups(session=session, keyword=keyword, overdue_only=overdue_only)
    if blacklisted is not None:
        listed = active_blacklist_hashes()
        key = "customer__id_number_hash__in"
        groups = groups.filter(**{key: listed}) if blacklisted else groups.exclude(**{key: listed})
    answer = page_of(groups, page=page, page_size=page_size)
    answer["list"] = customer_rows(session, answer["list"])
    return answer


def customer_rows(session: Session, groups: list[dict[str, Any]]) -> list[dict[str, Any]]:
    ids = [g["customer_id"] for g in groups]
    people = customer_people(ids)
    orders = customer_order_values(session=session, customer_ids=ids)
    owed = owed_by_order([o["id"] for o in orders])
    listed = active_blacklist_hashes()
    sent = dict(
        CustomerMessage.objects.filter(customer_id__in=ids, status=MessageStatus.SENT)
        .order_by()
        .values("customer_id")
        .annotate(n=Count("id"))
        .values_list("customer_id", "n")
    )
    zero = Decimal("0.00")
    rows = []
    for group in groups:
        person = people[group["customer_id"]]
        mine = [o for o in orders if o["customer_id"] == group["customer_id"]]
        grade = next((o["risk_grade"] for o in mine if o["risk_grade"]), "")
        rows.append(
            {
                "id": person["id"],
                "name": person["name"],
                "phone": person["phone"],
                "id_number": person["id_number"],
                "orders": group["orders"],
                "overdue_orders": group["overdue_orders"],
                "owed": money(sum((owed.get(o["id"], {}).get("owed", zero) for o in mine), zero)),
                "overdue": money(
                    sum((owed.get(o["id"], {}).get("overdue", zero) for o in mine), zero)
                ),
                "risk_grade": grade,
                "messages": sent.get(person["id"], 0),
                "blacklisted": person["id_number_hash"] in listed,
                "last_order_at": group["last_order_at"],
                "first_order_at": group["first_order_at"],
            }
        )
    return rows


def customer_detail(*, session: Session, customer_id: int) -> dict[str, Any]:
    """One customer (with an order the session may see; NOT_FOUND otherwise): their orders,
    bills, risk results, messages and blacklist entries."""
    orders = customer_order_values(session=session, customer_ids=[customer_id])
    if not orders:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    person = customer_people([customer_id])[customer_id]
    order_ids = [o["id"] for o in orders]
    row = customer_rows(
        session,
        [
            {
                "customer_id": customer_id,
                "orders": len(orders),
                "overdue_orders": sum(1 for o in orders if o["overdue_since"]),
                "first_order_at": min(o["created_at"] for o in orders),
                "last_order_at": max(o["created_at"] for o in orders),
            }
        ],
    )[0]
    checks = [check for order_id in order_ids[:50] for check in order_risk_checks(order_id)]
    checks.sort(key=lambda c: c["created_at"], reverse=True)
    messages = CustomerMessage.objects.filter(customer_id=customer_id, order_id__in=order_ids)
    return {
        **row,
        "orders_list": order_rows(orders[:100]),
        "bills": bills_of_orders(order_ids),
        "risk_checks": checks,
        "messages_list": [message_row(m) for m in messages[:100]],
        "blacklist": person_blacklist(person["id_number_hash"]),
    }
