from datetime import datetime, time

import pytest
from django.utils import timezone

from tests.leases import app, offer  # noqa: F401 — the fixtures


@pytest.fixture
def china_clock(monkeypatch):
    """Sets Django's clock to today's China day at an hour (ticking on from there)."""
    real = timezone.now
    today = timezone.localdate()

    def set_to(hour: int, minute: int = 0) -> datetime:
        began = real()
        target = timezone.make_aware(datetime.combine(today, time(hour, minute)))
        monkeypatch.setattr(timezone, "now", lambda: target + (real() - began))
        return target

    return set_to
