"""Reads of a merchant's orders (the active schema's): lists, stage counts, one order."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Any

from django.db.models import Count, Max, Min, Q, QuerySet, Subquery
from django.utils import timezone

from apps.assets.order_facts import OrderFact
from apps.assets.selectors import code_names, order_unit_brief, order_units_shipped
from apps.goods.rules import early_fee_text
from apps.goods.selectors import sku_tracked
from apps.risk.selectors import credit_query_times, order_risk_checks
from apps.subshops.selectors import sub_shop_names
from tenants.accounts.models import Account
from tenants.catalog.selectors import money
from tenants.dashboard.figures import DEAL_STATUSES, deal_value_sum
from tenants.orders.rules import ORDER_TODOS, STAGES, STATUS_LABELS
from zulin.audit.selectors import audit_trail
from zulin.audit.state import status_history
from zulin.core.auth import Session
from zulin.core.crypto import lookup_hash, mask_id_number, mask_phone
from zulin.core.dates import day_start, on_days
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.numbers import id_from_text
from zulin.core.pagination import page_of
from zulin.money.schedule import lease_end

from . import guards, machine, rules
from .events import order_notarization
from .models import (
    AfterSale,
    IntakeKey,
    Order,
    OrderKind,
    OrderRemark,
    OrderSetting,
    OrderStage,
    Shipment,
)
from .projection import mask_name
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
    "goods_id",
    "goods_title",
    "goods_picture",
    "sku_specs",
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
    return [
        {
            "id": o["id"],
            "order_no": o["order_no"],
            "kind": o["kind"],
            "status": o["status"],
            "status_name": STATUS_LABELS[o["status"]],
            "stage": o["stage"],
            "customer_name": mask_name(o["customer__name"]),
            "customer_phone": mask_phone(o["customer__phone"]),
            "goods_id": o["goods_id"],
            "goods_title": o["goods_title"],
            "goods_picture": o["goods_picture"],
            "sku_specs": o["sku_specs"],
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


def deposit_block(order: Order) -> dict[str, Any]:
    """The deposit and its operations; a transfer's bill periods are billing's (the order's
    screen has them from `apps/order_view`)."""
    ops = list(order.deposit_operations.order_by("id"))
    operations: list[dict[str, Any]] = [
        {
            "id": op.pk,
            "kind": op.kind,
            "amount": money(op.amount),
            "status": op.status,
            "purpose": op.purpose,
            "bill_periods": [],
            "failure_reason": op.failure_reason,
            "created_at": op.created_at,
            "confirmed_at": op.confirmed_at,
        }
        for op in ops
    ]
    return {
        "deposit": money(order.deposit),
        "waived": money(order.deposit_waived),
        "required": money(order.deposit - order.deposit_waived),
        "state": order.deposit_state,
        "frozen": money(order.deposit_frozen),
        "transferred": money(order.deposit_transferred),
        "thawed": money(order.deposit_thawed),
        "remaining": money(order.deposit_remaining),
        "operations": operations,
    }


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


def order_detail(*, session: Session | None, order_id: int) -> dict[str, Any]:
    order = order_in_scope(session, order_id)
    return order_detail_of(order, session=session)


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
        "deposit_detail": deposit_block(order),
        "shipments": shipment_rows(order),
        "contract": contract_block(order),
        "remarks": remark_rows(order),
        "after_sales": after_sale_rows(order),
        "notary": order_notarization(order.pk, session=session),
        "timeline": timeline(order),
        "actions": order_actions(order, session),
    }


def order_export_queryset(
    *, sub_shop_id: int | None, kind: str, filters: OrderFilters
) -> QuerySet[Order]:
    """What an export of the list holds: every order of the kind and filters the list would
    show an `order.view` session, narrowed to the sub-shop of a sub-shop's session."""
    queryset = filtered_orders(None, kind, filters)
    if sub_shop_id is not None:
        queryset = queryset.filter(sub_shop_id=sub_shop_id)
    return queryset


def order_export_chunks(
    *, sub_shop_id: int | None, kind: str, filters: OrderFilters, chunk_size: int = 1000
) -> Iterator[list[dict[str, Any]]]:
    """The export's rows in list order, one chunk at a time, each read after the last one's
    placing time and id (no OFFSET grows; memory stays flat)."""
    queryset = order_export_queryset(sub_shop_id=sub_shop_id, kind=kind, filters=filters).values(
        *LIST_COLUMNS
    )
    after: dict[str, Any] | None = None
    while True:
        chunk_query = queryset
        if after is not None:
            later = "gt" if filters.oldest_first else "lt"
            chunk_query = queryset.filter(
                Q(**{f"created_at__{later}": after["created_at"]})
                | Q(created_at=after["created_at"], **{f"id__{later}": after["id"]})
            )
        chunk = list(chunk_query[:chunk_size])
        if not chunk:
            return
        yield order_rows(chunk)
        after = chunk[-1]


def order_setting_answer(setting: OrderSetting) -> dict[str, Any]:
    return {
        "unpaid_cancel_minutes": setting.unpaid_cancel_minutes,
        "auto_receive_days": setting.auto_receive_days,
        "early_buyout_discount_rate": f"{setting.early_buyout_discount_rate:.4f}",
        "buyout_from_period": setting.buyout_from_period,
        "early_return_min_term": setting.early_return_min_term,
        "early_return_fee_mode": setting.early_return_fee_mode,
        "early_return_fee_value": early_fee_text(
            setting.early_return_fee_mode, setting.early_return_fee_value
        ),
        "updated_at": setting.updated_at,  # None: the defaults, never saved
    }


def intake_key_rows() -> list[dict[str, Any]]:
    """The shop's application keys, newest first, without their secrets."""
    return [intake_key_row(key) for key in IntakeKey.objects.defer("secret").order_by("-id")]


def intake_key_row(key: IntakeKey) -> dict[str, Any]:
    return {
        "app_id": key.app_id,
        "name": key.name,
        "channel": key.channel,
        "is_active": key.is_active,
        "created_at": key.created_at,
    }


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
    return {
        c.pk: {
            "id": c.pk,
            "name": mask_name(c.name),
            "phone": mask_phone(c.phone),
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


@dataclass(frozen=True)
class OrderDevice:
    """What the unit migration needs of an order that reserved a SKU."""

    order_id: int
    order_no: str
    status: str
    shipped: bool
    device_serial: str


def order_devices(order_nos: list[str]) -> dict[str, OrderDevice]:
    """The orders of these numbers (the references of stock reservations), by number."""
    rows = Order.objects.filter(order_no__in=order_nos).values_list(
        "pk", "order_no", "status", "shipped_at", "device_serial"
    )
    return {
        order_no: OrderDevice(pk, order_no, status, shipped_at is not None, serial)
        for pk, order_no, status, shipped_at, serial in rows
    }


# --- what assets shows of the orders its units serve (apps/assets/order_facts.py) ------------


def unit_order_facts(order_ids: Sequence[int]) -> dict[int, OrderFact]:
    """Each order's number, status, SKU, sub-shop, whether it awaits shipment now (an
    exchange's new device included), when it shipped and came back (the moment the shop
    confirmed the goods back) and what its customer paid, in four statements whatever the
    number of orders. Registered in `OrdersConfig.ready()`."""
    orders = list(
        Order.objects.filter(pk__in=order_ids).values(
            "pk", "order_no", "status", "sku_id", "sub_shop_id", "shipped_at", "money_paid"
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
    }
