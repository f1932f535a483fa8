"""Billing's models, one module per part of the lease's money (each re-exported here, so
`apps.billing.models` stays the one name other modules import them by).

Billing knows orders by id (a bill carries the order's id, number and sub-shop, so bill
lists scope and filter without a join into orders); only a deposit operation keeps its
foreign key to the order, from when it was declared in orders."""

from .bills import (
    CHARGE_KINDS,
    Bill,
    BillKind,
    BillLateFee,
    BillReminder,
    BillStatus,
    BillWaiver,
    LateFeeWaiver,
)
from .credit import CreditOrder, CreditOrderNotice, CreditOrderStatus, CreditOrderSync
from .ladder import LadderAction, OverdueLadder, OverdueStanding, OverdueState, OverdueStep
from .operations import BillPayment, BillRefund, DepositOperation, EarlySettlement, OfflineReceipt
from .settlement import FinanceSetting, Statement, StatementLine

__all__ = [
    "CHARGE_KINDS",
    "Bill",
    "BillKind",
    "BillLateFee",
    "BillPayment",
    "BillRefund",
    "BillReminder",
    "BillStatus",
    "BillWaiver",
    "CreditOrder",
    "CreditOrderNotice",
    "CreditOrderStatus",
    "CreditOrderSync",
    "DepositOperation",
    "EarlySettlement",
    "FinanceSetting",
    "LadderAction",
    "LateFeeWaiver",
    "OfflineReceipt",
    "OverdueLadder",
    "OverdueStanding",
    "OverdueState",
    "OverdueStep",
    "Statement",
    "StatementLine",
]
