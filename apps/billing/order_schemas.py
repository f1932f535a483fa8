"""An order's money as its screen and billing's order calls answer it: the deposit and its
operations, the bills with their payments, receipts and waivers, their totals, and what an
order ended without a deal gave back (`apps/order_view` composes them into `orderInfo`)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from zulin.core.schema import Schema


class DepositOperationOut(Schema):
    id: int
    kind: str
    amount: str
    status: str
    purpose: str
    bill_periods: list[int] = Field(description="a transfer for bills: the bills it pays")
    failure_reason: str
    created_at: datetime
    confirmed_at: datetime | None
    credit_amount: str = Field(description="deposit-free: the part that is Zhima's guarantee")


class OrderDepositOut(Schema):
    frozen_credit: str = Field(description="of the frozen deposit, Zhima's guarantee (no money)")
    frozen_fund: str = Field(description="of the frozen deposit, the customer's money")
    deposit: str
    waived: str
    required: str
    state: str
    frozen: str
    transferred: str
    thawed: str
    remaining: str
    operations: list[DepositOperationOut]


class BillPaymentOut(Schema):
    id: int
    method: str
    amount: str
    late_fee_amount: str
    out_trade_no: str
    provider_trade_no: str
    status: str
    failure_reason: str
    created_at: datetime
    finished_at: datetime | None


class OfflineReceiptOut(Schema):
    receipt_no: str
    purpose: str = Field(description="bill (one bill) or early_settlement")
    amount: str
    channel: str
    paid_on: date
    payer_name: str
    bank_reference: str
    remark: str
    recorded_by: str
    recorded_at: datetime
    voucher_url: str | None = Field(
        description="a link to the voucher picture valid a few minutes (finance.view); each "
        "read is audited"
    )


class BillWaiverOut(Schema):
    principal: str
    late_fee: str
    whole: bool = Field(description="all the bill still owed (it was cancelled), or a part")
    reason: str
    actor_name: str
    created_at: datetime


class OrderBillOut(Schema):
    id: int
    order_id: int
    order_no: str
    kind: str = Field(description="lease, purchase, buyout, damage or termination (a charge)")
    kind_name: str
    period: int
    due_date: date
    rent: str
    addon_amount: str
    amount: str
    paid_amount: str
    status: str
    state: str
    paid_at: datetime | None
    paid_by: str
    late_fee: str
    late_fee_waived: str
    late_fee_paid: str
    late_fee_owed: str
    discount: str = Field(description="rent forgone when the lease was settled early")
    waived_amount: str = Field(description="principal forgone by waivers (a part, or all left)")
    waiver: BillWaiverOut | None = Field(description="the waiver that cancelled the bill")
    waivers: list[BillWaiverOut] = Field(description="every waiver of the bill, oldest first")
    settled_early: bool
    out_trade_no: str
    payments: list[BillPaymentOut]
    offline_receipt: OfflineReceiptOut | None = Field(description="repaid offline: the receipt")


class BillTotalsOut(Schema):
    amount: str = Field(description="what the bills ask (principal), less waivers")
    paid: str = Field(description="what of it was paid")
    owed: str = Field(description="what of it is still owed (principal: amount = paid + owed)")
    late_fee_owed: str = Field(description="the late fees still owed (accrued, not waived or paid)")
    owed_total: str = Field(
        description="what the order still owes, late fees included (billing's order_owed: the "
        "one owed figure; an ended order's owed_amount)"
    )
    past_due: str = Field(
        description="of `owed_total`, what is past due, written off or not (its recovery "
        "cases' figure)"
    )


class UnwoundLineOut(Schema):
    kind: Literal["payment", "refund", "deposit"] = Field(
        description="a bill's settlement, a refund of a payment, or a deposit operation"
    )
    type: str = Field(
        description="payment: its method (withhold, customer, deposit, early); refund: its "
        "purpose (order, shipping_fee, unwound: money that came after the order ended); "
        "deposit: thaw, refund or transfer"
    )
    amount: str
    status: Literal["processing", "succeeded", "failed"]
    periods: list[int] = Field(description="the bills it concerns (period numbers)")
    created_at: datetime
    finished_at: datetime | None


class OrderUnwoundOut(Schema):
    paid: str = Field(description="what the customer's payments brought through the provider")
    given_back: str = Field(description="refunds and deposit money given back (succeeded)")
    in_flight: str = Field(
        description="payments, refunds and deposit operations still processing at the provider"
    )
    deposit_frozen: str = Field(description="the deposit freeze not yet thawed")
    lines: list[UnwoundLineOut]
