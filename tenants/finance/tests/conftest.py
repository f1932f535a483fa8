from decimal import Decimal

import pytest

from .support import settled_cash


@pytest.fixture
def cash(demo, demo_owner) -> Decimal:
    """The demo shop's withdrawable balance, after a lease's first bill settled."""
    return settled_cash(demo, demo_owner)
