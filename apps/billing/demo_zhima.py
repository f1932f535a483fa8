"""The demo's deposit-free leases on Zhima credit (docs/zhima.md): the shop offers
deposit-free from some months ago on the month plans of a sub-shop's own goods (their whole
deposit covered by credit; no other story orders them), and leases of them in every state a
credit order settles in — frozen (awaiting the audit), closed (cancelled before any payment),
performing (instalments taken from the authorisation; another whose bill 2 the customer paid
late in the app, told COMPLETE), completed (returned, the last thaw with fulfilment),
violation pending (the customer told, the grace running) and violated (confirmed by the owner
with the reason, past the grace). `created` is not among them: the sandbox answers a freeze at
once, so a credit order is created and frozen (or closed) in the same step.

Told inside the shop's main history (`zhima_stories`, the orders showcase's `also`), so its
nights run over them: each instalment is charged from the authorisation by the night of its
due day (the one collection path), a bill left unpaid gets its late fee and opens its
recovery case the night after. Made through the services; each order has its key, so a
second run tells nothing."""

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
from zulin.providers.sandbox import sandbox_failure_add

from . import credit_orders
from .models import Bill, BillPayment, BillStatus, CreditOrder

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


def _short(order: Order, slug: str, nights: int | None) -> None:
    """The customer's account has no balance for the next `nights` charges against the
    authorisation (None: from now on): the nights fail to take the bills."""
    sandbox_failure_add(
        service="payment",
        operation="withhold",  # the sandbox answers a payment against it as a withhold
        reason="INSUFFICIENT_BALANCE",
        merchant=slug,
        subject=f"cust-{order.customer_id}",
        times=nights,
    )


def _paid_late_in_app(order: Order, slug: str, *, late: int) -> Story:
    """Bill 2 not taken by the nights of its due day and the `late - 1` after; the customer
    pays it in the app the morning of the `late`th day (told COMPLETE for that bill)."""
    bill = Bill.objects.filter(order_id=order.pk, period=2).first()
    if bill is None:
        return
    _short(order, slug, late + 1)
    yield timezone.make_aware(datetime.combine(bill.due_date, time(10, 0))) + timedelta(days=late)
    events.customer_bill_pay(
        order_id=order.pk, period=bill.period, idempotency_key=f"{order.order_no}-z{bill.period}"
    )
    # Its request number follows the nights' failed attempts of the bill.
    paying = BillPayment.objects.filter(bill_id=bill.pk, method=BillPayment.Method.CUSTOMER)
    provider_settle(slug, paying.latest("id").out_trade_no)


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
        yield now - timedelta(days=9)
        yield from lease_returned(order, owner, slug)
        return
    if end == "performing_late":
        yield from _paid_late_in_app(order, slug, late=4)
    if end.startswith("performing"):
        return
    # Bill 2 never paid: the nights keep failing; the notice (the owner sends it), then —
    # past the grace — the violation.
    _short(order, slug, None)
    yield now - timedelta(days=3) if end == "violation_pending" else now - timedelta(days=20)
    unpaid = Bill.objects.filter(order_id=order.pk, period=2, status=BillStatus.UNPAID)
    if not unpaid.exists() or not CreditOrder.objects.filter(order_id=order.pk).exists():
        return
    credit_orders.credit_violation_notice(order.pk, actor=owner)
    if end == "violated":
        yield timezone.now() + timedelta(days=8, hours=2)
        credit_orders.credit_violation_confirm(
            order.pk,
            actor=owner,
            reason="逾期超过一个月，告知后宽限期内多次电话联系未还款",
        )


# In the idempotency key of each deposit-free story's order: the showcase's other parts
# (`demo.py`'s early settlement, offline repayment, reconciliation faults) leave them alone.
ZHIMA_KEY = "-zhima-"


def zhima_keys(slug: str) -> list[str]:
    return [f"demo-{slug}{ZHIMA_KEY}{index}" for index, *_ in ZHIMA_PLAN]


def zhima_stories(*, owner: Session, slug: str) -> list[Story]:
    """The deposit-free leases not yet told (none on a second run), and the shop's adopting
    deposit-free before them: stories for the main history (`orders_showcase_load(also=…)`),
    whose nights take their instalments."""
    if not deposit_free_offers().leases:
        return []
    stories: list[Story] = []
    for (index, end, days), key in zip(ZHIMA_PLAN, zhima_keys(slug), strict=True):
        if not Order.objects.filter(idempotency_key=key).exists():
            stories.append(_story(index, key, end, days, owner, slug))
    return [_adopted(owner), *stories] if stories else []


def zhima_credit_orders() -> dict[str, int]:
    """The shop's credit orders by status."""
    found: dict[str, int] = {}
    for status in CreditOrder.objects.values_list("status", flat=True):
        found[status] = found.get(status, 0) + 1
    return found


def zhima_showcase_load(*, owner: Session, slug: str) -> dict[str, int]:
    """The deposit-free leases alone, told with the nights from the first of them (the
    showcase tells them inside its main history instead). Answers the credit orders by
    status."""
    stories = zhima_stories(owner=owner, slug=slug)
    if stories:
        history_run(stories, slug=slug, nights=True)
    return zhima_credit_orders()
