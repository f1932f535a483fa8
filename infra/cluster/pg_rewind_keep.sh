#!/usr/bin/env bash
# Patroni's pg_rewind in the cluster (`postgresql.bin_name.pg_rewind`, infra/cluster/cluster.sh):
# before the real pg_rewind rewinds a former primary onto the new one's timeline, and when
# ZL_KEEP_DIVERGED is on, a copy of its data directory is kept (cleanly shut down by Patroni
# first) under ../diverged/<UTC time>, so that the freeze drill can read what that server
# committed after the promotion — the transactions the rewind throws away — and check that no
# client saw one of them committed (infra/cluster/drill_freeze.py). Then the real pg_rewind
# runs with the same arguments and its exit status is Patroni's answer.
set -uo pipefail
PGBIN=/usr/lib/postgresql/15/bin
data=""
args=("$@")
while [ $# -gt 0 ]; do
  case "$1" in
    -D) data="$2"; shift 2 ;;
    -D*) data="${1#-D}"; shift ;;
    --target-pgdata=*) data="${1#*=}"; shift ;;
    *) shift ;;
  esac
done
if [ -n "$data" ] && [ -f "$(dirname "$data")/keep-diverged" ]; then
  kept="$(dirname "$data")/diverged/$(date -u +%Y%m%dT%H%M%S)"
  mkdir -p "$kept"
  # A bounded copy (the demo's cluster is a few hundred MB); a failure to keep it is reported
  # by the drill (no copy), never a reason to refuse the rewind.
  if cp -a "$data/." "$kept/data" 2>"$kept/copy.err"; then
    "$PGBIN/pg_controldata" -D "$kept/data" >"$kept/controldata.txt" 2>&1 || true
    echo "kept $kept/data before pg_rewind" >&2
  fi
fi
exec "$PGBIN/pg_rewind" "${args[@]}"
