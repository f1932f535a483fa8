"""Orders' published reads: what other apps may read of a merchant's orders (import-linter
holds it: another app imports of `apps.orders` only this module, `scope`, `outcomes`,
`events`, `models`, `machine`, the schemas, `services`, `intake_auth`, `governance` and the
demo). Each read answers plain rows or figures, never a model another app could write
through; the lists and the order's own page stay in `selectors.py`. A few reads live where
they are computed (guards, termination, shipping, waybills) and are published here by name."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.db.models import Count, Max, Min, Q, QuerySet, Subquery

from apps.assets.order_facts import OrderFact
from apps.goods.selectors import fineness_name
from apps.risk.selectors import credit_query_times, order_risk_checks
from tenants.catalog.selectors import money
from tenants.dashboard.figures import DEAL_STATUSES, deal_value_sum
from tenants.orders.rules import STATUS_LABELS
from zulin.core.auth import Session
from zulin.core.crypto import lookup_hash, mask_id_number, mask_phone
from zulin.core.dates import day_start
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.numbers import id_from_text
from zulin.core.pagination import page_of

from . import machine, rules
from .guards import buyout_allowed as buyout_allowed
from .guards import order_setting as order_setting
from .guards import withhold_refusal as withhold_refusal
from .models import (
    AfterSale,
    Order,
    OrderKind,
)
from .personal import CustomerFacts as CustomerFacts
from .personal import customer_facts as customer_facts
from .personal import person_suppressed as person_suppressed
from .projection import customer_masked, mask_name
from .scope import order_in_scope, visible_orders
from .selectors import (
    LIST_COLUMNS,
    OrderFilters,
    filtered_orders,
    list_order,
    shipment_rows,
    timeline,
)
from .selectors import account_names as account_names
from .selectors import order_detail_of as order_detail_of
from .selectors import order_device as order_device
from .selectors import order_rows as order_rows
from .shipping import order_tracking as order_tracking
from .termination import Terms as Terms
from .termination import min_term_end as min_term_end
from .termination import order_terms as order_terms
from .termination import termination_fee as termination_fee
from .waybill_selectors import SHIPMENT_TODOS as SHIPMENT_TODOS
from .waybill_selectors import order_shipments as order_shipments
from .waybill_selectors import shipment_todo_counts as shipment_todo_counts


def orders_risk_unchecked_count() -> int:
    """Orders waiting for a manual audit whose risk the intake could not check because the
    prepaid risk balance was short (the workbench warns of them)."""
    return Order.objects.filter(
        is_deleted=False,
        status=machine.AWAITING_AUDIT,
        risk_decision=rules.RISK_BALANCE_SHORT,
    ).count()


def awaiting_audit_order_ids(limit: int) -> list[int]:
    """The newest lease orders waiting for the auditor (the demo checks their risk again)."""
    rows = Order.objects.filter(is_deleted=False, status=machine.AWAITING_AUDIT).order_by("-id")
    return list(rows.values_list("pk", flat=True)[:limit])


def signed_lease_order_ids(limit: int) -> list[int]:
    """The oldest lease orders whose contract is signed (the demo notarizes some)."""
    rows = Order.objects.filter(
        is_deleted=False, kind=OrderKind.LEASE, contracts__status="signed"
    ).order_by("id")
    return list(rows.values_list("pk", flat=True).distinct()[:limit])


def order_notary_subject(*, session: Session | None, order_id: int) -> dict[str, Any]:
    """What notarizing the order needs, within the session's order scope (NOT_FOUND
    outside it): its number and status, the customer in full, the file ids of the ID card
    pictures and the newest contract that is not void (None before there is one)."""
    order = order_in_scope(session, order_id)
    customer = order.customer
    contract = order.contracts.exclude(status="void").order_by("-version").first()
    return {
        "id": order.pk,
        "order_no": order.order_no,
        "kind": order.kind,
        "status": order.status,
        "customer_name": customer.name,
        "customer_phone": customer.phone,
        "customer_id_number": customer.id_number,
        "id_card_front": int(customer.id_card_front) if customer.id_card_front else None,
        "id_card_back": int(customer.id_card_back) if customer.id_card_back else None,
        "device": order_device(order.pk),
        "contract": None
        if contract is None
        else {
            "contract_no": contract.contract_no,
            "status": contract.status,
            "sha256": contract.sha256,
            "file_id": int(contract.file_key),
        },
    }


def order_credit_query_times(*, session: Session, order_id: int, days: int) -> dict[str, Any]:
    """How often the shop queried the credit of the order's customer (within the session's
    order scope), and what the bureau counted."""
    order = order_in_scope(session, order_id)
    person = lookup_hash(order.customer.id_number, context="credit.id_number")
    return {"order_id": order.pk, **credit_query_times(id_number_hash=person, days=days)}


# --- orders placed through promotion share links (apps.promotion reads them here) ----------


def share_link_order_figures(link_ids: list[int]) -> dict[int, dict[str, Any]]:
    """Per share link: the orders placed through it, the deals among them and their value,
    one SQL aggregate; a deal and its value as the data centre counts them
    (`tenants.dashboard.figures`)."""
    rows = (
        Order.objects.filter(is_deleted=False, share_link_id__in=link_ids)
        .values("share_link_id")
        .annotate(
            orders=Count("id"),
            deals=Count("id", filter=Q(status__in=DEAL_STATUSES)),
            deal_value=deal_value_sum(),
        )
    )
    return {
        row["share_link_id"]: {
            "orders": row["orders"],
            "deals": row["deals"],
            "deal_value": row["deal_value"] or Decimal("0.00"),
        }
        for row in rows
    }


def share_link_order_page(
    *, session: Session | None, share_link_id: int, page: int, page_size: int
) -> dict[str, Any]:
    """The orders placed through one share link that this session may see, newest first."""
    filtered = (
        visible_orders(session)
        .filter(share_link_id=share_link_id)
        .order_by(*list_order(oldest_first=False))
    )
    answer = page_of(
        filtered.values(*LIST_COLUMNS), page=page, page_size=page_size, counted=filtered
    )
    answer["list"] = order_rows(answer["list"])
    return answer


# --- credit reporting (apps.credit reads a lease through these) ------------------------------

CREDIT_FINAL_STATUSES = ("completed", "bought_out", "closed", "refunded", "cancelled")


def _credit_facts(order: Order) -> dict[str, Any]:
    signed = order.contracts.filter(status="signed").order_by("-version").first()
    return {
        "id": order.pk,
        "order_no": order.order_no,
        "kind": order.kind,
        "status": order.status,
        "sub_shop_id": order.sub_shop_id,
        "customer_name": order.customer.name,
        "customer_id_number": order.customer.id_number,
        "term": order.term,
        "term_unit": order.term_unit,
        "total_rent": order.total_rent,
        "lease_start": order.lease_start,
        "lease_end": order.lease_end,
        "started": order.lease_start is not None and order.delivered_at is not None,
        "final": order.status in CREDIT_FINAL_STATUSES,
        "finished_at": order.finished_at,
        "contract_no": signed.contract_no if signed is not None else "",
    }


def order_credit_facts(*, session: Session | None, order_id: int) -> dict[str, Any]:
    """What credit reporting reads of a lease in the session's scope (404 otherwise): the
    customer's identity in full (the bureau needs it), its terms, dates and signed contract."""
    return _credit_facts(order_in_scope(session, order_id))


def credit_started_lease_ids(*, changed_since: Any = None) -> list[int]:
    """Leases the customer has received (their credit account can open), changed since."""
    found = Order.objects.filter(
        kind="lease", is_deleted=False, lease_start__isnull=False, delivered_at__isnull=False
    )
    if changed_since is not None:
        found = found.filter(updated_at__gte=changed_since)
    return list(found.order_by("id").values_list("pk", flat=True))


# --- customers (read by apps.service: the customers list, its detail, messages) ------------


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
    from .models import Customer

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
    from .models import Customer

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


# --- the data centre (apps.dashboard) ----------------------------------------------------


def orders_for_figures(*, sub_shop_id: int | None = None, kind: str | None = None) -> Any:
    """The shop's orders (deleted ones left out; a sub-shop's only, when given), for the
    data centre's sums (`tenants.dashboard.figures`)."""
    orders = Order.objects.filter(is_deleted=False)
    if sub_shop_id is not None:
        orders = orders.filter(sub_shop_id=sub_shop_id)
    return orders if kind is None else orders.filter(kind=kind)


def order_ids_of_sub_shop(sub_shop_id: int) -> Any:
    """The ids of a sub-shop's orders, as a subquery (its journals in the ledger)."""
    return Order.objects.filter(sub_shop_id=sub_shop_id).values("pk")


def order_todo_counts(*, session: Session, todos: list[str]) -> dict[str, int]:
    """The workbench's order to-dos (`ORDER_TODOS`) the session sees: each the total of the
    list its figure opens (the same selection, `filtered_orders`), of a sub-shop's account
    its own sub-shop's."""
    sub_shops_only = session.sub_shop_id is not None
    return {
        todo: filtered_orders(
            session, None, OrderFilters(todo=todo, sub_shops_only=sub_shops_only)
        ).count()
        for todo in todos
    }


# --- recovery (apps.recovery) ----------------------------------------------------------------


def recovery_list_facts(order_ids: list[int]) -> dict[int, dict[str, str]]:
    """What a recovery list's row shows of its order: the customer masked and the goods."""
    rows = Order.objects.filter(pk__in=order_ids).values_list(
        "pk", "customer__name", "customer__phone", "goods_title"
    )
    return {
        pk: {
            "customer_name": mask_name(name),
            "customer_phone": mask_phone(phone),
            "goods_title": title,
        }
        for pk, name, phone, title in rows
    }


def order_stage_of(order_id: Any) -> Subquery:
    """The stage (the order list's tab) of the order `order_id` names (an `OuterRef` of
    another app's query): recovery counts its cases by the list their orders are in."""
    return Subquery(Order.objects.filter(pk=order_id).values("stage")[:1])


def recovery_order_facts(order_ids: Any) -> dict[int, dict[str, Any]]:
    """What a recovery case keeps and shows of its orders: number, sub-shop, the customer
    (masked, with the ID number's lookup hash), the goods, status and stage, and whether the
    order was deleted. `order_ids`: a list or a subquery."""
    rows = Order.objects.filter(pk__in=order_ids).values(
        "pk",
        "order_no",
        "kind",
        "sub_shop_id",
        "customer_id",
        "customer__id_number_hash",
        "customer__name",
        "customer__phone",
        "goods_title",
        "status",
        "stage",
        "is_deleted",
        "lease_start",
        "lease_end",
        "term",
        "rent",
    )
    return {
        row["pk"]: {
            "order_id": row["pk"],
            "order_no": row["order_no"],
            "kind": row["kind"],
            "sub_shop_id": row["sub_shop_id"],
            "customer_id": row["customer_id"],
            "customer_hash": row["customer__id_number_hash"],
            "customer_name": mask_name(row["customer__name"]),
            "customer_phone": mask_phone(row["customer__phone"]),
            "goods_title": row["goods_title"],
            "status": row["status"],
            "status_name": STATUS_LABELS.get(row["status"], row["status"]),
            "stage": row["stage"],
            "is_deleted": row["is_deleted"],
            "lease_start": row["lease_start"],
            "lease_end": row["lease_end"],
            "term": row["term"],
            "rent": row["rent"],
        }
        for row in rows
    }


def order_ids_of_customer(customer_id: int) -> QuerySet[Any]:
    """The ids of a customer's orders, as a subquery (the reminders they got today)."""
    return Order.objects.filter(customer_id=customer_id).values("pk")


def customer_ids_matching(keyword: str) -> QuerySet[Any]:
    """Ids of the customers a keyword names (part of a name, a phone, an ID number), as a
    subquery (the recovery list's search)."""
    from .models import Customer

    keyword = keyword.strip()
    return Customer.objects.filter(
        Q(name__icontains=keyword)
        | Q(phone=keyword)
        | Q(id_number_hash=lookup_hash(keyword, context="customer.id_number"))
    ).values("pk")


def customer_ids_by(*, phone: str = "", id_number: str = "") -> list[int]:
    """The customers an exact phone or ID number names (a privacy request's subject), oldest
    first: one ID number names at most one customer, a phone may name several."""
    from .models import Customer

    if id_number:
        rows = Customer.objects.filter(
            id_number_hash=lookup_hash(id_number, context="customer.id_number")
        )
    elif phone:
        rows = Customer.objects.filter(phone=phone.strip())
    else:
        return []
    return list(rows.order_by("pk").values_list("pk", flat=True))


def customer_ids_oldest(limit: int) -> list[int]:
    """The shop's first customers' ids (the demo's privacy requests name them)."""
    from .models import Customer

    return list(Customer.objects.order_by("pk").values_list("pk", flat=True)[:limit])


def order_evidence_facts(order_id: int) -> dict[str, Any]:
    """What an evidence pack tells of an order the caller already found in its session's
    scope: the order's own facts, the customer in full (the pack is a private file for the
    roles that argue a dispute), the ID card pictures' file ids, every contract version with
    its e-signing flow, and its parcels. Plain values of stored facts only: nothing that
    changes with the day it is read, so the same order reads the same."""
    order = Order.objects.select_related("customer").get(pk=order_id)
    customer = order.customer
    contracts = [
        {
            "version": contract.version,
            "contract_no": contract.contract_no,
            "status": contract.status,
            "status_name": contract.get_status_display(),
            "sha256": contract.sha256,
            "file_id": id_from_text(contract.file_key),
            "esign_flow_reference": contract.provider_reference,
            "signed_at": contract.signed_at,
            "created_at": contract.created_at,
        }
        for contract in order.contracts.order_by("version")
    ]
    return {
        "order": {
            "id": order.pk,
            "order_no": order.order_no,
            "kind": order.kind,
            "status": order.status,
            "status_name": STATUS_LABELS.get(order.status, order.status),
            "sub_shop_id": order.sub_shop_id,
            "channel": order.channel,
            "goods_title": order.goods_title,
            "sku_specs": order.sku_specs,
            "fineness": order.fineness,
            "quantity": order.quantity,
            "term": order.term,
            "term_unit": order.term_unit,
            "rent": money(order.rent),
            "total_rent": money(order.total_rent),
            "buyout_price": money(order.buyout_price),
            "ownership_transfer": order.ownership_transfer,
            "addons": order.addons,
            "addon_total": money(order.addon_total),
            "sale_price": money(order.sale_price),
            "shipping_fee": money(order.shipping_fee),
            "deposit": money(order.deposit),
            "deposit_waived": money(order.deposit_waived),
            "lease_start": order.lease_start,
            "lease_end": order.lease_end,
            "device_serial": order.device_serial,
            "device": order_device(order.pk),
            "contract_signed_at": order.contract_signed_at,
            "first_bill_paid_at": order.first_bill_paid_at,
            "shipped_at": order.shipped_at,
            "delivered_at": order.delivered_at,
            "finished_at": order.finished_at,
            "created_at": order.created_at,
            "updated_at": order.updated_at,
        },
        "customer": {
            "name": customer.name,
            "phone": customer.phone,
            "id_number": customer.id_number,
            "id_card_front": id_from_text(customer.id_card_front),
            "id_card_back": id_from_text(customer.id_card_back),
        },
        "risk": {
            "grade": order.risk_grade,
            "score": order.risk_score,
            "decision": order.risk_decision,
            "reference": order.risk_reference,
            "checks": order_risk_checks(order.pk),
        },
        "contracts": contracts,
        "shipments": shipment_rows(order),
    }


def order_timeline(order_id: int) -> list[dict[str, Any]]:
    """The order's timeline as its detail shows it (newest first)."""
    return timeline(Order.objects.get(pk=order_id))


def order_brief(*, session: Session | None, order_id: int) -> dict[str, Any]:
    """An order's id, number and sub-shop within the session's scope (NOT_FOUND outside it,
    as for none)."""
    order = order_in_scope(session, order_id)
    return {"id": order.pk, "order_no": order.order_no, "sub_shop_id": order.sub_shop_id}


# --- orders' devices, for the unit migration (apps/orders/units_migration.py) ----------------


# --- what assets shows of the orders its units serve (apps/assets/order_facts.py) ------------


def unit_order_facts(order_ids: Sequence[int]) -> dict[int, OrderFact]:
    """Each order's number, status, SKU, sub-shop, whether it awaits shipment now (an
    exchange's new device included), when it shipped and came back (the moment the shop
    confirmed the goods back) and what its customer paid, in four statements whatever the
    number of orders. Registered in `OrdersConfig.ready()`."""
    orders = list(
        Order.objects.filter(pk__in=order_ids).values(
            "pk",
            "order_no",
            "status",
            "sku_id",
            "sub_shop_id",
            "shipped_at",
            "money_paid",
            "overdue_since",
            "fineness",
        )
    )
    # The moment the device came back as the shop confirmed it (a business received before
    # that moment was kept: the start of its day).
    returned = {
        row["order_id"]: row["at"] or day_start(row["day"])
        for row in AfterSale.objects.filter(
            order_id__in=order_ids,
            kind__in=(AfterSale.Kind.RETURN, AfterSale.Kind.EXCHANGE),
            received_on__isnull=False,
        )
        .values("order_id")
        .annotate(at=Max("received_at"), day=Max("received_on"))
    }
    # A lease whose exchange is approved and its old device back ships the new one now.
    exchanging = set(
        AfterSale.objects.filter(
            order_id__in=order_ids,
            kind=AfterSale.Kind.EXCHANGE,
            status=AfterSale.Status.APPROVED,
            received_on__isnull=False,
        ).values_list("order_id", flat=True)
    )
    return {
        row["pk"]: OrderFact(
            order_id=row["pk"],
            order_no=row["order_no"],
            status=row["status"],
            sku_id=row["sku_id"],
            sub_shop_id=row["sub_shop_id"],
            awaiting_shipment=row["status"] in (machine.AWAITING_SHIPMENT, machine.PAID)
            or row["pk"] in exchanging,
            shipped_at=row["shipped_at"],
            returned_at=returned.get(row["pk"]),
            paid=row["money_paid"],
            overdue_since=row["overdue_since"],
            fineness=row["fineness"],
        )
        for row in orders
    }


def applet_order(order_no: str) -> Order:
    """An order the shop's customer app names by its number (the intake's calls)."""
    order = (
        Order.objects.select_related("customer")
        .filter(order_no=order_no.strip().upper(), is_deleted=False)
        .first()
    )
    if order is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return order


def applet_order_row(order: Order) -> dict[str, Any]:
    """An order as the customer app's calls answer it (`AppletOrderOut`)."""
    return {
        "order_no": order.order_no,
        "kind": order.kind,
        "status": order.status,
        "stage": order.stage,
        "deposit_required": money(order.deposit - order.deposit_waived),
        "deposit_state": order.deposit_state,
        "risk_grade": order.risk_grade,
        "fineness": order.fineness,
        "fineness_name": fineness_name(order.fineness),
    }
