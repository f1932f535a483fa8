"""Orders' tests drive leases through the intake (`tests/leases.py`) and commit rows where
a race needs it (`tests/committed.py`)."""

from tests.committed import committed_demo
from tests.leases import app, offer

__all__ = ["app", "committed_demo", "offer"]
