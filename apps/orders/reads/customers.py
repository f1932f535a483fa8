"""A merchant's customers as other apps read them: their orders, people and contact."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, F, Max, Min, Q, QuerySet

from zulin.core.auth import Session
from zulin.core.crypto import lookup_hash, mask_id_number, mask_name, mask_phone

from ..models import Customer, Order
from ..projection import customer_masked
from ..scope import order_in_scope, visible_orders
from ..selectors import (
    LIST_COLUMNS,
)


def customer_order_groups(
    *, session: Session | None, keyword: str = "", overdue_only: bool = False
) -> QuerySet[Any]:
    """One row per customer with an order the session may see: `customer_id`, `orders`
    (count), `overdue_orders`, `first_order_at`, `last_order_id`, `last_order_at`; the
    newest order placed first. `keyword`: a name (part of it), a phone, an ID number or an
    order number."""
    orders = visible_orders(session)
    keyword = keyword.strip()
    if keyword:
        orders = orders.filter(
            Q(customer__name__icontains=keyword)
            | Q(customer__phone=keyword)
            | Q(customer__id_number_hash=lookup_hash(keyword, context="customer.id_number"))
            | Q(order_no=keyword.upper())
        )
    groups = (
        orders.order_by()
        .values("customer_id")
        .annotate(
            orders=Count("id"),
            overdue_orders=Count("id", filter=Q(overdue_since__isnull=False)),
            first_order_at=Min("created_at"),
            last_order_id=Max("id"),
            last_order_at=Max("created_at"),
        )
    )
    if overdue_only:
        groups = groups.filter(overdue_orders__gt=0)
    return groups.order_by("-last_order_at", "-last_order_id")


def customer_people(ids: list[int]) -> dict[int, dict[str, Any]]:
    """Customers by id, masked as every screen shows them, with the ID number's lookup hash
    (never answered: it finds their blacklist entries and messages)."""
    rows = Customer.objects.filter(pk__in=ids)
    shown = {c.pk: customer_masked(c.name, c.phone, restricted=c.restricted) for c in rows}
    return {
        c.pk: {
            "id": c.pk,
            "name": shown[c.pk][0],
            "phone": shown[c.pk][1],
            "id_number": mask_id_number(c.id_number),
            "id_number_hash": c.id_number_hash,
            "phone_hash": lookup_hash(c.phone, context="customer.phone"),
        }
        for c in rows
    }


def customer_order_values(
    *, session: Session | None, customer_ids: list[int]
) -> list[dict[str, Any]]:
    """Every order of these customers the session may see (list columns plus `customer_id`),
    newest first."""
    return list(
        visible_orders(session)
        .filter(customer_id__in=customer_ids)
        .order_by("-id")
        .values(*LIST_COLUMNS, "customer_id")
    )


def customer_identity(customer_id: int) -> dict[str, str] | None:
    """The customer's ID number and phone, for a service that keeps only their hashes (the
    blacklist); None when there is no such customer."""
    found = Customer.objects.filter(pk=customer_id).first()
    if found is None:
        return None
    return {"name": found.name, "id_number": found.id_number, "phone": found.phone}


def order_contact(*, session: Session | None, order_id: int) -> dict[str, Any]:
    """What a message to the order's customer needs (an order within the session's scope,
    NOT_FOUND otherwise): the customer's name and phone in full (for the gateway only),
    masked, and the order's facts its templates fill in."""
    order = order_in_scope(session, order_id)
    customer = order.customer
    return {
        "order_id": order.pk,
        "order_no": order.order_no,
        "status": order.status,
        "sub_shop_id": order.sub_shop_id,
        "goods_title": order.goods_title,
        "lease_end": order.lease_end,
        "customer_id": customer.pk,
        "customer_hash": customer.id_number_hash,
        "id_number": customer.id_number,
        "name": customer.name,
        "phone": customer.phone,
        "name_masked": mask_name(customer.name),
        "phone_masked": mask_phone(customer.phone),
    }


def order_ids_of_customer(customer_id: int) -> QuerySet[Any]:
    """The ids of a customer's orders, as a subquery (the reminders they got today)."""
    return Order.objects.filter(customer_id=customer_id).values("pk")


def customer_ids_matching(keyword: str) -> QuerySet[Any]:
    """Ids of the customers a keyword names (part of a name, a phone, an ID number), as a
    subquery (the recovery list's search)."""
    keyword = keyword.strip()
    return Customer.objects.filter(
        Q(name__icontains=keyword)
        | Q(phone=keyword)
        | Q(id_number_hash=lookup_hash(keyword, context="customer.id_number"))
    ).values("pk")


def customer_ids_by(*, phone: str = "", id_number: str = "") -> list[int]:
    """The customers an exact phone or ID number names (a privacy request's subject), the
    live before the erased, then oldest first: one ID number names at most one live customer
    (and the rows of a person erased before they came back), a phone may name several."""
    if id_number:
        rows = Customer.objects.filter(
            id_number_hash=lookup_hash(id_number, context="customer.id_number")
        )
    elif phone:
        rows = Customer.objects.filter(phone=phone.strip())
    else:
        return []
    return list(
        rows.order_by(F("erased_at").asc(nulls_first=True), "pk").values_list("pk", flat=True)
    )


def customer_ids_oldest(limit: int) -> list[int]:
    """The shop's first customers' ids (the demo's privacy requests name them)."""
    return list(Customer.objects.order_by("pk").values_list("pk", flat=True)[:limit])
