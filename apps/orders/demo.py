"""Demo orders: a living shop, made through the same services and sandbox providers the
calls use (never SQL). Each order has its own idempotency key: a second run finds it and
leaves it as it is."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.db.models import Q
from django.utils import timezone

from apps.goods.models import GoodsStatus, RentPlan, SellPrice, Sku
from apps.goods.services import sku_stock_update
from apps.subshops.selectors import sub_shop_options
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.documents.slip import TransferSlip, transfer_slip_png
from zulin.providers.credit import sandbox_credit_complete
from zulin.providers.econtract import sandbox_econtract_sign
from zulin.providers.payment import sandbox_payer_pay, sandbox_payments_complete
from zulin.providers.risk import sandbox_id_number_for
from zulin.providers.sandbox import sandbox_callbacks_deliver

from . import after_sale, lease, outcomes, selectors, services
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
    (8, "in_lease"),
    (4, "overdue"),
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
    plans = RentPlan.objects.filter(
        in_channel, is_active=True, sku__is_active=True, sku__stock__gte=1, **on_shelf
    ).select_related("sku__goods")
    sales = SellPrice.objects.filter(
        in_channel, is_active=True, sku__is_active=True, sku__stock__gte=1, **on_shelf
    ).select_related("sku__goods")
    return _Offers(leases=list(plans.order_by("id")[:40]), sales=list(sales.order_by("id")[:10]))


def _settle(slug: str, pay_out_no: str = "") -> None:
    if pay_out_no:
        sandbox_payer_pay(merchant=slug, out_no=pay_out_no)
    sandbox_payments_complete(merchant=slug)
    sandbox_callbacks_deliver(merchant=slug)


# How long ago an order in each state was placed: the new ones in the last days, leases
# running or ended across the last 90 days, so lists and the data centre show a history.
RECENT = ("awaiting_audit", "risk_refused", "refused", "awaiting_signing", "cancelled")
RUNNING = ("awaiting_shipment", "shipped", "purchase_awaiting_payment", "purchase_paid")


def _placed_ago(target: str, index: int) -> timedelta:
    if target in RECENT:
        days = index % 3
    elif target in RUNNING:
        days = 2 + index % 6
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
    placed_ago: timedelta | None = None,
) -> Order:
    purchase = target.startswith("purchase")
    grade = "E" if target == "risk_refused" else ("A", "B", "C")[index % 3]
    choices: list[RentPlan] | list[SellPrice] = offers.sales if purchase else offers.leases
    # The first offer from this order's turn on that still has stock; when none has, the
    # shop takes in new stock of this order's turn.
    turn = choices[index % len(choices) :] + choices[: index % len(choices)]
    picked = next(
        (offer for offer in turn if Sku.objects.filter(pk=offer.sku_id, stock__gte=1).exists()),
        None,
    )
    if picked is None:
        picked = turn[0]
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
        placed_at=timezone.now() - (placed_ago or _placed_ago(target, index)),
        **(share.__dict__ if share else {}),
    )
    return services.order_place(data=data)


def _first_bill_paid(order: Order, slug: str) -> None:
    """The customer pays bill 1 (a lease at signing, a purchase's one bill) and the provider
    confirms."""
    lease.order_bill_pay(
        order_id=order.pk,
        period=1,
        actor=None,
        idempotency_key=f"{order.order_no}-p1",
        by_customer=True,
    )
    _settle(slug, f"{order.order_no}B001")


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


def _in_lease(order: Order, owner: Session, slug: str, days_ago: int) -> Order:
    lease.order_ship(
        actor=owner,
        order_id=order.pk,
        company_code="SF",
        tracking_no=f"SF{order.pk:010d}",
        device_serial=f"IMEI{order.pk:011d}",
    )
    lease.order_deliver(
        order_id=order.pk,
        actor=None,
        delivered_at=timezone.now() - timedelta(days=days_ago),
        reason="快递签收",
    )
    order.refresh_from_db()
    return order


def _advance(order: Order, target: str, owner: Session, slug: str, index: int) -> None:
    if target in ("awaiting_audit", "risk_refused", "purchase_awaiting_payment"):
        return
    if target == "refused":
        services.order_audit(actor=owner, order_id=order.pk, passed=False, reason="资料不全")
        return
    if target.startswith("purchase"):
        _first_bill_paid(order, slug)
        if target == "purchase_completed":
            lease.order_ship(
                actor=owner,
                order_id=order.pk,
                company_code="JD",
                tracking_no=f"JD{order.pk:010d}",
                device_serial="",
            )
            lease.order_deliver(order_id=order.pk, actor=None, reason="快递签收")
        return
    if target in ("awaiting_signing", "cancelled"):
        services.order_audit(actor=owner, order_id=order.pk, passed=True)
        if target == "cancelled":
            services.order_cancel(order_id=order.pk, reason="用户取消")
        return
    order = _signed(order, owner, slug)
    if target == "awaiting_shipment":
        return
    if target == "closed":
        services.orders_close(actor=owner, ids=[order.pk], reason="缺货，协商关闭")
        _settle(slug)
        return
    if target == "shipped":
        lease.order_ship(
            actor=owner,
            order_id=order.pk,
            company_code="SF",
            tracking_no=f"SF{order.pk:010d}",
            device_serial=f"IMEI{order.pk:011d}",
        )
        return
    days_ago = {"overdue": 75, "in_lease": 20 + index % 25}.get(target, 40)
    order = _in_lease(order, owner, slug, days_ago)
    if target in ("in_lease", "overdue") and index % 2 == 0 and target != "overdue":
        lease.order_bill_pay(
            order_id=order.pk, period=2, actor=owner, idempotency_key=f"{order.order_no}-p2"
        )
        _settle(slug)
    if target == "overdue":
        outcomes.order_overdue_refresh(order)
        return
    if target == "after_sale":
        after_sale.after_sale_apply(
            order_id=order.pk, kind="renewal", reason="想多用几个月", extra_term=3
        )
        return
    if target == "bought_out":
        after_sale.after_sale_apply(order_id=order.pk, kind="buyout", reason="想买下来")
        after_sale.after_sale_deal(
            actor=owner,
            order_id=order.pk,
            decision="approve",
            idempotency_key=f"{order.order_no}-buy",
        )
        _settle(slug)
        return
    if target in ("returning", "completed"):
        after_sale.after_sale_apply(order_id=order.pk, kind="return", reason="到期归还")
        after_sale.after_sale_deal(actor=owner, order_id=order.pk, decision="approve")
        if target == "completed":
            order.refresh_from_db()
            after_sale.after_sale_deal(
                actor=owner,
                order_id=order.pk,
                decision="receive",
                device_serial=order.device_serial,
            )
            after_sale.after_sale_deal(
                actor=owner,
                order_id=order.pk,
                decision="inspect",
                damage_amount=Decimal("50.00") * (index % 2),
                inspection_note="外观轻微划痕",
            )
            _settle(slug)


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
    """Orders `(idempotency key, target state)` placed through a share link as the intake
    places them, and taken to their state; a key already used is left as it is. Answers how
    many it placed."""
    offers = _offers(channel)
    if not offers.leases or not offers.sales:
        return 0
    placed = 0
    for n, (key, target) in enumerate(orders):
        if Order.objects.filter(idempotency_key=key).exists():
            continue
        index = first_index + n
        order = _place(index, key, target, offers, channel=channel, owner=owner, share=share)
        _advance(order, target, owner, slug, index)
        placed += 1
    return placed


def orders_showcase_load(
    *, owner: Session, slug: str, plan: list[tuple[int, str]] | None = None, rounds: int = 1
) -> int:
    """Orders in every state and stage for the active merchant, the plan `rounds` times
    over; answers how many exist."""
    if not IntakeKey.objects.exists():
        intake_key_create(name="演示小程序", channel=CHANNEL)
    offers = _offers()
    if not offers.leases or not offers.sales:
        return 0
    shops = sub_shop_options(session=owner)
    index = 0
    for count, target in (plan or DEMO_PLAN) * rounds:
        for _ in range(count):
            index += 1
            key = f"demo-{slug}-{index:04d}"
            if Order.objects.filter(idempotency_key=key).exists():
                continue
            order = _place(index, key, target, offers, channel=CHANNEL, owner=owner)
            # Every third order is followed up by one of the shop's sub-shops.
            if shops and index % 3 == 0:
                shop = shops[(index // 3) % len(shops)]["id"]
                services.order_allocate_sub_shop(actor=owner, ids=[order.pk], sub_shop_id=shop)
                order.refresh_from_db()
            _advance(order, target, owner, slug, index)
    return Order.objects.count()


def overdue_leases_load(*, owner: Session, slug: str, days_ago: tuple[int, ...]) -> list[int]:
    """Month leases delivered `days_ago` days ago (one each) whose customer paid nothing
    since bill 1: debts of every age for the recovery showcase. Each has its key: a second
    run finds them. Answers their ids."""
    offers = _offers()
    months = [plan for plan in offers.leases if plan.term_unit == "month"]
    if not months:
        return []
    offers = _Offers(leases=months, sales=offers.sales)
    ids = []
    for number, days in enumerate(days_ago):
        key = f"demo-{slug}-late-{days:04d}"
        order = Order.objects.filter(idempotency_key=key).first()
        if order is None:
            order = _place(
                700 + number,
                key,
                "overdue",
                offers,
                channel=CHANNEL,
                owner=owner,
                placed_ago=timedelta(days=days + 3),
            )
            order = _signed(order, owner, slug)
            order = _in_lease(order, owner, slug, days)
            outcomes.order_overdue_refresh(order)
        ids.append(order.pk)
    return ids


def money_showcase_load(*, owner: Session, slug: str) -> dict[str, int]:
    """The shop's money after its orders: late fees on overdue bills (one partly waived), a
    withhold that failed for lack of balance, and the settlement statements of past days
    (what is withdrawable now). Safe to run again: late fees are one row per bill and day,
    the waiver and the attempt have their keys, statements settle each journal once."""
    from apps.billing import latefees, settlement
    from apps.billing.models import Bill, BillPayment, BillStatus
    from zulin.providers.sandbox import sandbox_failure_add

    from .collection import late_fee_waive

    latefees.late_fees_accrue()
    overdue = list(
        Bill.objects.filter(
            status=BillStatus.UNPAID, due_date__lt=timezone.localdate(), period__gte=1
        ).order_by("order_id", "period")
    )
    owing = [bill for bill in overdue if bill.late_fee_owed > 0]
    if owing:
        bill = owing[0]
        half = (bill.late_fee_owed / 2).quantize(Decimal("0.01"))
        if half > 0 and not bill.waivers.exists():
            late_fee_waive(
                actor=owner,
                order_id=bill.order_id,
                period=bill.period,
                amount=half,
                reason="客户首次逾期，减免一半违约金",
                idempotency_key=f"demo-{slug}-waive-1",
            )
    # The oldest bill of another overdue order: the customer's account had no balance (once:
    # a later part of the showcase may have the customer pay that bill since).
    failed_key = f"demo-{slug}-withhold-failed"
    other = next((b for b in overdue if owing and b.order_id != owing[0].order_id), None)
    if (
        other is not None
        and not BillPayment.objects.filter(bill=other).exists()
        and not BillPayment.objects.filter(idempotency_key=failed_key).exists()
    ):
        order = Order.objects.get(pk=other.order_id)
        if order.withhold_agreement_no and not order.has_open_after_sale:
            sandbox_failure_add(
                service="payment",
                operation="withhold",
                reason="INSUFFICIENT_BALANCE",
                merchant=slug,
                subject=f"cust-{order.customer_id}",
            )
            lease.order_bill_pay(
                order_id=order.pk,
                period=other.period,
                actor=owner,
                idempotency_key=failed_key,
            )
            _settle(slug)
    repayments_showcase_load(owner=owner, slug=slug)
    # Every journal of the demo was booked today, the day it was loaded (its orders are
    # back-dated, its money is not): the demo settles that history at once, as if its
    # settlement day had come, so the shop shows a withdrawable balance.
    closed = settlement.statements_close(today=timezone.localdate() + timedelta(days=31))
    return {"late_fee_bills": len(owing), "statements": int(closed["closed"])}


def reconciliation_faults_load(*, owner: Session, slug: str) -> int:
    """Two withholds whose money the provider's books and the shop's disagree on, made
    through the collection service with the sandbox's failures on demand: one taken whose
    callback was lost (never synced: missing in the ledger), one taken 0.01 short (amounts
    differ). Each has its idempotency key: a second run adds nothing. Answers how many."""
    from apps.billing.models import Bill, BillPayment, BillStatus
    from zulin.providers.sandbox import sandbox_failure_add

    faults = (("recon-lost", "CALLBACK_LOST"), ("recon-short", "AMOUNT_DIFFERS"))
    made = 0
    for name, reason in faults:
        key = f"demo-{slug}-{name}"
        if BillPayment.objects.filter(idempotency_key=key).exists():
            made += 1
            continue
        candidates = Order.objects.filter(
            status="in_lease", has_open_after_sale=False, is_deleted=False
        ).exclude(withhold_agreement_no="")
        for order in candidates.order_by("pk"):
            bill = (
                Bill.objects.filter(order_id=order.pk, period__gte=2)
                .exclude(status__in=[BillStatus.PAID, BillStatus.CANCELLED])
                .order_by("period")
                .first()
            )
            if bill is None or bill.status != BillStatus.UNPAID or bill.payments.exists():
                continue
            sandbox_failure_add(
                service="payment",
                operation="withhold",
                reason=reason,
                merchant=slug,
                subject=bill.out_trade_no,
            )
            lease.order_bill_pay(
                order_id=order.pk, period=bill.period, actor=owner, idempotency_key=key
            )
            _settle(slug)
            made += 1
            break
    return made


def repayments_showcase_load(*, owner: Session, slug: str) -> dict[str, bool]:
    """One overdue bill the customer repaid by bank transfer, recorded with its voucher, and
    one lease settled early through the provider (bought out). Each has its key: a second
    run finds it and changes nothing."""
    from apps.billing.models import Bill, BillPayment, BillStatus, EarlySettlement, OfflineReceipt
    from apps.billing.offline import OfflineDetails

    from . import machine, repayments

    today = timezone.localdate()
    offline_key, early_key = f"demo-{slug}-offline-1", f"demo-{slug}-early-1"
    running = Order.objects.filter(
        kind="lease", status=machine.IN_LEASE, has_open_after_sale=False, is_deleted=False
    ).order_by("id")
    if not OfflineReceipt.objects.filter(idempotency_key=offline_key).exists():
        overdue = (
            Bill.objects.filter(
                order_id__in=running.values("pk"),
                status=BillStatus.UNPAID,
                due_date__lt=today,
                period__gte=1,
            )
            .exclude(order_id__in=Bill.objects.filter(status=BillStatus.PAYING).values("order_id"))
            .order_by("order_id", "period")
        )
        # The oldest open bill of an overdue order whose customer paid by bank transfer (one
        # the demo waived nothing of and never tried to charge).
        oldest: dict[int, Bill] = {}
        for candidate in overdue:
            oldest.setdefault(candidate.order_id, candidate)
        bill = next(
            (
                b
                for b in oldest.values()
                if not b.waivers.exists()
                and not BillPayment.objects.filter(
                    bill__order_id=b.order_id, status="failed"
                ).exists()
            ),
            None,
        )
        if bill is not None:
            amount = bill.late_fee_owed + bill.rent_owed
            repayments.offline_repay(
                actor=owner,
                order_id=bill.order_id,
                period=bill.period,
                amount=amount,
                details=OfflineDetails(
                    channel="bank_transfer",
                    paid_on=today,
                    payer_name="王芳",
                    bank_reference=f"CMB{today:%Y%m%d}{bill.pk:06d}",
                    remark="客户逾期后银行转账还款，凭证已核对",
                    voucher_base64=base64.b64encode(
                        transfer_slip_png(
                            TransferSlip(
                                bank="招商银行",
                                payer_name="王芳",
                                payer_account="6214830100021234",
                                payee_name=tenant_connection.tenant.name,
                                payee_account="6225880000001234",
                                amount=amount,
                                day=today,
                                reference=f"CMB{today:%Y%m%d}{bill.pk:06d}",
                                purpose=f"租金还款 {bill.order_no} 第{bill.period}期",
                            )
                        )
                    ).decode(),
                ),
                idempotency_key=offline_key,
            )
    if not EarlySettlement.objects.filter(idempotency_key=early_key).exists():
        # A lease paid on time, nothing overdue: the customer settles the rest now.
        order = next(
            (
                o
                for o in running.filter(overdue_since__isnull=True, ownership_transfer=True)
                .exclude(withhold_agreement_no="")
                .exclude(pk__in=Bill.objects.filter(status=BillStatus.PAYING).values("order_id"))
                if Bill.objects.filter(order_id=o.pk, status=BillStatus.UNPAID).exists()
            ),
            None,
        )
        if order is not None:
            quote = repayments.early_settlement_quote(actor=owner, order_id=order.pk)
            repayments.early_settle(
                actor=owner,
                order_id=order.pk,
                total=Decimal(quote["total"]),
                idempotency_key=early_key,
            )
            _settle(slug)
    return {
        "offline": OfflineReceipt.objects.filter(idempotency_key=offline_key).exists(),
        "early": EarlySettlement.objects.filter(
            idempotency_key=early_key, status=EarlySettlement.Status.SUCCEEDED
        ).exists(),
    }


# The shop's early-return terms, and leases placed under them (`owed_after_lease_load`):
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


def owed_after_lease_load(*, owner: Session, slug: str) -> int:
    """The shop's early-return terms (a minimum of 6 months; before it, 30 % of the rent a
    return cancels) and leases placed under them: returned early with the fee, returned
    with damage above the deposit (the order ends owing), one awaiting inspection and one
    running. Answers how many orders end owing. Each order has its key: a second run finds
    it and changes nothing."""
    from .guards import order_setting

    keys = [f"demo-{slug}-owed-{index}" for index, *_ in OWED_PLAN]
    placed = Order.objects.filter(idempotency_key__in=keys).exists()
    if not placed and order_setting().early_return_fee_mode == "none":
        services.order_setting_save(actor=owner, fields=dict(EARLY_RETURN_TERMS))
    offers = _offers()
    if not offers.leases:
        return 0
    for (index, days_ago, end, damage), key in zip(OWED_PLAN, keys, strict=True):
        if Order.objects.filter(idempotency_key=key).exists():
            continue
        order = _place(index, key, "completed", offers, channel=CHANNEL, owner=owner)
        order = _in_lease(_signed(order, owner, slug), owner, slug, days_ago)
        if end == "in_lease":
            continue
        after_sale.after_sale_apply(order_id=order.pk, kind="return", reason="提前退租")
        after_sale.after_sale_deal(actor=owner, order_id=order.pk, decision="approve")
        after_sale.after_sale_deal(
            actor=owner, order_id=order.pk, decision="receive", device_serial=order.device_serial
        )
        if end == "returned":
            after_sale.after_sale_deal(
                actor=owner,
                order_id=order.pk,
                decision="inspect",
                damage_amount=damage,
                inspection_note="屏幕碎裂，需更换" if damage > 1000 else "外观检查",
            )
            _settle(slug)
    return Order.objects.filter(idempotency_key__in=keys, stage="owing").count()


def order_risk_checks_showcase_load(*, actor: Session) -> None:
    """Risk queries beyond the intake's (every demo order's intake already charged one): an
    in-depth report on the newest orders awaiting audit, and a credit-bureau report of the
    newest one's customer (the sandbox bureau settles it and its callback arrives). Each has
    its idempotency key: a second run adds nothing."""
    newest = selectors.awaiting_audit_order_ids(2)
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
