"""The demo's deposit-free leases on Zhima credit (docs/zhima.md): the shop offers
deposit-free on its phones' month plans (their whole deposit covered by credit) from some
months ago, and leases of them in every state a credit order settles in — frozen (awaiting
the audit), closed (cancelled before any payment), performing (instalments taken from the
authorisation; another whose bill was paid late in the app, told COMPLETE), completed
(returned, the last thaw with fulfilment), violation pending (the customer told, the grace
running) and violated (confirmed by the owner with the reason, past the grace). `created` is
not among them: the sandbox answers a freeze at once, so a credit order is created and
frozen (or closed) in the same step.

Told as the shop's history (`history_run`, each step on its day) after the orders
showcase's, without nights: each instalment is charged on its due day through the one
collection path (`bill_pay.order_bill_pay`, which takes it from the authorisation). Made
through the services; each order has its key, so a second run tells nothing."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any

from django.utils import timezone

from apps.orders import events, services
from apps.orders.demo_history import Story, history_run, provider_settle
from apps.orders.demo_stories import (
    deposit_free_offers,
    lease_delivered_ago,
    lease_placed,
    lease_returned,
)
from apps.orders.models import Order
from apps.orders.reads import order_setting
from zulin.core.auth import Session
from zulin.core.clock import real_now

from . import bill_pay, credit_orders
from .models import Bill, BillStatus, CreditOrder

ZHIMA_SETTING: dict[str, Any] = {
    "zhima_deposit_free": True,
    "zhima_service_id": "2026000000000000000001",
    "zhima_category": "RENT_PHONE",
    "zhima_deposit_mode": "POSTPAY",
    "zhima_violation_grace_days": 7,
}
# (the order's turn, where its credit order ends, days ago it was placed or delivered)
# (Turns of risk grade B or C: grade A's deposit is waived, nothing is frozen.)
ZHIMA_PLAN: list[tuple[int, str, int]] = [
    (1102, "frozen", 1),
    (1103, "closed", 4),
    (1105, "performing", 50),
    (1106, "performing_late", 40),
    (1108, "completed", 75),
    (1111, "violation_pending", 45),
    (1112, "violated", 80),
]
ADOPTED_AGO = 90


def _ago(days: int, at: time) -> datetime:
    day = timezone.localtime(real_now()).date() - timedelta(days=days)
    return timezone.make_aware(datetime.combine(day, at))


def _adopted(owner: Session) -> Story:
    """The shop starts offering deposit-free, its early-return terms as they stand."""
    yield _ago(ADOPTED_AGO, time(10, 0))
    setting = order_setting()
    if setting.zhima_deposit_free:
        return
    services.order_setting_save(
        actor=owner,
        fields={
            **ZHIMA_SETTING,
            "early_return_fee_mode": setting.early_return_fee_mode,
            "early_return_fee_value": setting.early_return_fee_value,
        },
    )


def _instalments(order: Order, slug: str, *, until: datetime, late: int = 0) -> Story:
    """Each bill after the first falling due before `until` charged on its due morning from
    the authorisation; with `late`, the first of them is paid by the customer in the app
    `late` days after its due day instead (told COMPLETE for that bill)."""
    bills = Bill.objects.filter(order_id=order.pk, period__gte=2).order_by("period")
    for bill in bills:
        due = timezone.make_aware(datetime.combine(bill.due_date, time(10, 0)))
        if due + timedelta(days=late) >= until:
            return
        if late:
            yield due + timedelta(days=late)
            events.customer_bill_pay(
                order_id=order.pk,
                period=bill.period,
                idempotency_key=f"{order.order_no}-z{bill.period}",
            )
            provider_settle(slug, f"{order.order_no}B{bill.period:03d}")
            late = 0
            continue
        yield due
        bill_pay.order_bill_pay(
            order_id=order.pk,
            period=bill.period,
            actor=None,
            idempotency_key=f"{order.order_no}-z{bill.period}",
        )
        provider_settle(slug)


def _story(index: int, key: str, end: str, days: int, owner: Session, slug: str) -> Story:
    offers = deposit_free_offers()
    if end in ("frozen", "closed"):
        yield _ago(days, time(11, 0))
        placed = lease_placed(index, key, offers, owner)
        if end == "closed":
            yield timezone.now() + timedelta(hours=2)
            services.order_cancel(order_id=placed.pk, reason="用户取消")
        return
    order = yield from lease_delivered_ago(index, key, offers, owner, slug, days)
    now = real_now()
    if end == "completed":
        returned = now - timedelta(days=9)
        yield from _instalments(order, slug, until=returned)
        yield returned
        yield from lease_returned(order, owner, slug)
        return
    if end.startswith("performing"):
        yield from _instalments(order, slug, until=now, late=4 if end == "performing_late" else 0)
        return
    # Bill 2 unpaid: the notice (the owner sends it), then — past the grace — the violation.
    unpaid = Bill.objects.filter(order_id=order.pk, period=2, status=BillStatus.UNPAID)
    if not unpaid.exists() or not CreditOrder.objects.filter(order_id=order.pk).exists():
        return
    noticed = now - timedelta(days=3) if end == "violation_pending" else now - timedelta(days=20)
    yield noticed
    credit_orders.credit_violation_notice(order.pk, actor=owner)
    if end == "violated":
        yield timezone.now() + timedelta(days=8, hours=2)
        credit_orders.credit_violation_confirm(
            order.pk,
            actor=owner,
            reason="逾期超过一个月，告知后宽限期内多次电话联系未还款",
        )


def zhima_keys(slug: str) -> list[str]:
    return [f"demo-{slug}-zhima-{index}" for index, *_ in ZHIMA_PLAN]


def zhima_showcase_load(*, owner: Session, slug: str) -> dict[str, int]:
    """The shop's deposit-free leases (see above), told once. Answers the credit orders by
    status."""
    if deposit_free_offers().leases:
        stories: list[Story] = [_adopted(owner)]
        for (index, end, days), key in zip(ZHIMA_PLAN, zhima_keys(slug), strict=True):
            if not Order.objects.filter(idempotency_key=key).exists():
                stories.append(_story(index, key, end, days, owner, slug))
        if len(stories) > 1:
            history_run(stories, slug=slug, nights=False)
    found: dict[str, int] = {}
    for status in CreditOrder.objects.values_list("status", flat=True):
        found[status] = found.get(status, 0) + 1
    return found
