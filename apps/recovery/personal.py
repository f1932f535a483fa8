"""A customer's personal data in recovery on a deletion request (apps.privacy,
docs/privacy.md): what holds it (an open case; a closed case's 3 years) and the erasure of
the notes of its contacts and promises (their counts, dates and amounts stay)."""

from __future__ import annotations

from datetime import date

from django.db.models import Max

from .models import CaseState, ContactRecord, PromiseToPay, RecoveryCase


def order_case_facts(order_ids: list[int]) -> tuple[int, date | None]:
    """The orders' open recovery cases, and the day the last closed one closed."""
    cases = RecoveryCase.objects.filter(order_id__in=order_ids)
    last = cases.exclude(state=CaseState.OPEN).aggregate(last=Max("closed_on"))["last"]
    return cases.filter(state=CaseState.OPEN).count(), last


def order_notes_erase(order_ids: list[int]) -> int:
    """Empties the notes of the orders' contact records and promises to pay (free text that
    may name the customer or others); how many rows were changed."""
    contacts = ContactRecord.objects.filter(case__order_id__in=order_ids).exclude(note="")
    promises = PromiseToPay.objects.filter(case__order_id__in=order_ids).exclude(note="")
    return contacts.update(note="") + promises.update(note="")
