"""What the finance tests build on: a shop with money it may withdraw."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.statements import statements_close
from tenants.merchants.models import SettlementTerms
from tests.leases import DEMO, IntakeClient, goods_on_shelf, in_lease
from zulin.ledger.selectors import account_balance

APPLY = "/api/finance/applyWithdraw"
OPERATE = "/api/platform/operateWithdrawal"
DETAIL = "/api/finance/getWithdrawDetail"


def settled_cash(demo, demo_owner) -> Decimal:
    """The demo shop with money withdrawable: a lease's first bill, settled T+1."""
    SettlementTerms.objects.create(
        merchant=demo,
        commission_rate=Decimal("5.00"),
        settlement_cycle="T+1",
        bank_name="招商银行",
        account_name="演示租赁",
        account_number="6225880000001234",
    )
    in_lease(demo, demo_owner, IntakeClient(demo, DEMO), goods_on_shelf(demo_owner))
    with tenant_context(demo):
        statements_close(today=timezone.localdate() + timedelta(days=1))
        balance = account_balance("merchant_cash")
    connection.set_schema_to_public()
    assert balance > 0
    return balance
