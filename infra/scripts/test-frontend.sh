#!/usr/bin/env bash
# The front end's checks: typed client freshness, types, unit tests, production build, and the
# Playwright suite in Debian's Chromium against a real backend with fresh demo data (e2e.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
PY=$ROOT/.venv/bin/python

# The same environment the browser tests' backend runs in (E2E_DB / E2E_REDIS_DB let two
# checkouts on one machine run the suite side by side).
source infra/scripts/demo-api.sh
demo_api_env "${E2E_DB:-zulin_e2e}" "${E2E_REDIS_DB:-14}" zulin-e2e

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
