#!/usr/bin/env bash
# The Playwright suite against a real backend with fresh demo data (the last step of
# test-frontend.sh). Alone, it runs one spec without the other front-end checks:
#   E2E_ARGS="e2e/orders.spec.ts" bash infra/scripts/e2e.sh
# It builds the front end when no build is there (E2E_BUILD=1 builds anyway). E2E_DB,
# E2E_REDIS_DB, E2E_PORT and E2E_API_PORT let two checkouts run side by side.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
PY=$ROOT/.venv/bin/python
E2E_API_PORT="${E2E_API_PORT:-8765}"
export E2E_PORT="${E2E_PORT:-3100}"

# Debian's chromium drives the browser tests; a CJK font makes the screenshots legible.
if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi "wenquanyi\|wqy"; then
  echo "installing Debian's chromium and a CJK font for the browser tests"
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
fi

mkdir -p "$ROOT/.run"
eval "$($PY infra/scripts/services.py "${E2E_DB:-zulin_e2e}" --fresh --redis-db "${E2E_REDIS_DB:-14}")"
export DATABASE_URL REDIS_URL PYTHONPATH="$ROOT/platform:$ROOT"
export DJANGO_SETTINGS_MODULE=zulin.settings.dev CACHE_KEY_PREFIX=zulin-e2e TRUSTED_PROXY_COUNT=1 \
  LOGIN_RATE=1000/m DEMO_ORDER_ROUNDS=1  # the browser suite signs in often (throttling has its own API tests); every order state once
# The sandboxes' callbacks reach this run's API.
export CALLBACK_BASE_URL="http://127.0.0.1:${E2E_API_PORT}"

DIST_DIR="frontend/${NEXT_DIST_DIR:-.next}"
if [ -n "${E2E_BUILD:-}" ] || [ ! -f "$DIST_DIR/BUILD_ID" ]; then
  (cd frontend && npm run build)
fi

cd "$ROOT"
$PY manage.py migrate_all >/dev/null
$PY manage.py load_demo >/dev/null
$PY -c "import redis, os; redis.Redis.from_url(os.environ['REDIS_URL']).flushdb()"
.venv/bin/gunicorn zulin.wsgi:application --chdir platform --bind "127.0.0.1:${E2E_API_PORT}" \
  --config infra/gunicorn.conf.py > .run/e2e-api.log 2>&1 &
API_PID=$!
# A worker runs what the API queues (exports, the sandboxes' settling and callbacks).
.venv/bin/celery -A zulin.celery:app worker --concurrency 1 --loglevel WARNING \
  > .run/e2e-worker.log 2>&1 &
WORKER_PID=$!
trap 'kill $API_PID $WORKER_PID 2>/dev/null || true' EXIT
$PY - "$E2E_API_PORT" <<'PY'
import sys, time, urllib.request
for _ in range(120):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/api/health", timeout=3)
        sys.exit(0)
    except OSError:
        time.sleep(0.5)
sys.exit("the e2e API did not start; see .run/e2e-api.log")
PY

cd frontend
API_ORIGIN="http://127.0.0.1:${E2E_API_PORT}" CI=1 npm run e2e -- ${E2E_ARGS:-}
