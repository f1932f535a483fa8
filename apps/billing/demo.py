"""Billing's part of the demo: the platform's bills due per day (`MerchantDueDay`) made from
the shop's bills as the job makes them, so the platform's data centre shows rent and buyout
due and the overdue rate at once (the job keeps them fresh afterwards)."""

from __future__ import annotations

from .projection import due_days_project


def due_days_showcase_load() -> int:
    """The active merchant's bills due per day in public (replaced, so a second run adds
    nothing)."""
    return due_days_project()
