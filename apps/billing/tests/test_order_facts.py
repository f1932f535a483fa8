"""Orders records facts, billing reacts (issue 62, item 1): orders commands nothing of
billing. Orders publishes facts about its own state change (`apps/orders/events.py`), named
in the past tense for what happened to the order and never for what billing does with it;
billing's handlers are registered on those facts only, and orders never reads what a
handler did."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

from apps.billing import order_facts
from apps.orders import events

ROOT = Path(__file__).resolve().parents[3]
ORDERS = ROOT / "apps" / "orders"

# Words that name what billing does, or its things: a fact names none of them.
BILLING_WORDS = {
    "bill",
    "bills",
    "charge",
    "charged",
    "deposit",
    "freeze",
    "frozen",
    "ledger",
    "money",
    "paid",
    "pay",
    "payment",
    "refund",
    "refunded",
    "renew",
    "schedule",
    "settle",
    "settled",
    "shift",
    "thaw",
    "thawed",
    "unwind",
    "unwound",
    "withhold",
}
# Past participles that do not end in -ed.
IRREGULAR = {"bought", "written", "sold", "given", "taken", "sent"}
# What orders once commanded billing to do through the port (apps/orders/money.py).
COMMANDS = {
    "deposit_freeze",
    "deposit_thaw",
    "deposit_rest_thaw",
    "bills_create",
    "bills_shift",
    "bills_cancel_open",
    "bills_renew",
    "order_money_unwind",
    "order_payments_refund",
    "return_settle",
    "order_withhold_sign",
}


def _orders_modules() -> list[Path]:
    return [path for path in ORDERS.rglob("*.py") if "tests" not in path.parts]


def test_every_fact_is_named_in_the_past_tense_for_the_order_and_names_no_billing_operation():
    names = [fact.name for fact in events.FACTS]
    assert len(set(names)) == len(names)
    for name in names:
        words = name.split("_")
        assert words[0] == "order", name
        assert any(w.endswith("ed") or w in IRREGULAR for w in words[1:]), name
        assert not BILLING_WORDS & set(words), name


def test_billings_handlers_are_registered_on_orders_facts_only_and_every_fact_is_handled():
    handlers = {
        fn
        for name, fn in inspect.getmembers(order_facts, inspect.isfunction)
        if name.startswith("on_") and fn.__module__ == order_facts.__name__
    }
    registered = {handler for fact in events.FACTS for handler in fact.handlers}
    assert handlers == registered
    for fact in events.FACTS:
        assert fact.handlers, f"no app handles {fact.name}"
        # A handler is named for its fact and takes what the fact carries, nothing of its own.
        for handler in fact.handlers:
            assert handler.__name__ == f"on_{fact.name}", handler.__name__


def test_publishing_answers_nothing_and_orders_never_uses_a_publish_as_a_value():
    fact = events.OrderFact("order_tested")
    seen: list[object] = []

    def handler(order: object, **data: object) -> str:
        seen.append((order, data))
        return "an answer orders must not see"

    fact.register(handler)
    assert fact.publish(None, x=1) is None  # type: ignore[arg-type]
    assert seen == [(None, {"x": 1})]
    published = 0
    for path in _orders_modules():
        tree = ast.parse(path.read_text())
        statements = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "publish"
            ):
                published += 1
                assert id(node) in statements, f"{path.name}:{node.lineno} reads a publish"
    assert published >= len(events.FACTS)


def test_no_module_of_orders_commands_billing_or_reaches_it_by_the_app_registry():
    for path in _orders_modules():
        text = path.read_text()
        assert not re.search(r"get_model\(\s*[\"']billing", text), path.name
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                # import_module("apps.billing..."), get_app_config("billing"), a dotted path.
                value = node.value
                assert not value.startswith("apps.billing"), f"{path.name}:{node.lineno}"
                assert value != "billing", f"{path.name}:{node.lineno}"
            name = (
                node.attr
                if isinstance(node, ast.Attribute)
                else node.id
                if isinstance(node, ast.Name)
                else None
            )
            assert name not in COMMANDS, f"{path.name}:{node.lineno} names {name}"
    # No port is left: orders has no module that billing fills.
    assert not (ORDERS / "money.py").exists()


def test_orders_reads_no_row_of_billings_through_a_relation_to_the_order():
    """A billing model with a foreign key to the order (a deposit operation) gives the order
    a reverse accessor; orders' code never uses it: the order's money is billing's read."""
    from django.apps import apps as registry

    accessors = {
        field.related_query_name()
        if field.remote_field.related_name is None
        else field.remote_field.related_name
        for model in registry.get_app_config("billing").get_models()
        for field in model._meta.fields
        if field.is_relation
        and field.related_model is not None
        and field.related_model._meta.label == "orders.Order"
    }
    assert "deposit_operations" in accessors  # the one today: the check sees it
    for path in _orders_modules():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                assert node.attr not in accessors, f"{path.name}:{node.lineno} reads {node.attr}"


def test_a_handler_that_refuses_rolls_the_orders_step_back_with_it(
    demo, demo_owner, app, offer, monkeypatch
):
    """A fact's handlers run in the transaction of the step that published it: billing
    refusing the schedule of an audited lease leaves the order awaiting its audit, with no
    bill, and the clerk gets the refusal (no half-made step)."""
    from django.db import connection
    from django_tenants.utils import tenant_context

    from apps.billing.models import Bill
    from apps.orders.models import Order
    from tests.leases import place, placed
    from zulin.core.errors import ApplicationError, ErrorCode

    def refuse(order: object, **data: object) -> None:
        raise ApplicationError(ErrorCode.CONFLICT)

    order = placed(demo, place(app, offer, key="fact-rolls-back-1"))
    monkeypatch.setattr(events.ORDER_AUDIT_PASSED, "_handlers", [refuse])
    answer = demo_owner.post("/api/backend/auditOrder", {"id": order.id, "passed": True})
    assert not answer.ok
    with tenant_context(demo):
        assert Order.objects.get(pk=order.id).status == "awaiting_audit"
        assert not Bill.objects.filter(order_id=order.id).exists()
    connection.set_schema_to_public()
    monkeypatch.undo()
    assert demo_owner.post("/api/backend/auditOrder", {"id": order.id, "passed": True}).ok
    with tenant_context(demo):
        assert Order.objects.get(pk=order.id).status == "awaiting_signing"
        assert Bill.objects.filter(order_id=order.id).exists()
    connection.set_schema_to_public()


# The event orders still asks billing: the one named exception (docs/architecture.md,
# "What orders still asks billing"), the demo's stories paying bill 1 as the customer would.
ASKED_OF_BILLING = {"customer_bill_pay"}


def test_billings_handlers_sit_on_orders_facts_and_the_named_exceptions_only():
    """After `ready()`, every handler billing registered in orders is on a fact, or on one
    of the events named above; orders holds no other registry billing fills."""
    on_events = {
        value.name
        for value in vars(events).values()
        if isinstance(value, events.OrderEvent)
        and value._handler is not None
        and value._handler.__module__.startswith("apps.billing")
    }
    assert on_events == ASKED_OF_BILLING
    for fact in events.FACTS:
        assert all(h.__module__ == order_facts.__name__ for h in fact.handlers), fact.name
    # No other module-level registry of orders holds a function of billing.
    for path in _orders_modules():
        parts = [p for p in path.relative_to(ORDERS).with_suffix("").parts if p != "__init__"]
        module = importlib.import_module(".".join(["apps", "orders", *parts]))
        for name, value in vars(module).items():
            if isinstance(value, dict | list | tuple | set):
                held = value.values() if isinstance(value, dict) else value
                assert not any(
                    getattr(item, "__module__", "").startswith("apps.billing")
                    for item in held
                    if callable(item)
                ), f"{path.name}: {name} holds billing's functions"
