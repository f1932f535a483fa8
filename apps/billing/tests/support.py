"""What billing's tests share: settlement terms, a bill overdue with its late fees, an
offline repayment's request with its voucher picture. A lease itself comes from
`tests/leases.py`, as in every domain's tests."""

from __future__ import annotations

import base64
from datetime import timedelta
from decimal import Decimal
from io import BytesIO

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context
from PIL import Image

from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill
from tenants.merchants.models import SettlementTerms

RECORD = "/api/finance/recordOfflineRepayment"


def voucher_png(colour: tuple[int, int, int] = (30, 120, 200)) -> bytes:
    """A real picture (a photographed bank slip, as far as the server can tell)."""
    out = BytesIO()
    Image.new("RGB", (64, 40), colour).save(out, "PNG")
    return out.getvalue()


VOUCHER = voucher_png()


def terms(merchant, rate: str, cycle: str = "T+1") -> None:
    SettlementTerms.objects.create(
        merchant=merchant,
        commission_rate=Decimal(rate),
        settlement_cycle=cycle,
        bank_name="招商银行",
        account_name="演示租赁",
        account_number="6225880000000001",
    )


def overdue_with_late_fee(merchant, order_id: int, days: int = 3) -> Bill:
    """Bill 2 of the order due `days` days ago with its late fees accrued; later bills a
    month apart after it."""
    today = timezone.localdate()
    with tenant_context(merchant):
        for offset, bill in enumerate(
            Bill.objects.filter(order_id=order_id, period__gte=2).order_by("period")
        ):
            bill.due_date = today - timedelta(days=days) + timedelta(days=30 * offset)
            bill.save(update_fields=["due_date"])
        late_fees_accrue(today=today)
        bill = Bill.objects.get(order_id=order_id, period=2)
    connection.set_schema_to_public()
    assert bill.late_fee > 0
    return bill


def body(order_id: int, period: int, amount: Decimal, key: str, **overrides) -> dict:
    return {
        "order_id": order_id,
        "period": period,
        "amount": str(amount),
        "channel": "bank_transfer",
        "paid_on": timezone.localdate().isoformat(),
        "payer_name": "张三",
        "bank_reference": "CMB20261124000123",
        "remark": "客户到店转账",
        "voucher_base64": base64.b64encode(VOUCHER).decode(),
        "idempotency_key": key,
        **overrides,
    }
