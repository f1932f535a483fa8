"""The clerk's actions on orders picked from a list: hand them to a clerk or a sub-shop, add a
remark, delete the refused ones, close the ones not yet dealt (`api.py` answers them; the
platform's close goes through `governance.py`)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.subshops.selectors import accounts_with_role, sub_shop_names
from zulin.audit.services import audit_field_set, audit_record
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text

from . import machine, rules
from .models import Order, OrderRemark
from .moves import order_move, order_unwind
from .projection import order_project
from .scope import order_in_scope, visible_orders
from .services import _reason, _release_stock


def _orders_locked(actor: Session, ids: list[int]) -> list[Order]:
    """The orders `ids` in the caller's sight, locked: all of them, or NOT_FOUND."""
    orders = list(
        visible_orders(actor).select_for_update().select_related("customer").filter(pk__in=ids)
    )
    if len(orders) != len(set(ids)):
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return orders


def orders_allocate(*, actor: Session, ids: list[int], account_id: int) -> int:
    """Gives orders to an auditor (to audit) or a salesman (to follow up): the account's
    role decides which."""
    merchant = tenant_connection.tenant
    auditors = {row["id"] for row in accounts_with_role(merchant=merchant, role_code="auditor")}
    salesmen = {row["id"] for row in accounts_with_role(merchant=merchant, role_code="salesman")}
    if account_id not in auditors | salesmen:
        raise field_error(
            "account_id",
            Text("不是本店在职的审核员或业务员", "not an active auditor or salesman of this shop"),
        )
    field_name = "auditor_account_id" if account_id in auditors else "salesman_account_id"
    with transaction.atomic():
        orders = _orders_locked(actor, ids)
        for order in orders:
            audit_field_set(
                order,
                field_name,
                account_id,
                actor=actor,
                action="order.allocate",
                target_type="order",
            )
            order_project(order)
    return len(orders)


def order_allocate_sub_shop(*, actor: Session, ids: list[int], sub_shop_id: int) -> int:
    found = sub_shop_names([sub_shop_id]).get(sub_shop_id)
    if found is None:
        raise field_error("sub_shop_id", Text("没有该子店", "no such sub-shop"))
    if not found[1]:
        raise ApplicationError(ErrorCode.SUB_SHOP_DISABLED)
    with transaction.atomic():
        orders = _orders_locked(actor, ids)
        for order in orders:
            audit_field_set(
                order,
                "sub_shop_id",
                sub_shop_id,
                actor=actor,
                action="order.allocate_sub_shop",
                target_type="order",
            )
            order_project(order)
    return len(orders)


def order_remark_add(*, actor: Session, order_id: int, text: str) -> OrderRemark:
    text = (text or "").strip()
    if not text:
        raise field_error("remark", Text("必填", "required"))
    with transaction.atomic():
        order = order_in_scope(actor, order_id)
        remark = OrderRemark.objects.create(
            order=order,
            text=text[: rules.REMARK_MAX],
            actor_account_id=actor.account.pk,
            actor_name=actor.account.name or actor.account.username,
        )
        audit_record(
            actor=actor,
            action="order.remark",
            target_type="order",
            target_id=order.pk,
            after={"remark": remark.text},
        )
    return remark


def orders_delete(*, actor: Session, ids: list[int]) -> int:
    """Soft-deletes orders that never became a deal or ended without goods out; all or none."""
    with transaction.atomic():
        orders = _orders_locked(actor, ids)
        refused = [o.order_no for o in orders if o.status not in machine.DELETABLE]
        if refused:
            raise ApplicationError(ErrorCode.ORDER_NOT_DELETABLE, data={"order_nos": refused})
        now = timezone.now()
        for order in orders:
            order.is_deleted, order.deleted_at = True, now
            order.save(update_fields=["is_deleted", "deleted_at", "updated_at"])
            audit_record(
                actor=actor, action="order.delete", target_type="order", target_id=order.pk
            )
            order_project(order)
    return len(orders)


def orders_close(*, actor: Session, ids: list[int], reason: str, platform: bool = False) -> int:
    """Closes orders, all or none: the shop before goods leave (`close`), the platform any
    open order (`platform_close`). Bills still owed are cancelled, what the customer paid is
    refunded, the deposit left frozen is thawed and stock not shipped is released."""
    reason = _reason(reason)
    action = "platform_close" if platform else "close"
    with transaction.atomic():
        orders = list(
            visible_orders(actor)
            .select_for_update(of=("self",))
            .select_related("customer")
            .filter(pk__in=ids)
            .order_by("id")
        )
        if len(orders) != len(set(ids)):
            raise ApplicationError(ErrorCode.NOT_FOUND)
        for order in orders:
            goods_out = order.shipped_at is not None

            def closed(row: Order, goods_out: bool = goods_out) -> dict[str, Any]:
                row.close_reason = reason
                row.finished_at = timezone.now()
                if not goods_out:
                    _release_stock(row)
                return {"close_reason": reason}

            order_move(
                order,
                action=action,
                actor=actor,
                reason=reason,
                change=closed,
                allow_after_sale=platform,
            )
            order_unwind(order, actor=actor, reason=reason)
    return len(orders)
