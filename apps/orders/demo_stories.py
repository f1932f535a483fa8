"""The demo's debt and exchange stories (docs/recovery.md, docs/orders.md): leases delivered
long ago and now overdue (what recovery follows), leases that ended owing, and exchanges; each a
story of the demo's history (`demo_history.history_run`), through the services."""

from __future__ import annotations

from collections.abc import Generator
from datetime import datetime, time, timedelta
from decimal import Decimal

from django.db.models import Q
from django.utils import timezone

from apps.assets.demo import UsedUnit, used_unit_restocked
from apps.goods.demo_used import used_plan_offer
from zulin.core.auth import Session
from zulin.core.clock import real_now

from . import after_sale, events, services
from .contracts import lease_instalments
from .demo import CHANNEL, _customer_short, _delivered, _Offers, _offers, _place, _shipped, _signed
from .demo_history import Story, history_run, provider_settle
from .models import AfterSale, Order


def _delivered_ago(
    index: int, key: str, target: str, offers: _Offers, owner: Session, slug: str, days: int
) -> Generator[datetime, None, Order]:
    """The first steps of a lease delivered `days` days ago: placed three days before,
    audited, signed and paid within the half hour, shipped the next day, delivered two days
    later. Answers the delivered order."""
    yield real_now() - timedelta(days=days + 3)
    order = _place(index, key, target, offers, channel=CHANNEL, owner=owner)
    yield timezone.now() + timedelta(minutes=30)
    order = _signed(order, owner, slug)
    yield timezone.now() + timedelta(days=1)
    _shipped(order, owner)
    yield timezone.now() + timedelta(days=2)
    return _delivered(order)


def _debt_story(
    index: int, key: str, offers: _Offers, owner: Session, slug: str, days: int, empty: bool
) -> Story:
    """A month lease delivered `days` days ago, bill 1 paid at signing and nothing after;
    with `empty`, the customer's account has no balance from then on (the shop's nights keep
    failing to charge it)."""
    order = yield from _delivered_ago(index, key, "overdue", offers, owner, slug, days)
    if empty:
        _customer_short(order, slug, nights=None)


def deposit_free_offers() -> _Offers:
    """The month plans a deposit may be covered on by Zhima credit (docs/zhima.md): in the
    demo, a sub-shop's own goods (`apps/goods/demo.py`), which no other story orders."""
    return _offers(shop_wide=False, plans_where=Q(term_unit="month", credit_deposit_max__gt=0))


def lease_placed(index: int, key: str, offers: _Offers, owner: Session) -> Order:
    """A lease placed now (the history's clock) through the intake, awaiting its audit."""
    return _place(index, key, "awaiting_audit", offers, channel=CHANNEL, owner=owner)


def lease_delivered_ago(
    index: int, key: str, offers: _Offers, owner: Session, slug: str, days: int
) -> Generator[datetime, None, Order]:
    """`_delivered_ago` for another app's stories: answers the order delivered `days` ago."""
    return (yield from _delivered_ago(index, key, "in_lease", offers, owner, slug, days))


def lease_returned(order: Order, owner: Session, slug: str) -> Story:
    """The lease returned now (the history's clock): asked, approved two hours later, the
    goods received two days after and inspected sound the next day."""
    after_sale.after_sale_apply(order_id=order.pk, kind="return", reason="到期归还")
    yield timezone.now() + timedelta(hours=2)
    after_sale.after_sale_deal(actor=owner, order_id=order.pk, decision="approve")
    yield timezone.now() + timedelta(days=2)
    order.refresh_from_db()
    after_sale.after_sale_deal(
        actor=owner, order_id=order.pk, decision="receive", device_serial=order.device_serial
    )
    yield timezone.now() + timedelta(days=1)
    after_sale.after_sale_deal(
        actor=owner,
        order_id=order.pk,
        decision="inspect",
        damage_amount=Decimal("0.00"),
        inspection_note="外观完好",
    )
    provider_settle(slug)


def debt_keys(slug: str, days_ago: tuple[int, ...]) -> list[str]:
    """The idempotency keys of `overdue_lease_stories`' orders."""
    return [f"demo-{slug}-late-{days:04d}" for days in days_ago]


def demo_order_ids(keys: list[str]) -> list[int]:
    """The ids of the demo's orders of these keys (those placed), in the keys' order."""
    found = dict(
        Order.objects.filter(idempotency_key__in=keys).values_list("idempotency_key", "pk")
    )
    return [found[key] for key in keys if key in found]


def overdue_lease_stories(
    *, owner: Session, slug: str, days_ago: tuple[int, ...], accounts_empty: bool = True
) -> list[Story]:
    """The stories of month leases delivered `days_ago` days ago (one each) whose customer
    paid nothing since bill 1: debts of every age for the recovery showcase, told in a
    history with its nights (the nights' auto-debits fail, the late fees accrue day by day,
    a case opens the night the first bill is past due). With `accounts_empty` the customers'
    accounts stay empty (an auto-debit fails); without it a withhold of their bills succeeds
    (the failover drill's load). Those whose key is used already are left out."""
    offers = _offers()
    # Six-month leases where the shop has them: the oldest debt's last bill is past due by
    # the time it is written off (nothing of it falls due afterwards).
    months = [plan for plan in offers.leases if plan.term_unit == "month"]
    months = [plan for plan in months if plan.term <= 6] or months
    if not months:
        return []
    offers = _Offers(leases=months, sales=offers.sales)
    return [
        _debt_story(700 + number, key, offers, owner, slug, days, accounts_empty)
        for number, (key, days) in enumerate(zip(debt_keys(slug, days_ago), days_ago, strict=True))
        if not Order.objects.filter(idempotency_key=key).exists()
    ]


# The shop's early-return terms, and leases placed under them (`owed_after_lease_stories`):
# (the order's turn, delivered days ago, where it ends, damage found at inspection).
EARLY_RETURN_TERMS: dict[str, object] = {
    "early_return_min_term": 6,
    "early_return_fee_mode": "rate",
    "early_return_fee_value": Decimal("0.3000"),
}
OWED_PLAN: list[tuple[int, int, str, Decimal]] = [
    (901, 50, "returned", Decimal("0.00")),  # early: the fee, the deposit takes part
    (902, 65, "returned", Decimal("120.00")),  # early, two bills past due, small damage
    (903, 40, "returned", Decimal("2600.00")),  # damage far above the deposit: owing
    (904, 30, "inspecting", Decimal("0.00")),  # the goods are back, not yet inspected
    (905, 25, "in_lease", Decimal("0.00")),  # running under the terms (a return quote)
]


def _owed_story(
    index: int,
    key: str,
    offers: _Offers,
    owner: Session,
    slug: str,
    days_ago: int,
    end: str,
    damage: Decimal,
) -> Story:
    """A lease delivered `days_ago` days ago under the early-return terms, returned early in
    the last days (received, then inspected when `end` is returned) or still running."""
    order = yield from _delivered_ago(index, key, "completed", offers, owner, slug, days_ago)
    if end == "in_lease":
        return
    yield timezone.now() + timedelta(days=days_ago - 5)
    after_sale.after_sale_apply(order_id=order.pk, kind="return", reason="提前退租")
    yield timezone.now() + timedelta(hours=2)
    after_sale.after_sale_deal(actor=owner, order_id=order.pk, decision="approve")
    yield timezone.now() + timedelta(days=2)
    after_sale.after_sale_deal(
        actor=owner, order_id=order.pk, decision="receive", device_serial=order.device_serial
    )
    if end == "returned":
        yield timezone.now() + timedelta(days=1)
        after_sale.after_sale_deal(
            actor=owner,
            order_id=order.pk,
            decision="inspect",
            damage_amount=damage,
            inspection_note="屏幕碎裂，需更换" if damage > 1000 else "外观检查",
        )
        provider_settle(slug)


def _terms_adopted(owner: Session, at: datetime) -> Story:
    """The shop adopts its early-return terms at `at`: the leases placed from then on carry
    them (copied onto each order when it is placed)."""
    from .guards import order_setting

    yield at
    if order_setting().early_return_fee_mode == "none":
        services.order_setting_save(actor=owner, fields=dict(EARLY_RETURN_TERMS))


def owed_after_lease_stories(*, owner: Session, slug: str) -> list[Story]:
    """The shop's early-return terms (a minimum of 6 months; before it, 30 % of the rent a
    return cancels), adopted a few days before the first lease placed under them, and those
    leases: returned early with the fee, returned with damage above the deposit (the order
    ends owing), one awaiting inspection and one running; told in the shop's history (its
    nights charge the bills and open a case for what is past due). Each order has its key:
    a second run finds it and tells nothing."""
    keys = owed_keys(slug)
    offers = _offers()
    if Order.objects.filter(idempotency_key__in=keys).exists() or not offers.leases:
        return []
    first = max(days_ago for _, days_ago, *_ in OWED_PLAN) + 3
    return [
        _terms_adopted(owner, real_now() - timedelta(days=first + 2)),
        *(
            _owed_story(index, key, offers, owner, slug, days_ago, end, damage)
            for (index, days_ago, end, damage), key in zip(OWED_PLAN, keys, strict=True)
        ),
    ]


def owed_keys(slug: str) -> list[str]:
    return [f"demo-{slug}-owed-{index}" for index, *_ in OWED_PLAN]


def owed_after_lease_count(*, slug: str) -> int:
    """How many of `owed_after_lease_stories`' orders end owing."""
    return Order.objects.filter(idempotency_key__in=owed_keys(slug), stage="owing").count()


def _exchange_story(key: str, offers: _Offers, owner: Session, slug: str) -> Story:
    """A lease delivered five weeks ago; yesterday the customer phoned about a faulty screen
    and the shop started an exchange for them (approved as it starts): the old device is
    awaited, to be received by scan before a new one ships by scan."""
    order = yield from _delivered_ago(960, key, "in_lease", offers, owner, slug, 35)
    yield real_now() - timedelta(days=1, hours=3)
    after_sale.after_sale_apply(
        order_id=order.pk,
        kind="exchange",
        reason="客户来电：屏幕有坏点，申请换货",
        actor=owner,
        started_by=AfterSale.StartedBy.SHOP,
    )


def exchange_stories(*, owner: Session, slug: str) -> list[Story]:
    """One exchange in progress, started by the shop for the customer, of a device tracked
    by unit where the shop has one (the swap is done by scan), told in the shop's history
    (its nights charge its bills). Its order has its key: a second run tells nothing."""
    key = f"demo-{slug}-exchange"
    offers = _offers()
    if Order.objects.filter(idempotency_key=key).exists() or not offers.leases:
        return []
    tracked = [plan for plan in offers.leases if plan.sku.tracked]
    offers = _Offers(leases=tracked or offers.leases, sales=offers.sales)
    return [_exchange_story(key, offers, owner, slug)]


def exchange_in_progress_load(*, owner: Session, slug: str) -> int | None:
    """The exchange of `exchange_stories` told on its own (no nights), for a shop whose
    history is already told. Answers the order's id."""
    history_run(exchange_stories(owner=owner, slug=slug), slug=slug, nights=False)
    key = f"demo-{slug}-exchange"
    return Order.objects.filter(idempotency_key=key).values_list("pk", flat=True).first()


# The device's first lease (a six-month lease delivered this many days ago, returned at its
# end: back about ten weeks ago) and the customers' turns (grade-A applicants no other story
# is).
FIRST_LEASE_DAYS, FIRST_LEASE_INDEX = 250, 1986


def _first_lease_story(key: str, offers: _Offers, owner: Session, slug: str) -> Story:
    """A six-month lease of a device sold new, delivered `FIRST_LEASE_DAYS` ago, its bills
    charged by the shop's nights, returned at the end of its term: the device the
    second-life showcase restocks as used (the one back longest ago) and leases again."""
    order = yield from _delivered_ago(
        FIRST_LEASE_INDEX, key, "in_lease", offers, owner, slug, FIRST_LEASE_DAYS
    )
    ends = order.lease_end or timezone.localdate() + timedelta(days=182)
    yield timezone.make_aware(datetime.combine(ends, time(11, 20)))
    order.refresh_from_db()
    yield from lease_returned(order, owner, slug)


def used_first_lease_stories(*, owner: Session, slug: str) -> list[Story]:
    """The first lease of the device leased again as used (issue 63), told in the shop's
    history: a six-month plan of a SKU tracked by unit whose goods are sold new. Its order
    has its key: a second run tells nothing."""
    key = f"demo-{slug}-used-first-lease"
    if Order.objects.filter(idempotency_key=key).exists():
        return []
    plans = [
        plan
        for plan in _offers().leases
        if plan.sku.tracked
        and plan.sku.goods.fineness == "new"
        and (plan.term, plan.term_unit) == (6, "month")
        and not plan.fineness
    ]
    if not plans:
        return []
    return [_first_lease_story(key, _Offers(leases=plans, sales=[]), owner, slug)]


SECOND_LEASE_INDEX = 1989  # the customer's turn: a grade-A applicant no other story is


def _second_lease_story(key: str, used: UsedUnit, owner: Session, slug: str) -> Story:
    """The used unit's second lease: the shop offers its goods at the unit's fineness the
    hour after the restock, a customer orders on that plan the next morning (audited, signed
    and bill 1 paid within the hour), the unit is shipped by scan the day after and delivered
    two days later; the customer pays each later bill in the app on its due date, up to
    yesterday."""
    yield used.restocked_at + timedelta(hours=1)
    plan = used_plan_offer(actor=owner, sku_id=used.sku_id, fineness=used.grade)
    morning = timezone.localtime(used.restocked_at).date() + timedelta(days=1)
    yield timezone.make_aware(datetime.combine(morning, time(9, 40)))
    offers = _Offers(leases=[plan], sales=[])
    order = _place(SECOND_LEASE_INDEX, key, "in_lease", offers, channel=CHANNEL, owner=owner)
    yield timezone.now() + timedelta(minutes=30)
    order = _signed(order, owner, slug)
    yield timezone.now() + timedelta(days=1, hours=1)
    _shipped(order, owner)
    yield timezone.now() + timedelta(days=2)
    order = _delivered(order)
    today = timezone.localdate(real_now())
    for bill in lease_instalments(order)[1:]:  # bill 1 was paid at signing
        if bill.due_on >= today:
            return
        yield timezone.make_aware(datetime.combine(bill.due_on, time(10, 15)))
        events.customer_bill_pay(
            order_id=order.pk,
            period=bill.period,
            idempotency_key=f"{order.order_no}-p{bill.period}",
        )
        provider_settle(slug, f"{order.order_no}B{bill.period:03d}")


def second_lease_load(*, owner: Session, slug: str) -> int | None:
    """The device the second-life showcase restocked as used leased again (issue 63), told
    on its own after it (no nights: the history's have run; the customer pays in the app).
    Its order has its key: a second run tells nothing. Answers the order's id."""
    key = f"demo-{slug}-second-lease"
    placed = Order.objects.filter(idempotency_key=key).values_list("pk", flat=True).first()
    if placed is not None:
        return placed
    used = used_unit_restocked()
    if used is None:
        return None
    history_run([_second_lease_story(key, used, owner, slug)], slug=slug, nights=False)
    return Order.objects.filter(idempotency_key=key).values_list("pk", flat=True).first()
