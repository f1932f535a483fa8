"""Finance reads: the income and expense lines of a merchant (`getBillList`) and of the
platform (`getFinanceRecord`), their types and counts, the totals header, and the
customers' instalment bills (`getFinanceBillList`); and a lease's money calls (issue 42: billing
answers them, under the paths, operation ids and tags they always had): what an order owes for
lateness, its deposit (thaw, transfer, refund), a bill charged now and a payment asked again,
refunds, waivers, offline and early repayment, the shop's late-fee settings, the platform's
sync of a reconciliation difference, and the customer app's payment of a bill (`appletPayBill`,
signed with the shop's application key as the intake's calls are)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.http import HttpRequest
from ninja import Query, Router

from apps.orders import applet_schemas
from apps.orders import schemas as order_schemas
from apps.orders.intake_auth import AppSignatureAuth
from apps.orders.reads import applet_order, applet_order_row
from apps.orders.scope import named_merchant, order_in_scope, order_reader
from tenants.catalog.selectors import money
from tenants.finance import schemas as finance_schemas
from tenants.finance import selectors as finance_selectors
from tenants.finance import services as finance_services
from tenants.risk.services import recharge_payment_sync
from zulin.core.auth import (
    Session,
    admin_auth,
    any_side_auth,
    current_session,
    store_auth,
)
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.routes import call
from zulin.core.sides import PlatformType

from . import (
    bill_pay,
    bill_reports,
    bill_rows,
    confirmations,
    credit_orders,
    deposit_refunds,
    deposits,
    governance,
    latefees,
    rent_run,
    repayments,
    reports,
    returns,
    schemas,
    shipping_fee,
)
from . import order_schemas as money_schemas
from . import selectors as billing_selectors
from .charges import WAIVE_RIGHT
from .offline import OfflineDetails

platform_router = Router(tags=["platform: finance"])
v2_router = Router(tags=["v2: finance"])
finance_router = Router(tags=["finance: bills"])
# A lease's money calls, under the tags they had when orders answered them.
lease_platform_router = Router(tags=["platform: orders"])
lease_merchant_router = Router(tags=["merchant: orders"])
lease_backend_router = Router(tags=["backend: orders"])
lease_v2_router = Router(tags=["v2: bills"])
lease_finance_router = Router(tags=["finance: late fees, settings, offline and early repayment"])
lease_applet_router = Router(tags=["applet: order intake (signed application key)"])

FINANCE = any_side_auth("finance.view")


def _platform(request: HttpRequest) -> bool:
    return bool(current_session(request).side == PlatformType.ADMIN)


@call(
    v2_router.get,
    "/getBillList",
    schemas.LinePageOut,
    auth=store_auth("finance.view"),
    scope="bills:read",
)
def get_bill_list(request: HttpRequest, query: Query[schemas.BillListIn]) -> Any:
    """The shop's income and expense lines, newest first: rent received, deposits taken,
    refunds, commission, settlements to the withdrawable balance, withdrawals."""
    return reports.bill_lines(platform=False, **query.model_dump())


@call(
    platform_router.get, "/getFinanceRecord", schemas.LinePageOut, auth=admin_auth("finance.view")
)
def get_finance_record(request: HttpRequest, query: Query[schemas.FinanceRecordIn]) -> Any:
    """The platform's lines for every merchant (or `merchant_id`'s): money received and
    refunded for merchants, commission, merchant withdrawals."""
    return reports.bill_lines(platform=True, **query.model_dump())


@call(platform_router.get, "/getTransactionType", list[schemas.TransactionTypeOut], auth=FINANCE)
def get_transaction_type(request: HttpRequest) -> Any:
    """The line types of this side's list (the type filter)."""
    return reports.transaction_types(_platform(request))


@call(
    platform_router.get,
    "/getTransactionTypeCount",
    list[schemas.TransactionTypeCountOut],
    auth=FINANCE,
)
def get_transaction_type_count(request: HttpRequest, query: Query[schemas.TypeCountIn]) -> Any:
    """How many lines of each type the filters leave (the tabs)."""
    platform = _platform(request)
    wrong = "merchant_id" if not platform and query.merchant_id is not None else ""
    wrong = wrong or ("order_no" if platform and query.order_no else "")
    if wrong:
        side = "platform" if wrong == "merchant_id" else "store"
        raise field_error(
            wrong,
            Text("仅限平台端", "platform side only")
            if side == "platform"
            else Text("仅限商户端", "store side only"),
        )
    return reports.bill_line_counts(platform=platform, **query.model_dump())


@call(
    finance_router.get, "/getMarkCollect", schemas.MarkCollectOut, auth=store_auth("finance.view")
)
def get_mark_collect(request: HttpRequest, query: Query[schemas.PeriodIn]) -> Any:
    """The totals above the shop's lines: received, refunded, commission and settled in
    the period; the withdrawable balance and what awaits settlement now."""
    return reports.mark_collect(**query.model_dump())


@call(
    finance_router.get,
    "/getFinanceBillList",
    schemas.FinanceBillPageOut,
    auth=store_auth("finance.view"),
    scope="bills:read",
)
def get_finance_bill_list(request: HttpRequest, query: Query[schemas.FinanceBillListIn]) -> Any:
    """The customers' instalment bills across orders: due, overdue, paying, paid, failed
    (the latest withhold failed), cancelled."""
    return bill_reports.customer_bills(**query.model_dump())


# --- a lease's money ------------------------------------------------------------------------


def _money_answer(values: dict[str, Any]) -> dict[str, Any]:
    return {
        key: money(value) if isinstance(value, Decimal) else value for key, value in values.items()
    }


@call(
    lease_platform_router.get,
    "/getOverdueMoney",
    schemas.OverdueMoneyOut,
    auth=any_side_auth(),
)
def get_overdue_money(request: HttpRequest, query: Query[order_schemas.OrderIdQueryIn]) -> Any:
    """What the order owes for lateness: unpaid rent of its bills past due, late fees
    accrued, waived and paid, and the total still owed. The platform names the merchant."""
    session = order_reader(current_session(request))
    if session.side == PlatformType.ADMIN:
        owed = governance.platform_overdue_money(
            actor=session,
            merchant_id=named_merchant(query.merchant_id),
            order_id=query.order_id,
        )
    else:
        owed = rent_run.overdue_money(actor=session, order_id=query.order_id)
    return _money_answer(owed)


def _refund_answer(refund: Any) -> dict[str, Any]:
    return {
        "id": refund.pk,
        "out_no": refund.out_no,
        "amount": money(refund.amount),
        "status": refund.status,
        "purpose": refund.purpose,
    }


@call(
    lease_backend_router.get,
    "/getReturnQuote",
    schemas.ReturnQuoteOut,
    auth=store_auth("order.view"),
)
def get_return_quote(request: HttpRequest, params: Query[schemas.ReturnQuoteIn]) -> Any:
    """What the customer will owe if the goods come back on `return_date` with
    `damage_amount`: bills due by then, rent cancelled after it, the early-termination fee
    before the minimum term, the damage, what the deposit pays and what stays owed."""
    return returns.order_return_quote(
        actor=current_session(request),
        order_id=params.order_id,
        return_date=params.return_date,
        damage=params.damage_amount,
    )


@call(
    lease_merchant_router.post,
    "/refundSfAmount",
    schemas.ShippingFeeRefundOut,
    auth=store_auth("order.manage"),
)
def refund_sf_amount(request: HttpRequest, payload: schemas.RefundShippingFeeIn) -> Any:
    """Gives back the shipping fee the customer paid (all that is left, or `amount`), a
    refund of each payment that carried it."""
    refunds = shipping_fee.shipping_fee_refund(
        actor=current_session(request),
        order_id=payload.order_id,
        amount=payload.amount,
        idempotency_key=payload.idempotency_key,
    )
    parts = [_refund_answer(refund) for refund in refunds]
    statuses = {refund.status for refund in refunds}
    # The whole is as far as its least finished part: processing, else failed, else succeeded.
    status = next(s for s in ("processing", "failed", "succeeded") if s in statuses)
    return {
        **parts[0],
        "amount": money(sum((refund.amount for refund in refunds), Decimal("0.00"))),
        "status": status,
        "parts": parts,
    }


# --- deposits --------------------------------------------------------------------------------


def _deposit_answer(op: Any) -> dict[str, Any]:
    if op is None:
        return {"id": None, "kind": "", "amount": "0.00", "status": "nothing", "out_request_no": ""}
    return {
        "id": op.pk,
        "kind": op.kind,
        "amount": money(op.amount),
        "status": op.status,
        "out_request_no": op.out_request_no,
    }


def _locked_order(request: HttpRequest, order_id: int) -> tuple[Session, Any]:
    session = current_session(request)
    return session, order_in_scope(session, order_id, lock=True)


@call(
    lease_platform_router.post,
    "/depositThaw",
    schemas.DepositResultOut,
    auth=store_auth("order.manage"),
)
def deposit_thaw(request: HttpRequest, payload: schemas.DepositThawIn) -> Any:
    """Releases frozen deposit (`amount`, or all still frozen); refused (1409) while the
    order owes money that is due (written off included) or a payment is in flight: the
    deposit pays that first."""
    with transaction.atomic():
        session, order = _locked_order(request, payload.order_id)
        op = deposits.deposit_thaw(
            order,
            actor=session,
            amount=payload.amount,
            idempotency_key=payload.idempotency_key,
            refuse_if_owed=True,
        )
        return _deposit_answer(op)


@call(
    lease_platform_router.post,
    "/depositTransferPay",
    schemas.DepositResultOut,
    auth=store_auth("order.manage"),
)
def deposit_transfer_pay(request: HttpRequest, payload: schemas.DepositTransferIn) -> Any:
    """Takes frozen deposit to pay unpaid bills (oldest first, whole bills) or damage: never
    more than is frozen; applied when the provider confirms."""
    with transaction.atomic():
        session, order = _locked_order(request, payload.order_id)
        op = deposits.deposit_transfer(
            order,
            actor=session,
            amount=payload.amount,
            purpose=payload.purpose,
            idempotency_key=payload.idempotency_key,
        )
        return _deposit_answer(op)


@call(
    lease_platform_router.post,
    "/refundDeposit",
    schemas.DepositResultOut,
    auth=store_auth("order.manage"),
)
def refund_deposit(request: HttpRequest, payload: schemas.RefundDepositIn) -> Any:
    """Gives back money taken from the deposit (a damage charge withdrawn)."""
    with transaction.atomic():
        session, order = _locked_order(request, payload.order_id)
        op = deposit_refunds.deposit_refund(
            order, actor=session, amount=payload.amount, idempotency_key=payload.idempotency_key
        )
        return _deposit_answer(op)


# --- bills, waivers, offline and early repayment, the shop's late-fee settings -------------


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
    return _refund_answer(refund)


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


@call(
    lease_finance_router.get,
    "/getFinanceSetting",
    schemas.FinanceSettingOut,
    auth=store_auth("finance.view"),
)
def get_finance_setting(request: HttpRequest) -> Any:
    """The shop's late-fee rates and reminder days in force, with the platform's
    defaults."""
    return _finance_setting_answer(latefees.finance_setting())


@call(
    lease_finance_router.post,
    "/saveFinanceSetting",
    schemas.FinanceSettingOut,
    auth=store_auth("order.manage"),
)
def save_finance_setting(request: HttpRequest, payload: schemas.FinanceSettingIn) -> Any:
    """Sets the shop's late-fee rates (percent per day of the unpaid amount, before and
    after the tier) and reminder days; a null field follows the platform's default."""
    saved = latefees.finance_setting_save(
        actor=current_session(request), fields=payload.model_dump()
    )
    return _finance_setting_answer(saved)


def _finance_setting_answer(setting: dict[str, Any]) -> dict[str, Any]:
    rates = ("late_fee_rate_early", "late_fee_rate_late")
    return {
        **setting,
        **{field: f"{Decimal(setting[field]):.4f}" for field in rates},
        "platform_defaults": {
            **setting["platform_defaults"],
            **{field: f"{Decimal(setting['platform_defaults'][field]):.4f}" for field in rates},
        },
    }


@call(
    lease_platform_router.post,
    "/syncReconciliationMismatch",
    finance_schemas.SyncMismatchOut,
    auth=admin_auth("reconciliation.resolve"),
)
def sync_reconciliation_mismatch(
    request: HttpRequest, payload: finance_schemas.SyncMismatchIn
) -> Any:
    """A difference of a trade the provider finished and the merchant never recorded: asks
    the provider again through the merchant's payments (as its callback would have) and,
    when the difference is gone, resolves it as synced (audited)."""
    mismatch, synced = finance_services.mismatch_sync(
        actor=current_session(request),
        mismatch_id=payload.id,
        payment_sync=governance.platform_payment_sync,
    )
    return {
        "synced": synced,
        "mismatch": finance_selectors.mismatch_detail(mismatch_id=mismatch.pk),
    }


@call(
    lease_applet_router.post,
    "/payBill",
    applet_schemas.AppletOrderOut,
    operation_id="appletPayBill",
    auth=AppSignatureAuth(),
)
def pay_bill(request: HttpRequest, payload: schemas.AppletPayBillIn) -> Any:
    """The customer pays one bill (bill 1 at signing; a purchase's one bill); the payment
    counts when the provider confirms it."""
    order = applet_order(payload.order_no)
    bill_pay.customer_bill_pay(
        order_id=order.pk, period=payload.period, idempotency_key=payload.idempotency_key
    )
    order.refresh_from_db()
    return applet_order_row(order)


# --- deposit-free: the credit order (docs/zhima.md) -------------------------------------------


@call(
    lease_merchant_router.get,
    "/getCreditOrder",
    schemas.ZhimaCreditOrderOut,
    auth=store_auth("order.view"),
)
def get_credit_order(request: HttpRequest, query: Query[schemas.ZhimaCreditOrderIn]) -> Any:
    """A deposit-free lease's credit order at Zhima: the credit (guarantee, no money) and
    fund (the customer's money) parts of its deposit apart, its status, the notice before a
    violation, and every sync call with its request number, request, answer and result.
    `credit_order` null: the order's deposit is money only."""
    order = order_in_scope(current_session(request), query.order_id)
    return billing_selectors.order_credit_order(order.pk)


@call(
    lease_merchant_router.post,
    "/noticeCreditViolation",
    schemas.ZhimaCreditOrderRowOut,
    auth=store_auth("credit.manage"),
)
def notice_credit_violation(request: HttpRequest, payload: schemas.ZhimaCreditOrderIn) -> Any:
    """Tells the customer of a performing deposit-free lease with a debt past due what is
    owed, since when, and that a violation will be reported to Zhima no earlier than the
    shop's grace (an SMS, kept); the credit order waits for a person's confirmation."""
    notice = credit_orders.credit_violation_notice(payload.order_id, actor=current_session(request))
    return billing_selectors.credit_order_answer(notice.credit_order)


@call(
    lease_merchant_router.post,
    "/confirmCreditViolation",
    schemas.ZhimaCreditOrderRowOut,
    auth=store_auth("credit.manage"),
)
def confirm_credit_violation(request: HttpRequest, payload: schemas.ZhimaCreditViolationIn) -> Any:
    """A person confirms a pending violation with its reason, no earlier than the shop's
    grace after the notice and while the debt is still past due: synced VIOLATED to Zhima
    (a sync not answered keeps its request number for the next confirmation)."""
    row = credit_orders.credit_violation_confirm(
        payload.order_id, actor=current_session(request), reason=payload.reason
    )
    return billing_selectors.credit_order_answer(row)
