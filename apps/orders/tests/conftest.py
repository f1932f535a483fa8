import pytest

from .support import DEMO, IntakeClient, goods_on_shelf


@pytest.fixture
def offer(demo_owner):
    """Goods on shelf with one SKU (stock 5) and a month rent plan."""
    return goods_on_shelf(demo_owner)


@pytest.fixture
def app(demo):
    """The demo shop's signed customer-facing app."""
    return IntakeClient(demo, DEMO)
