#!/usr/bin/env bash
# `make drills` (root; issue 61): every full drill in turn — failover, freeze,
# workers, restore at its default size — each on a cluster of its own (infra/cluster/drill.sh
# brings it up and takes it down, also on failure), then one summary table. A failed drill
# does not stop the others; the exit status is 1 when any failed. Run it before resolving an
# issue that touches the cluster, the demo, settings or migrations, and put its table in
# docs/benchmarks.md with the commit it ran on. Logs and figures: .run/drills/ (git-ignored;
# each drill's cluster directory is wiped by the next one). ZL_DRILLS="failover workers"
# runs a subset.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="$PWD/.run/drills"
[ "$(id -u)" = 0 ] || { echo "make drills: run as root (network namespaces)" >&2; exit 2; }
default="failover"
[ ! -f infra/cluster/drill_freeze.py ] || default+=" freeze"
default+=" workers restore"
read -r -a names <<<"${ZL_DRILLS:-$default}"
rm -rf "$OUT"
mkdir -p "$OUT"
# ZL_COMMIT names the commit when the checkout is an export without .git.
if [ -n "${ZL_COMMIT:-}" ]; then
  commit=$ZL_COMMIT
else
  commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  git diff --quiet HEAD 2>/dev/null || commit+=" (+ uncommitted changes)"
fi
{
  echo "commit: $commit"
  echo "started: $(date -u '+%Y-%m-%d %H:%M:%S') UTC, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "cores: $(nproc)"
} >"$OUT/run.txt"
started=$SECONDS
for name in "${names[@]}"; do
  echo "=== make drill-$name ($(date -u +%H:%M:%S) UTC) ==="
  began=$SECONDS
  bash infra/cluster/drill.sh "$name" 2>&1 | tee "$OUT/$name.log"
  rc=${PIPESTATUS[0]}
  printf '%s %s %s %s\n' "$name" "$rc" "$((SECONDS - began))" "$(cut -d' ' -f1 /proc/loadavg)" \
    >>"$OUT/results.txt"
  # `cluster.sh up` of the next drill wipes .run/cluster: keep this one's figures.
  [ ! -f ".run/cluster/drill-$name.json" ] || cp ".run/cluster/drill-$name.json" "$OUT/"
  [ "$rc" != 130 ] || { echo "make drills: interrupted" >&2; break; }
done
echo "finished: $(date -u '+%Y-%m-%d %H:%M:%S') UTC after $((SECONDS - started)) s," \
  "load average: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT/run.txt"
.venv/bin/python infra/cluster/drills_summary.py "$OUT" | tee "$OUT/summary.md"
! awk '$2 != 0 { bad = 1 } END { exit !bad }' "$OUT/results.txt"
