import pytest

from apps.orders.tests.support import DEMO, IntakeClient, goods_on_shelf


@pytest.fixture
def offer(demo_owner):
    return goods_on_shelf(demo_owner)


@pytest.fixture
def app(demo):
    return IntakeClient(demo, DEMO)


from apps.orders.tests.conftest import committed_demo  # noqa: E402,F401 — races commit their rows
