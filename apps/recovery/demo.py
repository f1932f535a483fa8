"""The recovery showcase: debts of every age (leases unpaid for weeks to months, beside the
orders showcase's overdue and owing orders), told in the shop's history with its nights: each
case opened and assigned by recovery's night the night its first bill went past due, contacts
logged by the two collectors in the last week, a promise kept (paid through the payment link
in the sandbox) and one broken, the oldest debt written off on its day weeks ago (its device
lost with it) and partly paid back after, and the evidence pack of that debt. Made through the
services the calls use; runs in the merchant's schema (the caller enters it) and is safe to
run again."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, time, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from django.utils import timezone

from apps.billing import bill_pay
from apps.billing.models import Bill, BillStatus
from apps.disputes.demo import evidence_pack_showcase_load
from apps.orders.demo_stories import debt_keys, demo_order_ids, overdue_lease_stories
from apps.orders.reads import order_device
from tenants.accounts.demo import demo_actor
from zulin.core.auth import Session
from zulin.core.clock import real_now
from zulin.core.sides import PlatformType
from zulin.providers.payment import sandbox_payer_pay, sandbox_payments_complete
from zulin.providers.sandbox import sandbox_callbacks_deliver

from . import selectors, services
from .models import CaseState, ContactRecord, PromiseToPay, RecoveryCase, WriteOff

if TYPE_CHECKING:
    from tenants.merchants.models import Merchant

# Days since delivery of the showcase's own unpaid leases: bill 2 fell due a month after,
# so about 15 (M1), 65 and 70 (M3), 130 and 220 (M3+) days past due; the orders showcase's
# overdue leases are about 45 (M2). Two in M3: the round robin gives one to each collector,
# and the kept promise (paid through the link) may pay one of them down to M2.
DAYS_AGO = (45, 95, 100, 160, 250)
# When the oldest debt (about 200 days past due by then) is written off, and when its
# customer pays part of it back: days before the load.
WRITTEN_OFF_AGO, RECOVERED_AGO = 20, 8

Story = Iterator[datetime]


def _days_ago(days: int, at: time) -> datetime:
    """`days` China days before the real today, at `at`."""
    day = timezone.localtime(real_now()).date() - timedelta(days=days)
    return timezone.make_aware(datetime.combine(day, at))


def recovery_stories(*, owner: Session, merchant: Merchant) -> list[Story]:
    """The showcase's part of the shop's history (told by `orders_showcase_load` with its
    nights): the debts, the collectors' week and the write-off. What a load made already is
    not told again."""
    collectors = [
        demo_actor(platform_type=PlatformType.STORE, merchant=merchant, username=name)
        for name in ("collector1", "collector2")
    ]
    keys = debt_keys(merchant.slug, DAYS_AGO)
    stories = overdue_lease_stories(owner=owner, slug=merchant.slug, days_ago=DAYS_AGO)
    if not ContactRecord.objects.exists():
        stories.append(_worked(collectors, merchant.slug, keys))
    if not WriteOff.objects.exists():
        stories.append(_written_off(owner, merchant.slug, keys))
    return stories


def recovery_showcase_load(*, owner: Session, merchant: Merchant) -> dict[str, int]:
    """After the history: the cases as today's refresh has them, the promises decided, the
    lawyer's pack of the debt written off (its contract, bills, contacts and write-off)."""
    services.cases_refresh()
    services.promises_decide()
    written = WriteOff.objects.order_by("id").first()
    pack = evidence_pack_showcase_load(owner=owner, order_id=written.order_id) if written else 0
    return {
        "open": RecoveryCase.objects.filter(state=CaseState.OPEN).count(),
        "contacts": ContactRecord.objects.count(),
        "promises": PromiseToPay.objects.count(),
        "written_off": WriteOff.objects.count(),
        "evidence_pack": pack,
    }


def _written_off(owner: Session, slug: str, keys: list[str]) -> Story:
    """The oldest of this showcase's debts (past the shop's age for a write-off by then) is
    written off by the owner with a reason, weeks ago; days later the customer pays its
    oldest bill in the app (a partial recovery after write-off, income when it arrives)."""
    yield _days_ago(WRITTEN_OFF_AGO, time(16, 20))
    old_enough = RecoveryCase.objects.filter(
        state=CaseState.OPEN,
        order_id__in=demo_order_ids(keys),
        days_past_due__gte=selectors.recovery_setting().write_off_after_days,
    ).order_by("-days_past_due", "id")
    # A device never returned (tracked by unit) is written off with the debt: lost.
    cases = list(old_enough)
    oldest = next((c for c in cases if order_device(c.order_id)), cases[0] if cases else None)
    if oldest is None:
        return
    done = services.case_write_off(
        actor=owner,
        case_id=oldest.pk,
        reason="客户失联逾期超过半年，经财务审批核销；如后续回款按收入入账",
        idempotency_key=f"demo-write-off-{oldest.pk}",
    )
    first = (
        Bill.objects.filter(order_id=done.order_id, status=BillStatus.WRITTEN_OFF)
        .order_by("period")
        .first()
    )
    if first is None:
        return
    yield _days_ago(RECOVERED_AGO, time(19, 45))
    collected = bill_pay.order_bill_pay(
        order_id=done.order_id,
        period=first.period,
        actor=None,
        idempotency_key=f"demo-recovered-{first.pk}",
        by_customer=True,
    )
    sandbox_payer_pay(merchant=slug, out_no=collected.payment.out_trade_no)
    sandbox_payments_complete(merchant=slug)
    sandbox_callbacks_deliver(merchant=slug)


def _worked(collectors: list[Session], slug: str, keys: list[str]) -> Story:
    """The collectors' last week: each logs calls on its oldest cases, a day apart; one
    customer promised and did not pay (broken, found by recovery's night after the day),
    another was sent the payment link of the oldest bill, promised part of it and paid it
    through the link (kept). The promises are on this showcase's own leases (`keys`), made
    by the case's collector: the other parts' bills stay as they made them."""
    yield _days_ago(6, time(10, 5))
    worked = [
        list(
            RecoveryCase.objects.filter(
                state=CaseState.OPEN, assignee_account_id=collector.account.pk
            ).order_by("-days_past_due", "id")[:3]
        )
        for collector in collectors
    ]
    for index in range(3):
        if index:
            yield _days_ago(6 - index, time(10, 5))
        for number, collector in enumerate(collectors):
            if index >= len(worked[number]):
                continue
            yield timezone.now() + timedelta(hours=number, minutes=17)
            services.contact_add(
                actor=collector,
                case_id=worked[number][index].pk,
                channel="call",
                outcome=("no_answer", "reached", "promised")[index % 3],
                note=("无人接听，明日再拨", "客户称本周发工资后还款", "客户承诺按时还款")[
                    index % 3
                ],
                contacted_at=timezone.now(),
            )
    own = demo_order_ids(keys)
    by_account = {collector.account.pk: collector for collector in collectors}

    def promised(*, oldest: bool) -> tuple[RecoveryCase, Session] | None:
        """One of this showcase's open cases and its collector: the one least past due, or
        the one most past due short of M3+ (paying its oldest bill leaves it open, a bucket
        younger; the other M3 debt keeps that bucket)."""
        cases = RecoveryCase.objects.filter(state=CaseState.OPEN, order_id__in=own)
        if oldest:
            cases = cases.exclude(bucket="M3+").order_by("-days_past_due", "id")
        else:
            cases = cases.order_by("days_past_due", "id")
        case = cases.first()
        if case is None:
            return None
        return case, by_account.get(case.assignee_account_id or 0, collectors[0])

    # Broken: a customer promises, five days ago, to pay in three days, and does not.
    yield _days_ago(5, time(15, 30))
    found = promised(oldest=False)
    if found is not None:
        case, collector = found
        services.promise_add(
            actor=collector,
            case_id=case.pk,
            promised_on=timezone.localdate() + timedelta(days=3),
            amount=min(case.total_owed, Decimal("100.00")),
            note="客户电话承诺",
            idempotency_key=f"demo-promise-{case.pk}",
        )
    # Kept: the collector sends the payment link of the oldest bill yesterday morning; the
    # customer promises part of it by today and pays it through the link that evening
    # (before the night's auto-debit, which would close the link's payment).
    yield _days_ago(1, time(10, 40))
    found = promised(oldest=True)
    if found is None:
        return
    case, collector = found
    link = services.payment_link_send(
        actor=collector, case_id=case.pk, idempotency_key=f"demo-link-{case.pk}"
    )
    services.promise_add(
        actor=collector,
        case_id=case.pk,
        promised_on=timezone.localdate() + timedelta(days=1),
        amount=min(case.total_owed, Decimal("100.00"), Decimal(link["amount"])),
        note="客户电话承诺",
        idempotency_key=f"demo-promise-{case.pk}",
    )
    yield _days_ago(1, time(20, 10))
    sandbox_payer_pay(merchant=slug, out_no=link["out_trade_no"])
    sandbox_payments_complete(merchant=slug)
    sandbox_callbacks_deliver(merchant=slug)


def aging_showcase_load() -> dict[str, int]:
    """The platform's aging (/aging) for the merchant the caller entered: the night's case
    refresh, which projects its open cases per bucket into the public rows. Safe to run
    again (a refresh of unchanged debts changes nothing but the projection's day)."""
    services.cases_refresh()
    return {"open": RecoveryCase.objects.filter(state=CaseState.OPEN).count()}
