"""Every posting in the product is made through the ledger's rule entry (`post_event`, and
`ledger_reverse` for a correction): no module outside `zulin.ledger` — code or test — reaches
the low-level poster, builds a journal's lines, or writes journals, entries or balances by
itself. (At run time the low-level poster refuses to run unless the rule entry called it:
`platform/zulin/ledger/tests/test_rule_entry.py`.)"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEDGER = ROOT / "platform" / "zulin" / "ledger"
SERVICES = "zulin.ledger.services"
# What the ledger's services offer outside it: the rule entry and what is not a posting.
PUBLIC = {
    "post_event",
    "ledger_reverse",
    "money_moved",
    "platform_ledger",
    "ledger_close_through",
    "chart_sync",
}
LEDGER_MODELS = {"Journal", "Entry", "LedgerAccount"}
WRITES = {"create", "bulk_create", "get_or_create", "update_or_create", "update", "bulk_update"}


def _modules() -> list[Path]:
    found = []
    for top in ("apps", "tenants", "platform", "tests"):
        for path in (ROOT / top).rglob("*.py"):
            if LEDGER in path.parents or "node_modules" in path.parts:
                continue
            found.append(path)
    return found


def problems_in(source: str) -> list[str]:
    """What in `source` posts, or could post, other than through the rule entry."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == SERVICES:
            found += [f"imports {a.name}" for a in node.names if a.name not in PUBLIC]
        elif isinstance(node, ast.Import):
            found += [f"imports {a.name}" for a in node.names if a.name == SERVICES]
        elif isinstance(node, ast.ImportFrom) and node.module == "zulin.ledger":
            found += [f"imports {a.name}" for a in node.names if a.name == "services"]
        elif isinstance(node, ast.Attribute | ast.Name):
            name = node.attr if isinstance(node, ast.Attribute) else node.id
            if name in {"_lines_post", "_by_rule", "_BY_RULE"}:
                found.append(f"reaches {name}")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in WRITES
            and (model := _model_of(node.func.value)) in LEDGER_MODELS
        ):
            found.append(f"writes {model} by itself")
    return found


def _model_of(expr: ast.expr) -> str:
    """The model whose manager a chain (`X.objects.filter(…).select_for_update()…`) starts
    from ("" if none)."""
    while True:
        if isinstance(expr, ast.Call):
            expr = expr.func
        elif isinstance(expr, ast.Attribute):
            if expr.attr == "objects" and isinstance(expr.value, ast.Name):
                return expr.value.id
            expr = expr.value
        else:
            return ""


def test_the_scanner_sees_each_way_round_the_rule_entry():
    assert problems_in("from zulin.ledger.services import Line, ledger_post") == [
        "imports Line",
        "imports ledger_post",
    ]
    assert problems_in("from zulin.ledger.services import _lines_post") == ["imports _lines_post"]
    assert problems_in("import zulin.ledger.services as s\ns._lines_post()") != []
    assert problems_in("from zulin.ledger import services") == ["imports services"]
    assert problems_in("Entry.objects.bulk_create([])") == ["writes Entry by itself"]
    assert problems_in("LedgerAccount.objects.filter(pk=1).update(balance=0)") == [
        "writes LedgerAccount by itself"
    ]
    assert problems_in("Journal.objects.filter(kind='refund').count()") == []
    assert problems_in("from zulin.ledger.services import post_event, money_moved") == []


def test_no_module_outside_the_ledger_posts_but_through_the_rule_entry():
    modules = _modules()
    assert len(modules) > 300  # the whole code and its tests, not an empty walk
    problems = {
        str(path.relative_to(ROOT)): found
        for path in modules
        if (found := problems_in(path.read_text(encoding="utf-8")))
    }
    assert problems == {}
