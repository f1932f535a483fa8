#!/usr/bin/env bash
# A small production topology of Zulin on this one machine, each host a network namespace
# (docs/operations.md, "The cluster"): `cluster.sh up` brings it up and leaves it running,
# `cluster.sh down` stops everything it started and removes its namespaces, `cluster.sh status`
# says who is primary. Drills (infra/cluster/drill_*.py) bring it up, run, and take it down.
#
#   zl-etcd1..3  198.18.0.8-10  the etcd members, each a host of its own (ZL_ETCD=db: members 1
#                and 2 on the database hosts, as before issue 61)
#   zl-db1    198.18.0.11  PostgreSQL 15 + Patroni (REST :8008; from PyPI, ZL_PATRONI)
#   zl-db2    198.18.0.12  PostgreSQL 15 + Patroni (REST :8008)
#   zl-entry  198.18.0.20  HAProxy: :5432 -> the Patroni primary (GET /primary), :8000 -> apps
#   zl-app1   198.18.0.21  gunicorn :8000        zl-app2  198.18.0.22  gunicorn :8000
#   zl-worker1..3  198.18.0.31-33  Celery workers  zl-beat  198.18.0.40  Celery beat (one)
#   zl-broker 198.18.0.50  Redis, the broker (appendonly, noeviction)
#   zl-cache  198.18.0.51  Redis, the cache (no persistence, allkeys-lru)
#
# Rules kept (/work/shared/notes/several-hosts.md): addresses from 198.18.0.0/15 on a bridge of
# our own (zl-br0; this machine's own end is 198.18.0.1), no default route, no NAT; every name
# starts with `zl-`; every wait is bounded; data lives under .run/cluster (git-ignored). The
# machine's own PostgreSQL and Redis are not touched. A failed `up` takes down what it started
# (trap); `up` first removes what a crashed run left.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
RUN="$ROOT/.run/cluster"
LOGS="$RUN/logs"
PY="$ROOT/.venv/bin/python"
PGBIN=/usr/lib/postgresql/15/bin
NET=198.18.0
# ZL_TOPOLOGY=small (`make drill-switchover`, run by `make test`): the database hosts, etcd,
# HAProxy, one app host, one worker host and one Redis (broker and cache); no beat; the same
# showcase as the full topology.
TOPOLOGY="${ZL_TOPOLOGY:-full}"
case "$TOPOLOGY" in
  full) HOSTS=(etcd3:10 db1:11 db2:12 entry:20 app1:21 app2:22 worker1:31 worker2:32 worker3:33
    beat:40 broker:50 cache:51) ;;
  small) HOSTS=(etcd3:10 db1:11 db2:12 entry:20 app1:21 worker1:31 cache:51) ;;
  *) echo "ZL_TOPOLOGY is full or small, not $TOPOLOGY" >&2; exit 2 ;;
esac
# The etcd members on hosts of their own (ZL_ETCD=apart, the default): a database host that
# stalls takes no member with it. A member frozen with the primary's host may have been the
# raft leader; on waking it still counts itself leader (and its leases unexpired) until it
# hears the others, and the Patroni beside it read its old lock there (docs/operations.md, "A
# frozen primary"). ZL_ETCD=db puts members 1 and 2 on the database hosts, as before.
ETCD_PLACEMENT="${ZL_ETCD:-apart}"
case "$ETCD_PLACEMENT" in
  apart) HOSTS=(etcd1:8 etcd2:9 "${HOSTS[@]}"); ETCD_HOSTS=(etcd1 etcd2 etcd3) ;;
  db) ETCD_HOSTS=(db1 db2 etcd3) ;;
  *) echo "ZL_ETCD is apart or db, not $ETCD_PLACEMENT" >&2; exit 2 ;;
esac
has() { local h; for h in "${HOSTS[@]}"; do [ "${h%%:*}" = "$1" ] && return 0; done; return 1; }
# Patroni's timing (docs/operations.md, "Failover timing"): a leader key lives TTL seconds, the
# loop runs every LOOP_WAIT, a DCS or PostgreSQL call is retried for RETRY_TIMEOUT; Patroni
# wants loop_wait + 2 x retry_timeout <= ttl.
# Patroni 4 takes no ttl under 20 s (it raises a smaller one to 20); Debian's 3.0.2 took 10.
PATRONI_SOURCE="${ZL_PATRONI:-pypi}"
if [ "$PATRONI_SOURCE" = debian ]; then TTL="${ZL_TTL:-10}"; else TTL="${ZL_TTL:-20}"; fi
LOOP_WAIT="${ZL_LOOP_WAIT:-2}"
RETRY_TIMEOUT="${ZL_RETRY_TIMEOUT:-4}"
APP_WORKERS="${ZL_APP_WORKERS:-2}"
WORKER_CONCURRENCY="${ZL_WORKER_CONCURRENCY:-2}"
DEMO_ROUNDS="${ZL_DEMO_ROUNDS:-1}"
# Longer than the longest task of the cluster's demo (a merchant's night: seconds); production
# keeps the settings' default (2 h), longer than its longest task.
VISIBILITY_TIMEOUT="${ZL_VISIBILITY_TIMEOUT:-60}"
# Seconds until the sandbox provider settles a withhold (its callback through the workers).
SANDBOX_COMPLETE="${ZL_SANDBOX_COMPLETE_SECONDS:-2}"

# Patroni from PyPI (ZL_PATRONI=pypi, the default), in a virtualenv of the cluster's own
# (.run/patroni-venv, outside .run/cluster so `up` keeps it; never the project's .venv), made
# on first use with the machine's Python: Debian 12 ships 3.0.2, whose cached view of etcd
# outlived a frozen primary's pause (docs/operations.md, "A frozen primary"). ZL_PATRONI=debian
# runs Debian's 3.0.2.
PATRONI_VERSION="${ZL_PATRONI_VERSION:-4.1.5}"
PATRONI_VENV="$ROOT/.run/patroni-venv"

log() { printf '[cluster %(%H:%M:%S)T] %s\n' -1 "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }
ns() { echo "zl-$1"; }
addr() {
  local h
  for h in "${HOSTS[@]}"; do
    if [ "${h%%:*}" = "$1" ]; then echo "$NET.${h##*:}"; return 0; fi
  done
  return 1
}
in_ns() { local host=$1; shift; ip netns exec "$(ns "$host")" "$@"; }

# wait_for SECONDS DESCRIPTION CMD...: runs CMD every 0.5 s until it succeeds or time is up.
wait_for() {
  local seconds=$1 what=$2; shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || { log "gave up after ${seconds}s waiting for $what"; return 1; }
    sleep 0.5
  done
}

# start HOST NAME CMD...: runs CMD in HOST's namespace, in its own session, logging to
# .run/cluster/logs/NAME.log; its pid is kept in .run/cluster/pids/NAME.
start() {
  local host=$1 name=$2; shift 2
  mkdir -p "$LOGS" "$RUN/pids"
  setsid ip netns exec "$(ns "$host")" "$@" >>"$LOGS/$name.log" 2>&1 </dev/null &
  echo $! >"$RUN/pids/$name"
}

packages() {
  local missing=()
  command -v patroni >/dev/null || missing+=(patroni)
  command -v etcd >/dev/null || missing+=(etcd-server)
  command -v etcdctl >/dev/null || missing+=(etcd-client)
  command -v pgbackrest >/dev/null || missing+=(pgbackrest)
  command -v haproxy >/dev/null || missing+=(haproxy)
  command -v redis-server >/dev/null || missing+=(redis-server)
  [ -x "$PGBIN/postgres" ] || missing+=(postgresql-15)
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]} (apt-get; Debian is kept from starting them as services)"
  local policy=/usr/sbin/policy-rc.d made_policy=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\n# zl-cluster: no service starts while packages install\nexit 101\n' >"$policy"
    chmod +x "$policy"
    made_policy=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    >"$RUN/apt.log" 2>&1 || { [ -z "$made_policy" ] || rm -f "$policy"; die "apt-get failed: $RUN/apt.log"; }
  [ -z "$made_policy" ] || rm -f "$policy"
}

# patroni_bin NAME: the path of Patroni's command NAME (patroni, patronictl) to run.
patroni_bin() {
  if [ "$PATRONI_SOURCE" = debian ]; then command -v "$1"; else echo "$PATRONI_VENV/bin/$1"; fi
}

patroni_venv() {
  [ "$PATRONI_SOURCE" = pypi ] || return 0
  if [ -x "$PATRONI_VENV/bin/patroni" ] \
    && [ "$("$PATRONI_VENV/bin/patroni" --version 2>/dev/null)" = "patroni $PATRONI_VERSION" ]; then
    return 0
  fi
  log "installing Patroni $PATRONI_VERSION from PyPI into $PATRONI_VENV (once)"
  rm -rf "$PATRONI_VENV"
  /usr/bin/python3 -m venv "$PATRONI_VENV" >"$ROOT/.run/patroni-venv.log" 2>&1 \
    && "$PATRONI_VENV/bin/pip" install -q "patroni[etcd3,psycopg3]==$PATRONI_VERSION" \
      >>"$ROOT/.run/patroni-venv.log" 2>&1 \
    || die "Patroni $PATRONI_VERSION did not install: $ROOT/.run/patroni-venv.log"
  # Patroni runs as the postgres user: it must read the virtualenv.
  chmod -R a+rX "$PATRONI_VENV"
}

# --- down ------------------------------------------------------------------------------------

down() {
  local name pids
  # Every process in one of our namespaces is ours: TERM, then KILL what is left after 10 s.
  for name in $(ip netns list 2>/dev/null | awk '{print $1}' | grep '^zl-' || true); do
    pids=$(ip netns pids "$name" 2>/dev/null || true)
    [ -z "$pids" ] || kill -TERM $pids 2>/dev/null || true
  done
  local deadline=$((SECONDS + 10)) left
  while :; do
    left=""
    for name in $(ip netns list 2>/dev/null | awk '{print $1}' | grep '^zl-' || true); do
      left+=$(ip netns pids "$name" 2>/dev/null || true)
    done
    [ -n "$left" ] && [ "$SECONDS" -lt "$deadline" ] || break
    sleep 0.5
  done
  for name in $(ip netns list 2>/dev/null | awk '{print $1}' | grep '^zl-' || true); do
    pids=$(ip netns pids "$name" 2>/dev/null || true)
    [ -z "$pids" ] || kill -KILL $pids 2>/dev/null || true
  done
  # The pids we recorded (a process that left its namespace would be none of ours to guess).
  if [ -d "$RUN/pids" ]; then
    for name in "$RUN"/pids/*; do
      [ -f "$name" ] || continue
      kill -KILL "$(cat "$name")" 2>/dev/null || true
      rm -f "$name"
    done
  fi
  for name in $(ip netns list 2>/dev/null | awk '{print $1}' | grep '^zl-' || true); do
    ip netns del "$name" 2>/dev/null || true
  done
  for name in $(ip -o link show 2>/dev/null | awk -F': ' '{print $2}' | cut -d@ -f1 | grep '^zl-' || true); do
    ip link del "$name" 2>/dev/null || true
  done
}

# --- up --------------------------------------------------------------------------------------

network() {
  ip link add zl-br0 type bridge
  ip addr add "$NET.1/24" dev zl-br0
  ip link set zl-br0 up
  local h host n
  for h in "${HOSTS[@]}"; do
    host=${h%%:*} n=${h##*:}
    ip netns add "$(ns "$host")"
    ip link add "zl-$host" type veth peer name "zl-$host-p"
    ip link set "zl-$host-p" netns "$(ns "$host")"
    ip -n "$(ns "$host")" link set "zl-$host-p" name eth0
    ip -n "$(ns "$host")" addr add "$NET.$n/24" dev eth0
    ip -n "$(ns "$host")" link set eth0 up
    ip -n "$(ns "$host")" link set lo up
    ip link set "zl-$host" master zl-br0
    ip link set "zl-$host" up
  done
}

etcd_start() {
  local cluster="" n host name ip
  for n in 1 2 3; do
    cluster+="${cluster:+,}etcd$n=http://$(addr "${ETCD_HOSTS[n - 1]}"):2380"
  done
  for n in 1 2 3; do
    host=${ETCD_HOSTS[n - 1]} name=etcd$n ip=$(addr "${ETCD_HOSTS[n - 1]}")
    mkdir -p "$RUN/$name"
    start "$host" "$name" etcd --name "$name" --data-dir "$RUN/$name/data" \
      --listen-client-urls "http://$ip:2379" --advertise-client-urls "http://$ip:2379" \
      --listen-peer-urls "http://$ip:2380" --initial-advertise-peer-urls "http://$ip:2380" \
      --initial-cluster "$cluster" --initial-cluster-state new --initial-cluster-token zl-etcd \
      --heartbeat-interval 100 --election-timeout 1000
  done
  wait_for 30 "etcd quorum" in_ns etcd3 etcdctl --endpoints "http://$(addr etcd3):2379" \
    --dial-timeout 1s endpoint health
}

patroni_config() {
  local host=$1 ip dir
  ip=$(addr "$host") dir="$RUN/$host"
  mkdir -p "$dir"
  cat >"$dir/pgbackrest.conf" <<EOF
[global]
repo1-path=$RUN/backrest
repo1-retention-full=2
log-path=$dir
lock-path=$dir/backrest-lock
spool-path=$dir/backrest-spool
archive-async=n
start-fast=y
compress-type=lz4

[zulin]
pg1-path=$dir/data
pg1-socket-path=$dir
pg1-port=5432
EOF
  cat >"$dir/patroni.yml" <<EOF
scope: zulin
name: $host
log:
  level: INFO
restapi:
  listen: $ip:8008
  connect_address: $ip:8008
etcd3:
  hosts: $(for h in "${ETCD_HOSTS[@]}"; do printf '%s:2379,' "$(addr "$h")"; done | sed 's/,$//')
bootstrap:
  dcs:
    ttl: $TTL
    loop_wait: $LOOP_WAIT
    retry_timeout: $RETRY_TIMEOUT
    maximum_lag_on_failover: 1048576
    # A commit is acknowledged once the standby has it; Patroni promotes only that standby.
    # Not strict: with the standby gone the primary keeps taking writes alone (alerted; see
    # docs/operations.md), where strict mode would stop every write on a two-server cluster.
    synchronous_mode: true
    synchronous_mode_strict: false
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_level: replica
        hot_standby: "on"
        wal_log_hints: "on"
        max_wal_senders: 10
        max_replication_slots: 10
        max_connections: 200
        wal_keep_size: 256MB
        archive_mode: "on"
        archive_timeout: 60
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
    - data-checksums
  pg_hba:
    - local all all trust
    - local replication all trust
    - host replication replicator 127.0.0.1/32 trust
    - host replication replicator $NET.0/24 trust
    - host all all $NET.0/24 trust
    - host all all 127.0.0.1/32 trust
postgresql:
  listen: $ip,127.0.0.1:5432
  connect_address: $ip:5432
  data_dir: $dir/data
  bin_dir: $PGBIN
  # pg_rewind through a wrapper that can keep the former primary's data before it is rewound
  # (only when the freeze drill asks, by a file keep-diverged beside the data directory).
  bin_name:
    pg_rewind: $ROOT/infra/cluster/pg_rewind_keep.sh
  pgpass: $dir/pgpass
  authentication:
    superuser: {username: postgres, password: zl-lab}
    replication: {username: replicator, password: zl-lab}
    rewind: {username: postgres, password: zl-lab}
  parameters:
    unix_socket_directories: $dir
    archive_command: pgbackrest --config=$dir/pgbackrest.conf --stanza=zulin archive-push %p
    shared_buffers: 128MB
    # A client host that vanished (its link cut) holds its locks until the server notices:
    # keepalives close its connection after about 25 s (idle 10 s + 3 probes 5 s apart).
    tcp_keepalives_idle: 10
    tcp_keepalives_interval: 5
    tcp_keepalives_count: 3
    tcp_user_timeout: 20000
  pg_hba:
    - local all all trust
    - local replication all trust
    - host replication replicator 127.0.0.1/32 trust
    - host replication replicator $NET.0/24 trust
    - host all all $NET.0/24 trust
    - host all all 127.0.0.1/32 trust
tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
  nosync: false
EOF
  chown -R postgres:postgres "$dir"
}

patroni_start() {
  local host=$1
  start "$host" "patroni-$host" runuser -u postgres -- "$(patroni_bin patroni)" \
    "$RUN/$host/patroni.yml"
}

role_of() { curl -s -m 1 "http://$(addr "$1"):8008/patroni" | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["role"])' 2>/dev/null; }
is_primary() { curl -sf -m 1 -o /dev/null "http://$(addr "$1"):8008/primary"; }
is_sync_standby() { curl -sf -m 1 -o /dev/null "http://$(addr "$1"):8008/sync"; }
primary() { local h; for h in db1 db2; do is_primary "$h" && { echo "$h"; return 0; }; done; return 1; }

databases() {
  mkdir -p "$RUN/backrest"
  chown postgres:postgres "$RUN/backrest"
  patroni_config db1
  patroni_config db2
  patroni_start db1
  wait_for 60 "db1 primary" is_primary db1
  patroni_start db2
  wait_for 90 "db2 as synchronous standby" is_sync_standby db2
  in_ns db1 runuser -u postgres -- pgbackrest --config="$RUN/db1/pgbackrest.conf" --stanza=zulin \
    --log-level-console=warn stanza-create
}

entry() {
  mkdir -p "$RUN/entry"
  cat >"$RUN/entry/haproxy.cfg" <<EOF
global
  maxconn 4000
  log stderr format short local0 notice
defaults
  log global
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
# PostgreSQL: only the server whose Patroni answers GET /primary with 200 takes connections;
# sessions to a server marked down are cut at once, so clients reconnect to the new primary.
listen postgres
  mode tcp
  bind $(addr entry):5432 tcp-ut 20s
  option httpchk GET /primary
  http-check expect status 200
  # A client host that vanished (a worker host cut off) is noticed and its server session
  # closed, so PostgreSQL releases the locks its transaction held: keepalives when the link
  # is idle (about 25 s), and a TCP user timeout (tcp-ut, 20 s) when an answer is waiting
  # unacknowledged — without it the kernel retransmits for about 15 minutes.
  option clitcpka
  clitcpka-idle 10s
  clitcpka-intvl 5s
  clitcpka-cnt 3
  default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 1 on-marked-down shutdown-sessions
  server db1 $(addr db1):5432 check port 8008
  server db2 $(addr db2):5432 check port 8008
# The API: both app hosts, a plain TCP check (a database outage is answered by the app's own
# 503 envelope, not by taking the app hosts out).
listen api
  mode http
  bind $(addr entry):8000
  balance roundrobin
  option forwardfor
  timeout client 60s
  timeout server 60s
  default-server inter 1s fall 2 rise 1
  server app1 $(addr app1):8000 check
$(has app2 && echo "  server app2 $(addr app2):8000 check")
listen stats
  mode http
  bind $(addr entry):8404
  stats enable
  stats uri /
EOF
  haproxy -c -q -f "$RUN/entry/haproxy.cfg"
  start entry haproxy haproxy -db -f "$RUN/entry/haproxy.cfg"
  wait_for 30 "HAProxy to the primary" "$PGBIN/pg_isready" -h "$(addr entry)" -p 5432 -t 1
}

redis_start() {
  mkdir -p "$RUN/broker" "$RUN/cache"
  if ! has broker; then
    # The small topology: one Redis, appendonly, the broker's settings (it holds the tasks).
    start cache redis-cache redis-server --bind "$(addr cache)" --port 6379 --protected-mode no \
      --dir "$RUN/cache" --appendonly yes --appendfsync everysec --save "" \
      --maxmemory-policy noeviction --daemonize no
    wait_for 15 "Redis" bash -c "exec 3<>/dev/tcp/$(addr cache)/6379"
    return 0
  fi
  start broker redis-broker redis-server --bind "$(addr broker)" --port 6379 --protected-mode no \
    --dir "$RUN/broker" --appendonly yes --appendfsync everysec --save "" \
    --maxmemory-policy noeviction --daemonize no
  start cache redis-cache redis-server --bind "$(addr cache)" --port 6379 --protected-mode no \
    --dir "$RUN/cache" --appendonly no --save "" --maxmemory 256mb \
    --maxmemory-policy allkeys-lru --daemonize no
  wait_for 15 "broker Redis" bash -c "exec 3<>/dev/tcp/$(addr broker)/6379"
  wait_for 15 "cache Redis" bash -c "exec 3<>/dev/tcp/$(addr cache)/6379"
}

app_env() {
  # The demo loads under production settings, as an operator's staging would. Its webhook
  # receiver is the sandbox's own behind the entry, plain http (the lab has no certificate):
  # that one address, and only it, is named as a plain-http receiver, and deliveries may
  # reach the entry's address (a benchmarking address, refused by default). Production's
  # defaults stay as they are: both settings are empty there.
  mkdir -p "$RUN/shared/private" "$RUN/shared/media"
  cat >"$RUN/env" <<EOF
export PYTHONPATH="$ROOT/platform:$ROOT"
export DJANGO_SETTINGS_MODULE=zulin.settings.prod
export SECRET_KEY=zl-cluster-lab-secret-not-for-production
export FIELD_ENCRYPTION_KEY=lab:$(printf 'zl-cluster-lab-field-key-32bytes' | base64 -w0)
export DATABASE_URL=postgresql://postgres@$(addr entry):5432/zulin
export DB_CONN_MAX_AGE=60
export REDIS_URL=redis://$(addr cache):6379/0
export CELERY_BROKER_URL=redis://$(addr broker 2>/dev/null || addr cache):6379/$(has broker && echo 0 || echo 1)
export CALLBACK_BASE_URL=http://$(addr entry):8000
export WEBHOOKS_HTTP_ALLOWED=http://$(addr entry):8000/api/sandbox/webhooks/receive
export WEBHOOKS_ALLOWED_NETWORKS=$(addr entry)/32
export TRUSTED_PROXY_COUNT=1
export PRIVATE_ROOT=$RUN/shared/private
export MEDIA_ROOT=$RUN/shared/media
export DEMO_ORDER_ROUNDS=$DEMO_ROUNDS
export SANDBOX_COMPLETE_SECONDS=$SANDBOX_COMPLETE
export SANDBOX_AUTO_COMPLETE=${ZL_SANDBOX_AUTO_COMPLETE:-1}
export GUNICORN_WORKERS=$APP_WORKERS
export CELERY_VISIBILITY_TIMEOUT=$VISIBILITY_TIMEOUT
EOF
}

app_data() {
  # shellcheck disable=SC1091
  source "$RUN/env"
  "$PGBIN/psql" -h "$(addr entry)" -U postgres -d postgres -qAtc "create database zulin" >/dev/null
  log "migrating and loading the demo (through HAProxy, on the primary)"
  "$PY" manage.py migrate_all >"$LOGS/migrate.log" 2>&1 || die "migrate_all failed: $LOGS/migrate.log"
  # Every topology loads the whole showcase (the small one too: a demo step that production's
  # settings refuse fails `make test`, not only `make cluster`).
  "$PY" manage.py load_demo >"$RUN/demo-logins.txt" 2>"$LOGS/load_demo.log" \
    || die "load_demo failed: $LOGS/load_demo.log"
}

apps() {
  local host
  for host in app1 app2; do
    has "$host" || continue
    start "$host" "gunicorn-$host" bash -c "source '$RUN/env' && exec '$ROOT/.venv/bin/gunicorn' \
      zulin.wsgi:application --chdir '$ROOT/platform' --bind '$(addr "$host"):8000' \
      --config '$ROOT/infra/gunicorn.conf.py' --access-logfile -"
  done
  # Every worker host takes the default queue and the night's per-merchant jobs; worker3 also
  # the spare pool's refill (settings: CELERY_TASK_ROUTES).
  local queues
  for host in worker1 worker2 worker3; do
    has "$host" || continue
    queues=celery,nightly
    [ "$host" != worker3 ] && has worker2 || queues=celery,nightly,provisioning
    # Under a supervisor, as production's (systemd Restart=always, compose's restart policy):
    # a worker whose broker went away may exit, and is started again (at most 20 times).
    start "$host" "celery-$host" bash -c "source '$RUN/env' && for run in \$(seq 20); do \
      '$ROOT/.venv/bin/celery' -A zulin.celery:app worker -n '$host@%h' -Q '$queues' \
      --concurrency '$WORKER_CONCURRENCY' --loglevel INFO; \
      echo \"[supervisor] worker exited (\$?), start \$run of 20\"; sleep 2; done"
  done
  mkdir -p "$RUN/beat"
  if has beat; then
    start beat celery-beat bash -c "source '$RUN/env' && exec '$ROOT/.venv/bin/celery' \
      -A zulin.celery:app beat --schedule '$RUN/beat/celerybeat-schedule' --loglevel INFO"
  fi
  for host in app1 app2; do
    has "$host" || continue
    wait_for 120 "gunicorn on $host" curl -sf -m 2 -o /dev/null -H "Host: localhost" \
      "http://$(addr "$host"):8000/api/health"
  done
  wait_for 30 "the API through HAProxy" curl -sf -m 2 -o /dev/null -H "Host: localhost" \
    "http://$(addr entry):8000/api/health"
}

status() {
  local h
  for h in db1 db2; do
    printf '  %-4s %-16s patroni role: %s\n' "$h" "$(addr "$h")" "$(role_of "$h" || echo down)"
  done
  in_ns db1 runuser -u postgres -- "$(patroni_bin patronictl)" -c "$RUN/db1/patroni.yml" list \
    2>/dev/null || in_ns db2 runuser -u postgres -- "$(patroni_bin patronictl)" \
    -c "$RUN/db2/patroni.yml" list 2>/dev/null || true
}

print_where() {
  local redis
  if has broker; then
    redis="  Redis broker        redis://$(addr broker):6379/0 (appendonly)
  Redis cache         redis://$(addr cache):6379/0 (disposable)"
  else
    redis="  Redis               redis://$(addr cache):6379/0 cache, /1 broker (appendonly)"
  fi
  cat <<EOF

The cluster ($TOPOLOGY) is up (logs: .run/cluster/logs; \`make cluster-down\` stops it all):
  API (HAProxy)       http://$(addr entry):8000   (Host: demo.localhost / admin.localhost)
  PostgreSQL primary  postgresql://postgres@$(addr entry):5432/zulin   (HAProxy -> Patroni /primary)
  HAProxy stats       http://$(addr entry):8404/
  db1                 $(addr db1)  PostgreSQL :5432, Patroni $("$(patroni_bin patroni)" --version | cut -d' ' -f2) REST :8008
  db2                 $(addr db2)  PostgreSQL :5432, Patroni REST :8008
  etcd members        $(for h in "${ETCD_HOSTS[@]}"; do printf '%s ' "$(addr "$h"):2379"; done)
  app hosts           $(for h in app1 app2; do has $h && printf '%s ' "$(addr $h):8000"; done)(gunicorn, $APP_WORKERS workers each)
  worker hosts        $(for h in worker1 worker2 worker3; do has $h && printf '%s ' "$(addr $h)"; done)(Celery, concurrency $WORKER_CONCURRENCY, acks_late)
  beat                $(has beat && echo "$(addr beat) (Celery beat, the only one)" || echo "none in this topology")
$redis
  private files       .run/cluster/shared/private (the app hosts' shared store)
  pgBackRest repo     .run/cluster/backrest (stanza zulin)
  demo logins         .run/cluster/demo-logins.txt
  run a command on a host: ip netns exec zl-db1 …   env for manage.py: source .run/cluster/env
EOF
  status
}

up() {
  [ "$(id -u)" = 0 ] || die "run as root (network namespaces)"
  mkdir -p "$RUN"
  down
  rm -rf "$RUN"
  mkdir -p "$LOGS"
  trap 'rc=$?; if [ $rc -ne 0 ]; then log "failed: taking down what was started"; down; fi' EXIT
  trap 'exit 130' INT TERM
  packages
  patroni_venv
  local started=$SECONDS
  network
  etcd_start
  log "etcd up ($((SECONDS - started)) s)"
  databases
  log "PostgreSQL primary db1, synchronous standby db2 ($((SECONDS - started)) s)"
  entry
  redis_start
  app_env
  app_data
  apps
  log "up in $((SECONDS - started)) s"
  trap - EXIT INT TERM
  print_where
}

case "${1:-}" in
  up) up ;;
  down) down; log "down: no zl- namespace left ($(ip netns list | grep -c '^zl-' || true))" ;;
  status) status ;;
  primary) primary ;;
  patroni-bin) patroni_bin "${2:-patroni}" ;;
  *) echo "usage: $0 up|down|status|primary|patroni-bin" >&2; exit 2 ;;
esac
