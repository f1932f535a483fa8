"""A lease's money in one room (issue 42, item 1): billing sits above orders in the apps'
layers (pyproject.toml) and orders imports nothing of billing — it publishes facts billing
handles (test_order_facts.py) and reads through its read port, `apps/orders/money.py`,
which billing fills with its own functions."""

from __future__ import annotations

import inspect
import tomllib
from pathlib import Path

import grimp

from apps.billing import lease_money
from apps.orders import money

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


def test_the_port_is_answered_by_billing_and_only_with_what_it_names():
    """Every member the port names is billing's, under the port's name and with a signature
    that takes what orders passes; billing lists nothing the port does not name."""
    named = {
        name
        for name in money.LeaseMoney.__dict__
        if not name.startswith("_") and name != "WAIVE_RIGHT"
    } | set(money.LeaseMoney.__annotations__)
    assert set(lease_money.__all__) == named
    assert money.lease_money() is lease_money
    for name in named - {"WAIVE_RIGHT"}:
        wanted = inspect.signature(getattr(money.LeaseMoney, name))
        given = inspect.signature(getattr(lease_money, name))
        params = [p for p in wanted.parameters.values() if p.name != "self"]
        for param in params:
            assert param.name in given.parameters, f"{name} takes no {param.name}"
            assert given.parameters[param.name].kind == param.kind, f"{name}: {param.name}"
