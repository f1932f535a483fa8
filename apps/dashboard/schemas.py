from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from zulin.core.numbers import Id
from zulin.core.schema import Schema


class DataPeriodIn(Schema):
    date_from: date | None = Field(
        None, description="first day (Asia/Shanghai); default 29 days before date_to"
    )
    date_to: date | None = Field(None, description="last day; default today; at most 366 days")
    granularity: Literal["day", "month"] = "day"
    merchant_id: Id | None = Field(None, description="platform: one merchant's figures")
    sub_shop_id: Id | None = Field(None, description="store: one sub-shop's figures")


class DataPeriodOut(Schema):
    date_from: date
    date_to: date
    granularity: str


class DataFiguresOut(Schema):
    orders: int
    deals: int
    deal_value: str
    rent_due: str
    rent_received: str
    buyout_due: str
    buyout_received: str
    overdue_amount: str
    overdue_base: str
    overdue_rate: str | None = Field(description="percent; none when nothing fell due")


class DataChangeOut(Schema):
    orders: str | None
    deals: str | None
    deal_value: str | None
    rent_due: str | None
    rent_received: str | None
    buyout_due: str | None
    buyout_received: str | None
    overdue_amount: str | None
    overdue_base: str | None
    overdue_rate: str | None


class DataOverviewOut(DataPeriodOut):
    previous_from: date
    previous_to: date
    current: DataFiguresOut
    previous: DataFiguresOut
    change: DataChangeOut = Field(description="percent against the previous period")


class DataCurvePointOut(Schema):
    date: str = Field(description="YYYY-MM-DD, or YYYY-MM by month")
    amount: str


class DataCurveOut(DataPeriodOut):
    points: list[DataCurvePointOut]
    total: str


class DataOrderPointOut(Schema):
    date: str
    orders: int
    deals: int
    deal_value: str


class DataOrderCountOut(DataPeriodOut):
    points: list[DataOrderPointOut]
    orders: int
    deals: int
    deal_value: str


class DataGoodsRankOut(Schema):
    merchant_id: int
    merchant_name: str
    goods_id: int
    goods_title: str
    orders: int
    deals: int
    deal_value: str


class DataGoodsCountOut(DataPeriodOut):
    items: list[DataGoodsRankOut]
    orders: int
    deals: int
    deal_value: str


class WorkbenchTodayOut(DataFiguresOut):
    date: date


class WorkbenchTodoOut(Schema):
    key: str = Field(
        description="awaiting_audit, awaiting_shipment, overdue (store: the order lists' `todo`); "
        "shipments_stuck, shipments_exception (store: `/shipments`' `attention`); "
        "privacy_overdue (store: `/privacyRequests`' `attention`); "
        "withdrawals_pending, withdrawals_reviewing, recharges_pending (platform)"
    )
    count: int = Field(description="the total of the list the to-do opens")


class WorkbenchDataOut(Schema):
    today: WorkbenchTodayOut | None = Field(description="none without data.view")
    todos: list[WorkbenchTodoOut]
