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

# Debian's chromium drives the browser tests.
source infra/scripts/chromium.sh
ensure_chromium

source infra/scripts/demo-api.sh
demo_api_env "${E2E_DB:-zulin_e2e}" "${E2E_REDIS_DB:-14}" zulin-e2e
# The sandboxes' callbacks reach this run's API.
export CALLBACK_BASE_URL="http://127.0.0.1:${E2E_API_PORT}"
# Links sent to customers open on this run's web front end (never on the API's port).
export PUBLIC_WEB_ORIGIN="http://127.0.0.1:${E2E_PORT}"

DIST_DIR="frontend/${NEXT_DIST_DIR:-.next}"
if [ -n "${E2E_BUILD:-}" ] || [ ! -f "$DIST_DIR/BUILD_ID" ]; then
  (cd frontend && npm run build)
fi

cd "$ROOT"
# A worker runs what the API queues (exports, the sandboxes' settling and callbacks).
trap 'kill ${API_PID:-} ${WORKER_PID:-} 2>/dev/null || true' EXIT
demo_api_start "$E2E_API_PORT" e2e
.venv/bin/celery -A zulin.celery:app worker --concurrency 1 --loglevel WARNING \
  > .run/e2e-worker.log 2>&1 &
WORKER_PID=$!

cd frontend
API_ORIGIN="http://127.0.0.1:${E2E_API_PORT}" CI=1 npm run e2e -- ${E2E_ARGS:-}
