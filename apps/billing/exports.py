"""The finance lists as Excel exports, registered when the app is ready:

- `bill_lines` (store): the shop's income and expense lines, with getBillList's filters;
- `finance_bills` (store): the customers' instalment bills, with getFinanceBillList's;
- `finance_records` (platform, written in the public schema): the platform's lines for every
  merchant or one, with getFinanceRecord's.

Each holds the list's rows in the list's order, read through the list's own query
(apps/billing/reports.py), and needs `finance.view`. Amounts are numbers with two places
(the API's money strings would not add up in Excel)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from pydantic import Field

from zulin.core.numbers import Id
from zulin.core.schema import Schema
from zulin.core.sides import PlatformType
from zulin.core.text import SingleLineText
from zulin.exports.registry import Column, chunked_by, counted_by, register_exporter

from . import bill_reports, reports
from .schemas import BillState, LineFiltersIn, StoreType
from .schemas import PlatformType as PlatformLineType

ACTION = "finance.view"


class BillLineFiltersIn(LineFiltersIn):
    """getBillList's filters, less the page."""

    type: StoreType | None = None


class FinanceRecordFiltersIn(Schema):
    """getFinanceRecord's filters, less the page."""

    type: PlatformLineType | None = None
    merchant_id: Id | None = Field(None, description="one merchant's lines")
    date_from: date | None = None
    date_to: date | None = None


class FinanceBillFiltersIn(Schema):
    """getFinanceBillList's filters, less the page."""

    state: BillState | None = None
    due_from: date | None = None
    due_to: date | None = None
    order_no: SingleLineText = Field("", max_length=32)


LINE_COLUMNS = (
    Column("created_at", "时间", "Time", 20),
    Column("type_name", "类型", "Type", 14),
    Column("amount", "金额（元）", "Amount (CNY)", 14),
    Column("order_no", "订单号", "Order no.", 22),
    Column("memo", "说明", "Memo", 32),
    Column("actor", "操作人", "By", 12),
    Column("reference", "流水号", "Reference", 30),
)
RECORD_COLUMNS = (
    *LINE_COLUMNS[:1],
    Column("merchant_name", "商户", "Merchant", 20),
    *LINE_COLUMNS[1:],
)
BILL_COLUMNS = (
    Column("order_no", "订单号", "Order no.", 22),
    Column("period", "期数", "Period", 10),
    Column("due_date", "应付日期", "Due", 12),
    Column("amount", "应付金额（元）", "Amount (CNY)", 14),
    Column("paid_amount", "已付金额（元）", "Paid (CNY)", 14),
    Column("late_fee", "违约金（元）", "Late fee (CNY)", 14),
    Column("late_fee_owed", "待付违约金（元）", "Late fee owed (CNY)", 16),
    Column("state", "状态", "State", 10),
    Column("paid_at", "支付时间", "Paid at", 20),
    Column("paid_by", "支付方式", "Paid by", 12),
    Column("last_failure", "失败原因", "Failure", 24),
)

STATE_NAMES = {
    "due": ("待支付", "Due"),
    "overdue": ("已逾期", "Overdue"),
    "paying": ("支付中", "Paying"),
    "paid": ("已支付", "Paid"),
    "failed": ("扣款失败", "Failed"),
    "cancelled": ("已取消", "Cancelled"),
}
PAID_BY_NAMES = {
    "withhold": ("代扣", "Auto-debit"),
    "customer": ("用户支付", "Paid by the customer"),
    "deposit": ("押金转支付", "From the deposit"),
    "auth": ("授权扣款", "From the Zhima authorisation"),
}
LINE_MONEY = ("amount",)
BILL_MONEY = ("amount", "paid_amount", "late_fee", "late_fee_owed")


def _name(names: dict[str, tuple[str, str]], code: str, language: str) -> str:
    zh, en = names.get(code, (code, code))
    return en if language == "en" else zh


def _numbers(row: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Decimal]:
    return {key: Decimal(row[key]) for key in keys}


def _line_cells(row: dict[str, Any], language: str) -> dict[str, Any]:
    memo = row["memo_en"] if language == "en" else row["memo"]
    detail = reports.line_detail(row, language)
    return {
        **row,
        "type_name": row["type_name_en"] if language == "en" else row["type_name"],
        "memo": f"{memo}{'; ' if language == 'en' else '；'}{detail}"
        if memo and detail
        else memo or detail,
        **_numbers(row, LINE_MONEY),
    }


def _bill_period(row: dict[str, Any], language: str) -> str:
    if row["kind"] == "buyout":
        return "Buyout" if language == "en" else "买断款"
    if row["kind"] == "purchase":
        return "Payment" if language == "en" else "货款"
    if row["kind"] == "damage":
        return "Damage" if language == "en" else "损坏赔偿"
    if row["kind"] == "termination":
        return "Early-termination fee" if language == "en" else "提前退租违约金"
    return f"#{row['period']}" if language == "en" else f"第 {row['period']} 期"


def _bill_cells(row: dict[str, Any], language: str) -> dict[str, Any]:
    return {
        **row,
        "period": _bill_period(row, language),
        "state": _name(STATE_NAMES, row["state"], language),
        "paid_by": _name(PAID_BY_NAMES, row["paid_by"], language) if row["paid_by"] else "",
        **_numbers(row, BILL_MONEY),
    }


def finance_exporters_register() -> None:
    register_exporter(
        kind="bill_lines",
        columns=LINE_COLUMNS,
        rows_fn=chunked_by(reports.bill_line_chunks, _line_cells, platform=False),
        count_fn=counted_by(reports.bill_line_count, platform=False),
        title_zh="收支明细",
        title_en="Income and expenses",
        action=ACTION,
        filters=BillLineFiltersIn,
        sides=(PlatformType.STORE,),
    )
    register_exporter(
        kind="finance_bills",
        columns=BILL_COLUMNS,
        rows_fn=chunked_by(bill_reports.customer_bill_chunks, _bill_cells),
        count_fn=counted_by(bill_reports.customer_bill_count),
        title_zh="客户账单",
        title_en="Customer bills",
        action=ACTION,
        filters=FinanceBillFiltersIn,
        sides=(PlatformType.STORE,),
    )
    register_exporter(
        kind="finance_records",
        columns=RECORD_COLUMNS,
        rows_fn=chunked_by(reports.bill_line_chunks, _line_cells, platform=True),
        count_fn=counted_by(reports.bill_line_count, platform=True),
        title_zh="平台收支明细",
        title_en="Platform income and expenses",
        action=ACTION,
        filters=FinanceRecordFiltersIn,
        sides=(PlatformType.ADMIN,),
    )
