#!/usr/bin/env bash
# `make run`: migrate, load demo data, build the front end, then serve the API (gunicorn),
# a Celery worker and beat, and the Next.js server; Ctrl-C stops them all.
set -euo pipefail
cd "$(dirname "$0")/../.."
API_PORT="${API_PORT:-8000}"
WEB_PORT="${WEB_PORT:-3000}"
PY=.venv/bin/python
mkdir -p .run
eval "$($PY infra/scripts/services.py zulin)"
export DATABASE_URL REDIS_URL PYTHONPATH="$PWD/platform:$PWD"
export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-zulin.settings.dev}"
export TRUSTED_PROXY_COUNT="${TRUSTED_PROXY_COUNT:-1}"  # the Next.js server proxies /api
# Sandbox providers post their callbacks to the API itself.
export CALLBACK_BASE_URL="${CALLBACK_BASE_URL:-http://127.0.0.1:${API_PORT}}"
# Links sent to customers (payment links, their QR codes and SMS, share links) open on the web
# front end, which serves the sandbox cashier's page; a LAN address here opens them on a phone.
export PUBLIC_WEB_ORIGIN="${PUBLIC_WEB_ORIGIN:-http://127.0.0.1:${WEB_PORT}}"

# The front end installs and builds beside the database's work (each takes about one core):
# a fresh machine's time to a served product is the longer of the two, not their sum.
began=$SECONDS
if [ -f frontend/package.json ]; then
  echo "front end: npm ci and next build in the background (.run/web-build.log)"
  (cd frontend && npm ci --no-audit --no-fund --loglevel=error && npm run build) \
    > .run/web-build.log 2>&1 &
  web_build=$!
fi
$PY manage.py migrate_all
migrated=$SECONDS
echo "migrated in $((migrated - began)) s; loading the demo (its 90 days of history)…"
$PY manage.py load_demo > .run/demo-logins.txt
loaded=$SECONDS
echo "demo loaded in $((loaded - migrated)) s"
if [ -n "${web_build:-}" ]; then
  if ! wait "$web_build"; then
    tail -30 .run/web-build.log >&2
    echo "the front end's install or build failed; see .run/web-build.log" >&2
    exit 1
  fi
  echo "front end built $((SECONDS - began)) s after the start (waited $((SECONDS - loaded)) s for it)"
fi

pids=()
stop_all() { kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; }
trap stop_all EXIT INT TERM

# Sync workers, one per core (infra/gunicorn.conf.py).
.venv/bin/gunicorn zulin.wsgi:application --chdir platform --bind "${API_BIND:-127.0.0.1}:${API_PORT}" \
  --config infra/gunicorn.conf.py --access-logfile - >> .run/api.log 2>&1 &
pids+=($!)
.venv/bin/celery -A zulin.celery:app worker --concurrency 2 --loglevel INFO >> .run/worker.log 2>&1 &
pids+=($!)
.venv/bin/celery -A zulin.celery:app beat --schedule .run/celerybeat-schedule --loglevel INFO \
  >> .run/beat.log 2>&1 &
pids+=($!)
if [ -f frontend/package.json ]; then
  (cd frontend && PORT="$WEB_PORT" API_ORIGIN="http://127.0.0.1:${API_PORT}" exec npm run start) \
    >> .run/web.log 2>&1 &
  pids+=($!)
fi

echo "waiting for the API, the worker and beat (GET /api/health)…"
for _ in $(seq 1 120); do
  if $PY - "$API_PORT" <<'PY'
import json, sys, urllib.request
try:
    body = json.load(urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/api/health", timeout=3))
except Exception:
    sys.exit(1)
sys.exit(0 if body["code"] == 200 and body["data"]["healthy"] else 1)
PY
  then healthy=1; break; fi
  sleep 1
done
if [ -z "${healthy:-}" ]; then echo "the API did not become healthy; see .run/*.log" >&2; exit 1; fi
if [ -f frontend/package.json ]; then
  for _ in $(seq 1 60); do  # the Next.js server answering a page (any HTTP status)
    $PY - "$WEB_PORT" <<'PY' && break
import sys, urllib.error, urllib.request
ask = urllib.request.Request(f"http://127.0.0.1:{sys.argv[1]}/login", headers={"Host": "demo.localhost"})
try:
    urllib.request.urlopen(ask, timeout=3)
except urllib.error.HTTPError:
    pass
except OSError:
    sys.exit(1)
PY
    sleep 1
  done
fi
echo "served $((SECONDS - began)) s after the start (migrate, demo and build included)"

cat <<MSG

Zulin is running (logs in .run/*.log; Ctrl-C stops everything).
  Platform admin   http://admin.localhost:${WEB_PORT}   admin / Zulin@2026
  Merchant demo    http://demo.localhost:${WEB_PORT}    owner / Zulin@2026   (manager / Zulin@2026: two roles)
  Merchant acme    http://acme.localhost:${WEB_PORT}    owner / Zulin@2026
  demo sub-shops   east, west, north / Zulin@2026 (on demo.localhost)
  demo staff       auditor, sales1, sales2, finance, service / Zulin@2026 (on demo.localhost)
  API              http://127.0.0.1:${API_PORT}/api/docs (send Host: admin.localhost or demo.localhost)
  Sandbox SMS      .venv/bin/python manage.py sandbox_sms
  Sandboxes        .venv/bin/python manage.py sandbox payments|callbacks|fail … (docs/configuration.md)
MSG
echo "What the demo holds (.run/demo-logins.txt):"
sed 's/^/  /' .run/demo-logins.txt
wait -n "${pids[@]}"
