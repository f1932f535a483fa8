"""The finance reads: a merchant's (`getBillList`) and the platform's (`getFinanceRecord`)
income and expense lines, their types and counts, the totals header, and the customers'
instalment bills (`getFinanceBillList`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query

from zulin.core.auth import (
    admin_auth,
    store_auth,
)
from zulin.core.errors import field_error
from zulin.core.i18n import Text
from zulin.core.routes import call

from .. import (
    bill_reports,
    reports,
    schemas,
)
from .common import (
    FINANCE,
    finance_router,
    is_platform,
    platform_router,
    v2_router,
)


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
    return reports.transaction_types(is_platform(request))


@call(
    platform_router.get,
    "/getTransactionTypeCount",
    list[schemas.TransactionTypeCountOut],
    auth=FINANCE,
)
def get_transaction_type_count(request: HttpRequest, query: Query[schemas.TypeCountIn]) -> Any:
    """How many lines of each type the filters leave (the tabs)."""
    platform = is_platform(request)
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
