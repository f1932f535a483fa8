"""A bill's money: charged now (`BillPayment`), a payment asked again, waivers, refunds,
offline and early repayment."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query

from tenants.catalog.selectors import money
from tenants.risk.services import recharge_payment_sync
from zulin.core.auth import (
    Session,
    current_session,
    store_auth,
)
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.routes import call

from .. import (
    bill_pay,
    bill_rows,
    confirmations,
    rent_run,
    repayments,
    schemas,
)
from .. import order_schemas as money_schemas
from ..charges import WAIVE_RIGHT
from ..offline import OfflineDetails
from .common import (
    lease_finance_router,
    lease_platform_router,
    lease_v2_router,
    refund_answer,
)


@call(
    lease_v2_router.post,
    "/BillPayment",
    schemas.PaymentResultOut,
    auth=store_auth("order.manage"),
)
def bill_payment(request: HttpRequest, payload: schemas.BillPaymentIn) -> Any:
    """Charges one bill now by the customer's withhold agreement — a deposit-free lease's
    bill is taken from its Zhima authorisation instead (payment method `auth`, while the
    authorisation stands). The same idempotency key answers the same attempt; a bill is
    paid at most once."""
    collected = bill_pay.order_bill_pay(
        order_id=payload.order_id,
        period=payload.period,
        actor=current_session(request),
        idempotency_key=payload.idempotency_key,
    )
    return {
        "kind": "bill_payment",
        "status": collected.payment.status,
        "amount": money(collected.payment.amount),
    }


@call(lease_platform_router.get, "/queryPayResult", schemas.PaymentResultOut, auth=store_auth())
def query_pay_result(request: HttpRequest, query: Query[schemas.PayResultIn]) -> Any:
    """Asks the provider again about one of our payment requests and records what it says:
    an order's (bill payment, refund, deposit freeze/thaw/transfer; `order.manage`), or a QR
    recharge of the risk balance (kind `risk_recharge`, by its recharge number;
    `risk.recharge`)."""
    session = current_session(request)
    if not (session.can("order.manage") or session.can("risk.recharge")):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    result = None
    if session.can("order.manage"):
        result = confirmations.payment_result_sync(out_no=query.out_no, actor=session)
    if result is None and session.can("risk.recharge"):
        recharge = recharge_payment_sync(merchant=tenant_connection.tenant, out_no=query.out_no)
        if recharge is not None:
            result = {
                "kind": "risk_recharge",
                "status": RECHARGE_PAYMENT_STATUS[recharge.status],
                "amount": recharge.amount,
            }
    if result is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return {**result, "amount": money(result["amount"])}


# A QR recharge's status as its payment's: credited is the payment succeeded.
RECHARGE_PAYMENT_STATUS = {"paying": "processing", "credited": "succeeded", "failed": "failed"}


@call(
    lease_finance_router.post,
    "/waiveLateFee",
    money_schemas.OrderBillOut,
    auth=store_auth("order.manage"),
)
def waive_late_fee(request: HttpRequest, payload: schemas.WaiveLateFeeIn) -> Any:
    """Forgoes the late fee (all still owed, or `amount`) of one bill, with a reason on the
    order's timeline. The same idempotency key answers the same waiver."""
    session = current_session(request)
    bill = rent_run.late_fee_waive(
        actor=session,
        order_id=payload.order_id,
        period=payload.period,
        amount=payload.amount,
        reason=payload.reason,
        idempotency_key=payload.idempotency_key,
    )
    return _bill_answer(session, bill)


@call(
    lease_finance_router.post,
    "/waiveOrderCharge",
    money_schemas.OrderBillOut,
    auth=store_auth(WAIVE_RIGHT),
)
def waive_order_charge(request: HttpRequest, payload: schemas.WaiveChargeIn) -> Any:
    """Forgoes everything one bill or charge of the order still owes (principal and late
    fee; the bill is cancelled), or `amount` of its principal (a negotiated part: the rest
    stays owed; 1410 above the principal owed), with a reason, on the order's timeline; the
    order leaves `owing` once nothing is owed. The same idempotency key answers the same
    waiver."""
    session = current_session(request)
    waiver = rent_run.charge_waive(
        actor=session,
        order_id=payload.order_id,
        period=payload.period,
        amount=payload.amount,
        reason=payload.reason,
        idempotency_key=payload.idempotency_key,
    )
    return _bill_answer(session, waiver.bill)


def _bill_answer(session: Session, bill: Any) -> dict[str, Any]:
    rows = bill_rows.order_bills(bill.order_id, session=session)
    return next(row for row in rows if row["id"] == bill.pk)


@call(
    lease_finance_router.post,
    "/refundBillPayment",
    schemas.RefundOut,
    auth=store_auth("order.manage"),
)
def refund_bill_payment(request: HttpRequest, payload: schemas.RefundBillPaymentIn) -> Any:
    """Gives back part or all of a bill's payment to the customer through the provider
    (never more than is left of it); the commission comes back pro rata when it is
    confirmed. The same idempotency key answers the same refund."""
    refund = rent_run.bill_payment_refund(
        actor=current_session(request),
        order_id=payload.order_id,
        period=payload.period,
        amount=payload.amount,
        reason=payload.reason,
        idempotency_key=payload.idempotency_key,
    )
    return refund_answer(refund)


def _offline_details(given: schemas.OfflineDetailsIn) -> OfflineDetails:
    return OfflineDetails(
        channel=given.channel,
        paid_on=given.paid_on,
        payer_name=given.payer_name,
        bank_reference=given.bank_reference,
        remark=given.remark,
        voucher_base64=given.voucher_base64,
    )


@call(
    lease_finance_router.post,
    "/recordOfflineRepayment",
    money_schemas.OrderBillOut,
    auth=store_auth("finance.manage"),
)
def record_offline_repayment(request: HttpRequest, payload: schemas.OfflineRepaymentIn) -> Any:
    """Records that the customer paid the order's oldest open bill outside the provider
    (bank transfer, cash …) with the voucher picture: exactly what the bill owes, its late
    fee first. The money is the merchant's already (never withdrawable); its commission is
    taken from the next settlement. The same idempotency key answers the same repayment."""
    session = current_session(request)
    bill = repayments.offline_repay(
        actor=session,
        order_id=payload.order_id,
        period=payload.period,
        amount=payload.amount,
        details=_offline_details(payload),
        idempotency_key=payload.idempotency_key,
    )
    return _bill_answer(session, bill)


@call(
    lease_finance_router.get,
    "/getEarlySettlementQuote",
    schemas.EarlySettlementQuoteOut,
    auth=store_auth("finance.manage"),
)
def get_early_settlement_quote(
    request: HttpRequest, query: Query[schemas.EarlySettlementQuoteIn]
) -> Any:
    """What settling the lease early costs today: bills due in full with their late fees,
    later rent less the shop's early-buyout discount, add-ons, and the buyout price when
    ownership transfers; the settlement in flight, if any."""
    return repayments.early_settlement_quote(
        actor=current_session(request), order_id=query.order_id
    )


@call(
    lease_finance_router.post,
    "/settleEarly",
    schemas.EarlySettlementOut,
    auth=store_auth("finance.manage"),
)
def settle_early(request: HttpRequest, payload: schemas.SettleEarlyIn) -> Any:
    """Settles every bill left of the lease at the quote's total: by the customer's withhold
    agreement (counts when the provider confirms) or offline with a voucher. A lease that
    transfers ownership is then bought out (a deposit-free lease's buyout is charged against
    its Zhima authorisation, completing it). The same idempotency key answers the same
    settlement, asking the provider again while it is processing."""
    if payload.method == "offline" and payload.offline is None:
        raise field_error("offline", Text("线下结清必填", "required for an offline settlement"))
    return repayments.early_settle(
        actor=current_session(request),
        order_id=payload.order_id,
        total=payload.total,
        idempotency_key=payload.idempotency_key,
        offline_details=(
            _offline_details(payload.offline)
            if payload.method == "offline" and payload.offline
            else None
        ),
    )
