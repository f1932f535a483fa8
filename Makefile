# Zulin: `make run` serves the product with demo data; `make test` runs every check.
# Both set themselves up on a bare machine: virtual env, packages, PostgreSQL and Redis
# (the ones configured, else local ports, else embedded ones under .run/).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
UV := $(VENV)/bin/uv
API_PORT ?= 8000
WEB_PORT ?= 3000
# Prints `export DATABASE_URL=… REDIS_URL=…` for the named database.
SERVICES = eval "$$($(PY) infra/scripts/services.py $(1))"

.PHONY: money-walks demo-check cluster cluster-down drills drill-failover drill-freeze drill-restore drill-workers drill-switchover run test venv lint typecheck test-backend test-frontend e2e mutants mutation mutation-integrated bench bench-foundation bench-lists bench-exports bench-onboarding bench-migrations bench-nightly bench-dashboard bench-aging bench-evidence bench-recovery bench-assets bench-asset-report bench-labels bench-privacy bench-frontend bench-connections bench-pgbouncer bench-scale bench-webhooks clean

venv: $(VENV)/.synced

$(VENV)/.synced: pyproject.toml uv.lock
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@test -x $(UV) || $(PY) -m pip install --quiet --disable-pip-version-check uv==0.13.9
	$(UV) sync --frozen --quiet --python $(PY)
	@touch $@

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	PYTHONPATH=platform:. $(VENV)/bin/lint-imports --no-cache

typecheck: venv
	$(VENV)/bin/mypy platform tenants apps

# Two workers on the two cores (PYTEST_WORKERS=0 runs in one process); the slowest tests are
# listed at the end, to keep the whole run under its budget as the product grows.
PYTEST_WORKERS ?= 2
test-backend: venv
	$(call SERVICES,zulin) && $(VENV)/bin/pytest -q -n $(PYTEST_WORKERS) --dist worksteal --durations=25

# The backend's tests and the front end's checks run side by side: the browser suite mostly
# waits (one browser, one page at a time) while pytest keeps the cores busy. Each half's output
# is printed whole when it ends (--output-sync); either failing fails `make test`.
# Then the reduced failover drill on its own small cluster, loaded with the full drills'
# showcase (about 6 minutes on the shared 2-core machine; root).
test: lint typecheck
	@$(PY) infra/scripts/services.py zulin >/dev/null  # embedded servers started once, not by both halves at once
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-backend \
	  $(if $(wildcard frontend/package.json),test-frontend)
	@$(MAKE) --no-print-directory drill-switchover

test-frontend: venv
	bash infra/scripts/test-frontend.sh

# The browser suite alone, or one spec: make e2e E2E_ARGS=e2e/orders.spec.ts (builds when no build is there).
e2e: venv
	bash infra/scripts/e2e.sh

# Targeted mutants of the money rules (infra/mutants.toml, docs/money.md): each breaks one
# rule and must make its tests fail. Not part of `make test`; it changes this checkout's
# files while it runs (each put back), so run no other tests from here meanwhile.
# One mutant: make mutants MUTANTS_ARGS="--only payout-after-commit".
MUTANTS_ARGS ?=
mutants: venv
	$(call SERVICES,zulin) && $(PY) infra/scripts/mutants.py $(MUTANTS_ARGS)

# mutmut over the pure money rules (platform/zulin/money) and the posting-rule table, with
# their unit tests (no database): under 2 min here, at least 90 % of mutants killed
# (docs/money.md, "Mutation testing"). Not part of `make test`; the checkout is not touched.
# The money code that needs the database: `make mutation-integrated` below.
mutation: venv
	$(PY) infra/scripts/mutation.py

# The integrated money code (billing, the orders' money modules, recovery's write-off, the
# idempotency keys; infra/mutation_integrated.toml): mutants made with `ast`, a seeded sample
# per module run against the database tests in a copy of the checkout (.run/mutation-integrated),
# each module's score with its 95 % Wilson interval; about 45 min on one core, at least 90 %
# killed and every survivor explained (docs/money.md). Not part of `make test`.
# One module or mutant: make mutation-integrated MUTATION_ARGS="--module billing.charges".
MUTATION_ARGS ?=
mutation-integrated: venv
	$(call SERVICES,zulin) && $(PY) infra/scripts/mutation_integrated.py $(MUTATION_ARGS)

# The three money walks of docs/money.md measured as the code runs (modules entered and
# hand-backs, from the handler to its return; apps/billing/tests/walks.py). Not in `make test`.
money-walks: venv
	$(call SERVICES,zulin) && $(VENV)/bin/pytest -q -s apps/billing/tests/walks.py

run: venv
	bash infra/scripts/run.sh

# The shipped demo (what `make run` loads) on fresh databases of a PostgreSQL of its own: at
# 1, 4 and 8 order rounds, then at the hours that have broken it or could (the night's
# window, China's midnight, a month's last day, 29 February), the loader and the database
# both under libfaketime (installed when missing; root). About 25 minutes; not in `make test`.
# docs/testing.md lists the moments and their last results. One case:
# make demo-check DEMO_CHECK_CASES=2026-12-07T01:20:00
demo-check: venv
	DEMO_CHECK_CASES="$(DEMO_CHECK_CASES)" $(PY) infra/scripts/demo_check.py

bench: bench-foundation bench-lists bench-exports bench-onboarding bench-migrations bench-nightly bench-dashboard bench-aging bench-evidence bench-recovery bench-assets bench-labels bench-privacy bench-connections bench-frontend

bench-foundation: venv
	$(call SERVICES,zulin_bench) && $(PY) benchmarks/foundation.py

bench-lists: venv
	$(PY) benchmarks/lists.py

bench-exports: venv
	$(PY) benchmarks/exports.py

bench-onboarding: venv
	$(PY) benchmarks/onboarding.py

# The memory of one connection over 100 and 1,000 merchants' nightly jobs, with and without
# recycling (benchmarks/connections.py; about 5 minutes, most of it making the schemas).
bench-connections: venv
	$(PY) benchmarks/connections.py

# django-tenants behind Debian's PgBouncer: which pooling mode keeps every query in its
# merchant's schema (benchmarks/pgbouncer.py; about a minute; installs pgbouncer if missing).
bench-pgbouncer: venv
	$(PY) benchmarks/pgbouncer.py

# Ten thousand merchants on a PostgreSQL cluster of its own (benchmarks/scale.py): hours,
# resumable; run it in the background and tail $(BENCH_SCALE_DIR)/scale.log.
BENCH_SCALE_DIR ?= $(CURDIR)/.run/scale
bench-scale: venv
	mkdir -p $(BENCH_SCALE_DIR) && BENCH_SCALE_DIR=$(BENCH_SCALE_DIR) $(PY) benchmarks/scale.py 2>&1 | tee -a $(BENCH_SCALE_DIR)/scale.log

bench-migrations: venv
	$(PY) benchmarks/migrations.py

# Outbox to delivered on a local receiver at 100 events/s for a minute (issue 44: p99 < 1 s,
# none lost or doubled; benchmarks/webhooks.py, about 2 minutes).
bench-webhooks: venv
	$(PY) benchmarks/webhooks.py

# The night's money jobs for 100 merchants x 1,000 leases (issue 12): a prepared database kept
# between runs (remade when missing, stale or of another day), a Celery worker as `make run`'s.
bench-nightly: venv
	$(PY) benchmarks/nightly.py

# The data centre on a merchant with 100,000 orders and over 100 merchants (issue 14).
bench-dashboard: venv
	$(PY) benchmarks/dashboard.py

# The platform's aging over 100 merchants' projection rows at 8 clients (issue 29: p95 < 300 ms).
bench-aging: venv
	$(PY) benchmarks/aging.py

# An evidence pack of an order with 36 bills: the median build (aim < 5 s), the same bytes.
bench-evidence: venv
	$(PY) benchmarks/evidence.py

# The collector's workbench list at 100,000 orders and 10,000 open cases (issue 28): p99 < 50 ms
# at 8 clients at page 1 and page 500, against the same SQL without Django.
bench-recovery: venv
	$(PY) benchmarks/recovery.py

bench-assets: venv bench-asset-report
	$(PY) benchmarks/assets.py

# The asset report over 100,000 units and 300,000 orders (p95 < 300 ms at 8 clients) and a
# unit's page with 50 inspections and 20 work orders (p95 < 100 ms): issue 63.
bench-asset-report: venv
	$(PY) benchmarks/asset_report.py

# A customer's access copy with 50 orders (< 5 s) and the nightly retention job over 100
# merchants x 10,000 closed leases (< 2 min) (benchmarks/privacy.py; about 15 minutes).
bench-privacy: venv
	$(PY) benchmarks/privacy.py

# 200 waybill labels (76 x 130 mm) in one PDF (issue 65): median < 5 s, drawn and merged.
bench-labels: venv
	$(PY) benchmarks/labels.py

clean:
	rm -rf .run $(VENV) frontend/node_modules frontend/.next

# First-load JavaScript per screen in Chromium, cache off, each screen signed in with its data
# from a demo-loaded backend (issue 10 / 27: ≤ 200 KB gzip each).
# First-load JavaScript only, from the build (seconds once built; no backend, no browser):
# make bench-frontend BENCH_FRONTEND_ARGS=--size-only
BENCH_FRONTEND_ARGS ?=
bench-frontend: venv
	bash infra/scripts/bench-frontend.sh $(BENCH_FRONTEND_ARGS)

# Several hosts on this machine (issue 40; docs/operations.md, "The cluster"): PostgreSQL 15 +
# Patroni + etcd on db1/db2 (+ a third etcd host), HAProxy, two app hosts, three worker hosts,
# beat and Redis, each in its own network namespace (root). `make cluster` leaves it running;
# `make cluster-down` stops everything it started. The drills bring up their own and take it
# down at the end, also on failure; each prints its figures and exits non-zero on a loss.
cluster: venv
	bash infra/cluster/cluster.sh up

cluster-down:
	bash infra/cluster/cluster.sh down

drill-failover: venv
	bash infra/cluster/drill.sh failover

# The primary's host frozen (SIGSTOP of every process on it) for 30 s under
# load, then continued, five times on one cluster: the standby takes over, the old primary
# steps down by itself and follows, nothing acknowledged is lost (issue 61; root).
drill-freeze: venv
	bash infra/cluster/drill.sh freeze

# Every full drill in turn (failover, freeze, workers, restore at its default size), each on
# its own cluster, then one summary table (.run/drills/summary.md): root; 22 minutes for
# failover, workers and restore on the shared 2-core machine, about 15 more for the freeze
# drill's five pauses (docs/operations.md, "make drills"). Run it before resolving an issue
# that touches the cluster, the demo, settings or migrations.
drills: venv
	bash infra/cluster/drills.sh

drill-restore: venv
	bash infra/cluster/drill.sh restore

drill-workers: venv
	bash infra/cluster/drill.sh workers

# The reduced failover drill (part of `make test`): a small cluster (two database hosts under
# Patroni, etcd, HAProxy, one app and one worker host) loaded with the full drills' showcase
# under production settings, a planned switchover with withholds in flight, then the books and
# the demo's webhook deliveries checked; about 6 minutes. Network namespaces need root: as another
# user it says so and is skipped.
drill-switchover: venv
	@if [ "$$(id -u)" = 0 ]; then bash infra/cluster/drill.sh switchover; \
	else echo "drill-switchover: SKIPPED, network namespaces need root (CI runs as root)"; fi
