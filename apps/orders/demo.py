"""Demo orders: a living shop, made through the same services and sandbox providers the
calls use (never SQL). Each order has its own idempotency key: a second run finds it and
leaves it as it is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.db.models import Q
from django.utils import timezone

from apps.assets.demo import unit_owned_to_ship, units_bought_after, units_restock
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

from . import after_sale, devices, events, lease, list_actions, reads, services
from .contracts import lease_instalments
from .demo_history import Story, history_run, provider_settle
from .intake_auth import intake_key_create
from .models import IntakeKey, Order

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


def _offers(
    channel: str = CHANNEL, *, shop_wide: bool = True, plans_where: Q | None = None
) -> _Offers:
    """What the demo's customers order: goods on shelf in `channel`; `shop_wide`: only those
    every sub-shop sells (the goods a sub-shop sells alone are left to their own stories);
    `plans_where` narrows the rent plans."""
    on_shelf: dict[str, object] = {
        "sku__goods__status": GoodsStatus.ON_SHELF,
        "sku__goods__force_down": False,
    }
    if shop_wide:
        on_shelf["sku__goods__sub_shop_ids"] = []
    in_channel = Q(sku__goods__channels=[]) | Q(sku__goods__channels__contains=[channel])
    # Whether an offer has stock is asked when an order takes it (`_place`).
    plans = RentPlan.objects.filter(
        in_channel, plans_where or Q(), is_active=True, sku__is_active=True, **on_shelf
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


def _orderable(offer: RentPlan | SellPrice) -> int:
    """What a customer can order on the offer now (the history's clock): a plan at a
    fineness of its own (leased again as used) counts the units of that grade only; of a SKU
    tracked by unit, only the units the shop had bought by now (the first receipts are
    scanned before the history is told, some of them after its oldest stories)."""
    fineness = getattr(offer, "fineness", "") or None
    stock = sku_orderable(offer.sku_id, fineness)
    if not offer.sku.tracked:
        return stock
    grade = fineness or offer.sku.goods.fineness
    return stock - units_bought_after(offer.sku_id, grade, timezone.now())


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
    picked = next((offer for offer in turn if _orderable(offer) >= 1), None)
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
        # Goods a sub-shop sells alone are ordered in that sub-shop (the deposit-free ones).
        **(
            share.__dict__
            if share
            else {"sub_shop_id": next(iter(picked.sku.goods.sub_shop_ids), None)}
        ),
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
    """What the shop scans when it ships the order: a unit it owns by now, in stock where the
    order may take it (its SKU tracked by unit: its IMEI, else its serial number), or what
    was typed before units (a counted SKU)."""
    if not devices.tracked(order):
        return typed
    unit = unit_owned_to_ship(order.sku_id, order.sub_shop_id, order.fineness, timezone.now())
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
        list_actions.orders_close(actor=owner, ids=[order.pk], reason="缺货，协商关闭")
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
                    list_actions.order_allocate_sub_shop(
                        actor=owner, ids=[order.pk], sub_shop_id=shop
                    )
                    order.refresh_from_db()
                return order

            placed_at = timezone.now() - _placed_ago(target, index)
            stories.append(_story(placed_at, place, target, owner, slug, index))
    stories += also or []
    history_run(stories, slug=slug, nights=bool(stories))
    return Order.objects.count()


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
