"""An order's deposit at the payment provider: frozen at intake (less what the risk grade
waives), thawed, or taken to pay bills or damage (transfer-to-pay), and money so taken given
back (`refundDeposit`).

Amounts count on the order only when the provider confirms: a `processing` answer waits for
the signed callback (or `deposit_sync`, which re-queries). What is still being thawed or
transferred is held back from what may be asked next, so two clerks at once can never take
more than is frozen. Each confirmation posts one ledger journal named after the request
number: a replayed callback finds it and changes nothing twice.

The ledger: freeze Dr deposit_frozen / Cr deposit_held; thaw the reverse; transfer the
reverse plus Dr provider_clearing / Cr the income it pays (rent, damage); refund of a
transfer Dr the income / Cr provider_clearing. A deposit-free authorisation (docs/zhima.md):
only each operation's fund part (the customer's money) is frozen, thawed or released in the
books; its credit part (Zhima's guarantee) is no money and reaches no journal. What a
transfer takes is money whole (the provider charges the customer for the credit it uses).
"""

from __future__ import annotations

from decimal import Decimal

from django.db.models import Sum
from django.utils import timezone

from apps.billing.models import DepositOperation
from apps.orders import machine
from apps.orders.models import AfterSale, DepositState, Order
from apps.orders.outcomes import PaidBill, on_bill_paid
from apps.orders.projection import order_project
from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.ledger.services import money_moved, post_event
from zulin.providers.interfaces import CreditAsk, PaymentResult, PaymentStatus, ProviderError
from zulin.providers.operations import operation_id_next, operation_sync

from . import settle
from .commission import platform_payback, platform_receipt, transfer_refund_commission
from .credit_orders import credit_ask, credit_order_frozen, credit_order_open
from .models import BillPayment
from .order_figures import order_money_keep
from .outbox import deposit_event
from .payments import (
    payment_provider,
    payments_unwound_receive,
    provider_failed,
    provider_raise,
)
from .selectors import order_owed, order_unwound

ZERO = Decimal("0.00")


def buyout_approved(order: Order) -> bool:
    """A buyout is approved and its bill (the unpaid rent included) is being charged."""
    return AfterSale.objects.filter(
        order=order, kind=AfterSale.Kind.BUYOUT, status=AfterSale.Status.APPROVED
    ).exists()


Op = DepositOperation
# What a refund of money a transfer took gives back against: damage its income, money that
# came after the order ended without a deal what was booked owed back, rent the refunds.
UNWOUND = "unwound"
# (the roles of the rule `deposit_refund`)
REFUND_ROLE = {"damage": "damage", UNWOUND: "owed_back"}


def _payer(order: Order) -> str:
    return f"cust-{order.customer_id}"


def _pending(order: Order, *kinds: str) -> Decimal:
    total = order.deposit_operations.filter(kind__in=kinds, status=Op.Status.PROCESSING).aggregate(
        s=Sum("amount")
    )["s"]
    return total or ZERO


def deposit_owes_first(order: Order) -> bool:
    """Something the deposit could pay comes first, so none of it may be thawed: the order
    owes money that is due by today (`order_owed`: instalments, charges, a written-off bill;
    a write-off forgives nothing), a payment of one of its bills is in flight, or a
    transfer of the deposit is (its outcome decides what is left)."""
    owing = order_owed(order.pk)
    return (
        bool(owing.in_flight)
        or owing.due_total(timezone.localdate()) > 0
        or _pending(order, Op.Kind.TRANSFER) > 0
    )


def deposit_available(order: Order) -> Decimal:
    """What may still be thawed or transferred: frozen, less what was and is being used."""
    return order.deposit_remaining - _pending(order, Op.Kind.THAW, Op.Kind.TRANSFER)


def _bills_paid(
    op: DepositOperation, order: Order, received: Decimal, actor: Session | None
) -> None:
    """A transfer to pay bills confirmed: the bills it claimed are paid through the
    settling path (late fee, then rent, oldest first), in one journal with the deposit
    leaving the freeze."""
    settle.payments_settle(
        settle.claimed_by(op.out_request_no),
        received=received,
        posting=settle.Posting(
            reference=f"deposit:{op.out_request_no}",
            kind="deposit_transfer",
            memo=order.order_no,
            commission_reference=f"commission:{op.out_request_no}",
            platform_receipt=False,  # received by the deposit's own mirror (`_journal`)
            released=op.fund_amount,  # the deposit's money leaves the freeze in the journal
        ),
        actor=actor,
        trade_no=op.provider_reference,
        finished_at=op.confirmed_at,
    )


def _unwound_received(
    op: DepositOperation, order: Order, received: Decimal, actor: Session | None
) -> None:
    """A transfer for bills the order's end did not reach in time took the deposit after
    the order ended without a deal: the deposit left the freeze, but the money never pays
    the bills (no rent income, no commission); it is owed back and refunded to the customer
    (`transfer_refund`, purpose `unwound`)."""
    payments_unwound_receive(
        settle.claimed_by(op.out_request_no),
        received=received,
        reference=f"deposit:{op.out_request_no}",
        kind="deposit_transfer",
        actor=actor,
        trade_no=op.provider_reference,
        finished_at=op.confirmed_at,
        released=op.fund_amount,
        receipt=False,  # received by the deposit's own mirror (`_journal`)
    )


def _journal(op: DepositOperation, order: Order, actor: Session | None) -> None:
    amounts: dict[str, Decimal]
    # Of a freeze and a thaw only the customer's money is booked: a deposit all credit
    # books nothing (docs/zhima.md).
    if op.kind == Op.Kind.FREEZE:
        amounts = {"frozen": op.fund_amount}
    elif op.kind == Op.Kind.THAW:
        amounts = {"thawed": op.fund_amount}
    elif op.kind == Op.Kind.TRANSFER:
        # Damage here (the deposit's money leaves the freeze and what was taken is damage
        # income); a transfer for bills is posted by `_bills_paid`, with what it paid.
        amounts = {"released": op.fund_amount, "received": op.amount, "damage": op.amount}
    else:  # a refund of money a transfer took
        amounts = {REFUND_ROLE.get(op.purpose, "refunded"): op.amount}
    nothing = op.kind in (Op.Kind.FREEZE, Op.Kind.THAW) and op.fund_amount <= 0
    if not (op.kind == Op.Kind.TRANSFER and op.purpose == "bills") and not nothing:
        post_event(
            f"deposit_{op.kind}",
            amounts,
            reference=f"deposit:{op.out_request_no}",
            memo=order.order_no,
            order_id=order.pk,
            actor=actor,
        )
    # The platform's books see money the provider took from the deposit for the merchant,
    # and what of it was given back.
    if op.kind == Op.Kind.TRANSFER:
        platform_receipt(
            reference=f"deposit:{op.out_request_no}",
            amount=op.amount,
            order_id=order.pk,
            memo=order.order_no,
            actor=actor,
        )
    elif op.kind == Op.Kind.REFUND:
        platform_payback(
            reference=f"deposit:{op.out_request_no}",
            amount=op.amount,
            order_id=order.pk,
            memo=order.order_no,
            actor=actor,
        )
        if op.purpose == "bills":
            _commission_back(op, order, actor)


def _commission_back(op: DepositOperation, order: Order, actor: Session | None) -> None:
    """A refund of rent the deposit paid gives back that rent's commission (as a refund of a
    withheld payment does); a refund of damage gives none (damage carries none)."""
    transfer_no = op.out_request_no.rsplit("R", 1)[0]
    earlier = Op.objects.filter(
        kind=Op.Kind.REFUND,
        status=Op.Status.SUCCEEDED,
        out_request_no__startswith=f"{transfer_no}R",
    ).exclude(pk=op.pk)
    op.commission_reversed = transfer_refund_commission(
        transfer_no=transfer_no,
        refund_no=op.out_request_no,
        amount=op.amount,
        refunded_before=sum((e.amount for e in earlier), ZERO),
        given_back=sum((e.commission_reversed for e in earlier), ZERO),
        order_id=order.pk,
        memo=order.order_no,
        actor=actor,
    )
    op.save(update_fields=["commission_reversed"])


def _confirm(
    op: DepositOperation, order: Order, result: PaymentResult, actor: Session | None
) -> DepositOperation:
    """Records the provider's answer about an operation (the order row is locked)."""
    if op.status != Op.Status.PROCESSING or result.status == PaymentStatus.PROCESSING:
        return op
    op.provider_reference = result.trade_no or op.provider_reference
    op.confirmed_at = result.finished_at or timezone.now()
    if op.kind == Op.Kind.FREEZE:
        credit_order_frozen(order, result)
    if result.status == PaymentStatus.FAILED:
        op.status, op.failure_reason = Op.Status.FAILED, result.reason[:300]
        op.save()
        if op.kind == Op.Kind.TRANSFER and op.purpose == "bills":
            settle.payments_release(settle.claimed_by(op.out_request_no), reason=op.failure_reason)
        if op.kind == Op.Kind.FREEZE:
            order.deposit_state = DepositState.FAILED
            order.save(update_fields=["deposit_state", "updated_at"])
            order_project(order)
        deposit_event(order, op)
        return op
    op.status = Op.Status.SUCCEEDED
    # Deposit-free: what of it the provider says is credit (no money), kept apart.
    op.credit_amount = result.credit_amount or ZERO
    op.save()
    if op.kind == Op.Kind.FREEZE:
        order.deposit_frozen += op.amount
        order.deposit_auth_no = result.auth_no or order.deposit_auth_no
        order.deposit_state = DepositState.FROZEN
    elif op.kind == Op.Kind.THAW:
        order.deposit_thawed += op.amount
    elif op.kind == Op.Kind.TRANSFER:
        order.deposit_transferred += op.amount
    if op.kind != Op.Kind.FREEZE and order.deposit_remaining == 0 and order.deposit_frozen > 0:
        order.deposit_state = DepositState.SETTLED
    order.save()
    unwound = op.kind == Op.Kind.TRANSFER and op.purpose == "bills" and order_unwound(order.pk)
    if unwound:
        _unwound_received(op, order, result.amount, actor)
    elif op.kind == Op.Kind.TRANSFER and op.purpose == "bills":
        _bills_paid(op, order, result.amount, actor)
    with money_moved(op.confirmed_at):
        _journal(op, order, actor)
    if unwound:
        transfer_refund(op, order, amount=op.amount, purpose=UNWOUND, actor=actor)
    audit_record(
        actor=actor,
        action=f"order.deposit_{op.kind}",
        target_type="order",
        target_id=order.pk,
        after={"amount": str(op.amount), "purpose": op.purpose},
    )
    order_project(order)
    deposit_event(order, op)
    if op.kind == Op.Kind.TRANSFER:
        # What the transfer paid no longer comes first: the rest of an ended lease's deposit
        # goes back (a failed one leaves the debt first, the deposit frozen for it).
        deposit_rest_thaw(order, actor=actor)
    return op


def _request(
    order: Order,
    *,
    kind: str,
    amount: Decimal,
    actor: Session | None,
    purpose: str = "",
    bill_ids: list[int] | None = None,
    idempotency_key: str = "",
    original: DepositOperation | None = None,
    claims: list[settle.Ask] | None = None,
    credit: CreditAsk | None = None,
) -> DepositOperation:
    # The last of a fulfilled lease's deposit: the unfreeze completes its credit order at
    # the service too (bizComplete; docs/zhima.md).
    fulfilled = (
        kind == Op.Kind.THAW
        and order.status in machine.MAY_OWE_AFTER
        and amount == deposit_available(order)
    )
    op_id = operation_id_next(Op)
    op = Op.objects.create(
        id=op_id,
        order=order,
        kind=kind,
        amount=amount,
        out_request_no=f"{order.order_no}D{op_id:02d}",
        purpose=purpose,
        bill_ids=bill_ids or [],
        idempotency_key=idempotency_key,
        actor_account_id=actor.account.pk if actor else None,
    )
    if claims:
        # The bills are held for this transfer until the provider answers (`settle.py`).
        settle.bills_claim(claims, method="deposit", out_no=op.out_request_no, actor=actor)
    provider = payment_provider()
    subject = f"{order.order_no} 押金"
    try:
        if kind == Op.Kind.FREEZE:
            result = provider.freeze(
                out_no=op.out_request_no,
                payer=_payer(order),
                amount=amount,
                subject=subject,
                credit=credit,
            )
        elif kind == Op.Kind.THAW:
            result = provider.thaw(
                out_no=op.out_request_no,
                auth_no=order.deposit_auth_no,
                amount=amount,
                complete=fulfilled,
            )
        elif kind == Op.Kind.TRANSFER:
            result = provider.transfer_to_pay(
                out_no=op.out_request_no,
                auth_no=order.deposit_auth_no,
                amount=amount,
                subject=subject,
            )
        else:
            assert original is not None
            result = provider.refund(
                out_no=op.out_request_no,
                original_out_no=original.out_request_no,
                amount=amount,
                reason=purpose,
            )
    except ProviderError as error:
        if error.code == "AMOUNT_EXCEEDS_FROZEN":
            raise ApplicationError(ErrorCode.DEPOSIT_EXCEEDS_FROZEN) from error
        raise provider_failed(error) from error
    confirmed = _confirm(op, order, result, actor)
    order_money_keep(order)  # what of the deposit is free (and the bills it claimed)
    return confirmed


def operation_of_key(idempotency_key: str) -> DepositOperation | None:
    """The operation this key made (the request under the key is the one its fingerprint
    names, `zulin.idempotency`)."""
    if not idempotency_key:
        return None
    return Op.objects.filter(idempotency_key=idempotency_key).first()


def deposit_freeze(order: Order) -> DepositOperation | None:
    """At intake: asks the provider to freeze what the risk grade did not waive."""
    required = order.deposit - order.deposit_waived
    if required <= 0:
        return None
    order.deposit_state = DepositState.FREEZING
    order.save(update_fields=["deposit_state", "updated_at"])
    # Deposit-free (docs/zhima.md): the freeze asks Zhima's credit to stand in for it.
    credit = credit_ask(order, required)
    if credit is not None:
        credit_order_open(order, credit, required)
    return _request(order, kind=Op.Kind.FREEZE, amount=required, actor=None, credit=credit)


def deposit_thaw(
    order: Order,
    *,
    actor: Session | None,
    amount: Decimal | None = None,
    idempotency_key: str = "",
    refuse_if_owed: bool = False,
) -> DepositOperation | None:
    """Releases `amount` (None: everything still available) of the frozen deposit, never
    while something it could pay comes first (`deposit_owes_first`): the shop's own thaw
    (`refuse_if_owed`) is then refused (DEPOSIT_OWED_FIRST); a thaw at the end of a lease
    keeps the deposit frozen, and it is thawed once what was owed is paid or waived
    (`deposit_rest_thaw`). The caller holds the order's lock."""
    earlier = operation_of_key(idempotency_key)
    if earlier is not None:
        return earlier
    available = deposit_available(order)
    amount = available if amount is None else amount
    if amount <= 0:
        if available <= 0 and idempotency_key:
            raise ApplicationError(ErrorCode.DEPOSIT_EXCEEDS_FROZEN)
        return None
    if amount > available:
        raise ApplicationError(ErrorCode.DEPOSIT_EXCEEDS_FROZEN)
    if deposit_owes_first(order):
        if refuse_if_owed:
            raise ApplicationError(ErrorCode.DEPOSIT_OWED_FIRST)
        return None
    return _request(
        order, kind=Op.Kind.THAW, amount=amount, actor=actor, idempotency_key=idempotency_key
    )


def deposit_rest_thaw(order: Order, *, actor: Session | None) -> DepositOperation | None:
    """An ended order's deposit still frozen goes back to the customer once nothing it could
    pay comes first (a transfer confirmed, a debt paid or waived, the last payment in flight
    of an order ended without a deal settled: closed, failed or given back). The caller
    holds the order's lock."""
    if order.status not in machine.FINAL or deposit_available(order) <= 0:
        return None
    if deposit_auth_completed(order, actor=actor):
        return None  # the provider released it with the payment that completed the authorisation
    return deposit_thaw(order, actor=actor)


def deposit_auth_completed(order: Order, *, actor: Session | None) -> bool:
    """A payment against the authorisation that completed it (`credit_pay.py`) released at
    the provider what remained frozen, as the thaw `<its out_no>U`: recorded once as that
    thaw (booked like any: its fund part). Answers whether such a payment was made (nothing
    more is then thawed by a request of ours)."""
    payment = BillPayment.objects.filter(
        bill__order_id=order.pk, auth_complete=True, status=BillPayment.Status.SUCCEEDED
    ).first()
    if payment is None:
        return False
    out_no = f"{payment.out_trade_no}U"
    if not Op.objects.filter(out_request_no=out_no).exists():
        try:
            result = payment_provider().query(out_no=out_no)
        except ProviderError:
            return True  # nothing remained to release; or asked again at the next money move
        op = Op.objects.create(
            id=operation_id_next(Op),
            order=order,
            kind=Op.Kind.THAW,
            amount=result.amount,
            out_request_no=out_no,
        )
        _confirm(op, order, result, actor)
        order_money_keep(order)
    return True


def bill_paid_outcome(order: Order, bill: PaidBill | None) -> None:
    """What a confirmed payment of the order's bills does (the order row locked; `bill` the
    last bill it made paid, None when it paid none whole): the order follows
    (`outcomes.on_bill_paid`), then an ended lease's deposit kept frozen for a debt goes back
    once nothing comes first (`deposit_rest_thaw`)."""
    order_money_keep(order)
    on_bill_paid(order, bill)
    deposit_rest_thaw(order, actor=None)


def deposit_transfer(
    order: Order,
    *,
    actor: Session | None,
    amount: Decimal | None = None,
    purpose: str,
    idempotency_key: str = "",
    partial: bool = False,
) -> DepositOperation | None:
    """Takes frozen deposit as payment: `bills` pays the order's unpaid bills and charges
    oldest first (the whole of each bill it covers; `amount` None: as many as the deposit
    covers; `partial`: then what is left of the deposit pays part of the next, as when a
    return is settled), `damage` pays a damage amount. Never more than is available."""
    earlier = operation_of_key(idempotency_key)
    if earlier is not None:
        return earlier
    available = deposit_available(order)
    bill_ids: list[int] = []
    claims: list[settle.Ask] = []
    if purpose == "bills":
        if buyout_approved(order):
            # The buyout being charged includes the unpaid rent: it is not paid twice.
            raise ApplicationError(ErrorCode.AFTER_SALE_OPEN)
        covered = ZERO
        # Oldest first, each bill whole (its late fee, then its rent), whatever it owes
        # (`order_owed`: a written-off bill included); a bill another settlement holds
        # stops the run (the settling path refuses it).
        owing = order_owed(order.pk, bills=settle.order_bills_lock(order.pk))
        for line in owing.lines:
            bill = line.bill
            if bill.period < 1:
                continue
            if line.in_flight:
                if not claims:
                    raise ApplicationError(ErrorCode.PAYMENT_IN_PROGRESS)
                break
            owed = line.total
            if amount is None and covered + owed > available:
                if partial and available > covered:
                    bill_ids.append(bill.pk)
                    claims.append(settle.Ask(bill, amount=available - covered))
                    covered = available
                break
            if amount is not None and covered + owed > amount:
                break
            covered += owed
            bill_ids.append(bill.pk)
            claims.append(settle.Ask(bill, amount=owed))
        if amount is not None and covered != amount:
            raise field_error(
                "amount",
                Text(
                    "须覆盖整期未付账单（例如 {0}）", "must cover whole unpaid bills (e.g. {0})"
                ).format(covered),
            )
        amount = covered
    if amount is None or amount <= 0:
        return None
    if amount > available:
        raise ApplicationError(ErrorCode.DEPOSIT_EXCEEDS_FROZEN)
    return _request(
        order,
        kind=Op.Kind.TRANSFER,
        amount=amount,
        actor=actor,
        purpose=purpose,
        bill_ids=bill_ids,
        idempotency_key=idempotency_key,
        claims=claims,
    )


def transfer_given_back(transfer: DepositOperation) -> Decimal:
    """What of a transfer's money was or is being given back (refunds not failed)."""
    given = (
        Op.objects.filter(
            kind=Op.Kind.REFUND, out_request_no__startswith=f"{transfer.out_request_no}R"
        )
        .exclude(status=Op.Status.FAILED)
        .aggregate(s=Sum("amount"))["s"]
    )
    return given or ZERO


def transfer_refund(
    transfer: DepositOperation,
    order: Order,
    *,
    amount: Decimal,
    purpose: str,
    actor: Session | None,
    idempotency_key: str = "",
) -> DepositOperation:
    """A refund at the provider of `amount` of the money `transfer` took."""
    op_id = operation_id_next(Op)
    op = Op.objects.create(
        id=op_id,
        order=order,
        kind=Op.Kind.REFUND,
        amount=amount,
        out_request_no=f"{transfer.out_request_no}R{op_id}",
        purpose=purpose,
        idempotency_key=idempotency_key,
        actor_account_id=actor.account.pk if actor else None,
    )
    try:
        result = payment_provider().refund(
            out_no=op.out_request_no,
            original_out_no=transfer.out_request_no,
            amount=amount,
            reason="押金退款",
        )
    except ProviderError as error:
        raise provider_failed(error) from error
    confirmed = _confirm(op, order, result, actor)
    order_money_keep(order)  # the figures after the refund of a transfer
    return confirmed


def _confirmed_kept(op: DepositOperation, result: PaymentResult) -> DepositOperation:
    confirmed = _confirm(op, op.order, result, None)
    order_money_keep(op.order)
    return confirmed


def deposit_sync(*, out_no: str, actor: Session | None = None) -> DepositOperation | None:
    """Re-queries the provider about a deposit request and records the outcome (callbacks
    and `queryPayResult`)."""

    def locked() -> DepositOperation | None:
        found = Op.objects.filter(out_request_no=out_no).first()
        if found is None:
            return None
        order = Order.objects.select_for_update().select_related("customer").get(pk=found.order_id)
        op = Op.objects.select_for_update().get(pk=found.pk)
        op.order = order  # the order, then its request
        return op

    synced = operation_sync(
        locked,
        ask=lambda op: payment_provider().query(out_no=out_no),
        apply=lambda op, result: _confirmed_kept(op, result),
        failed=provider_raise,
    )
    return None if synced is None else synced.row
