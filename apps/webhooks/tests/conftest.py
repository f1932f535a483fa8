"""Webhooks' tests place orders through the intake (`tests/leases.py`)."""

from tests.leases import app, offer

__all__ = ["app", "offer"]
