#!/usr/bin/env bash
# The front end's checks: typed client freshness, types, unit tests, production build, and the
# Playwright suite in Debian's Chromium against a real backend with fresh demo data.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
PY=$ROOT/.venv/bin/python
E2E_API_PORT="${E2E_API_PORT:-8765}"
export E2E_PORT="${E2E_PORT:-3100}"

mkdir -p "$ROOT/.run"
# E2E_DB / E2E_REDIS_DB let two checkouts on one machine run the suite side by side.
eval "$($PY infra/scripts/services.py "${E2E_DB:-zulin_e2e}" --fresh --redis-db "${E2E_REDIS_DB:-14}")"
export DATABASE_URL REDIS_URL PYTHONPATH="$ROOT/platform:$ROOT"
export DJANGO_SETTINGS_MODULE=zulin.settings.dev CACHE_KEY_PREFIX=zulin-e2e TRUSTED_PROXY_COUNT=1 \
  LOGIN_RATE=1000/m DEMO_ORDER_ROUNDS=1  # the browser suite signs in often (throttling has its own API tests); every order state once
# The sandboxes' callbacks reach this run's API.
export CALLBACK_BASE_URL="http://127.0.0.1:${E2E_API_PORT}"

# The committed OpenAPI snapshot must be what the backend serves now.
$PY manage.py export_openapi "$ROOT/.run/openapi.json" >/dev/null
if ! cmp -s "$ROOT/.run/openapi.json" frontend/src/api/openapi.json; then
  echo "frontend/src/api/openapi.json is stale: run '.venv/bin/python manage.py export_openapi'" \
    "then 'npm run gen:api' in frontend/" >&2
  exit 1
fi

cd frontend
# E2E_SKIP_NPM_CI=1 keeps node_modules as it is (a worktree whose node_modules is shared).
if [ -z "${E2E_SKIP_NPM_CI:-}" ]; then npm ci --no-audit --no-fund --loglevel=error; fi
npm run check:api
npm run typecheck
if npm run | grep -q "^  lint$"; then npm run lint; fi
npm run test:unit
npm run build

cd "$ROOT"
bash infra/scripts/e2e.sh
