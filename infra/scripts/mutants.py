"""Targeted mutants of the money rules (`make mutants`): proof that the tests guard them.

Each mutant in infra/mutants.toml breaks one written rule with a one-line change: in `file`,
the fragment `find` (which must occur exactly once) becomes `replace`, and the mutant's
`tests` run with `pytest -x -q -n 0 -p no:cacheprovider`. They must fail: the mutant is
*killed*. Tests that pass let it *survive* (the rule can be broken without a test noticing);
tests that cannot run at all (exit codes other than 0 and 1, a timeout) are an *error*.

The file is always put back as it was (bytes and modification time), also on Ctrl-C or
SIGTERM; a file with changes not committed is refused before anything is touched, so a
mutant can never be mixed with work in progress (and a run killed with SIGKILL shows up in
`git status`). The mutants change the checkout itself: run no other tests from this
checkout meanwhile. Before the mutants, their tests run once unchanged (`--no-baseline`
skips it): a test failing already would kill every mutant and prove nothing.

Prints a table and exits 1 when any mutant survived or could not be judged.

    python infra/scripts/mutants.py [--only ID ...] [--list] [--no-baseline] [--why]
                                    [--table PATH]
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "infra" / "mutants.toml"
PYTEST_ARGS = ("-x", "-q", "-n", "0", "-p", "no:cacheprovider")
TIMEOUT_SECONDS = 900
FIELDS = ("id", "rule", "file", "find", "replace", "tests")


@dataclass(frozen=True)
class Mutant:
    id: str
    rule: str
    file: str
    find: str
    replace: str
    tests: tuple[str, ...]

    @property
    def path(self) -> Path:
        return ROOT / self.file


@dataclass
class Outcome:
    mutant: Mutant
    result: str  # killed, survived, error
    seconds: float
    detail: str = ""
    failed: str = ""  # the test that killed it, and its first error line


class Refused(Exception):
    """The table or the checkout does not allow a run; nothing was changed."""


def mutants_load(table: Path) -> list[Mutant]:
    with table.open("rb") as handle:
        rows = tomllib.load(handle).get("mutant", [])
    found: list[Mutant] = []
    for number, row in enumerate(rows, 1):
        missing = [name for name in FIELDS if not row.get(name)]
        unknown = sorted(set(row) - set(FIELDS))
        if missing or unknown:
            raise Refused(f"mutant {number}: missing {missing}, unknown {unknown}")
        tests = row["tests"]
        if not isinstance(tests, list) or not all(isinstance(t, str) for t in tests):
            raise Refused(f"mutant {row['id']}: tests is a list of pytest node ids or paths")
        mutant = Mutant(
            id=row["id"],
            rule=row["rule"],
            file=row["file"],
            find=row["find"],
            replace=row["replace"],
            tests=tuple(tests),
        )
        if mutant.find == mutant.replace:
            raise Refused(f"mutant {mutant.id}: replace changes nothing")
        if any(earlier.id == mutant.id for earlier in found):
            raise Refused(f"mutant {mutant.id}: the id is used twice")
        found.append(mutant)
    return found


def _check(mutant: Mutant) -> None:
    """The mutant can be applied: its file exists, is committed as it is, and holds `find`
    exactly once."""
    if not mutant.path.is_file():
        raise Refused(f"{mutant.id}: no file {mutant.file}")
    status = subprocess.run(  # noqa: S603 (a fixed argv; the file named by our own table)
        ["git", "status", "--porcelain", "--", mutant.file],  # noqa: S607 (git on the PATH)
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if status:
        raise Refused(
            f"{mutant.id}: {mutant.file} has changes not committed ({status}); commit or"
            f" restore it first (`git checkout -- {mutant.file}` after a killed run)"
        )
    count = mutant.path.read_text(encoding="utf-8").count(mutant.find)
    if count != 1:
        raise Refused(f"{mutant.id}: `find` occurs {count} times in {mutant.file}, not once")


class _Stopped(BaseException):
    """SIGTERM or SIGHUP: stop like Ctrl-C, putting the file back first."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise _Stopped(signal.Signals(signum).name)


@contextmanager
def mutated(mutant: Mutant) -> Iterator[None]:
    """The mutant applied for the duration of the block; the file restored afterwards,
    whatever happens (bytes and modification time, so nothing compiled from the mutant is
    taken for the original)."""
    original = mutant.path.read_bytes()
    kept = mutant.path.stat()
    text = original.decode("utf-8")
    try:
        mutant.path.write_text(text.replace(mutant.find, mutant.replace, 1), encoding="utf-8")
        yield
    finally:
        mutant.path.write_bytes(original)
        os.utime(mutant.path, ns=(kept.st_atime_ns, kept.st_mtime_ns))


def _pytest(tests: tuple[str, ...]) -> tuple[int, str]:
    env = dict(os.environ)
    # Nothing compiled from a mutant is written next to the source.
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    # A test database of its own, unless one is named: never the one `make test` uses.
    env.setdefault("TEST_DATABASE_NAME", "test_zulin_mutants")
    command = [sys.executable, "-m", "pytest", *PYTEST_ARGS, *tests]
    try:
        done = subprocess.run(  # noqa: S603 (this Python's pytest, on our own table's tests)
            command,
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_SECONDS,
        )
    except subprocess.TimeoutExpired:
        return -1, f"timed out after {TIMEOUT_SECONDS} s"
    return done.returncode, (done.stdout + done.stderr).strip()


def _tail(output: str, lines: int = 15) -> str:
    return "\n".join(output.splitlines()[-lines:])


def mutant_run(mutant: Mutant) -> Outcome:
    _check(mutant)
    started = time.monotonic()
    with mutated(mutant):
        code, output = _pytest(mutant.tests)
    seconds = time.monotonic() - started
    if code == 1:
        lines = output.splitlines()
        failed = [line for line in lines if line.startswith(("FAILED", "ERROR"))][:1]
        failed += [line.strip() for line in lines if line.startswith("E ")][:1]
        return Outcome(mutant, "killed", seconds, failed="\n  ".join(failed))
    if code == 0:
        return Outcome(mutant, "survived", seconds, _tail(output))
    return Outcome(mutant, "error", seconds, f"pytest exit {code}\n{_tail(output)}")


def baseline_run(mutants: list[Mutant]) -> None:
    tests = tuple(dict.fromkeys(test for mutant in mutants for test in mutant.tests))
    print(f"baseline: {len(tests)} test targets, unchanged code …", flush=True)
    code, output = _pytest(tests)
    if code != 0:
        raise Refused(f"the tests fail without any mutant (pytest exit {code}):\n{_tail(output)}")


def table_print(outcomes: list[Outcome], *, why: bool = False) -> None:
    width = max(len(o.mutant.id) for o in outcomes)
    print(f"\n{'mutant':<{width}}  {'result':<8}  {'time':>6}  rule")
    print(f"{'-' * width}  {'-' * 8}  {'-' * 6}  {'-' * 40}")
    for o in outcomes:
        print(f"{o.mutant.id:<{width}}  {o.result:<8}  {o.seconds:>5.0f}s  {o.mutant.rule}")
    for o in outcomes:
        if o.detail:
            print(f"\n{o.mutant.id} ({o.result}, {o.mutant.file}):\n{o.detail}")
        elif why and o.failed:
            print(f"\n{o.mutant.id} killed by:\n  {o.failed}")
    killed = sum(o.result == "killed" for o in outcomes)
    print(f"\n{killed} of {len(outcomes)} killed")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", metavar="ID", help="run this mutant only")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--no-baseline", action="store_true", help="skip the unchanged run")
    parser.add_argument("--why", action="store_true", help="show the failure that killed each")
    parser.add_argument("--table", type=Path, default=TABLE, help="the mutants' table")
    options = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGHUP, _stop)
    try:
        mutants = mutants_load(options.table)
        if options.only:
            unknown = sorted(set(options.only) - {m.id for m in mutants})
            if unknown:
                raise Refused(f"no mutant {', '.join(unknown)}")
            mutants = [m for m in mutants if m.id in options.only]
        if options.list:
            for mutant in mutants:
                print(f"{mutant.id}  {mutant.file}\n    {mutant.rule}")
            return 0
        for mutant in mutants:
            _check(mutant)
        if not options.no_baseline:
            baseline_run(mutants)
        outcomes = []
        for mutant in mutants:
            print(f"{mutant.id} …", flush=True)
            outcomes.append(mutant_run(mutant))
            print(f"{mutant.id}: {outcomes[-1].result}", flush=True)
    except Refused as refused:
        print(f"mutants: {refused}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, _Stopped):
        print("\nmutants: stopped; every file is as it was", file=sys.stderr)
        return 130
    table_print(outcomes, why=options.why)
    return 0 if all(o.result == "killed" for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
