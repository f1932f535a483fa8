"""`make mutation-integrated`: a seeded, sampled mutation run over the integrated money code.

`make mutation` (mutmut) covers the pure money rules only; the money code that talks to the
database (bills, payments, deposits, write-offs …) is too slow to mutate whole: every mutant
needs the database tests (~15-40 s each), and it has thousands. So this script

1. generates every mutant itself with `ast`, over the bodies of the money functions listed
   per module in infra/mutation_integrated.toml: comparison flips (< ↔ <=, == ↔ != …),
   arithmetic swaps (+ ↔ -, * ↔ /), and ↔ or, `not` taken out, constants (True ↔ False,
   0 ↔ 1, n → n+1, Decimal("0.01") → Decimal("0.02")), a call statement or `x += …` dropped
   (a `save()`, an `update()`, a ledger post), `return x` → `return None` (or ZERO in a
   function returning a Decimal) and a status constant swapped for a sibling (`S.PAID` →
   `S.PAYING`). Docstrings, logging, annotations, f-strings and strings (messages) are left
   alone, and mutants Python cannot compile are dropped before sampling;
2. draws, with a fixed seed, a sample of each module's mutants (the same sample whether one
   module or all run: the generator is seeded by seed and module);
3. copies the checkout to .run/mutation-integrated/tree (the checkout is never changed) and
   runs the mapped tests there once unchanged (the baseline), recording which tests call
   which money function (a call tracer, a pytest plugin of this script);
4. runs each sampled mutant in the copy: its module's mapped tests that call the mutated
   function, fastest first, `pytest -x -q -n0 -p no:cacheprovider --reuse-db`, with a
   timeout. Tests fail: killed; they pass, or no test calls the function: survived; a
   timeout is not judged (the load of a shared machine as likely as a loop): run it again.

Prints each module's score with its 95 % Wilson interval (a sample, not a census), the
overall score and each survivor's diff; writes .run/mutation-integrated/report.json; exits 1
when a survivor is neither listed as an explained equivalent mutant (`[[equivalent]]` in
the toml, mirrored in docs/money.md) nor killed by a test written since (`[[killed_by_test]]`),
or when the mutation score — killed, in the run or since, of the sampled mutants that are not
equivalent — is below 90 %.

    python infra/scripts/mutation_integrated.py [--module NAME ...] [--seed N]
        [--per-module N] [--list] [--only ID ...] [--all-tests] [--no-baseline]
        [--tests PATH ...]
"""

from __future__ import annotations

import argparse
import ast
import copy
import difflib
import json
import math
import os
import random
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "infra" / "mutation_integrated.toml"
WORK = ROOT / ".run" / "mutation-integrated"
TREE = WORK / "tree"
PLUGIN_DIR = WORK / "plugin"
COPIED = ("platform", "tenants", "apps", "tests", "conftest.py", "pyproject.toml", "manage.py")
PYTEST_ARGS = ("-x", "-q", "-n0", "-p", "no:cacheprovider", "--reuse-db")
BAR = 0.90
MIN_TIMEOUT = 180
# A mutant's tests may take this many times their baseline time (plus 90 s) before they are
# stopped and the mutant counted killed by a timeout; a busy machine needs more
# (--timeout-factor).
TIMEOUT_FACTOR = 3.0

# --- mutants -------------------------------------------------------------------------------

COMPARE_FLIP: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
ARITH_SWAP: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Mult,
}
LOGGERS = {"logger", "log", "logging", "_log", "_logger"}
# Containers of upper-case names that are not a status or kind to swap.
NOT_ENUMS = {"ErrorCode", "settings", "logging", "re", "os", "sys", "transaction", "models"}


@dataclass(frozen=True)
class Mutant:
    id: str
    module: str
    file: str
    function: str
    kind: str
    line: int
    source: str  # the whole mutated file
    diff: str


@dataclass
class Module:
    name: str
    file: str
    functions: tuple[str, ...]
    tests: tuple[str, ...]
    mutants: list[Mutant] = field(default_factory=list)


def _is_logging(call: ast.AST) -> bool:
    if not isinstance(call, ast.Call):
        return False
    func = call.func
    while isinstance(func, ast.Attribute):
        func = func.value
    return isinstance(func, ast.Name) and func.id in LOGGERS


def _is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def _enums(tree: ast.Module) -> dict[str, list[str]]:
    """`Container` → its upper-case members seen in the module (at least two)."""
    seen: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.isupper()
            and isinstance(node.value, ast.Name | ast.Attribute)
        ):
            owner = ast.unparse(node.value)
            if owner.split(".")[-1] in NOT_ENUMS or owner.split(".")[0] in NOT_ENUMS:
                continue
            seen.setdefault(owner, set()).add(node.attr)
    return {owner: sorted(names) for owner, names in seen.items() if len(names) > 1}


def _decimal_text(value: str) -> str | None:
    try:
        number = Decimal(value)
    except InvalidOperation:
        return None
    return "1" if number == 0 else str(number * 2)


class _Finder:
    """Every candidate change inside one function body: (kind, node, replacement text)."""

    def __init__(self, enums: dict[str, list[str]], names: set[str], returns_decimal: bool):
        self.enums = enums
        self.names = names
        self.returns_decimal = returns_decimal
        self.found: list[tuple[str, ast.AST, str]] = []

    def body(self, statements: list[ast.stmt]) -> None:
        for index, stmt in enumerate(statements):
            if index == 0 and _is_docstring(stmt):
                continue
            self.stmt(stmt)

    def stmt(self, stmt: ast.stmt) -> None:
        if isinstance(stmt, ast.Expr):
            if _is_logging(stmt.value) or _is_docstring(stmt):
                return
            if isinstance(stmt.value, ast.Call):
                self.found.append(("drop", stmt, "pass"))
            self.expr(stmt.value)
            return
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            self.body(stmt.body)  # a nested function's body, not its signature
            return
        if isinstance(stmt, ast.ClassDef):
            return
        if isinstance(stmt, ast.AnnAssign):
            if stmt.value is not None:
                self.expr(stmt.value)
            return
        if isinstance(stmt, ast.Assign):
            targets = [t for t in stmt.targets if isinstance(t, ast.Name)]
            if any(t.id == "__all__" for t in targets):
                return
        if isinstance(stmt, ast.AugAssign):
            self.found.append(("drop", stmt, "pass"))
            swapped = ARITH_SWAP.get(type(stmt.op))
            if swapped is not None:
                changed = copy.deepcopy(stmt)
                changed.op = swapped()
                self.found.append(("arith", stmt, ast.unparse(changed)))
        if isinstance(stmt, ast.Return) and stmt.value is not None:
            value = stmt.value
            if not (isinstance(value, ast.Constant) and value.value is None):
                if self.returns_decimal:
                    zero = "ZERO" if "ZERO" in self.names else "Decimal(0)"
                    self.found.append(("return", stmt, f"return {zero}"))
                else:
                    self.found.append(("return", stmt, "return None"))
        for name, value in ast.iter_fields(stmt):
            if name in ("annotation", "returns", "decorator_list"):
                continue
            if isinstance(value, list):
                if value and isinstance(value[0], ast.stmt):
                    for inner in value:
                        self.stmt(inner)
                else:
                    for item in value:
                        if isinstance(item, ast.expr):
                            self.expr(item)
                        elif isinstance(item, ast.AST):
                            self.other(item)
            elif isinstance(value, ast.expr):
                self.expr(value)
            elif isinstance(value, ast.AST):
                self.other(value)

    def other(self, node: ast.AST) -> None:
        """Handlers, match cases, keywords, comprehensions: their expressions and bodies."""
        for name, value in ast.iter_fields(node):
            if name == "annotation":
                continue
            items = value if isinstance(value, list) else [value]
            for item in items:
                if isinstance(item, ast.stmt):
                    self.stmt(item)
                elif isinstance(item, ast.expr):
                    self.expr(item)
                elif isinstance(item, ast.AST):
                    self.other(item)

    def expr(self, node: ast.expr) -> None:
        if isinstance(node, ast.JoinedStr) or _is_logging(node):
            return
        if isinstance(node, ast.Compare):
            for index, op in enumerate(node.ops):
                flipped = COMPARE_FLIP.get(type(op))
                if flipped is not None:
                    changed = copy.deepcopy(node)
                    changed.ops[index] = flipped()
                    self.found.append(("compare", node, f"({ast.unparse(changed)})"))
        elif isinstance(node, ast.BinOp):
            swapped = ARITH_SWAP.get(type(node.op))
            literal = (ast.Constant, ast.JoinedStr, ast.List, ast.Tuple)
            strings = any(
                isinstance(side, literal)
                and not (isinstance(side, ast.Constant) and isinstance(side.value, int | float))
                for side in (node.left, node.right)
            )
            if swapped is not None and not strings:
                changed = copy.deepcopy(node)
                changed.op = swapped()
                self.found.append(("arith", node, f"({ast.unparse(changed)})"))
        elif isinstance(node, ast.BoolOp):
            changed = copy.deepcopy(node)
            changed.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            self.found.append(("boolop", node, f"({ast.unparse(changed)})"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            self.found.append(("not", node, f"({ast.unparse(node.operand)})"))
        elif isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, bool):
                self.found.append(("constant", node, str(not value)))
            elif isinstance(value, int):
                self.found.append(("constant", node, "1" if value == 0 else str(value + 1)))
            return
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "Decimal"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            text = _decimal_text(node.args[0].value)
            if text is not None:
                self.found.append(("constant", node, f'Decimal("{text}")'))
            return
        elif isinstance(node, ast.Attribute) and node.attr.isupper():
            owner = ast.unparse(node.value)
            members = self.enums.get(owner)
            if members and isinstance(node.ctx, ast.Load):
                other = members[(members.index(node.attr) + 1) % len(members)]
                self.found.append(("status", node, f"{owner}.{other}"))
            return
        for name, value in ast.iter_fields(node):
            if name == "annotation":
                continue
            items = value if isinstance(value, list) else [value]
            for item in items:
                if isinstance(item, ast.expr):
                    self.expr(item)
                elif isinstance(item, ast.AST):
                    self.other(item)


def _functions(tree: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    found: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found[node.name] = node
        elif isinstance(node, ast.ClassDef):
            for inner in node.body:
                if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
                    found[f"{node.name}.{inner.name}"] = inner
    return found


def _replace(lines: list[bytes], node: ast.AST, text: str) -> str:
    """The file with `node`'s source segment replaced (col offsets count UTF-8 bytes)."""
    start, end = node.lineno - 1, node.end_lineno - 1  # type: ignore[attr-defined]
    head = lines[start][: node.col_offset]  # type: ignore[attr-defined]
    tail = lines[end][node.end_col_offset :]  # type: ignore[attr-defined]
    changed = [*lines[:start], head + text.encode() + tail, *lines[end + 1 :]]
    return b"".join(changed).decode()


def mutants_make(module: Module) -> list[Mutant]:
    path = ROOT / module.file
    original = path.read_text(encoding="utf-8")
    tree = ast.parse(original)
    lines = original.encode().splitlines(keepends=True)
    enums = _enums(tree)
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {
        alias.asname or alias.name
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom)
        for alias in n.names
    }
    functions = _functions(tree)
    wanted = list(functions) if module.functions == ("*",) else list(module.functions)
    missing = [name for name in wanted if name not in functions]
    if missing:
        raise SystemExit(f"{module.name}: no function {', '.join(missing)} in {module.file}")
    made: list[Mutant] = []
    seen_sources = {original}
    for qualname in wanted:
        function = functions[qualname]
        returns = ast.unparse(function.returns) if function.returns else ""
        finder = _Finder(enums, names, returns_decimal=returns == "Decimal")
        finder.body(function.body)
        counts: dict[str, int] = {}
        for kind, node, text in finder.found:
            counts[kind] = counts.get(kind, 0) + 1
            source = _replace(lines, node, text)
            if source in seen_sources:
                continue
            try:
                compile(source, str(path), "exec")
            except SyntaxError:
                continue
            seen_sources.add(source)
            diff = "".join(
                difflib.unified_diff(
                    original.splitlines(keepends=True),
                    source.splitlines(keepends=True),
                    fromfile=module.file,
                    tofile=module.file,
                    n=1,
                )
            )
            made.append(
                Mutant(
                    id=f"{module.name}:{qualname}:{kind}{counts[kind]}",
                    module=module.name,
                    file=module.file,
                    function=qualname,
                    kind=kind,
                    line=node.lineno,  # type: ignore[attr-defined]
                    source=source,
                    diff=diff,
                )
            )
    return made


def sample(module: Module, seed: int, size: int) -> list[Mutant]:
    """`size` of the module's mutants, drawn by a generator seeded by seed and module name,
    in the order drawn: any first k of them are a random sample of k too (a run stopped
    early has judged a random part of each module's sample)."""
    ordered = sorted(module.mutants, key=lambda m: m.id)
    size = min(size, len(ordered))
    return random.Random(f"{seed}:{module.name}").sample(ordered, size)  # noqa: S311


# --- the copy and its test runs ----------------------------------------------------------------

TRACER = '''\
"""Records, per test, which money functions of the copy it calls (written by
infra/scripts/mutation_integrated.py; loaded with -p zulin_mutation_trace)."""
import json, os, sys, threading
import pytest

FILES = set(json.loads(os.environ["MUTATION_TRACE_FILES"]))
OUT = os.environ["MUTATION_TRACE_OUT"]
calls = {}
current = set()


def _trace(frame, event, arg):
    code = frame.f_code
    if code.co_filename in FILES:
        current.add(code.co_filename + "::" + code.co_qualname.split(".<locals>")[0])
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    current.clear()
    sys.settrace(_trace)
    threading.settrace(_trace)
    started = __import__("time").monotonic()
    yield
    sys.settrace(None)
    threading.settrace(None)
    calls[item.nodeid] = {
        "calls": sorted(current),
        "seconds": __import__("time").monotonic() - started,
    }


def pytest_sessionfinish(session, exitstatus):
    with open(OUT, "w") as handle:
        json.dump(calls, handle)
'''


def tree_make() -> None:
    shutil.rmtree(TREE, ignore_errors=True)
    TREE.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, TREE / name, ignore=ignore)
        else:
            shutil.copy2(source, TREE / name)
    PLUGIN_DIR.mkdir(parents=True, exist_ok=True)
    plugin = PLUGIN_DIR / "zulin_mutation_trace.py"
    if not plugin.exists() or plugin.read_text() != TRACER:
        plugin.write_text(TRACER)


def _pytest(
    args: list[str], *, timeout: float, trace: list[str] | None = None
) -> tuple[int, str, float]:
    env = dict(os.environ)
    env.setdefault("TEST_DATABASE_NAME", "test_zulin_mutation")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PLUGIN_DIR), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "pytest", *PYTEST_ARGS]
    if trace is not None:
        env["MUTATION_TRACE_FILES"] = json.dumps(trace)
        env["MUTATION_TRACE_OUT"] = str(WORK / "calls.json")
        command = [c for c in command if c != "-x"] + ["-p", "zulin_mutation_trace"]
    started = time.monotonic()
    try:
        done = subprocess.run(  # noqa: S603 (this Python's pytest on the config's own tests)
            [*command, *args],
            cwd=TREE,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return -1, f"timed out after {timeout:.0f} s", time.monotonic() - started
    return done.returncode, (done.stdout + done.stderr).strip(), time.monotonic() - started


def _tail(output: str, lines: int = 12) -> str:
    return "\n".join(output.splitlines()[-lines:])


def _in_paths(nodeid: str, paths: tuple[str, ...]) -> bool:
    file = nodeid.split("::")[0]
    return any(
        file == p or file.startswith(p.rstrip("/") + "/") or nodeid.startswith(p) for p in paths
    )


@dataclass
class Outcome:
    mutant: Mutant
    result: str  # killed, survived, uncovered; timeout, error: not judged
    seconds: float
    tests: int
    detail: str = ""

    @property
    def killed(self) -> bool:
        return self.result == "killed"

    @property
    def judged(self) -> bool:
        # A timeout on a shared machine is as likely the load as a loop the mutant made:
        # not counted either way, listed, to be run again (--timeout-factor).
        return self.result not in ("timeout", "error")


def _pyc_forget(path: Path) -> None:
    for pyc in (path.parent / "__pycache__").glob(f"{path.stem}.*.pyc"):
        pyc.unlink()


def mutant_run(mutant: Mutant, calls: dict[str, Any], module: Module, narrow: bool) -> Outcome:
    target = mutant.file + "::" + mutant.function
    tests = [
        (info["seconds"], nodeid)
        for nodeid, info in calls.items()
        if _in_paths(nodeid, module.tests) and (not narrow or target in info["calls"])
    ]
    if not tests:
        return Outcome(mutant, "uncovered", 0.0, 0, "no mapped test calls the function")
    tests.sort()
    nodeids = [nodeid for _, nodeid in tests]
    timeout = max(MIN_TIMEOUT, TIMEOUT_FACTOR * sum(s for s, _ in tests) + 90)
    path = TREE / mutant.file
    original = path.read_bytes()
    try:
        path.write_text(mutant.source, encoding="utf-8")
        _pyc_forget(path)
        code, output, seconds = _pytest(nodeids, timeout=timeout)
    finally:
        path.write_bytes(original)
        _pyc_forget(path)
    if code == 1:
        lines = output.splitlines()
        failed = [line for line in lines if line.startswith(("FAILED", "ERROR"))][:1]
        return Outcome(mutant, "killed", seconds, len(nodeids), "\n".join(failed))
    if code == -1:
        return Outcome(mutant, "timeout", seconds, len(nodeids), output)
    if code == 0:
        return Outcome(mutant, "survived", seconds, len(nodeids), _tail(output, 3))
    if code == 2 and "error" in output.lower():
        # An import or collection error the mutant caused: its tests could not pass.
        return Outcome(mutant, "killed", seconds, len(nodeids), _tail(output, 3))
    return Outcome(mutant, "error", seconds, len(nodeids), f"pytest exit {code}\n{_tail(output)}")


# --- statistics and the report ------------------------------------------------------------------


def wilson(killed: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion killed/total."""
    if total == 0:
        return 0.0, 1.0
    p = killed / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def config_load(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def modules_load(config: dict[str, Any]) -> list[Module]:
    return [
        Module(
            name=row["name"],
            file=row["file"],
            functions=tuple(row["functions"]),
            tests=tuple(row["tests"]),
        )
        for row in config["module"]
    ]


def main(argv: list[str] | None = None) -> int:
    global TREE, WORK, TIMEOUT_FACTOR
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--config", type=Path, default=CONFIG)
    config = config_load(early.parse_known_args(argv)[0].config)
    defaults = config.get("defaults", {})
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--config", type=Path, default=CONFIG, help="the modules' table")
    parser.add_argument("--module", action="append", metavar="NAME", help="this module only")
    parser.add_argument("--seed", type=int, default=defaults.get("seed", 39))
    parser.add_argument("--per-module", type=int, default=defaults.get("per_module", 10))
    parser.add_argument("--list", action="store_true", help="list the sample, run nothing")
    parser.add_argument("--only", action="append", metavar="ID", help="run this mutant only")
    parser.add_argument(
        "--all-tests",
        action="store_true",
        help="run all the module's mapped tests, not only those that call the function",
    )
    parser.add_argument("--no-baseline", action="store_true", help="reuse the last call map")
    parser.add_argument("--timeout-factor", type=float, default=TIMEOUT_FACTOR)
    parser.add_argument(
        "--report-only",
        action="store_true",
        help="the report of the results in results.jsonl; run nothing (mutants not run are"
        " listed, not counted)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep the results already in results.jsonl; run only the mutants not judged yet",
    )
    parser.add_argument(
        "--work",
        type=Path,
        default=WORK,
        help="where the call map, the results and the report are kept (a re-run of survivors"
        " against new tests keeps its own)",
    )
    parser.add_argument(
        "--tree",
        type=Path,
        default=None,
        help="where the copy is made (a second run beside this one needs its own, and its own"
        " TEST_DATABASE_NAME and Redis database)",
    )
    parser.add_argument(
        "--tests",
        nargs="+",
        metavar="PATH",
        help="these tests instead of each module's (re-running survivors against new tests)",
    )
    options = parser.parse_args(argv)
    WORK = options.work.resolve()
    TIMEOUT_FACTOR = options.timeout_factor
    TREE = (options.tree or WORK / "tree").resolve()
    equivalent = {row["id"]: row["reason"] for row in config.get("equivalent", [])}
    # Survivors a test written since kills (confirmed by `--only ID --tests TEST`).
    later = {row["id"]: row["test"] for row in config.get("killed_by_test", [])}

    modules = modules_load(config)
    if options.module:
        unknown = sorted(set(options.module) - {m.name for m in modules})
        if unknown:
            print(f"no module {', '.join(unknown)}", file=sys.stderr)
            return 2
        modules = [m for m in modules if m.name in options.module]
    if options.tests:
        for module in modules:
            module.tests = tuple(options.tests)
    chosen: dict[str, list[Mutant]] = {}
    everyone: dict[str, Mutant] = {}
    for module in modules:
        module.mutants = mutants_make(module)
        everyone.update({m.id: m for m in module.mutants})
        chosen[module.name] = sample(module, options.seed, options.per_module)
    if options.only:
        unknown = sorted(set(options.only) - set(everyone))
        if unknown:
            print(f"no mutant {', '.join(unknown)}", file=sys.stderr)
            return 2
        chosen = {
            m.name: [everyone[i] for i in options.only if everyone[i].module == m.name]
            for m in modules
        }
        modules = [m for m in modules if chosen[m.name]]
    if options.list:
        for module in modules:
            print(f"{module.name}: {len(chosen[module.name])} of {len(module.mutants)} mutants")
            for mutant in sorted(chosen[module.name], key=lambda m: m.id):
                print(f"  {mutant.id}  (line {mutant.line})")
        return 0

    began = time.monotonic()
    WORK.mkdir(parents=True, exist_ok=True)
    results_file = WORK / "results.jsonl"
    done: dict[str, dict[str, Any]] = {}
    if (options.resume or options.report_only) and results_file.exists():
        for line in results_file.read_text().splitlines():
            row = json.loads(line)
            done[row["id"]] = row
    elif not options.only:
        results_file.unlink(missing_ok=True)
    # Round robin over the modules, each module's sample in the order drawn: stopped early,
    # the run has judged about as many of each module's mutants.
    order = [
        chosen[module.name][index]
        for index in range(max((len(v) for v in chosen.values()), default=0))
        for module in modules
        if index < len(chosen[module.name])
    ]
    pending = [m for m in order if m.id not in done]
    if options.report_only:
        pending = []
    else:
        tree_make()
    test_paths = sorted({path for module in modules for path in module.tests})
    calls_file = WORK / "calls.json"
    if not pending:
        calls: dict[str, Any] = {}
    elif options.no_baseline and calls_file.exists():
        calls = json.loads(calls_file.read_text())
        for info in calls.values():  # a map written with the copy's paths
            info["calls"] = [c.split("/tree/", 1)[-1] for c in info["calls"]]
    else:
        print(f"baseline: {' '.join(test_paths)} (unchanged code, tracing calls) …", flush=True)
        traced = sorted({str(TREE / module.file) for module in modules})
        ignored = [f"--ignore={path}" for path in defaults.get("ignore", [])]
        code, output, seconds = _pytest([*ignored, *test_paths], timeout=3600, trace=traced)
        if code != 0:
            print(f"the tests fail without any mutant (exit {code}):\n{_tail(output, 30)}")
            return 2
        calls = json.loads(calls_file.read_text())
        # Named by their path in the checkout: another copy's runs read the same map.
        for info in calls.values():
            info["calls"] = [c.replace(f"{TREE}/", "", 1) for c in info["calls"]]
        calls_file.write_text(json.dumps(calls))
        print(f"baseline: {len(calls)} tests passed in {seconds:.0f} s", flush=True)

    outcomes: list[Outcome] = []
    total = sum(len(v) for v in chosen.values())
    not_run: list[str] = []
    by_name = {module.name: module for module in modules}
    for mutant in order:
        module = by_name[mutant.module]
        if mutant.id in done:
            row = done[mutant.id]
            outcomes.append(
                Outcome(mutant, row["result"], row["seconds"], row["tests"], row["detail"])
            )
            continue
        if options.report_only:
            not_run.append(mutant.id)
            continue
        outcome = mutant_run(mutant, calls, module, narrow=not options.all_tests)
        outcomes.append(outcome)
        with results_file.open("a") as handle:
            row = {
                "id": mutant.id,
                "result": outcome.result,
                "seconds": round(outcome.seconds, 1),
                "tests": outcome.tests,
                "detail": outcome.detail,
            }
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(
            f"[{len(outcomes)}/{total}] {mutant.id}: {outcome.result}"
            f" ({outcome.tests} tests, {outcome.seconds:.0f} s)",
            flush=True,
        )

    rows = []
    print(f"\n{'module':<22} {'mutants':>7} {'sampled':>7} {'killed':>6} {'score':>6}  95 % Wilson")
    for module in modules:
        mine = [o for o in outcomes if o.mutant.module == module.name and o.judged]
        killed = sum(o.killed for o in mine)
        low, high = wilson(killed, len(mine))
        score = killed / len(mine) if mine else 0.0
        rows.append(
            {
                "module": module.name,
                "file": module.file,
                "mutants": len(module.mutants),
                "sampled": len(mine),
                "killed": killed,
                "score": round(score, 4),
                "wilson95": [round(low, 4), round(high, 4)],
            }
        )
        print(
            f"{module.name:<22} {len(module.mutants):>7} {len(mine):>7} {killed:>6}"
            f" {score:>6.1%}  [{low:.1%}, {high:.1%}]"
        )
    judged = [o for o in outcomes if o.judged]
    killed = sum(o.killed for o in judged)
    score = killed / len(judged) if judged else 0.0
    low, high = wilson(killed, len(judged))
    seconds = round(time.monotonic() - began)
    now_killed = killed + sum(not o.killed and o.mutant.id in later for o in judged)
    now_low, now_high = wilson(now_killed, len(judged))
    # The mutation score proper: equivalent mutants (no behaviour changes) are not mutants of
    # the rules; the bar is held by the killed (in the run or by a test written since and
    # confirmed with --only ID --tests TEST) of the others.
    equivalents = sum(not o.killed and o.mutant.id in equivalent for o in judged)
    real = len(judged) - equivalents
    real_score = now_killed / real if real else 0.0
    real_low, real_high = wilson(now_killed, real)
    print(
        f"{'overall':<22} {sum(len(m.mutants) for m in modules):>7} {len(judged):>7}"
        f" {killed:>6} {score:>6.1%}  [{low:.1%}, {high:.1%}]"
    )
    survivors = [o for o in judged if not o.killed]
    unexplained = [o for o in survivors if o.mutant.id not in equivalent | later]
    for o in survivors:
        why = equivalent.get(o.mutant.id)
        label = (
            f"equivalent: {why}"
            if why
            else f"killed since by {later[o.mutant.id]}"
            if o.mutant.id in later
            else "NOT EXPLAINED"
        )
        print(f"\n--- {o.result}: {o.mutant.id} ({label})\n{o.mutant.diff}{o.detail}")
    errors = [o for o in outcomes if not o.judged]
    for o in errors:
        print(f"\n--- {o.result} (not counted): {o.mutant.id}\n{o.mutant.diff}{o.detail}")
    report = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "seed": options.seed,
        "per_module": options.per_module,
        "narrowed_to_calling_tests": not options.all_tests,
        "not_run": not_run,
        "seconds": seconds,
        "modules": rows,
        "overall": {
            "sampled": len(judged),
            "killed": killed,
            "score": round(score, 4),
            "wilson95": [round(low, 4), round(high, 4)],
            "killed_with_new_tests": now_killed,
            "wilson95_with_new_tests": [round(now_low, 4), round(now_high, 4)],
            "equivalent": equivalents,
            "score_of_the_non_equivalent": round(real_score, 4),
            "wilson95_of_the_non_equivalent": [round(real_low, 4), round(real_high, 4)],
        },
        "mutants": [
            {
                "id": o.mutant.id,
                "result": o.result,
                "seconds": round(o.seconds, 1),
                "tests": o.tests,
                "detail": o.detail,
                **({"diff": o.mutant.diff} if not o.killed else {}),
                **({"equivalent": equivalent[o.mutant.id]} if o.mutant.id in equivalent else {}),
            }
            for o in outcomes
        ],
    }
    (WORK / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=2))
    print(
        f"\nmutation-integrated: {killed} of {len(judged)} sampled mutants killed ({score:.1%},"
        f" 95 % [{low:.1%}, {high:.1%}]), {len(survivors)} survived"
        f" ({len(unexplained)} not explained), {len(errors)} errors, {len(not_run)} not run;"
        f" seed {options.seed}, {options.per_module} per module, {seconds} s; bar {BAR:.0%}"
    )
    if later:
        print(
            f"with the tests written since: {now_killed} of {len(judged)} killed"
            f" ({now_killed / max(len(judged), 1):.1%}, 95 % [{now_low:.1%}, {now_high:.1%}])"
        )
    print(
        f"of the {real} not equivalent ({equivalents} explained as equivalent): {now_killed}"
        f" killed ({real_score:.1%}, 95 % [{real_low:.1%}, {real_high:.1%}]); bar {BAR:.0%}"
    )
    return 0 if real_score >= BAR and not unexplained and not errors and not not_run else 1


if __name__ == "__main__":
    sys.exit(main())
