#!/usr/bin/env bash
# `make bench-frontend`: first-load JavaScript per screen, each screen signed in and loaded with
# its data from a real backend holding the demo data (frontend/scripts/bundle-size.mjs).
#
# Like the browser tests (infra/scripts/test-frontend.sh): a fresh database with the demo data,
# the API under gunicorn; then the front end is built (into .next-bench) and measured.
# BENCH_DB / BENCH_REDIS_DB / BENCH_API_PORT let it run beside a browser-test run; arguments go
# to bundle-size.mjs (--no-build, --verbose, --json FILE, --check).
# With API_ORIGIN already set (a backend you started yourself, demo data loaded) it only measures.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
PY=$ROOT/.venv/bin/python

cd frontend
test -d node_modules || npm ci --no-audit --no-fund --loglevel=error
cd "$ROOT"

if [ -z "${API_ORIGIN:-}" ]; then
  BENCH_API_PORT="${BENCH_API_PORT:-8766}"
  mkdir -p "$ROOT/.run"
  eval "$($PY infra/scripts/services.py "${BENCH_DB:-zulin_bench_frontend}" --fresh --redis-db "${BENCH_REDIS_DB:-15}")"
  export DATABASE_URL REDIS_URL PYTHONPATH="$ROOT/platform:$ROOT"
  export DJANGO_SETTINGS_MODULE=zulin.settings.dev CACHE_KEY_PREFIX=zulin-bench-frontend TRUSTED_PROXY_COUNT=1 \
    LOGIN_RATE=1000/m DEMO_ORDER_ROUNDS=1  # the same demo data as the browser tests: every order state once
  $PY manage.py migrate_all >/dev/null
  $PY manage.py load_demo >/dev/null
  $PY -c "import redis, os; redis.Redis.from_url(os.environ['REDIS_URL']).flushdb()"
  .venv/bin/gunicorn zulin.wsgi:application --chdir platform --bind "127.0.0.1:${BENCH_API_PORT}" \
    --config infra/gunicorn.conf.py > .run/bench-frontend-api.log 2>&1 &
  API_PID=$!
  trap 'kill $API_PID 2>/dev/null || true' EXIT
  $PY - "$BENCH_API_PORT" <<'PY'
import sys, time, urllib.request
for _ in range(120):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/api/health", timeout=3)
        sys.exit(0)
    except OSError:
        time.sleep(0.5)
sys.exit("the bench API did not start; see .run/bench-frontend-api.log")
PY
  export API_ORIGIN="http://127.0.0.1:${BENCH_API_PORT}"
fi

cd frontend
node scripts/bundle-size.mjs "$@"
