"""The three money walks of docs/money.md, measured as the code runs (`make money-walks`;
not collected by `make test`: its file name is not a test module's).

A bill payment (`BillPayment`), the provider's confirmation callback of a withhold, and a
return inspected with damage above the deposit are each run on a lease of the demo shop with
the interpreter's profiler on, from the handler (`bill_payment`, `callback_receive`,
`deal_after_sale`) to its return. Every call and return between two modules of the product
(not its tests or migrations) is a step; a step into a module already entered is a hand-back.
Two readings are printed: every module, and the modules a reader opens (without the database
driver's wrapper and the model classes, whose properties the ORM calls); beside the hand-backs,
how many distinct ones (from one module back to another: a loop calling a helper per bill is
one way back for a reader, many for the profiler)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from apps.orders.tests.test_owed_after_lease import APPLY, DEAL
from tests.leases import in_lease, provider_settles

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / ".run" / "money_walks.txt"


def _module(filename: str) -> str | None:
    try:
        parts = Path(filename).resolve().relative_to(ROOT).parts
    except ValueError:
        return None
    if parts[0] not in ("apps", "tenants", "platform") or {"tests", "migrations"} & set(parts):
        return None
    return "/".join(parts)


class Walk:
    """The modules the running code is in, in order, from the entry function's call to its
    return (the innermost frame of the product's own code)."""

    def __init__(self, module: str, function: str) -> None:
        self.entry: tuple[str, str] | None = (module, function)
        self.stack: list[str | None] = []
        self.steps: list[str] = []

    def _innermost(self) -> str | None:
        return next((m for m in reversed(self.stack) if m is not None), None)

    def __call__(self, frame: Any, event: str, arg: Any) -> None:
        if event not in ("call", "return"):
            return
        module = _module(frame.f_code.co_filename)
        if not self.stack:
            if event == "call" and (module, frame.f_code.co_name) == self.entry:
                self.stack, self.entry = [module], None
                self.steps.append(str(module))
            return
        if event == "call":
            self.stack.append(module)
        else:
            self.stack.pop()
        here = self._innermost()
        if here is not None and self.steps[-1] != here:
            self.steps.append(here)

    def reading(self, *, reader: bool) -> tuple[int, int, int, list[str]]:
        steps = [
            m for m in self.steps if not reader or ("/postgres/" not in m and "/models" not in m)
        ]
        steps = [m for i, m in enumerate(steps) if i == 0 or steps[i - 1] != m]
        seen: list[str] = []
        backs = 0
        pairs: set[tuple[str, str]] = set()  # a reader goes back the same way once
        for before, module in zip([""] + steps[:-1], steps, strict=True):
            if module in seen:
                backs += 1
                pairs.add((before, module))
            else:
                seen.append(module)
        return len(seen), backs, len(pairs), seen


def _walk(entry: tuple[str, str], run: Callable[[], Any]) -> Walk:
    walk = Walk(*entry)
    sys.setprofile(walk)
    try:
        run()
    finally:
        sys.setprofile(None)
    assert walk.steps, f"{entry} was never entered"
    return walk


def test_the_three_money_walks(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    pay = {"order_id": order.id, "period": 2, "idempotency_key": "walk-bill-0002"}
    walks = {
        "a bill payment (BillPayment, by the withhold agreement)": _walk(
            ("apps/billing/api/bills.py", "bill_payment"),
            lambda: demo_owner.post("/api/v2/BillPayment", pay),
        ),
        "the withhold's confirmation callback": _walk(
            ("platform/zulin/providers/callbacks.py", "callback_receive"),
            lambda: provider_settles(demo),
        ),
    }
    back = {"order_id": order.id, "kind": "return", "reason": "不想租了"}
    assert demo_owner.post(APPLY, back).ok
    receive = {"order_id": order.id, "decision": "receive", "device_serial": "IMEI-1"}
    assert demo_owner.post(DEAL, receive).ok
    inspect = {"order_id": order.id, "decision": "inspect", "damage_amount": "800.00"}
    walks["a return inspected with damage above the deposit (800.00 against 500.00)"] = _walk(
        ("apps/orders/api.py", "deal_after_sale"), lambda: demo_owner.post(DEAL, inspect)
    )
    lines = []
    for name, walk in walks.items():
        for reader in (False, True):
            modules, backs, pairs, seen = walk.reading(reader=reader)
            label = "a reader's modules" if reader else "every module"
            lines.append(
                f"{name} — {label}: {modules} modules, {backs} hand-backs"
                f" ({pairs} distinct: from one module back to another)"
            )
            lines.append("    " + " → ".join(seen))
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
