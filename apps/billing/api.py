"""Finance reads: the income and expense lines of a merchant (`getBillList`) and of the
platform (`getFinanceRecord`), their types and counts, the totals header, and the
customers' instalment bills (`getFinanceBillList`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from zulin.core.auth import admin_auth, any_side_auth, current_session, store_auth
from zulin.core.errors import field_error
from zulin.core.i18n import Text
from zulin.core.sides import PlatformType

from . import reports, schemas

platform_router = Router(tags=["platform: finance"])
v2_router = Router(tags=["v2: finance"])
finance_router = Router(tags=["finance: bills"])

FINANCE = any_side_auth("finance.view")


def _platform(request: HttpRequest) -> bool:
    return bool(current_session(request).side == PlatformType.ADMIN)


@v2_router.get(
    "/getBillList",
    response=schemas.LinePageOut,
    auth=store_auth("finance.view"),
    operation_id="getBillList",
)
def get_bill_list(request: HttpRequest, query: Query[schemas.BillListIn]) -> Any:
    """The shop's income and expense lines, newest first: rent received, deposits taken,
    refunds, commission, settlements to the withdrawable balance, withdrawals."""
    return reports.bill_lines(platform=False, **query.model_dump())


@platform_router.get(
    "/getFinanceRecord",
    response=schemas.LinePageOut,
    auth=admin_auth("finance.view"),
    operation_id="getFinanceRecord",
)
def get_finance_record(request: HttpRequest, query: Query[schemas.FinanceRecordIn]) -> Any:
    """The platform's lines for every merchant (or `merchant_id`'s): money received and
    refunded for merchants, commission, merchant withdrawals."""
    return reports.bill_lines(platform=True, **query.model_dump())


@platform_router.get(
    "/getTransactionType",
    response=list[schemas.TransactionTypeOut],
    auth=FINANCE,
    operation_id="getTransactionType",
)
def get_transaction_type(request: HttpRequest) -> Any:
    """The line types of this side's list (the type filter)."""
    return reports.transaction_types(_platform(request))


@platform_router.get(
    "/getTransactionTypeCount",
    response=list[schemas.TransactionTypeCountOut],
    auth=FINANCE,
    operation_id="getTransactionTypeCount",
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


@finance_router.get(
    "/getMarkCollect",
    response=schemas.MarkCollectOut,
    auth=store_auth("finance.view"),
    operation_id="getMarkCollect",
)
def get_mark_collect(request: HttpRequest, query: Query[schemas.PeriodIn]) -> Any:
    """The totals above the shop's lines: received, refunded, commission and settled in
    the period; the withdrawable balance and what awaits settlement now."""
    return reports.mark_collect(**query.model_dump())


@finance_router.get(
    "/getFinanceBillList",
    response=schemas.FinanceBillPageOut,
    auth=store_auth("finance.view"),
    operation_id="getFinanceBillList",
)
def get_finance_bill_list(request: HttpRequest, query: Query[schemas.FinanceBillListIn]) -> Any:
    """The customers' instalment bills across orders: due, overdue, paying, paid, failed
    (the latest withhold failed), cancelled."""
    return reports.customer_bills(**query.model_dump())
