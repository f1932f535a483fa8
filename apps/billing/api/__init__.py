"""Finance reads: the income and expense lines of a merchant (`getBillList`) and of the
platform (`getFinanceRecord`), their types and counts, the totals header, and the
customers' instalment bills (`getFinanceBillList`); and a lease's money calls (issue 42: billing
answers them, under the paths, operation ids and tags they always had): what an order owes for
lateness, its deposit (thaw, transfer, refund), a bill charged now and a payment asked again,
refunds, waivers, offline and early repayment, the shop's late-fee settings, the platform's
sync of a reconciliation difference, and the customer app's payment of a bill (`appletPayBill`,
signed with the shop's application key as the intake's calls are).

The calls are split by the part of the money they answer (`finance_reads`, `lease`, `deposit`,
`bills`, `setting`, `applet`, `credit`); this module is their face: importing it registers
every call, in the order of the exported document, on the routers it re-exports."""

from __future__ import annotations

# In the order the calls were written, which is the order of the exported document.
# isort: off
from . import finance_reads, lease, deposit, bills, setting, applet, credit

# isort: on
from .common import (
    finance_router,
    lease_applet_router,
    lease_backend_router,
    lease_finance_router,
    lease_merchant_router,
    lease_platform_router,
    lease_v2_router,
    platform_router,
    v2_router,
)

__all__ = [
    "applet",
    "bills",
    "credit",
    "deposit",
    "finance_reads",
    "finance_router",
    "lease",
    "lease_applet_router",
    "lease_backend_router",
    "lease_finance_router",
    "lease_merchant_router",
    "lease_platform_router",
    "lease_v2_router",
    "platform_router",
    "setting",
    "v2_router",
]
