"""A lease's money in one room (issue 42, item 1): billing sits above orders in the apps'
layers (pyproject.toml) and orders imports nothing of billing — it publishes facts billing
handles (test_order_facts.py) and reads only the money figures billing keeps on its own
rows (`apps/billing/order_figures.py`, test_order_figures.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[3]
CONTRACT = "billing owns a lease's money"


def _apps_contract() -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if CONTRACT in c["name"])


def test_billing_sits_above_orders_and_orders_imports_nothing_of_billing():
    contract = _apps_contract()
    layers = [layer.replace(" ", "") for layer in contract["layers"]]
    assert layers.index("billing") < layers.index("orders")
    # No exception for orders' own code: only tests may drive another app.
    assert all(line.startswith("apps.*.tests") for line in contract.get("ignore_imports", []))
    graph = grimp.build_graph("apps", cache_dir=None)
    edges = {
        (module, imported)
        for module in graph.find_descendants("apps.orders")
        if ".tests" not in module
        for imported in graph.find_modules_directly_imported_by(module)
        if imported == "apps.billing" or imported.startswith("apps.billing.")
    }
    assert edges == set()
