"""A lease's money in one room (issue 42, item 1), held while it moves in steps: billing sits
above orders in the apps' layers (pyproject.toml), and the edges from orders into billing that
are still allowed are each named there. The list may only shrink: every named edge must still
exist (an import removed takes its line with it), and it never grows past the count below."""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[3]
# The edges left (47 when billing's api.py took the lease's money calls; 35 once the rent run
# and the payments' confirmations moved to billing; 32 with the overdue refresh billing's and
# the contract's schedule asked through orders' events; 28 with the repayments billing's and
# the after-sale's buyout asked through events; 27 with a bill charged now billing's,
# bill_pay.order_bill_pay); lower it as they go.
EDGES_AT_MOST = 27
CONTRACT = "billing owns a lease's money"


def _apps_contract() -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if CONTRACT in c["name"])


def _orders_into_billing() -> set[tuple[str, str]]:
    graph = grimp.build_graph("apps", cache_dir=None)
    return {
        (module, imported)
        for module in graph.find_descendants("apps.orders")
        if ".tests" not in module
        for imported in graph.find_modules_directly_imported_by(module)
        if imported == "apps.billing" or imported.startswith("apps.billing.")
    }


def test_billing_sits_above_orders_and_every_allowed_edge_still_exists():
    contract = _apps_contract()
    layers = [layer.replace(" ", "") for layer in contract["layers"]]
    assert layers.index("billing") < layers.index("orders")

    allowed = {
        tuple(part.strip() for part in line.split("->"))
        for line in contract["ignore_imports"]
        if line.startswith("apps.orders.")
    }
    assert all(source.startswith("apps.orders.") for source, _ in allowed)
    assert all(target.startswith("apps.billing") for _, target in allowed)
    existing = _orders_into_billing()
    assert allowed - existing == set(), "an edge no longer imported: remove its line"
    assert existing - allowed == set(), "a new import from orders into billing"
    assert len(allowed) <= EDGES_AT_MOST
