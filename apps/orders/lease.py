"""The lease after audit: the schedule and contract made when the audit passes, signing
(the contract signed and bill 1 paid), shipping, delivery (the lease starts and unpaid bills
move with it), bill payments, and what each payment confirmation does to its order."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.billing import payments
from apps.billing import services as billing
from apps.billing.models import Bill, BillPayment
from apps.billing.schedule import lease_end
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error

from . import contracts, deposits, machine
from .models import DepositState, Order, OrderKind, Shipment
from .moves import order_move
from .scope import order_in_scope

ZERO = Decimal("0.00")


def _locked(order_id: int, actor: Session | None = None) -> Order:
    return order_in_scope(actor, order_id, lock=True)


def schedule_make(order: Order, *, start: date) -> list[Bill]:
    """The order's bills: a lease's instalments from `start`, or a purchase's one bill."""
    if order.kind == OrderKind.LEASE:
        order.lease_start = start
        order.lease_end = lease_end(start=start, term=order.term, term_unit=order.term_unit)
        order.save(update_fields=["lease_start", "lease_end", "updated_at"])
        return billing.bills_create(
            order_id=order.pk,
            order_no=order.order_no,
            sub_shop_id=order.sub_shop_id,
            start=start,
            term=order.term,
            term_unit=order.term_unit,
            rent=order.rent,
            addon_amount=order.addon_total,
            fee_amount=order.shipping_fee,
        )
    return billing.bills_create(
        order_id=order.pk,
        order_no=order.order_no,
        sub_shop_id=order.sub_shop_id,
        start=start,
        term=1,
        term_unit="day",
        rent=order.sale_price,
        addon_amount=ZERO,
        fee_amount=order.shipping_fee,
        kind="purchase",
    )


def after_audit_pass(order: Order) -> None:
    """The audit passed: the schedule (from today; delivery moves it) and the contract the
    customer signs."""
    schedule_make(order, start=timezone.localdate())
    contracts.contract_generate(order)


def _signing_complete(order: Order) -> bool:
    deposit_ready = order.deposit_state in (DepositState.NONE, DepositState.FROZEN) or (
        order.deposit == order.deposit_waived
    )
    return bool(order.contract_signed_at and order.first_bill_paid_at and deposit_ready)


def order_signing_check(order: Order) -> Order:
    """Moves a lease awaiting signing on to shipment once the contract is signed, bill 1 is
    paid and the deposit is frozen (each arrives on its own confirmation, in any order)."""
    if order.status == machine.AWAITING_SIGNING and _signing_complete(order):
        order_move(order, action="sign", actor=None, reason="合同已签署，首期已支付")
    return order


def on_bill_paid(order: Order, bill: Bill) -> None:
    """What a confirmed bill payment does to its order (the order row is locked)."""
    if bill.period == 1 and order.first_bill_paid_at is None:
        order.first_bill_paid_at = bill.paid_at or timezone.now()
        order.save(update_fields=["first_bill_paid_at", "updated_at"])
        if order.kind == OrderKind.PURCHASE and order.status == machine.AWAITING_PAYMENT:
            order_move(order, action="pay", actor=None, reason="用户已支付")
            return
        order_signing_check(order)
    if bill.period == 0 and order.status == machine.IN_LEASE:
        from .after_sale import buyout_complete

        buyout_complete(order)
        return
    if order.status in machine.DEAL_RUNNING:
        from .services import order_overdue_refresh

        order_overdue_refresh(order)


def order_bill_pay(
    *,
    order_id: int,
    period: int,
    actor: Session | None,
    idempotency_key: str,
    by_customer: bool = False,
) -> payments.Collected:
    """Charges one bill of an order now (`BillPayment`: by the customer's withhold
    agreement; the app: the customer paying). A bill is paid at most once.

    A call that finds an earlier attempt of the bill (another key) already paid at the
    provider records that payment and answers BILL_ALREADY_PAID: it made no attempt of its
    own, and a replay of its key answers the same."""
    with transaction.atomic():
        order = _locked(order_id, actor)
        bill = Bill.objects.filter(order_id=order.pk, period=period).first()
        if bill is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        # An approved buyout keeps the order's after-sale business open until it is paid.
        if period != 0 and order.has_open_after_sale and deposits.buyout_approved(order):
            # The buyout being charged includes this rent: it is not charged twice.
            raise ApplicationError(ErrorCode.AFTER_SALE_OPEN)
        if not by_customer and not order.withhold_agreement_no:
            raise ApplicationError(
                ErrorCode.CONFLICT,
                "客户未签署代扣协议，不能代扣",
                msg_en="The customer has no withhold agreement",
                data={"from": order.status, "to": "paid"},
            )
        collected = payments.bill_collect(
            bill_id=bill.pk,
            method=BillPayment.Method.CUSTOMER if by_customer else BillPayment.Method.WITHHOLD,
            actor=actor,
            idempotency_key=idempotency_key,
            agreement_no=order.withhold_agreement_no,
            payer=f"cust-{order.customer_id}",
        )
        if collected.newly_paid:
            on_bill_paid(order, collected.bill)
    if collected.newly_paid and collected.payment.idempotency_key != idempotency_key:
        raise ApplicationError(ErrorCode.BILL_ALREADY_PAID)  # the payment found is committed
    return collected


def order_withhold_sign(order: Order) -> None:
    """The customer's withhold agreement, signed with the contract (later bills are charged
    by it)."""
    if order.withhold_agreement_no:
        return
    try:
        result = payments.payment_provider().withhold_sign(
            out_no=f"{order.order_no}W", payer=f"cust-{order.customer_id}"
        )
    except payments.ProviderError as error:
        raise payments.provider_failed(error) from error
    if result.succeeded:
        order.withhold_agreement_no = result.agreement_no
        order.save(update_fields=["withhold_agreement_no", "updated_at"])


# --- shipping -------------------------------------------------------------------------------


def order_ship(
    *,
    actor: Session,
    order_id: int,
    company_code: str,
    tracking_no: str,
    device_serial: str,
) -> Order:
    """The shop ships: the parcel and the device serial (required for a lease: checked
    again when the goods come back)."""
    from .shipping import express_register

    with transaction.atomic():
        order = _locked(order_id, actor)
        if order.kind == OrderKind.LEASE and not device_serial.strip():
            raise field_error("device_serial", "required")
        now = timezone.now()

        def shipped(row: Order) -> dict[str, Any]:
            row.shipped_at = now
            row.device_serial = device_serial.strip()
            Shipment.objects.create(
                order=row,
                direction=Shipment.Direction.OUT,
                company_code=company_code,
                tracking_no=tracking_no,
                device_serial=row.device_serial,
                shipped_at=now,
            )
            return {"tracking_no": tracking_no, "device_serial": row.device_serial}

        order_move(order, action="ship", actor=actor, change=shipped)
        express_register(company_code=company_code, tracking_no=tracking_no, shipped_at=now)
        return order


def order_deliver(
    *, order_id: int, actor: Session | None, delivered_at: datetime | None = None, reason: str = ""
) -> Order:
    """The goods reached the customer: a lease starts that day (unpaid bills move with it);
    a purchase is complete."""
    with transaction.atomic():
        order = _locked(order_id, actor)
        when = delivered_at or timezone.now()

        def delivered(row: Order) -> dict[str, Any]:
            row.delivered_at = when
            Shipment.objects.filter(
                order=row, direction=Shipment.Direction.OUT, delivered_at__isnull=True
            ).update(delivered_at=when)
            if row.kind == OrderKind.PURCHASE:
                row.finished_at = when
                return {}
            start = timezone.localdate(when)
            row.lease_start = start
            row.lease_end = lease_end(start=start, term=row.term, term_unit=row.term_unit)
            billing.bills_shift(
                order_id=row.pk, start=start, term=row.term, term_unit=row.term_unit
            )
            return {"lease_start": str(start), "lease_end": str(row.lease_end)}

        return order_move(order, action="deliver", actor=actor, reason=reason, change=delivered)


# --- the provider's confirmations -----------------------------------------------------------


def payment_result_sync(
    *, out_no: str, actor: Session | None = None, close_if_processing: bool = False
) -> dict[str, Any] | None:
    """Re-queries the provider about one of our requests (a bill payment, a refund, a deposit
    freeze/thaw/transfer) and records the outcome on the bill, the refund, the deposit and
    the order. The signed callbacks and `queryPayResult` both come here; running it again
    changes nothing. Locks run order → bill → ledger accounts, as every other writer does."""
    from apps.billing.models import BillRefund

    from .repayments import settlement_result_sync
    from .shipping import shipping_fee_sync

    # An early settlement's trade first: the bill payments it made carry its number too.
    settled = settlement_result_sync(
        out_no=out_no, actor=actor, close_if_processing=close_if_processing
    )
    if settled is not None:
        return settled
    deposit_op = deposits.Op.objects.filter(out_request_no=out_no).first()
    bill_payment = BillPayment.objects.filter(out_trade_no=out_no).order_by("-id").first()
    refund = BillRefund.objects.filter(out_no=out_no).first()
    with transaction.atomic():
        if deposit_op is not None:
            order = (
                Order.objects.select_for_update()
                .select_related("customer")
                .get(pk=deposit_op.order_id)
            )
            op = deposits.deposit_sync(out_no=out_no, actor=actor)
            order.refresh_from_db()
            order_signing_check(order)
            return (
                {"kind": f"deposit_{op.kind}", "status": op.status, "amount": op.amount}
                if op
                else None
            )
        if bill_payment is not None:
            order = (
                Order.objects.select_for_update()
                .select_related("customer")
                .get(pk=bill_payment.bill.order_id)
            )
            collected = payments.payment_sync(
                out_no=out_no, actor=actor, close_if_processing=close_if_processing
            )
            if collected is None:
                return None
            if collected.newly_paid:
                on_bill_paid(order, collected.bill)
            return {
                "kind": "bill_payment",
                "status": collected.payment.status,
                "amount": collected.payment.amount,
            }
        if refund is not None:
            order = Order.objects.select_for_update().get(pk=refund.order_id)
            synced = payments.refund_sync(out_no=out_no, actor=actor)
            shipping_fee_sync(order)
            return (
                {"kind": "refund", "status": synced.status, "amount": synced.amount}
                if synced
                else None
            )
    return None
