"""A customer's personal data in risk checks on a deletion request (apps.privacy,
docs/privacy.md): the checks of the orders keep their results, with the name cut to the
family name and the masked ID number and phone emptied."""

from __future__ import annotations

from django.db.models import Value
from django.db.models.functions import Concat, Left

from .models import CreditQuery, RiskQuery


def order_checks_erase(order_ids: list[int]) -> int:
    """How many risk checks and credit queries of the orders were anonymised."""
    name = Concat(Left("subject_name", 1), Value("*"))
    risk = RiskQuery.objects.filter(order_id__in=order_ids).exclude(id_number_masked="")
    credit = CreditQuery.objects.filter(order_id__in=order_ids).exclude(id_number_masked="")
    return risk.update(subject_name=name, id_number_masked="", phone_masked="") + credit.update(
        subject_name=name, id_number_masked=""
    )
