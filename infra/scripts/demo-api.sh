# Sourced (not run) by the scripts that need a served backend with the demo data: the browser
# tests (e2e.sh) and the first-load benchmark (bench-frontend.sh). Expects ROOT and PY.

# demo_api_env DB REDIS_DB CACHE_PREFIX: a fresh database and Redis database, and the
# environment both the API and the loader run in.
demo_api_env() {
  mkdir -p "$ROOT/.run"
  eval "$($PY "$ROOT/infra/scripts/services.py" "$1" --fresh --redis-db "$2")"
  export DATABASE_URL REDIS_URL PYTHONPATH="$ROOT/platform:$ROOT"
  # The browser suite signs in often (throttling has its own API tests). The demo is the one
  # `make run` loads, with the shipped settings: so `make test` fails when a fresh machine's
  # `make run` would (issue 59; tests/test_infra.py holds this).
  export DJANGO_SETTINGS_MODULE=zulin.settings.dev CACHE_KEY_PREFIX="$3" TRUSTED_PROXY_COUNT=1 \
    LOGIN_RATE=1000/m
  unset DEMO_ORDER_ROUNDS
}

# demo_api_start PORT NAME: migrates, loads the demo data, empties the cache, starts the API
# under gunicorn on PORT (log .run/NAME-api.log, pid in API_PID) and waits for /api/health.
# A failed load fails the caller, its last lines printed (.run/NAME-load.log holds it all).
demo_api_start() {
  local began=$SECONDS
  if ! (cd "$ROOT" && $PY manage.py migrate_all && $PY manage.py load_demo) \
      > "$ROOT/.run/$2-load.log" 2>&1; then
    tail -40 "$ROOT/.run/$2-load.log" >&2
    echo "the demo (what make run loads) failed to load; see .run/$2-load.log" >&2
    return 1
  fi
  echo "the demo as make run loads it: migrated and loaded in $((SECONDS - began)) s"
  $PY -c "import redis, os; redis.Redis.from_url(os.environ['REDIS_URL']).flushdb()"
  "$ROOT/.venv/bin/gunicorn" zulin.wsgi:application --chdir "$ROOT/platform" --bind "127.0.0.1:$1" \
    --config "$ROOT/infra/gunicorn.conf.py" > "$ROOT/.run/$2-api.log" 2>&1 &
  API_PID=$!
  $PY - "$1" "$2" <<'PY'
import sys, time, urllib.request
for _ in range(120):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/api/health", timeout=3)
        sys.exit(0)
    except OSError:
        time.sleep(0.5)
sys.exit(f"the API did not start; see .run/{sys.argv[2]}-api.log")
PY
}
