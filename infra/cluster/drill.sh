#!/usr/bin/env bash
# `make drill-failover|drill-freeze|drill-restore|drill-workers|drill-switchover`: brings up the cluster (infra/cluster/
# cluster.sh), runs the drill (infra/cluster/drill_<name>.py), and takes the cluster down at the
# end, also on failure or Ctrl-C. ZL_KEEP=1 leaves it up after the drill (then `make
# cluster-down`); ZL_REUSE=1 runs the drill on a cluster already up.
set -euo pipefail
cd "$(dirname "$0")/../.."
name="${1:?usage: drill.sh failover|freeze|restore|workers|switchover}"
[ -f "infra/cluster/drill_${name}.py" ] || { echo "no drill named $name" >&2; exit 2; }
finish() {
  local rc=$?
  if [ "${ZL_KEEP:-}" != 1 ]; then bash infra/cluster/cluster.sh down || true; fi
  exit "$rc"
}
# The workers drill waits for the broker to hand out a lost host's tasks again: a short
# visibility timeout (its tasks last seconds; production keeps 2 h).
[ "$name" != workers ] || export ZL_VISIBILITY_TIMEOUT="${ZL_VISIBILITY_TIMEOUT:-30}"
# ... and a provider that settles tonight's withholds later, as a real one does (as in
# `make bench-nightly`): a night run again then finds nothing to do (one bill in flight per
# lease, by design). The sandbox's settle tasks are not queued at all: a countdown longer than
# the visibility timeout would be handed out again every 30 s (Redis transport).
[ "$name" != workers ] || export ZL_SANDBOX_AUTO_COMPLETE="${ZL_SANDBOX_AUTO_COMPLETE:-0}"
# The reduced drill of `make test` runs on the small topology (infra/cluster/cluster.sh).
[ "$name" != switchover ] || export ZL_TOPOLOGY=small
trap finish EXIT
trap 'exit 130' INT TERM
if [ "${ZL_REUSE:-}" != 1 ] || ! bash infra/cluster/cluster.sh primary >/dev/null 2>&1; then
  bash infra/cluster/cluster.sh up
fi
started=$SECONDS
.venv/bin/python "infra/cluster/drill_${name}.py"
echo "drill-${name}: $((SECONDS - started)) s after the cluster was up"
