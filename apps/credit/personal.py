"""A customer's personal data in credit reporting on a deletion request (apps.privacy,
docs/privacy.md): adverse information (a collection account, C1) is kept 5 years after the
conduct ended (征信业管理条例 Art. 16); erasure leaves the accounts' figures and numbers,
with the name cut to the family name and the masked ID number emptied."""

from __future__ import annotations

from datetime import date

from django.db.models import Max, Value
from django.db.models.functions import Concat, Left

from .models import AccountType, CreditAccount


def order_adverse_facts(order_ids: list[int]) -> tuple[int, date | None]:
    """The orders' open collection accounts, and the day the last closed one closed."""
    accounts = CreditAccount.objects.filter(order_id__in=order_ids, account_type=AccountType.C1)
    last = accounts.filter(state=CreditAccount.State.CLOSED).aggregate(last=Max("closed_on"))
    return accounts.filter(state=CreditAccount.State.OPEN).count(), last["last"]


def order_accounts_erase(order_ids: list[int]) -> int:
    """The orders' reported accounts: name → family name and a star, no masked ID number."""
    accounts = CreditAccount.objects.filter(order_id__in=order_ids).exclude(id_number_masked="")
    name = Concat(Left("customer_name", 1), Value("*"))
    return accounts.update(customer_name=name, id_number_masked="")
