"""Reads of a merchant's orders (the active schema's): lists, stage counts, one order."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from apps.assets.selectors import code_names, order_unit_brief, order_units_shipped
from apps.goods.rules import early_fee_text
from apps.goods.selectors import fineness_name, sku_tracked
from apps.risk.selectors import order_risk_checks
from apps.subshops.selectors import sub_shop_names
from tenants.accounts.models import Account
from tenants.catalog.selectors import money
from tenants.orders.rules import ORDER_TODOS, STAGES, STATUS_LABELS
from zulin.audit.selectors import audit_trail
from zulin.audit.state import status_history
from zulin.core.auth import Session
from zulin.core.crypto import mask_id_number, mask_name, mask_phone
from zulin.core.dates import on_days
from zulin.core.numbers import id_from_text
from zulin.core.pagination import page_of
from zulin.money.schedule import lease_end

from . import guards, machine, rules
from .events import order_notarization
from .models import (
    AfterSale,
    Order,
    OrderKind,
    OrderRemark,
    OrderStage,
    Shipment,
)
from .projection import customer_masked
from .scope import order_in_scope, visible_orders
from .termination import min_term_end

# The list's own columns (no snapshot JSON beyond specs, no reasons).
LIST_COLUMNS = (
    "id",
    "order_no",
    "kind",
    "status",
    "stage",
    "customer__name",
    "customer__phone",
    "customer__restricted",
    "goods_id",
    "goods_title",
    "goods_picture",
    "sku_specs",
    "fineness",
    "term",
    "term_unit",
    "rent",
    "total_rent",
    "sale_price",
    "deposit",
    "deposit_waived",
    "deposit_state",
    "channel",
    "sub_shop_id",
    "salesman_account_id",
    "auditor_account_id",
    "risk_grade",
    "has_open_after_sale",
    "overdue_since",
    "owed_amount",
    "created_at",
)


@dataclass(frozen=True)
class OrderFilters:
    stage: str | None = None
    status: str | None = None
    date_from: date | None = None
    date_to: date | None = None
    goods: str = ""
    phone: str = ""
    order_no: str = ""
    sub_shop_id: int | None = None
    salesman_id: int | None = None
    channel: str = ""
    sub_shops_only: bool = False
    oldest_first: bool = False
    todo: str | None = None

    @classmethod
    def of(cls, given: Any) -> OrderFilters:
        """From the lists' filter schema (`schemas.OrderFiltersIn`)."""
        return cls(
            stage=given.stage,
            status=given.status,
            date_from=given.date_from,
            date_to=given.date_to,
            goods=given.goods,
            phone=given.phone,
            order_no=given.order_no,
            sub_shop_id=given.sub_shop_id,
            salesman_id=given.salesman_id,
            channel=given.channel,
            sub_shops_only=given.sub_shops,
            oldest_first=given.sort == "oldest",
            todo=given.todo,
        )


def filtered_orders(
    session: Session | None, kind: str | None, filters: OrderFilters
) -> QuerySet[Order]:
    """The orders a list shows: the session's scope, the kind and every filter. The export,
    the bulk actions, the tab counts and the workbench's to-dos use the same. A to-do
    (`ORDER_TODOS`) spans both kinds: with one, the kind is not a filter."""
    queryset = visible_orders(session, sub_shops_only=filters.sub_shops_only)
    if filters.todo:
        todo_stage, todo_statuses = ORDER_TODOS[filters.todo]
        queryset = queryset.filter(stage=todo_stage)
        if todo_statuses:
            queryset = queryset.filter(status__in=todo_statuses)
    elif kind:
        queryset = queryset.filter(kind=kind)
    if filters.stage:
        queryset = queryset.filter(stage=filters.stage)
    if filters.status:
        queryset = queryset.filter(status=filters.status)
    queryset = on_days(queryset, filters.date_from, filters.date_to)
    goods = filters.goods.strip()
    if goods:
        goods_id = id_from_text(goods)
        queryset = queryset.filter(
            Q(goods_title__icontains=goods) | (Q(goods_id=goods_id) if goods_id else Q(pk__in=[]))
        )
    if filters.phone.strip():
        queryset = queryset.filter(customer__phone=filters.phone.strip())
    if filters.order_no.strip():
        queryset = queryset.filter(order_no=filters.order_no.strip().upper())
    if filters.sub_shop_id:
        queryset = queryset.filter(sub_shop_id=filters.sub_shop_id)
    if filters.salesman_id:
        queryset = queryset.filter(salesman_account_id=filters.salesman_id)
    if filters.channel.strip():
        queryset = queryset.filter(channel=filters.channel.strip())
    return queryset.order_by(*list_order(oldest_first=filters.oldest_first))


def list_order(*, oldest_first: bool) -> tuple[str, str]:
    """The lists' sort: by the time the order was placed (the column the lists show and the
    sort names), the id breaking ties. Imported and demo orders are not placed in id order."""
    return ("created_at", "id") if oldest_first else ("-created_at", "-id")


def account_names(ids: set[int]) -> dict[int, str]:
    if not any(ids):
        return {}
    rows = Account.objects.filter(pk__in=[i for i in ids if i]).values_list(
        "pk", "name", "username"
    )
    return {pk: name or username for pk, name, username in rows}


def list_values(order: Order) -> dict[str, Any]:
    """An order already read, as the list's values (`LIST_COLUMNS`)."""
    values = {name: getattr(order, name) for name in LIST_COLUMNS if "__" not in name}
    values["customer__name"], values["customer__phone"] = order.customer.name, order.customer.phone
    values["customer__restricted"] = order.customer.restricted
    return values


def order_row(order: Order) -> dict[str, Any]:
    """One order already read, as a list row (answers of actions)."""
    return order_rows([list_values(order)])[0]


def order_rows(orders: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """List rows from the list's values (`LIST_COLUMNS`, read with `.values()`: no model
    built per row), with the names of sub-shops and people read once per page."""
    shops = sub_shop_names({o["sub_shop_id"] for o in orders if o["sub_shop_id"]})
    people = account_names(
        {o["salesman_account_id"] for o in orders if o["salesman_account_id"]}
        | {o["auditor_account_id"] for o in orders if o["auditor_account_id"]}
    )
    masked = {
        o["id"]: customer_masked(
            o["customer__name"], o["customer__phone"], restricted=o["customer__restricted"]
        )
        for o in orders
    }
    return [
        {
            "id": o["id"],
            "order_no": o["order_no"],
            "kind": o["kind"],
            "status": o["status"],
            "status_name": STATUS_LABELS[o["status"]],
            "stage": o["stage"],
            "customer_name": masked[o["id"]][0],
            "customer_phone": masked[o["id"]][1],
            "goods_id": o["goods_id"],
            "goods_title": o["goods_title"],
            "goods_picture": o["goods_picture"],
            "sku_specs": o["sku_specs"],
            "fineness": o["fineness"],
            "fineness_name": fineness_name(o["fineness"]),
            "term": o["term"],
            "term_unit": o["term_unit"],
            "rent": money(o["rent"]),
            "total_rent": money(o["total_rent"]),
            "sale_price": money(o["sale_price"]),
            "deposit": money(o["deposit"]),
            "deposit_waived": money(o["deposit_waived"]),
            "deposit_state": o["deposit_state"],
            "channel": o["channel"],
            "sub_shop_id": o["sub_shop_id"],
            "sub_shop_name": shops.get(o["sub_shop_id"] or 0, ("", True))[0],
            "salesman_name": people.get(o["salesman_account_id"] or 0, ""),
            "auditor_name": people.get(o["auditor_account_id"] or 0, ""),
            "risk_grade": o["risk_grade"],
            "has_open_after_sale": o["has_open_after_sale"],
            "overdue_since": o["overdue_since"],
            "owed_amount": money(o["owed_amount"]),
            "created_at": o["created_at"],
            "merchant_id": None,
            "merchant_name": "",
        }
        for o in orders
    ]


def order_page(
    *, session: Session | None, kind: str, filters: OrderFilters, page: int, page_size: int
) -> dict[str, Any]:
    filtered = filtered_orders(session, kind, filters)
    answer = page_of(
        filtered.values(*LIST_COLUMNS), page=page, page_size=page_size, counted=filtered
    )
    answer["list"] = order_rows(answer["list"])
    return answer


def order_stage_counts(
    *, session: Session | None, kind: str, filters: OrderFilters
) -> dict[str, int]:
    """Orders per stage for the list tabs, and `all`: the list's own selection with every
    filter the tabs carry (all but the stage, the status and the to-do: a stage's own)."""
    queryset = filtered_orders(session, kind, replace(filters, stage=None, status=None, todo=None))
    counts = dict(
        queryset.order_by().values("stage").annotate(n=Count("id")).values_list("stage", "n")
    )
    answer = {stage: counts.get(stage, 0) for stage in STAGES}
    answer["all"] = sum(counts.values())
    return answer


def customer_orders(*, session: Session | None, order_id: int) -> list[dict[str, Any]]:
    """Every order of the customer of `order_id` this session may see, newest first."""
    order = order_in_scope(session, order_id)
    orders = list(
        visible_orders(session)
        .filter(customer_id=order.customer_id)
        .order_by(*list_order(oldest_first=False))
        .values(*LIST_COLUMNS)[:100]
    )
    return order_rows(orders)


def remark_rows(order: Order) -> list[dict[str, Any]]:
    return [
        {"id": r.pk, "remark": r.text, "actor": r.actor_name, "created_at": r.created_at}
        for r in OrderRemark.objects.filter(order=order).order_by("-id")
    ]


def order_remarks(*, session: Session | None, order_id: int) -> list[dict[str, Any]]:
    return remark_rows(order_in_scope(session, order_id))


def order_device(order_id: int) -> dict[str, Any] | None:
    """The device the order names (tracked by unit): the unit it holds, sold or lost with
    it, else the last that came back from it; None for a counted SKU."""
    return order_unit_brief(order_id)


def _names(unit: dict[str, Any], code: str) -> bool:
    """Whether a code typed or scanned is one of a unit's identifiers (assets' own rule)."""
    return code_names(
        code,
        serial_number=unit["serial_number"],
        meid=unit["meid"],
        imei1=unit["imei1"],
        imei2=unit["imei2"],
    )


def shipment_rows(order: Order) -> list[dict[str, Any]]:
    """The order's parcels; one carrying a unit (tracked by unit) names its serial number
    and IMEIs ("" when none)."""
    units = order_units_shipped(order.pk)

    def device(code: str) -> dict[str, str]:
        value = code.strip()
        found = next((u for u in reversed(units) if _names(u, value)), None)
        return {k: found[k] if found else "" for k in ("serial_number", "imei1", "imei2")}

    return [
        {
            "id": s.pk,
            "direction": s.direction,
            "company_code": s.company_code,
            "tracking_no": s.tracking_no,
            "device_serial": s.device_serial,
            **device(s.device_serial),
            "shipped_at": s.shipped_at,
            "delivered_at": s.delivered_at,
        }
        for s in Shipment.objects.parcels().filter(order=order).order_by("id")
    ]


def after_sale_rows(order: Order) -> list[dict[str, Any]]:
    return [
        {
            "id": a.pk,
            "kind": a.kind,
            "kind_name": AfterSale.Kind(a.kind).label,
            "status": a.status,
            "status_name": AfterSale.Status(a.status).label,
            "started_by": a.started_by,
            "reason": a.reason,
            "reject_reason": rules.after_sale_reject_text(a.reject_reason),
            "extra_term": a.extra_term,
            "amount": money(a.amount),
            "damage_amount": money(a.damage_amount),
            "inspection_note": a.inspection_note,
            "received_on": a.received_on,
            "rent_cancelled": money(a.rent_cancelled),
            "termination_fee": money(a.termination_fee),
            "created_at": a.created_at,
            "finished_at": a.finished_at,
        }
        for a in AfterSale.objects.filter(order=order).order_by("-id")
    ]


def timeline(order: Order) -> list[dict[str, Any]]:
    """The order's story, newest first: every status move (with its reason) and every other
    recorded change (remarks, allocation, shipping, deposits …). A move's own audit entry
    (it carries the status in `before`) is shown once, as the move."""
    moves = [
        {**row, "kind": "status", "after": None}
        for row in status_history(target_type="order", target_id=order.pk)
    ]
    changes = [
        {
            "id": row["id"],
            "kind": "change",
            "action": row["action"],
            "from_status": "",
            "to_status": "",
            "reason": (
                rules.after_sale_reject_text(row["reason"])
                if row["action"] == "order.after_sale_reject"
                else row["reason"]
            ),
            "actor": row["actor"],
            "created_at": row["created_at"],
            "after": row["after"],
        }
        for row in audit_trail(target_type="order", target_id=order.pk, limit=200)
        if not (isinstance(row["before"], dict) and "status" in row["before"])
    ]
    return sorted(moves + changes, key=lambda row: row["created_at"], reverse=True)


def customer_block(order: Order) -> dict[str, Any]:
    """The customer as every screen shows them: masked (revealCustomerIdentity unmasks)."""
    customer = order.customer
    return {
        "id": customer.pk,
        "name": mask_name(customer.name),
        "phone": mask_phone(customer.phone),
        "id_number": mask_id_number(customer.id_number),
        "has_id_card": bool(customer.id_card_front or customer.id_card_back),
    }


def is_lease(order: Order) -> bool:
    return order.kind == OrderKind.LEASE


def stage_label(stage: str) -> str:
    return OrderStage(stage).label


def final(order: Order) -> bool:
    return order.status in machine.FINAL


def order_actions(order: Order, session: Session | None) -> list[str]:
    """Every action the order's state and the session's role allow now: the detail screen
    shows a button for each, and nothing else. Where a service guards the order's state, the
    same guard (`guards`) decides here."""
    if session is not None and session.side == 0:
        return ["platform_close"] if order.status in machine.OPEN else []
    status, actions = order.status, []
    can = session.can if session is not None else (lambda _action: True)
    open_after_sale = AfterSale.objects.filter(
        order=order, status__in=[AfterSale.Status.OPEN, AfterSale.Status.APPROVED]
    ).first()
    if can("order.remark"):
        actions.append("remark")
    if can("order.identity"):
        actions.append("reveal_identity")
    if open_after_sale is not None:
        if can("order.manage"):
            actions.append("deal_after_sale")
        if status == machine.RETURNING and can("order.ship"):
            actions.append("return_receive")
        exchange = open_after_sale.kind == AfterSale.Kind.EXCHANGE
        if exchange and open_after_sale.status == AfterSale.Status.APPROVED and can("order.ship"):
            # An exchange approved: the old device received, then the new one shipped
            # (addExpress on the lease, by scan when tracked: lease._exchange_ship).
            actions.append("ship" if open_after_sale.received_on else "return_receive")
        if status == machine.INSPECTING and can("order.manage"):
            actions.append("inspect")
        return actions
    if status == machine.AWAITING_AUDIT and can("order.audit"):
        actions.append("audit")
    owing = status in machine.MAY_OWE_AFTER and order.owed_amount > 0
    if can("finance.manage") and order.kind == OrderKind.LEASE:
        # Finance records money that came in outside the provider, and settles leases early.
        if status in (machine.SHIPPED, machine.IN_LEASE) or owing:
            actions.append("offline_repayment")
        if status == machine.IN_LEASE and order.instalments_open:
            actions.append("early_settlement")
    if can("order.manage"):
        if machine.machine_for(order).find(status, "close") is not None:
            actions.append("close")
        if status in machine.DELETABLE:
            actions.append("delete")
        if status in machine.OPEN:
            actions += ["allocate", "allocate_sub_shop"]
        if guards.deposit_refusal(order) is None:
            actions += ["deposit_thaw", "deposit_transfer"]
        if order.shipping_fee > order.shipping_fee_refunded:
            actions.append("refund_shipping_fee")
        actions += [
            kind
            for kind in ("return", "exchange", "buyout", "renewal", "refund")
            if guards.after_sale_refusal(order, kind) is None
        ]
        if (
            (status in (machine.IN_LEASE, machine.SHIPPED) or owing)
            and order.kind == OrderKind.LEASE
            and guards.withhold_refusal(order) is None
        ):
            actions.append("pay_bill")
        if guards.contract_refresh_refusal(order) is None:
            actions.append("refresh_contract")
    if can("finance.waive") and order.bills_open and status not in machine.NOT_YET_DEAL:
        actions.append("waive_charge")
    if can("order.ship"):
        if status in (machine.AWAITING_SHIPMENT, machine.PAID):
            actions.append("ship")
        if status == machine.SHIPPED:
            actions += ["update_express", "deliver"]
    return actions


def contract_block(order: Order) -> dict[str, Any] | None:
    contract = order.contracts.order_by("-version").first()
    if contract is None:
        return None
    return {
        "id": contract.pk,
        "contract_no": contract.contract_no,
        "version": contract.version,
        "status": contract.status,
        "sha256": contract.sha256,
        "signed_at": contract.signed_at,
        "created_at": contract.created_at,
    }


def planned_lease(order: Order) -> tuple[date | None, date | None]:
    """The lease's dates: as kept once the first bill is paid (fixed again at sign-for); before
    that, planned from today (China's day) over the order's term, as they would run if the
    lease began now."""
    if order.lease_start is not None or order.kind != OrderKind.LEASE or not order.term:
        return order.lease_start, order.lease_end
    if order.status not in machine.NOT_YET_DEAL:
        return order.lease_start, order.lease_end
    start = timezone.localdate()
    return start, lease_end(start=start, term=order.term, term_unit=order.term_unit)


def order_detail_of(order: Order, *, session: Session | None) -> dict[str, Any]:
    """Everything the order's screen shows, and the actions it may offer now."""
    row = order_row(order)
    start, end = planned_lease(order)
    return {
        **row,
        "customer": customer_block(order),
        "sku_id": order.sku_id,
        "rent_plan_id": order.rent_plan_id,
        "package_id": order.package_id,
        "quantity": order.quantity,
        "buyout_price": money(order.buyout_price),
        "ownership_transfer": order.ownership_transfer,
        "addons": order.addons,
        "addon_total": money(order.addon_total),
        "shipping_fee": money(order.shipping_fee),
        "shipping_fee_refunded": money(order.shipping_fee_refunded),
        "lease_start": start,
        "lease_end": end,
        "device_serial": order.device_serial,
        "unit": order_device(order.pk),
        "sku_tracked": sku_tracked(order.sku_id),
        "contract_signed_at": order.contract_signed_at,
        "first_bill_paid_at": order.first_bill_paid_at,
        "shipped_at": order.shipped_at,
        "delivered_at": order.delivered_at,
        "finished_at": order.finished_at,
        "refuse_reason": order.refuse_reason,
        "close_reason": order.close_reason,
        "stage_name": stage_label(order.stage),
        "early_return": {
            "min_term": order.min_term,
            "min_term_end": min_term_end(order),
            "fee_mode": order.early_fee_mode,
            "fee_value": early_fee_text(order.early_fee_mode, order.early_fee_value),
        },
        "risk": {
            "grade": order.risk_grade,
            "score": order.risk_score,
            "decision": order.risk_decision,
            "reference": order.risk_reference,
            "checks": order_risk_checks(order.pk),
        },
        "shipments": shipment_rows(order),
        "contract": contract_block(order),
        "remarks": remark_rows(order),
        "after_sales": after_sale_rows(order),
        "notary": order_notarization(order.pk, session=session),
        "timeline": timeline(order),
        "actions": order_actions(order, session),
    }
