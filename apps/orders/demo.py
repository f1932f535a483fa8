"""Demo orders: a living shop, made through the same services and sandbox providers the
calls use (never SQL). Each order has its own idempotency key: a second run finds it and
leaves it as it is."""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.db.models import Q
from django.utils import timezone

from apps.assets.demo import units_restock
from apps.assets.selectors import unit_to_ship
from apps.goods.models import GoodsStatus, RentPlan, SellPrice
from apps.goods.selectors import sku_orderable
from apps.goods.services import sku_stock_update
from apps.subshops.selectors import sub_shop_options
from zulin.core.auth import Session
from zulin.core.clock import clock_at, real_now
from zulin.core.db import tenant_connection
from zulin.providers.credit import sandbox_credit_complete
from zulin.providers.econtract import sandbox_econtract_sign
from zulin.providers.risk import sandbox_id_number_for
from zulin.providers.sandbox import sandbox_callbacks_deliver, sandbox_failure_add

from . import after_sale, devices, events, lease, reads, services
from .contracts import lease_instalments
from .demo_history import Story, history_run, provider_settle
from .intake_auth import intake_key_create
from .models import AfterSale, IntakeKey, Order

CHANNEL = "alipay_mini"
NAMES = ["王芳", "李娜", "张伟", "刘洋", "陈静", "杨磊", "赵敏", "黄强", "周婷", "吴杰"]

# (how many, where the order ends up)
DEMO_PLAN: list[tuple[int, str]] = [
    (6, "awaiting_audit"),
    (3, "refused"),
    (2, "risk_refused"),
    (4, "awaiting_signing"),
    (3, "cancelled"),
    (4, "awaiting_shipment"),
    (3, "shipped"),
    (16, "in_lease"),
    (2, "overdue"),
    (2, "returning"),
    (3, "completed"),
    (2, "bought_out"),
    (2, "closed"),
    (3, "after_sale"),
    (2, "purchase_awaiting_payment"),
    (3, "purchase_paid"),
    (2, "purchase_completed"),
]
ACME_PLAN: list[tuple[int, str]] = [(2, "awaiting_audit"), (2, "in_lease"), (1, "completed")]


@dataclass
class _Offers:
    leases: list[RentPlan]
    sales: list[SellPrice]


def _offers(channel: str = CHANNEL) -> _Offers:
    on_shelf = {
        "sku__goods__status": GoodsStatus.ON_SHELF,
        "sku__goods__force_down": False,
        "sku__goods__sub_shop_ids": [],
    }
    in_channel = Q(sku__goods__channels=[]) | Q(sku__goods__channels__contains=[channel])
    # Whether an offer has stock is asked when an order takes it (`_place`).
    plans = RentPlan.objects.filter(
        in_channel, is_active=True, sku__is_active=True, **on_shelf
    ).select_related("sku__goods")
    sales = SellPrice.objects.filter(
        in_channel, is_active=True, sku__is_active=True, **on_shelf
    ).select_related("sku__goods")
    return _Offers(leases=list(plans.order_by("id")[:40]), sales=list(sales.order_by("id")[:10]))


# How long ago an order in each state was placed: the new ones in the last days, running
# leases in the last weeks (within their term), the overdue ones two to three months ago,
# ended ones across the last 90 days, so lists and the data centre show a history.
RECENT = ("awaiting_audit", "risk_refused", "refused", "awaiting_signing", "cancelled")
RUNNING = ("awaiting_shipment", "shipped", "purchase_awaiting_payment", "purchase_paid")
LEASING = ("in_lease", "after_sale", "returning")


def _placed_ago(target: str, index: int) -> timedelta:
    if target == "awaiting_signing":  # the shop's job cancels one unsigned after 30 minutes
        return timedelta(minutes=25 - index % 10)
    if target in RECENT:
        days = index % 3
    elif target in RUNNING:
        days = 2 + index % 6
    elif target in LEASING:
        days = 22 + index % 25
    elif target == "overdue":
        days = 60 + (index * 7) % 25
    else:
        days = 10 + (index * 37) % 80
    return timedelta(days=days, hours=(index * 7) % 24, minutes=(index * 13) % 60)


def _place(
    index: int,
    key: str,
    target: str,
    offers: _Offers,
    channel: str,
    owner: Session,
    share: ShareAttribution | None = None,
) -> Order:
    """The order placed now (the history's clock: its own day)."""
    purchase = target.startswith("purchase")
    grade = "E" if target == "risk_refused" else ("A", "B", "C")[index % 3]
    choices: list[RentPlan] | list[SellPrice] = offers.sales if purchase else offers.leases
    # The first offer from this order's turn on that a customer can still order (the one
    # stock rule: a counted SKU's count, a tracked SKU's units in stock less reservations);
    # when none can, the shop restocks this order's turn: devices tracked by unit arrive on a
    # stock receipt an hour before, a counted SKU's count goes up.
    turn = choices[index % len(choices) :] + choices[: index % len(choices)]
    picked = next((offer for offer in turn if sku_orderable(offer.sku_id) >= 1), None)
    if picked is None:
        picked = turn[0]
        if picked.sku.tracked:
            with clock_at(timezone.now() - timedelta(hours=1)):
                units_restock(actor=owner, sku_id=picked.sku_id)
        else:
            sku_stock_update(actor=owner, sku_id=picked.sku_id, mode="add", quantity=10)
    data = services.Intake(
        idempotency_key=key,
        customer_name=NAMES[index % len(NAMES)],
        customer_phone=f"139{index:08d}",
        id_number=sandbox_id_number_for(
            grade=grade,  # type: ignore[arg-type]
            seed=index % 40,
            born=date(1975 + index % 25, 1 + index % 12, 1 + index % 28),
        ),
        sku_id=picked.sku_id,
        rent_plan_id=None if purchase else picked.pk,
        channel=channel,
        shipping_fee=Decimal("12.00") if index % 4 == 0 else Decimal("0.00"),
        placed_at=timezone.now(),
        **(share.__dict__ if share else {}),
    )
    return services.order_place(data=data)


def _first_bill_paid(order: Order, slug: str) -> None:
    """The customer pays bill 1 (a lease at signing, a purchase's one bill) and the provider
    confirms."""
    events.customer_bill_pay(order_id=order.pk, period=1, idempotency_key=f"{order.order_no}-p1")
    provider_settle(slug, f"{order.order_no}B001")


def _signed(order: Order, owner: Session, slug: str) -> Order:
    services.order_audit(actor=owner, order_id=order.pk, passed=True)
    order.refresh_from_db()
    contract = order.contracts.order_by("-version").first()
    if contract is not None:
        sandbox_econtract_sign(contract.provider_reference)
        sandbox_callbacks_deliver(merchant=slug)
    _first_bill_paid(order, slug)
    order.refresh_from_db()
    return order


def _device_code(order: Order, typed: str) -> str:
    """What the shop scans when it ships the order: a unit in stock where the order may take
    it (its SKU tracked by unit: its IMEI, else its serial number), or what was typed before
    units (a counted SKU)."""
    if not devices.tracked(order):
        return typed
    unit = unit_to_ship(order.sku_id, order.sub_shop_id)
    if unit is None:
        return typed  # refused by the shipment: a demo that ran out of units says so
    return unit.imei1 or unit.serial_number


def _shipped(order: Order, owner: Session) -> None:
    lease.order_ship(
        actor=owner,
        order_id=order.pk,
        company_code="SF",
        tracking_no=f"SF{order.pk:010d}",
        device_serial=_device_code(order, f"IMEI{order.pk:011d}"),
    )


def _delivered(order: Order) -> Order:
    lease.order_deliver(
        order_id=order.pk, actor=None, delivered_at=timezone.now(), reason="快递签收"
    )
    order.refresh_from_db()
    return order


def _customer_short(order: Order, slug: str, *, nights: int | None) -> None:
    """The customer's account has no balance for the next `nights` auto-debits (None: from
    now on): the bills fall overdue until the money is there."""
    sandbox_failure_add(
        service="payment",
        operation="withhold",
        reason="INSUFFICIENT_BALANCE",
        merchant=slug,
        subject=f"cust-{order.customer_id}",
        times=nights,
    )


def _between(start: datetime, share: float) -> datetime:
    """A moment `share` of the way from `start` to the real now (not the history's clock)."""
    return start + (real_now() - start) * share


def _story(
    placed_at: datetime,
    place: Callable[[], Order],
    target: str,
    owner: Session,
    slug: str,
    index: int,
) -> Story:
    """One order's life up to `target`, each step at its own moment: placed at `placed_at`
    (by `place`), audited within the hour, shipped the next day, delivered a day or two
    later; the rent is the nights' (`demo_history`): one customer in four pays a bill some
    days late, the overdue ones stop paying. Yields when it wants to act next."""
    yield placed_at
    order = place()
    placed = timezone.now()
    if target in ("awaiting_audit", "risk_refused", "purchase_awaiting_payment"):
        return
    yield placed + timedelta(minutes=20 + index % 40)
    if target == "refused":
        services.order_audit(actor=owner, order_id=order.pk, passed=False, reason="资料不全")
        return
    if target.startswith("purchase"):
        _first_bill_paid(order, slug)
        if target == "purchase_completed":
            yield placed + timedelta(days=1, hours=2)
            lease.order_ship(
                actor=owner,
                order_id=order.pk,
                company_code="JD",
                tracking_no=f"JD{order.pk:010d}",
                device_serial=_device_code(order, ""),
            )
            yield placed + timedelta(days=2, hours=5)
            lease.order_deliver(order_id=order.pk, actor=None, reason="快递签收")
        return
    if target in ("awaiting_signing", "cancelled"):
        services.order_audit(actor=owner, order_id=order.pk, passed=True)
        if target == "cancelled":
            yield placed + timedelta(hours=3)
            services.order_cancel(order_id=order.pk, reason="用户取消")
        return
    order = _signed(order, owner, slug)
    if target == "awaiting_shipment":
        return
    yield placed + timedelta(days=1, hours=index % 5)
    if target == "closed":
        services.orders_close(actor=owner, ids=[order.pk], reason="缺货，协商关闭")
        provider_settle(slug)
        return
    _shipped(order, owner)
    if target == "shipped":
        return
    yield placed + timedelta(days=2, hours=3 + index % 6)
    order = _delivered(order)
    delivered = timezone.now()
    if target == "overdue":
        # Paid bill 1 at signing, then nothing: the account is empty since.
        yield delivered + timedelta(days=10)
        _customer_short(order, slug, nights=None)
        return
    if index % 4 == 1:  # one in four pays a bill a few days late (late fees with it)
        late = 1 + index % 4
        schedule = lease_instalments(order)
        second = next((bill for bill in schedule if bill.period == 2), None)
        # Only a bill whose late payment is history: the failures are all used by then.
        if second and second.due_on + timedelta(days=late) < timezone.localdate(real_now()):
            eve = second.due_on - timedelta(days=1)
            yield timezone.make_aware(datetime.combine(eve, time(12)))
            _customer_short(order, slug, nights=late)
    if target == "in_lease":
        return
    if target == "after_sale":
        yield real_now() - timedelta(hours=20 + index % 10)
        after_sale.after_sale_apply(
            order_id=order.pk, kind="renewal", reason="想多用几个月", extra_term=3
        )
        return
    if target == "bought_out":
        yield _between(delivered, 0.7)
        after_sale.after_sale_apply(order_id=order.pk, kind="buyout", reason="想买下来")
        yield timezone.now() + timedelta(hours=2)
        after_sale.after_sale_deal(
            actor=owner,
            order_id=order.pk,
            decision="approve",
            idempotency_key=f"{order.order_no}-buy",
        )
        provider_settle(slug)
        return
    if target in ("returning", "completed"):
        yield (
            real_now() - timedelta(days=2, hours=index % 10)
            if target == "returning"
            else _between(delivered, 0.6)
        )
        after_sale.after_sale_apply(order_id=order.pk, kind="return", reason="到期归还")
        yield timezone.now() + timedelta(hours=1)
        after_sale.after_sale_deal(actor=owner, order_id=order.pk, decision="approve")
        if target == "completed":
            yield timezone.now() + timedelta(days=2)
            order.refresh_from_db()
            after_sale.after_sale_deal(
                actor=owner,
                order_id=order.pk,
                decision="receive",
                device_serial=order.device_serial,
            )
            yield timezone.now() + timedelta(hours=20)
            after_sale.after_sale_deal(
                actor=owner,
                order_id=order.pk,
                decision="inspect",
                damage_amount=Decimal("50.00") * (index % 2),
                inspection_note="外观轻微划痕",
            )
            provider_settle(slug)


@dataclass(frozen=True)
class ShareAttribution:
    """What an order placed through a promotion share link carries (apps/promotion/demo.py)."""

    share_link_id: int
    salesman_account_id: int | None
    sub_shop_id: int | None


def orders_through_share_link_load(
    *,
    owner: Session,
    slug: str,
    channel: str,
    share: ShareAttribution,
    orders: list[tuple[str, str]],
    first_index: int,
) -> int:
    """Orders `(idempotency key, target state)` placed through a share link in the last
    days as the intake places them, and taken to their state; a key already used is left
    as it is. Answers how many it placed."""
    offers = _offers(channel)
    if not offers.leases or not offers.sales:
        return 0
    stories = []
    for n, (key, target) in enumerate(orders):
        if Order.objects.filter(idempotency_key=key).exists():
            continue
        index = first_index + n

        def place(index: int = index, key: str = key, target: str = target) -> Order:
            return _place(index, key, target, offers, channel=channel, owner=owner, share=share)

        placed_at = timezone.now() - timedelta(days=3, hours=index % 12)
        stories.append(_story(placed_at, place, target, owner, slug, index))
    history_run(stories, slug=slug, nights=False)
    return len(stories)


def orders_showcase_load(
    *,
    owner: Session,
    slug: str,
    plan: list[tuple[int, str]] | None = None,
    rounds: int = 1,
    also: list[Story] | None = None,
) -> int:
    """Orders in every state and stage for the active merchant, the plan `rounds` times
    over, told as the history of the shop's last 90 days with its nights; `also`: other
    stories told in the same history (the recovery showcase's older debts, cases worked and
    written off: the nights run from the first of them). Answers how many orders exist."""
    if not IntakeKey.objects.exists():
        intake_key_create(name="演示小程序", channel=CHANNEL)
    offers = _offers()
    if not offers.leases or not offers.sales:
        return 0
    shops = sub_shop_options(session=owner)
    index = 0
    stories = []
    for count, target in (plan or DEMO_PLAN) * rounds:
        for _ in range(count):
            index += 1
            key = f"demo-{slug}-{index:04d}"
            if Order.objects.filter(idempotency_key=key).exists():
                continue

            def place(index: int = index, key: str = key, target: str = target) -> Order:
                order = _place(index, key, target, offers, channel=CHANNEL, owner=owner)
                # Every third order is followed up by one of the shop's sub-shops.
                if shops and index % 3 == 0:
                    shop = shops[(index // 3) % len(shops)]["id"]
                    services.order_allocate_sub_shop(actor=owner, ids=[order.pk], sub_shop_id=shop)
                    order.refresh_from_db()
                return order

            placed_at = timezone.now() - _placed_ago(target, index)
            stories.append(_story(placed_at, place, target, owner, slug, index))
    stories += also or []
    history_run(stories, slug=slug, nights=bool(stories))
    return Order.objects.count()


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


def order_risk_checks_showcase_load(*, actor: Session) -> None:
    """Risk queries beyond the intake's (every demo order's intake already charged one): an
    in-depth report on the newest orders awaiting audit, and a credit-bureau report of the
    newest one's customer (the sandbox bureau settles it and its callback arrives). Each has
    its idempotency key: a second run adds nothing."""
    newest = reads.awaiting_audit_order_ids(2)
    for order_id in newest:
        services.order_risk_check(
            actor=actor, order_id=order_id, query_type="deep", idempotency_key="demo-risk-deep"
        )
    if newest:
        services.order_credit_query_apply(
            actor=actor, order_id=newest[0], idempotency_key="demo-credit-report"
        )
        slug = tenant_connection.tenant.slug
        sandbox_credit_complete(merchant=slug)
        sandbox_callbacks_deliver(merchant=slug)
