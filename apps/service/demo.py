"""Demo customer service of a shop: its settings (phone, hours, link, notices, one template of
its own), a few messages to customers, and two blacklisted customers, one of them lifted.
Made through the services; idempotency keys and "already there" checks make a second run add
nothing."""

from __future__ import annotations

from typing import Any

from apps.orders.reads import customer_order_groups, customer_order_values
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError

from . import selectors, services
from .models import BlacklistEntry, CustomerMessage

NOTICES = (
    services.NoticeInput("发货时间", "工作日16:00前审核通过的订单当天发货，节假日顺延。"),
    services.NoticeInput("归还说明", "租期结束请按订单中的退货地址寄回，运费由商户承担。"),
    services.NoticeInput(
        "防诈骗提醒", "本店不会以任何理由要求您转账到个人账户。", is_visible=False
    ),
)
OWN_TEMPLATES = (
    services.TemplateInput(
        "签收回访",
        "{name}您好，您在{shop_name}租用的{goods}已签收，使用中有问题请致电{shop_phone}。",
    ),
)
MESSAGES = (
    ("in_lease", "bill_due"),
    ("in_lease", "service_contact"),
    ("shipped", "service_contact"),
)


def service_showcase_load(*, actor: Session) -> dict[str, int]:
    """Answers how many messages and blacklist entries the shop has (the active schema's)."""
    if not selectors.service_setting().phone:
        services.service_setting_save(
            actor=actor,
            phone="400-820-8820",
            hours="每天 09:00-21:00",
            online_url="https://kefu.example.com/demo",
            notices=list(NOTICES),
            templates=list(OWN_TEMPLATES),
        )
    orders = _orders_by_status()
    for number, (status, template) in enumerate(MESSAGES):
        if not orders.get(status):
            continue
        order_id = orders[status][number % len(orders[status])]
        try:
            services.message_send(
                actor=actor,
                order_id=order_id,
                template_code=template,
                idempotency_key=f"demo-message-{number}",
            )
        except ApplicationError:  # an order that cannot fill it, or the sandbox's failing phone
            continue
    if not BlacklistEntry.objects.exists():
        _blacklist(actor, orders)
    return {
        "messages": CustomerMessage.objects.count(),
        "blacklist": BlacklistEntry.objects.count(),
    }


def _orders_by_status() -> dict[str, list[int]]:
    groups = list(customer_order_groups(session=None).values_list("customer_id", flat=True))
    found: dict[str, list[int]] = {}
    for row in customer_order_values(session=None, customer_ids=groups):
        found.setdefault(row["status"], []).append(row["id"])
    return found


def _blacklist(actor: Session, orders: dict[str, list[int]]) -> None:
    """A customer refused for risk stays listed; one who owed money was listed and lifted."""
    rows: dict[int, Any] = {}
    for row in customer_order_values(
        session=None,
        customer_ids=list(
            customer_order_groups(session=None).values_list("customer_id", flat=True)
        ),
    ):
        rows.setdefault(row["customer_id"], []).append(row["status"])
    refused = next((c for c, s in rows.items() if set(s) == {"refused"}), None)
    finished = next(
        (c for c, s in rows.items() if set(s) <= {"completed", "bought_out"} and c != refused),
        None,
    )
    if refused is not None:
        services.blacklist_add(actor=actor, customer_id=refused, reason="提供虚假资料，审核拒绝")
    if finished is not None:
        entry = services.blacklist_add(
            actor=actor, customer_id=finished, reason="上一单逾期三十天以上"
        )
        services.blacklist_lift(actor=actor, entry_id=entry.pk, reason="欠款已结清，恢复下单")
