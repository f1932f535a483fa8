"""Service's tests place orders through the intake (`tests/leases.py`); its races commit their
rows (`tests/committed.py`)."""

from tests.committed import committed_demo  # noqa: F401 — the fixture
from tests.leases import app, offer  # noqa: F401 — the fixtures
