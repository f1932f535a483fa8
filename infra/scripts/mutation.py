"""`make mutation`: mutmut (3.x) over the pure money rules (`zulin/money`) and the posting
rules table (`zulin/ledger/rules.py`), with their unit tests (no database).

mutmut names a mutant by its file's path, so it runs in a workspace of its own
(`.run/mutation/`) where the package sits at the top (`zulin/money/...`, the module names
the tests import); the workspace is made afresh from this checkout each run, so the
checkout's files are never touched. Prints the score and each surviving mutant, writes
them to `.run/mutation/report.json`, and exits 1 below the bar (90 % killed)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "platform"
WORK = ROOT / ".run" / "mutation"
BAR = 0.90
CONFIG = """\
[tool.mutmut]
source_paths = ["zulin/money", "zulin/ledger/rules.py"]
do_not_mutate = ["*/tests/*"]
also_copy = ["zulin/__init__.py", "zulin/ledger/__init__.py"]
pytest_add_cli_args = ["-p", "no:cacheprovider", "-q"]
pytest_add_cli_args_test_selection = ["zulin/money/tests"]

# The workspace is its own pytest root: the project's conftest (Django) stays out.
[tool.pytest.ini_options]
minversion = "8"
"""


def workspace() -> None:
    shutil.rmtree(WORK, ignore_errors=True)
    (WORK / "zulin" / "ledger").mkdir(parents=True)
    shutil.copytree(
        SOURCE / "zulin" / "money",
        WORK / "zulin" / "money",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    for name in ("zulin/__init__.py", "zulin/ledger/__init__.py", "zulin/ledger/rules.py"):
        shutil.copy2(SOURCE / name, WORK / name)
    (WORK / "pyproject.toml").write_text(CONFIG)


def mutmut(*args: str) -> subprocess.CompletedProcess[str]:
    # Only pytest itself: the project's plugins (Django, schemathesis, hypothesis) stay out.
    env = {**os.environ, "PYTHONPATH": str(WORK), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(  # noqa: S603 (our own interpreter and fixed arguments)
        [sys.executable, "-m", "mutmut", *args],
        cwd=WORK,
        env=env,
        text=True,
        capture_output=True,
        check=False,
    )


def main() -> int:
    began = time.monotonic()
    workspace()
    ran = mutmut("run", "--max-children", str(os.cpu_count() or 2))
    if ran.returncode != 0:
        print(ran.stdout[-4000:], ran.stderr[-4000:], sep="\n")
        return ran.returncode
    mutmut("export-cicd-stats")
    stats = json.loads((WORK / "mutants" / "mutmut-cicd-stats.json").read_text())
    listed = mutmut("results").stdout
    survivors = [
        line.split(":")[0].strip()
        for line in listed.splitlines()
        if line.strip().endswith(("survived", "no tests"))
    ]
    diffs = {name: mutmut("show", name).stdout for name in survivors}
    judged = stats["killed"] + stats["survived"] + stats.get("no_tests", 0)
    score = stats["killed"] / judged if judged else 0.0
    report = {
        "date": time.strftime("%Y-%m-%d"),
        "seconds": round(time.monotonic() - began),
        "score": round(score, 4),
        "stats": stats,
        "survivors": diffs,
    }
    (WORK / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=2))
    for name, diff in diffs.items():
        print(f"--- survived: {name}\n{diff}")
    print(
        f"mutation: {stats['killed']} of {judged} mutants killed ({score:.1%}), "
        f"{len(survivors)} survived, in {report['seconds']} s; bar {BAR:.0%}"
    )
    return 0 if score >= BAR else 1


if __name__ == "__main__":
    sys.exit(main())
