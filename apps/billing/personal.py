"""A customer's personal data in billing on a deletion request (apps.privacy,
docs/privacy.md): bills, payments and the ledger hold the customer by opaque ids only and are
kept (30 years, the accounting books); what names a person — an offline receipt's payer, the
phone a credit-order notice went to — is cut to the family name or emptied."""

from __future__ import annotations

from django.db.models import Value
from django.db.models.functions import Concat, Left

from .models import CreditOrderNotice, OfflineReceipt


def order_payers_erase(order_ids: list[int]) -> int:
    """How many receipts and notices of the orders were anonymised."""
    receipts = OfflineReceipt.objects.filter(order_id__in=order_ids).exclude(
        payer_name__regex=r"^.\*$"
    )
    notices = CreditOrderNotice.objects.filter(credit_order__order_id__in=order_ids).exclude(
        phone=""
    )
    return receipts.update(payer_name=Concat(Left("payer_name", 1), Value("*"))) + notices.update(
        phone=""
    )
