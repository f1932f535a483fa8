"""The summary table of `make drills` (infra/cluster/drills.sh): one row per drill with its
result, its time (cluster up, drill, cluster down) and its main figures, read from the
figures each drill wrote (.run/drills/drill-<name>.json). Markdown, for docs/benchmarks.md."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def _get(figures: dict[str, Any], path: str) -> Any:
    value: Any = figures
    for part in path.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


# (label, key in the drill's figures) per drill: what a reader checks first.
FIGURES: dict[str, list[tuple[str, str]]] = {
    "failover": [
        ("RTO s", "rto_s"),
        ("Patroni promoted s", "patroni_promoted_after_s"),
        ("503", "answered_503"),
        ("500", "answered_500"),
        ("acknowledged", "acknowledged"),
        ("RPO missing", "rpo_missing"),
        ("paid twice", "bills_paid_twice"),
        ("old primary back s", "old_primary_rejoined_s"),
        ("webhooks delivered", "webhooks.delivered"),
        ("webhooks failed", "webhooks.failed"),
        ("webhooks refused (address)", "webhooks.refused_for_address"),
    ],
    "freeze": [
        ("runs", "runs"),
        ("passed", "passed"),
        ("promoted s", "promoted_after_s"),
        ("old primary stepped down s", "stepped_down_after_s"),
        ("acknowledged", "acknowledged"),
        ("RPO missing", "rpo_missing"),
        ("paid twice", "bills_paid_twice"),
        ("old timeline: commits after the fork", "old_commits_after_fork"),
        ("old timeline: seen committed", "old_writes_seen_committed"),
    ],
    "workers": [
        ("tasks on the lost host", "lost_host_active_tasks"),
        ("run again elsewhere", "redelivered_to_other_hosts"),
        ("night done after the cut s", "night_after_cut_s"),
        ("queued before broker kill", "broker_queued_before_kill"),
        ("queued after restart", "broker_queued_after_restart"),
        ("duplicates", "duplicates"),
    ],
    "restore": [
        ("merchants", "merchants"),
        ("database bytes", "database_bytes"),
        ("full backup s", "full_backup_s"),
        ("restore s", "restore_s"),
        ("balances different", "balances_different"),
        ("lost before T", "lost_before_t"),
        ("private files missing", "private_files_missing"),
    ],
    "switchover": [
        ("writes paused s", "writes_paused_s"),
        ("500", "answered_500"),
        ("acknowledged", "acknowledged"),
        ("RPO missing", "rpo_missing"),
        ("webhooks delivered", "webhooks.delivered"),
    ],
}


def main(out: Path) -> int:
    rows = []
    total = 0
    for line in (out / "results.txt").read_text().splitlines():
        name, rc, seconds, load = line.split()
        total += int(seconds)
        path = out / f"drill-{name}.json"
        figures = json.loads(path.read_text()) if path.exists() else {}
        shown = [
            f"{label} {_get(figures, key)}"
            for label, key in FIGURES.get(name, [])
            if _get(figures, key) is not None
        ]
        problems = figures.get("problems") or []
        if rc != "0" and not problems:
            problems = [f"exit {rc} (no figures: see .run/drills/{name}.log)"]
        result = "passed" if rc == "0" else "FAILED"
        detail = "; ".join(shown + (["problems: " + " / ".join(problems)] if problems else []))
        rows.append(f"| {name} | {result} | {int(seconds) / 60:.1f} | {load} | {detail} |")
    print((out / "run.txt").read_text().rstrip())
    print()
    print("| drill | result | minutes (cluster up, drill, down) | load after | figures |")
    print("|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"\nall drills: {total / 60:.1f} minutes")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
