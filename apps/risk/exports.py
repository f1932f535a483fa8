"""The risk lists as Excel exports (store side, `risk.recharge`), registered when the app is
ready: `risk_queries` (chartRiskListDetail's rows and filters) and `risk_bills`
(getRiskBillList's). Amounts are numbers with two places."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from zulin.core.sides import PlatformType
from zulin.exports.registry import Column, chunked_by, counted_by, register_exporter

from . import selectors
from .schemas import RiskBillFiltersIn, RiskQueryFiltersIn

ACTION = "risk.recharge"

QUERY_COLUMNS = (
    Column("created_at", "查询时间", "Time", 20),
    Column("query_type_name", "查询类型", "Query type", 16),
    Column("price", "费用（元）", "Price (CNY)", 12),
    Column("source_name", "来源", "Source", 14),
    Column("order_no", "订单号", "Order no.", 22),
    Column("name", "姓名", "Name", 10),
    Column("id_number", "身份证号", "ID number", 22),
    Column("phone", "手机号", "Phone", 14),
    Column("score", "评分", "Score", 8),
    Column("grade", "等级", "Grade", 8),
    Column("decision_name", "建议", "Decision", 10),
    Column("hit_rules", "命中规则", "Rules hit", 40),
    Column("actor", "操作人", "By", 12),
    Column("query_no", "查询编号", "Query no.", 36),
)
BILL_COLUMNS = (
    Column("created_at", "时间", "Time", 20),
    Column("type_name", "类型", "Type", 12),
    Column("amount", "金额（元）", "Amount (CNY)", 14),
    Column("query_type_name", "查询类型", "Query type", 16),
    Column("order_no", "订单号", "Order no.", 22),
    Column("recharge_no", "充值单号", "Recharge no.", 26),
    Column("memo", "说明", "Memo", 30),
    Column("actor", "操作人", "By", 12),
    Column("reference", "流水号", "Reference", 40),
)
SOURCE_NAMES_EN = {"intake": "At intake", "manual": "Manual"}


def _query_cells(row: dict[str, Any], language: str) -> dict[str, Any]:
    english = language == "en"
    hits = "; ".join(
        f"{hit['code']} {hit['name_en'] if english else hit['name_zh']}" for hit in row["hit_rules"]
    )
    return {
        **row,
        "query_type_name": row["query_type_name_en"] if english else row["query_type_name"],
        "source_name": SOURCE_NAMES_EN.get(row["source"], row["source"])
        if english
        else row["source_name"],
        "decision_name": row["decision_name_en"] if english else row["decision_name"],
        "hit_rules": hits,
        "price": Decimal(row["price"]),
    }


def _bill_cells(row: dict[str, Any], language: str) -> dict[str, Any]:
    english = language == "en"
    return {
        **row,
        "type_name": row["type_name_en"] if english else row["type_name"],
        "query_type_name": row["query_type_name_en"] if english else row["query_type_name"],
        "amount": Decimal(row["amount"]),
    }


def risk_exporters_register() -> None:
    register_exporter(
        kind="risk_queries",
        columns=QUERY_COLUMNS,
        rows_fn=chunked_by(selectors.risk_query_chunks, _query_cells),
        count_fn=counted_by(selectors.risk_query_count),
        title_zh="风控查询明细",
        title_en="Risk queries",
        action=ACTION,
        filters=RiskQueryFiltersIn,
        sides=(PlatformType.STORE,),
    )
    register_exporter(
        kind="risk_bills",
        columns=BILL_COLUMNS,
        rows_fn=chunked_by(selectors.risk_bill_chunks, _bill_cells),
        count_fn=counted_by(selectors.risk_bill_count),
        title_zh="风控余额明细",
        title_en="Risk balance lines",
        action=ACTION,
        filters=RiskBillFiltersIn,
        sides=(PlatformType.STORE,),
    )
