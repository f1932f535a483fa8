"""The credit order (信用单) of a deposit-free lease on the customer's Zhima credit
(docs/zhima.md).

A lease of a shop that offers deposit-free, on a plan whose deposit credit may cover
(`RentPlan.credit_deposit_max`), has its deposit frozen as a fund authorisation that asks
the credit service to stand in for it (`deposits.deposit_freeze`, `CreditAsk`); the answer
says how much is the service's guarantee (`credit_amount`, no money) and how much the
customer's money (`fund_amount`), kept apart here and on each deposit operation. Only the
fund part is money: the ledger books it and never the credit part (`deposits._journal`).

The credit order's status moves through `CREDIT_ORDER_MACHINE` (the one state-change helper:
allowed moves, row lock, history, audit): created → frozen (the freeze confirmed) →
performing (the lease became a deal) → completed (ended fulfilled, synced COMPLETE) | closed
(ended without a deal, synced CLOSED; or the freeze failed) | violation_pending (the customer
was sent the notice) → violated (a person confirmed it with a reason, no earlier than the
shop's grace after the notice, synced VIOLATED).

Every call to the credit service about it is a `CreditOrderSync` row: its own request
number, the request, the answer, the time and the result. A sync not answered is sent again
under the same number (the night's refresh of the order's figures does it); an answer of a
sync already ended changes nothing (`credit_sync_apply`).

The order's facts reach it where every money move of an order ends, `order_money_keep`
(`credit_order_follow`): no runtime port of its own.
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.goods.selectors import rent_plan_credit_deposit_max
from apps.orders import machine as order_machine
from apps.orders.models import Order
from apps.orders.reads import order_setting
from apps.orders.scope import order_in_scope
from zulin.audit.state import Machine, move, status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.providers.interfaces import (
    CreditAsk,
    CreditSyncStatus,
    PaymentResult,
    PaymentStatus,
    ProviderError,
)
from zulin.providers.operations import operation_id_next
from zulin.providers.sms import get_sms_provider

from .models import (
    Bill,
    BillStatus,
    CreditOrder,
    CreditOrderNotice,
    CreditOrderStatus,
    CreditOrderSync,
)
from .payments import payment_provider
from .selectors import order_owed, violation_earliest

ZERO = Decimal("0.00")
S = CreditOrderStatus
Sync = CreditOrderSync.Result

# Confirming a violation (and sending the notice before it) is the credit reporter's right.
VIOLATION_RIGHT = "credit.manage"

CREDIT_ORDER_MACHINE: Machine[CreditOrder] = Machine(
    model=CreditOrder,
    target_type="credit_order",
    moves=(
        move(S.CREATED, "freeze", S.FROZEN),
        # The freeze failed, or the lease ended without a deal: nothing was performed.
        move((S.CREATED, S.FROZEN, S.PERFORMING), "close", S.CLOSED),
        move(S.FROZEN, "perform", S.PERFORMING),
        # The customer was told what will be reported (`credit_violation_notice`).
        move(S.PERFORMING, "notice", S.VIOLATION_PENDING),
        # The debt paid before anyone confirmed: the lease performs again.
        move(S.VIOLATION_PENDING, "debt_paid", S.PERFORMING),
        # The shop's ladder reached its violation step, the grace after the notice run: it
        # asks a person to confirm (`credit_violation_ask`); nothing is synced.
        move(S.VIOLATION_PENDING, "ask", S.VIOLATION_PENDING),
        move(S.VIOLATION_PENDING, "violate", S.VIOLATED, right=VIOLATION_RIGHT),
        # Ended fulfilled (nothing owed); a debt paid after a violation is complete too.
        move((S.FROZEN, S.PERFORMING, S.VIOLATION_PENDING, S.VIOLATED), "complete", S.COMPLETED),
    ),
    labels={status.value: (status.label, status.value.replace("_", " ")) for status in S},
)
FINAL = frozenset({S.COMPLETED, S.CLOSED})
# What a sync's status does to the credit order once the service took it.
SYNC_ACTION = {
    CreditSyncStatus.COMPLETE: "complete",
    CreditSyncStatus.CLOSED: "close",
    CreditSyncStatus.VIOLATED: "violate",
}


# --- at intake -------------------------------------------------------------------------------


def credit_ask(order: Order, deposit: Decimal) -> CreditAsk | None:
    """What a deposit-free freeze of `deposit` asks of the credit service, None when the
    order's deposit is frozen as money only: the shop does not offer deposit-free (or has
    no credit service id), or the order's plan lets credit cover nothing."""
    setting = order_setting()
    if not setting.zhima_deposit_free or not setting.zhima_service_id:
        return None
    if order.rent_plan_id is None:
        return None
    limit = min(rent_plan_credit_deposit_max(order.rent_plan_id), deposit)
    if limit <= 0:
        return None
    # The plan's later payments: every instalment after the first (POSTPAY tells them).
    count = max(order.term - 1, 0)
    return CreditAsk(
        service_id=setting.zhima_service_id,
        category=setting.zhima_category,
        mode=setting.zhima_deposit_mode,
        credit_limit=limit,
        post_payment_amount=order.rent + order.addon_total if count else ZERO,
        post_payment_count=count,
    )


def credit_order_open(order: Order, ask: CreditAsk, deposit: Decimal) -> CreditOrder:
    """The credit order of a deposit-free freeze about to be asked (created)."""
    row = CreditOrder.objects.create(
        order_id=order.pk,
        order_no=order.order_no,
        sub_shop_id=order.sub_shop_id,
        service_id=ask.service_id,
        category=ask.category,
        deposit_mode=ask.mode,
        deposit=deposit,
        credit_limit=ask.credit_limit,
        post_payment_amount=ask.post_payment_amount,
        post_payment_count=ask.post_payment_count,
    )
    status_created(CREDIT_ORDER_MACHINE, row=row, actor=None)
    return row


def _locked(order_id: int) -> CreditOrder | None:
    return CreditOrder.objects.select_for_update().filter(order_id=order_id).first()


def credit_order_frozen(order: Order, result: PaymentResult) -> None:
    """The freeze's final answer (the order row locked): credit and fund kept apart, and
    the credit order frozen, or closed when the freeze failed."""
    row = _locked(order.pk)
    if row is None or row.status != S.CREATED:
        return
    if result.status == PaymentStatus.FAILED:
        transition_locked(
            CREDIT_ORDER_MACHINE, row=row, action="close", actor=None, reason=result.reason[:300]
        )
        return
    credit = result.credit_amount or ZERO

    def parts(credit_order: CreditOrder) -> dict[str, Any]:
        credit_order.auth_no = result.auth_no
        credit_order.credit_amount = credit
        credit_order.fund_amount = result.amount - credit
        return {"credit_amount": str(credit), "fund_amount": str(result.amount - credit)}

    transition_locked(CREDIT_ORDER_MACHINE, row=row, action="freeze", actor=None, change=parts)


# --- the sync log ----------------------------------------------------------------------------


def _sync_request(
    row: CreditOrder, out_no: str, status: str, bill: Bill | None = None
) -> dict[str, Any]:
    # What we send, in our words (the adapter puts it on the wire as orderinfo.sync).
    sent: dict[str, Any] = {
        "out_request_no": out_no,
        "auth_no": row.auth_no,
        "order_status": status,
    }
    if bill is not None:
        # The instalment performed late: which, what it asked, when due and when paid.
        paid_on = timezone.localdate(bill.paid_at) if bill.paid_at else None
        sent["bill"] = {
            "period": bill.period,
            "amount": f"{bill.paid_amount:.2f}",
            "late_fee": f"{bill.late_fee_paid:.2f}",
            "due_date": bill.due_date.isoformat(),
            "paid_on": paid_on.isoformat() if paid_on else None,
            "paid_by": bill.paid_by,
        }
    return sent


def _answer_of(result: PaymentResult) -> dict[str, Any]:
    answer = asdict(result)
    return {
        key: (str(value) if value is not None and not isinstance(value, (str, int)) else value)
        for key, value in answer.items()
        if value not in (None, "")
    }


def credit_sync_apply(sync: CreditOrderSync, result: PaymentResult, actor: Session | None) -> bool:
    """The service's answer to `sync` (the credit order locked): recorded once; a final
    answer of a sync already ended (a replay) changes nothing. Answers whether the credit
    order moved."""
    if sync.result != Sync.PROCESSING or result.status == PaymentStatus.PROCESSING:
        return False
    sync.answer = _answer_of(result)
    sync.answered_at = result.finished_at or timezone.now()
    if result.status == PaymentStatus.FAILED:
        sync.result, sync.error = Sync.FAILED, result.reason[:300]
        sync.save()
        return False
    sync.result = Sync.SUCCEEDED
    sync.save()
    if sync.period is not None:
        return False  # a bill's performance told: the credit order's status stays
    row = sync.credit_order
    action = SYNC_ACTION[CreditSyncStatus(sync.sync_status)]
    if CREDIT_ORDER_MACHINE.find(row.status, action) is None:
        return False
    reason = row.violation_reason if action == "violate" else ""
    transition_locked(CREDIT_ORDER_MACHINE, row=row, action=action, actor=actor, reason=reason)
    return True


def credit_sync(
    row: CreditOrder, status: str, *, actor: Session | None, bill: Bill | None = None
) -> CreditOrderSync:
    """Tells the service `status` about the locked credit order (`bill`: about that bill
    of it, paid late by another route; the credit order's status stays): a sync of that
    status (and bill) still waiting for its answer is sent again under its own number;
    otherwise a new one. The provider not answering leaves the row `processing` with its
    error (the next try, the night's refresh of the order's figures or the person's, sends
    it again)."""
    period = bill.period if bill is not None else None
    sync = row.syncs.filter(sync_status=status, period=period, result=Sync.PROCESSING).first()
    if sync is None:
        sync_id = operation_id_next(CreditOrderSync)
        out_no = f"{row.order_no}Z{sync_id:02d}"
        sync = CreditOrderSync.objects.create(
            id=sync_id,
            credit_order=row,
            out_request_no=out_no,
            sync_status=status,
            period=period,
            request=_sync_request(row, out_no, status, bill),
            actor_account_id=actor.account.pk if actor else None,
        )
    sync.attempts += 1
    try:
        result = payment_provider().credit_sync(
            out_no=sync.out_request_no, auth_no=row.auth_no, status=status
        )
    except ProviderError as error:
        sync.error = f"{error.code}: {error.reason}"[:300]
        sync.save(update_fields=["attempts", "error"])
        return sync
    sync.save(update_fields=["attempts"])
    credit_sync_apply(sync, result, actor)
    return sync


# --- following the order ---------------------------------------------------------------------


def credit_order_follow(order: Order) -> None:
    """Where every money move of an order ends (`order_money_keep`, the order row locked):
    the credit order follows the lease. Ended without a deal and nothing in flight: closed
    (CLOSED). Ended fulfilled (completed or bought out, nothing owed): completed (COMPLETE).
    A deal running: performing; a debt noticed and paid again: performing."""
    row = _locked(order.pk)
    if row is None or row.status in FINAL or row.status == S.CREATED:
        return
    owing = order_owed(order.pk)
    if order.status in order_machine.UNWOUND:
        if not owing.in_flight and row.status != S.VIOLATED:
            credit_sync(row, CreditSyncStatus.CLOSED, actor=None)
        return
    if order.status in order_machine.MAY_OWE_AFTER and owing.total == 0:
        credit_sync(row, CreditSyncStatus.COMPLETE, actor=None)
        return
    paid_up = not owing.past_due(timezone.localdate())
    if row.status == S.VIOLATED and paid_up:
        # A debt paid after the violation was reported: performed after all (COMPLETE).
        credit_sync(row, CreditSyncStatus.COMPLETE, actor=None)
        return
    if row.status == S.FROZEN and order.status in order_machine.DEAL_RUNNING:
        transition_locked(CREDIT_ORDER_MACHINE, row=row, action="perform", actor=None)
    elif row.status == S.VIOLATION_PENDING and paid_up:

        def paid(credit: CreditOrder) -> dict[str, Any]:
            credit.violation_asked_at = None
            return {}

        transition_locked(
            CREDIT_ORDER_MACHINE,
            row=row,
            action="debt_paid",
            actor=None,
            reason="欠款已还清",
            change=paid,
        )
    if row.status in (S.PERFORMING, S.VIOLATION_PENDING):
        for bill in _paid_late_untold(row):
            credit_sync(row, CreditSyncStatus.COMPLETE, actor=None, bill=bill)


# Routes the credit service sees itself: a payment against the authorisation (an
# instalment from it, a deposit transfer). Any other route paying a bill late is told.
AUTH_ROUTES = frozenset({"deposit", "auth"})


def _paid_late_untold(row: CreditOrder) -> list[Bill]:
    """The lease's instalments paid after their due day by another route than the
    authorisation whose COMPLETE the service has not taken yet (one sync per bill: a
    succeeded one is never sent again)."""
    told = set(
        row.syncs.filter(period__isnull=False, result=Sync.SUCCEEDED).values_list(
            "period", flat=True
        )
    )
    late = Bill.objects.filter(
        order_id=row.order_id, status=BillStatus.PAID, period__gte=1, paid_at__isnull=False
    ).exclude(paid_by__in=AUTH_ROUTES)
    return [
        bill
        for bill in late.order_by("period")
        if bill.period not in told and timezone.localdate(bill.paid_at) > bill.due_date
    ]


# --- a violation: the notice, then a person's confirmation ----------------------------------


def _order_locked(actor: Session | None, order_id: int) -> Order:
    """The order in the actor's scope (a sub-shop sees only its own), locked."""
    return order_in_scope(actor, order_id, lock=True)


def _credit_order_of(order_id: int) -> CreditOrder:
    row = _locked(order_id)
    if row is None:
        raise ApplicationError(
            ErrorCode.NOT_FOUND, "该订单不是芝麻免押订单", msg_en="Not a deposit-free order"
        )
    return row


def credit_violation_notice(order_id: int, *, actor: Session | None) -> CreditOrderNotice:
    """Tells the customer, before anything is reported, what is owed, since when, and that
    a violation will be reported to Zhima no earlier than the shop's grace from now; the
    credit order waits for a person's confirmation (violation_pending). Only a performing
    lease with something past due (else CONFLICT / 1409-like refusal, nothing sent). Sent
    by a person (`noticeCreditViolation`) or by the shop's ladder (`actor` None)."""
    with transaction.atomic():
        order = _order_locked(actor, order_id)
        row = _credit_order_of(order_id)
        if CREDIT_ORDER_MACHINE.find(row.status, "notice") is None:
            raise CREDIT_ORDER_MACHINE.conflict(row.status, "notice")
        today = timezone.localdate()
        past_due = order_owed(order_id).past_due(today)
        if not past_due:
            raise ApplicationError(
                ErrorCode.CONFLICT,
                "该订单没有逾期欠款，不能发送违约告知",
                msg_en="Nothing is past due: no notice to send",
            )
        amount = sum((line.total for line in past_due), ZERO)
        since = min(line.bill.due_date for line in past_due)
        grace = order_setting().zhima_violation_grace_days
        sent_at = timezone.now()
        deadline = timezone.localdate(sent_at) + timedelta(days=grace)
        params = {
            "order_no": order.order_no,
            "since": since.isoformat(),
            "amount": f"{amount:.2f}",
            "deadline": deadline.isoformat(),
        }
        try:
            get_sms_provider().send(
                phone=order.customer.phone, template="credit_violation_notice", params=params
            )
        except ProviderError as error:
            raise ApplicationError(
                ErrorCode.PROVIDER_FAILED,
                f"违约告知短信发送失败：{error.reason}",
                msg_en=f"The notice could not be sent: {error.reason}",
            ) from error
        notice = CreditOrderNotice.objects.create(
            credit_order=row,
            amount_owed=amount,
            owed_since=since,
            text=(f"欠款 {amount:.2f} 元（自 {since} 起逾期）；{deadline} 起可向芝麻信用报送违约"),
            phone=order.customer.phone,
            sent_at=sent_at,
            actor_account_id=actor.account.pk if actor else None,
        )
        transition_locked(
            CREDIT_ORDER_MACHINE,
            row=row,
            action="notice",
            actor=actor,
            change=lambda _: {"amount_owed": f"{amount:.2f}", "notice_id": notice.pk},
        )
        return notice


def credit_violation_ask(order_id: int) -> bool:
    """The shop's ladder reached its violation step: a credit order pending whose notice
    went at least the shop's grace ago, with its debt still past due, asks a person to
    confirm the violation (kept as `violation_asked_at`, in its history and audit). Nothing
    is synced: only `credit_violation_confirm` does, by a person with a reason. False (no
    change) when not pending, already asked, paid, or the grace after the notice not run."""
    with transaction.atomic():
        row = _locked(order_id)
        if row is None or row.status != S.VIOLATION_PENDING or row.violation_asked_at:
            return False
        earliest = violation_earliest(row)
        if earliest is None or timezone.now() < earliest:
            return False
        past_due = order_owed(order_id).past_due(timezone.localdate())
        if not past_due:
            return False
        amount = sum((line.total for line in past_due), ZERO)

        def asked(credit: CreditOrder) -> dict[str, Any]:
            credit.violation_asked_at = timezone.now()
            return {"amount_owed": f"{amount:.2f}"}

        transition_locked(
            CREDIT_ORDER_MACHINE,
            row=row,
            action="ask",
            actor=None,
            reason="逾期阶梯：告知宽限期已满，请人工确认违约",
            change=asked,
        )
        return True


def credit_violation_confirm(order_id: int, *, actor: Session, reason: str) -> CreditOrder:
    """A person confirms the violation with a reason: synced VIOLATED to the service, and
    the credit order violated once it took it. Refused (nothing sent): not pending
    (CONFLICT), no reason, the debt no longer past due, or the notice sent less than the
    shop's grace ago (CONFLICT naming the earliest day)."""
    reason = reason.strip()
    if not reason:
        raise field_error("reason", Text("请填写违约原因", "a reason is required"))
    if not actor.can(VIOLATION_RIGHT):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    with transaction.atomic():
        _order_locked(actor, order_id)
        row = _credit_order_of(order_id)
        if CREDIT_ORDER_MACHINE.find(row.status, "violate") is None:
            raise CREDIT_ORDER_MACHINE.conflict(row.status, "violate")
        if not order_owed(order_id).past_due(timezone.localdate()):
            raise ApplicationError(
                ErrorCode.CONFLICT, "欠款已还清，不能确认违约", msg_en="Nothing is past due"
            )
        earliest = violation_earliest(row)
        if earliest is None or timezone.now() < earliest:
            day = timezone.localdate(earliest) if earliest else None
            raise ApplicationError(
                ErrorCode.CONFLICT,
                f"告知后须满宽限期才能确认违约（最早 {day}）" if day else "尚未发送违约告知",
                msg_en=f"The grace after the notice runs until {day}"
                if day
                else "No notice was sent",
                data={"earliest": day.isoformat() if day else None},
            )
        row.violation_reason = reason[:300]
        row.save(update_fields=["violation_reason", "updated_at"])
        sync = credit_sync(row, CreditSyncStatus.VIOLATED, actor=actor)
    if sync.result != Sync.SUCCEEDED:
        # The sync row is kept (its number is reused by the next confirmation).
        raise ApplicationError(
            ErrorCode.PROVIDER_FAILED,
            f"违约同步未成功：{sync.error}",
            msg_en=f"The violation sync did not succeed: {sync.error}",
            data={"out_request_no": sync.out_request_no},
            kept=True,
        )
    return row
