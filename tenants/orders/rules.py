"""The words of orders both schemas use: kinds, statuses and the five list stages. The
merchant's orders (`apps.orders`) and the platform's index (`tenants.orders`) share them."""

from __future__ import annotations

from django.db import models


class OrderKind(models.TextChoices):
    LEASE = "lease", "租赁"
    PURCHASE = "purchase", "购买"


class OrderStatus(models.TextChoices):
    AWAITING_AUDIT = "awaiting_audit", "待审核"
    REFUSED = "refused", "审核拒绝"
    AWAITING_SIGNING = "awaiting_signing", "待支付签约"
    AWAITING_PAYMENT = "awaiting_payment", "待支付"
    PAID = "paid", "已支付"
    AWAITING_SHIPMENT = "awaiting_shipment", "待发货"
    SHIPPED = "shipped", "已发货"
    IN_LEASE = "in_lease", "租赁中"
    RETURNING = "returning", "归还中"
    INSPECTING = "inspecting", "验机中"
    COMPLETED = "completed", "已完成"
    BOUGHT_OUT = "bought_out", "已买断"
    CANCELLED = "cancelled", "已取消"
    REFUNDED = "refunded", "已退款"
    CLOSED = "closed", "异常关闭"


class OrderStage(models.TextChoices):
    """The list stages (docs/orders.md, "Stages"): kept on the row, refreshed by every change
    and by the nightly overdue job, so lists and tab counts read one indexed column. `owing`:
    an order that ended (returned and inspected) while something is still owed — bills past
    due, damage above the deposit, an early-termination fee — until it is paid or waived."""

    REGULAR = "regular", "常规订单"
    DEALING = "dealing", "成交订单"
    OVERDUE = "overdue", "逾期订单"
    FINISHED = "finished", "完结订单"
    AFTER_SALE = "after_sale", "售后订单"
    OWING = "owing", "完结欠款"


STATUS_LABELS = {status.value: status.label for status in OrderStatus}
STAGES = tuple(stage.value for stage in OrderStage)


# The workbench's order to-dos, each the list stage it sits in and the statuses that make it
# (none: every status of the stage), over both kinds: a lease awaits shipment as
# `awaiting_shipment`, a purchase once it is `paid`. The workbench counts and the lists
# filtered by `todo` read this one table, through `apps.orders.selectors.filtered_orders`
# (the platform's index: `tenants.orders.selectors.platform_orders`).
ORDER_TODOS: dict[str, tuple[str, tuple[str, ...]]] = {
    "awaiting_audit": (OrderStage.REGULAR, (OrderStatus.AWAITING_AUDIT,)),
    "awaiting_shipment": (OrderStage.DEALING, (OrderStatus.AWAITING_SHIPMENT, OrderStatus.PAID)),
    "overdue": (OrderStage.OVERDUE, ()),
}
