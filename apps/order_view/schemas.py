"""`orderInfo`'s answer: orders' detail of the order with billing's money of it, in the
order the document has always listed them (its fields are composed by `selectors`)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from pydantic import Field

from apps.billing.ladder_schemas import OverdueStateOut
from apps.billing.order_schemas import BillTotalsOut, OrderBillOut, OrderDepositOut, OrderUnwoundOut
from apps.orders.schemas import (
    AfterSaleOut,
    EarlyReturnTermsOut,
    NotarizationOut,
    OrderContractOut,
    OrderCustomerOut,
    OrderRiskOut,
    OrderRowOut,
    RemarkOut,
    ShipmentOut,
    TimelineOut,
    UnitBriefOut,
)
from apps.risk.schemas import RiskQueryOut
from zulin.core.pagination import PageOut


class OrderDetailOut(OrderRowOut):
    customer: OrderCustomerOut
    unit: UnitBriefOut | None = Field(
        None, description="the device the order holds (tracked by unit), else null"
    )
    sku_tracked: bool = Field(
        description="the ordered SKU is tracked by unit: shipping scans a unit (findUnit)"
    )
    sku_id: int
    rent_plan_id: int | None
    package_id: int | None
    quantity: int
    buyout_price: str
    ownership_transfer: bool
    addons: list[dict[str, Any]]
    addon_total: str
    shipping_fee: str
    shipping_fee_refunded: str
    lease_start: date | None
    lease_end: date | None
    device_serial: str
    contract_signed_at: datetime | None
    first_bill_paid_at: datetime | None
    shipped_at: datetime | None
    delivered_at: datetime | None
    finished_at: datetime | None
    refuse_reason: str
    close_reason: str
    stage_name: str
    early_return: EarlyReturnTermsOut
    risk: OrderRiskOut
    deposit_detail: OrderDepositOut
    bills: list[OrderBillOut]
    bill_totals: BillTotalsOut
    unwound: OrderUnwoundOut | None = Field(
        None,
        description="an order ended without a deal (cancelled, refused, refunded, closed): "
        "what it gave back and what is still in flight at the provider; else null",
    )
    overdue_state: OverdueStateOut = Field(
        description="the order's place on the shop's overdue ladder (clear: nothing past due)"
    )
    shipments: list[ShipmentOut]
    contract: OrderContractOut | None
    remarks: list[RemarkOut]
    after_sales: list[AfterSaleOut]
    notary: NotarizationOut = Field(
        description="the order's notarization (status none: not started)"
    )
    timeline: list[TimelineOut]
    actions: list[str]


class RiskQueryCoverOut(RiskQueryOut):
    deposit_fund: str | None = Field(
        description="of the order's frozen deposit, the customer's money; null: none frozen"
    )
    deposit_credit: str | None = Field(
        description="of the order's frozen deposit, Zhima's guarantee (no money)"
    )


class RiskQueryCoverPageOut(PageOut):
    list: list[RiskQueryCoverOut]
