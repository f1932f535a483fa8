"""The recovery showcase: debts of every age (leases unpaid for weeks to months, beside the
orders showcase's overdue and owing orders), their cases opened and assigned by the nightly
run's service, contacts logged by the two collectors, a promise kept (paid through the
payment link in the sandbox) and one broken, the oldest debt written off and partly paid
back after, and the evidence pack of that debt. Made through the services the calls use; runs
in the merchant's schema (the caller enters it) and is safe to run again."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from django.utils import timezone

from apps.billing import bill_pay
from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill, BillStatus
from apps.disputes.demo import evidence_pack_showcase_load
from apps.orders.demo import overdue_leases_load
from apps.orders.selectors import order_device
from tenants.accounts.demo import demo_actor
from zulin.core.auth import Session
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


def recovery_showcase_load(*, owner: Session, merchant: Merchant) -> dict[str, int]:
    own = overdue_leases_load(owner=owner, slug=merchant.slug, days_ago=DAYS_AGO)
    late_fees_accrue()
    services.cases_refresh()
    collectors = [
        demo_actor(platform_type=PlatformType.STORE, merchant=merchant, username=name)
        for name in ("collector1", "collector2")
    ]
    if not ContactRecord.objects.exists():
        _worked(collectors, merchant.slug, own)
    services.promises_decide()
    if not WriteOff.objects.exists():
        _written_off(owner, merchant.slug, own)
    # The lawyer's pack of the debt written off: its contract, bills, contacts and write-off.
    written = WriteOff.objects.order_by("id").first()
    pack = evidence_pack_showcase_load(owner=owner, order_id=written.order_id) if written else 0
    return {
        "open": RecoveryCase.objects.filter(state=CaseState.OPEN).count(),
        "contacts": ContactRecord.objects.count(),
        "promises": PromiseToPay.objects.count(),
        "written_off": WriteOff.objects.count(),
        "evidence_pack": pack,
    }


def _written_off(owner: Session, slug: str, own: list[int]) -> None:
    """The oldest of this showcase's debts (past the shop's age for a write-off) is written
    off by the owner with a reason; later the customer pays its oldest bill in the app (a
    partial recovery after write-off, income when it arrives)."""
    old_enough = RecoveryCase.objects.filter(
        state=CaseState.OPEN,
        order_id__in=own,
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


def _worked(collectors: list[Session], slug: str, own: list[int]) -> None:
    """Each collector logs calls on its cases; one customer promised and paid through the
    payment link (kept), another promised and did not (broken, found the next night). The
    promises are on this showcase's own leases (`own`): the other parts' bills stay as
    they made them."""
    today = timezone.localdate()
    for number, collector in enumerate(collectors):
        cases = list(
            RecoveryCase.objects.filter(
                state=CaseState.OPEN, assignee_account_id=collector.account.pk
            ).order_by("-days_past_due", "id")[:3]
        )
        for index, case in enumerate(cases):
            services.contact_add(
                actor=collector,
                case_id=case.pk,
                channel="call",
                outcome=("no_answer", "reached", "promised")[index % 3],
                note=("无人接听，明日再拨", "客户称本周发工资后还款", "客户承诺按时还款")[
                    index % 3
                ],
                contacted_at=timezone.now() - timedelta(days=6 - index, hours=number),
            )
        promised = (
            RecoveryCase.objects.filter(
                state=CaseState.OPEN, assignee_account_id=collector.account.pk, order_id__in=own
            )
            .order_by("days_past_due", "id")
            .first()
        )
        if promised is None:
            continue
        amount = min(promised.total_owed, Decimal("100.00"))
        link = None
        if number == 0:
            # Kept: the collector sends the payment link of the oldest bill; the customer
            # promises part of it for today and pays it through the link.
            link = services.payment_link_send(
                actor=collector, case_id=promised.pk, idempotency_key=f"demo-link-{promised.pk}"
            )
            amount = min(amount, Decimal(link["amount"]))
        services.promise_add(
            actor=collector,
            case_id=promised.pk,
            promised_on=today if number == 0 else today - timedelta(days=2),
            amount=amount,
            note="客户电话承诺",
            idempotency_key=f"demo-promise-{promised.pk}",
            made_on=today - timedelta(days=5),
        )
        if link is not None:
            sandbox_payer_pay(merchant=slug, out_no=link["out_trade_no"])
            sandbox_payments_complete(merchant=slug)
            sandbox_callbacks_deliver(merchant=slug)


def aging_showcase_load() -> dict[str, int]:
    """The platform's aging (/aging) for the merchant the caller entered: the night's case
    refresh, which projects its open cases per bucket into the public rows. Safe to run
    again (a refresh of unchanged debts changes nothing but the projection's day)."""
    services.cases_refresh()
    return {"open": RecoveryCase.objects.filter(state=CaseState.OPEN).count()}
