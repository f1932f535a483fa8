"""An order's list stage by precedence (`zulin.money.stages`)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from zulin.money.stages import list_stage

BASE = {
    "open_after_sale": False,
    "running": False,
    "overdue": False,
    "lease_over": False,
    "ended": False,
    "owed": D("0.00"),
}


@pytest.mark.parametrize(
    "given, stage",
    [
        ({}, "regular"),
        ({"running": True}, "dealing"),
        ({"running": True, "overdue": True}, "overdue"),
        ({"running": True, "lease_over": True}, "overdue"),
        ({"ended": True}, "finished"),
        ({"ended": True, "owed": D("0.01")}, "owing"),
        # An open after-sale business comes before everything else.
        ({"open_after_sale": True, "running": True, "overdue": True}, "after_sale"),
        ({"open_after_sale": True, "ended": True, "owed": D("5")}, "after_sale"),
        # Overdue and owed mean something only for a running and an ended order.
        ({"overdue": True}, "regular"),
        ({"owed": D("5")}, "regular"),
    ],
)
def test_the_stage_of_an_order(given, stage):
    assert list_stage(**{**BASE, **given}) == stage
