"""Settings shared by every environment. Environment variables are read in env.py only."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from pathlib import Path

from celery.schedules import crontab
from kombu import Queue

from .env import (
    env_bool,
    env_dict,
    env_float,
    env_int,
    env_list,
    env_str,
    parse_database_url,
)

BASE_DIR = Path(__file__).resolve().parents[3]

SECRET_KEY = env_str("SECRET_KEY", "dev-only-secret-key-change-me-in-production-0123456789")
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["*"])
# Only behind a proxy that overwrites X-Forwarded-Host with one value (nginx, Next's proxy).
USE_X_FORWARDED_HOST = env_bool("USE_X_FORWARDED_HOST", True)
# Proxies in front of Django (Next.js, nginx) whose X-Forwarded-For entries are trusted for
# the client address of throttles and sign-in locks; 0 = REMOTE_ADDR only.
NINJA_NUM_PROXIES = env_int("TRUSTED_PROXY_COUNT", 0)

# --- tenancy -------------------------------------------------------------------------------
ADMIN_HOST_PREFIX = env_str("ADMIN_HOST_PREFIX", "admin")
BASE_DOMAIN = env_str("BASE_DOMAIN", "localhost")
TENANT_MODEL = "merchants.Merchant"
TENANT_DOMAIN_MODEL = "merchants.Domain"
PUBLIC_SCHEMA_NAME = "public"
# New merchants are cloned from this migrated, data-free schema
# (tenants/merchants/provisioning.py).
TENANT_BASE_SCHEMA = "merchant_template"
TENANT_CREATION_FAKES_MIGRATIONS = True
# Schemas cloned ahead of time and renamed at onboarding (tenants/merchants/provisioning.py).
SPARE_SCHEMAS = env_int("SPARE_SCHEMAS", 3)
# Schemas are made by replaying the template's dump (tenants/merchants/replay.py) with a
# pg_dump of the server's major version: this one when set, else one found on PATH, under
# /usr/lib/postgresql or inside pgserver. None found: django-tenants' slower clone_schema.
PG_DUMP = env_str("PG_DUMP", "")
DOMAIN_CACHE_SECONDS = env_int("DOMAIN_CACHE_SECONDS", 300)
# SET search_path only when the path changes (zulin/core/postgres/base.py). A pooler in front
# must pool sessions (docs/platform.md): no setting makes transaction pooling safe.
TENANT_LIMIT_SET_CALLS = env_bool("TENANT_LIMIT_SET_CALLS", True)
# A connection that has worked in this many merchants' schemas is closed at the next request or
# task boundary: PostgreSQL keeps each schema's catalog entries per connection
# (zulin/core/postgres/base.py; measured in docs/benchmarks.md, "Connections").
DB_SCHEMAS_PER_CONNECTION = env_int("DB_SCHEMAS_PER_CONNECTION", 100)
ORIGINAL_BACKEND = "django.db.backends.postgresql"

SHARED_APPS = [
    "django_tenants",
    "django.contrib.contenttypes",
    "django.contrib.staticfiles",
    "ninja",
    "zulin",
    "zulin.providers",
    "zulin.audit",
    "zulin.ledger",
    "zulin.files",
    "zulin.exports",
    "zulin.outbox",
    "zulin.idempotency",
    "tenants.merchants",
    "tenants.accounts",
    "tenants.workbench",
    "tenants.catalog",
    "tenants.orders",
    "tenants.finance",
    "tenants.risk",
    "tenants.dashboard",
]
# Apps living in each merchant's schema: the audit trail, the ledger, private files and
# exports (these in both schemas) and apps/*.
TENANT_APPS = [
    "django.contrib.contenttypes",
    "zulin.audit",
    "zulin.ledger",
    "zulin.files",
    "zulin.exports",
    "zulin.outbox",
    "zulin.idempotency",
    "apps.subshops",
    "apps.goods",
    "apps.assets",
    "apps.billing",
    "apps.orders",
    "apps.risk",
    "apps.promotion",
    "apps.notary",
    "apps.credit",
    "apps.service",
    "apps.recovery",
    "apps.dashboard",
    "apps.disputes",
    "apps.webhooks",
    "apps.privacy",
]
INSTALLED_APPS = list(dict.fromkeys(SHARED_APPS + TENANT_APPS))

DATABASE_ROUTERS = ("django_tenants.routers.TenantSyncRouter",)

MIDDLEWARE = [
    "zulin.core.logging.RequestLogMiddleware",
    "zulin.core.i18n.LanguageMiddleware",
    "zulin.core.envelope.EnvelopeFallbackMiddleware",
    "zulin.core.tenancy.SideMiddleware",
    "zulin.core.input_guard.InputGuardMiddleware",
    "django.middleware.common.CommonMiddleware",
]

ROOT_URLCONF = "zulin.urls"
WSGI_APPLICATION = "zulin.wsgi.application"

_db = parse_database_url(env_str("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/zulin"))
DATABASES = {
    "default": {
        # django-tenants' backend, setting the schema path once per connection (core/postgres).
        "ENGINE": "zulin.core.postgres",
        "NAME": _db.name,
        "USER": _db.user,
        "PASSWORD": _db.password,
        "HOST": _db.host,
        "PORT": _db.port,
        "CONN_MAX_AGE": env_int("DB_CONN_MAX_AGE", 60),
        "CONN_HEALTH_CHECKS": True,
        # PostgreSQL down answers 503 (core/db.py): a refused connection fails at once; a
        # host that does not answer at all is given up after this (2 s is libpq's minimum).
        "OPTIONS": {"connect_timeout": env_int("DB_CONNECT_TIMEOUT", 2)},
    }
}

REDIS_URL = env_str("REDIS_URL", "redis://127.0.0.1:6379/0")
CACHES = {
    "default": {
        "BACKEND": "zulin.core.cache.RedisCache",
        "LOCATION": REDIS_URL,
        # Keys carry the schema active when made (tenants never share entries); see core/cache.py.
        "KEY_FUNCTION": "zulin.core.cache.make_key",
        "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "zulin"),
    }
}

# Redis may fail without taking the product down (zulin/core/cache.py): each operation waits
# at most CACHE_SOCKET_TIMEOUT seconds; after a failure Redis is left alone for
# CACHE_CIRCUIT_SECONDS and the database answers instead.
CACHE_SOCKET_TIMEOUT = env_float("CACHE_SOCKET_TIMEOUT", 0.25)
CACHE_CIRCUIT_SECONDS = env_float("CACHE_CIRCUIT_SECONDS", 5.0)

PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "APP_DIRS": True,
        "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
    }
]
STATIC_URL = "/api/static/"
STATIC_ROOT = BASE_DIR / ".run" / "static"
# Uploaded pictures, one folder per schema (apps/goods/uploads.py); /api/media/ serves them
# when SERVE_MEDIA (dev); in production the proxy serves MEDIA_ROOT at MEDIA_URL.
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(BASE_DIR / ".run" / "media")))
MEDIA_URL = "/api/media/"
SERVE_MEDIA = env_bool("SERVE_MEDIA", True)
# Private files (ID cards, contracts, exports), one folder per schema (zulin/files): never
# under MEDIA_ROOT (refused at start), read only through signed short-lived links
# (/api/files/<token>). API and workers must share it (compose mounts one volume).
PRIVATE_ROOT = Path(env_str("PRIVATE_ROOT", str(BASE_DIR / ".run" / "private")))
PRIVATE_LINK_TTL_SECONDS = env_int("PRIVATE_LINK_TTL_SECONDS", 300)
# HMAC key of those links; SECRET_KEY unless set.
PRIVATE_LINK_SECRET = env_str("PRIVATE_LINK_SECRET", SECRET_KEY)
# Excel exports (zulin/exports): a sheet holds 1,048,576 rows; unfinished exports one
# account may have at once.
EXPORT_MAX_ROWS = env_int("EXPORT_MAX_ROWS", 1_000_000)
EXPORT_MAX_ACTIVE_PER_ACCOUNT = env_int("EXPORT_MAX_ACTIVE_PER_ACCOUNT", 3)
# A leaving merchant's full export stays downloadable by its owner this many days
# (tenants/merchants/offboarding.py; docs/privacy.md, "A merchant leaves").
OFFBOARDING_EXPORT_DAYS = env_int("OFFBOARDING_EXPORT_DAYS", 30)
LANGUAGE_CODE = "zh-hans"
TIME_ZONE = "Asia/Shanghai"
USE_I18N = True
USE_TZ = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
APPEND_SLASH = False

# --- auth ----------------------------------------------------------------------------------
JWT_SECRET = env_str("JWT_SECRET", SECRET_KEY)
JWT_TTL = timedelta(seconds=env_int("JWT_TTL_SECONDS", 12 * 3600))
JWT_REMEMBER_TTL = timedelta(days=env_int("JWT_REMEMBER_DAYS", 30))
# Raw rate of sign-in/reset calls per client IP (Ninja throttle), failures aside.
LOGIN_RATE = env_str("LOGIN_RATE", "30/m")
LOGIN_MAX_FAILURES_PER_ACCOUNT = env_int("LOGIN_MAX_FAILURES_PER_ACCOUNT", 5)
LOGIN_MAX_FAILURES_PER_IP = env_int("LOGIN_MAX_FAILURES_PER_IP", 20)
LOGIN_FAILURE_WINDOW_SECONDS = env_int("LOGIN_FAILURE_WINDOW_SECONDS", 15 * 60)
RESET_CODE_TTL_SECONDS = 5 * 60
RESET_CODE_RESEND_SECONDS = env_int("RESET_CODE_RESEND_SECONDS", 60)
RESET_CODE_MAX_ATTEMPTS = 5
SITE_NAME = env_str("SITE_NAME", "租邻信用租赁")

# Mounts /bench/bare (benchmarks/foundation.py): never in production.
ZULIN_BENCH_VIEW = env_bool("ZULIN_BENCH_VIEW", False)
ZULIN_BENCH_BODY = env_str("ZULIN_BENCH_BODY", "")

# --- field encryption (zulin/core/crypto.py) ----------------------------------------------
# `id:base64key[,id:base64key…]`, 32-byte keys, the first encrypts; empty: a `dev` key derived
# from SECRET_KEY (production requires it, settings/prod.py).
FIELD_ENCRYPTION_KEY = env_str("FIELD_ENCRYPTION_KEY", "")
# base64 of 32 bytes for lookup hashes; empty: derived from SECRET_KEY. Never rotated lightly:
# stored hashes are computed with it.
FIELD_HASH_KEY = env_str("FIELD_HASH_KEY", "")

# --- outside services ----------------------------------------------------------------------
SMS_PROVIDER = env_str("SMS_PROVIDER", "sandbox")
PAYMENT_PROVIDER = env_str("PAYMENT_PROVIDER", "sandbox")
RISK_PROVIDER = env_str("RISK_PROVIDER", "sandbox")
CREDIT_PROVIDER = env_str("CREDIT_PROVIDER", "sandbox")
IDENTITY_PROVIDER = env_str("IDENTITY_PROVIDER", "sandbox")
EXPRESS_PROVIDER = env_str("EXPRESS_PROVIDER", "sandbox")
ECONTRACT_PROVIDER = env_str("ECONTRACT_PROVIDER", "sandbox")
# The mini-program platform (share links' schemes): apps/promotion.
MESSAGING_PROVIDER = env_str("MESSAGING_PROVIDER", "sandbox")
# The customer-facing origin: every link sent to a customer (payment links, their QR codes
# and SMS, share links) is built on it (zulin/core/public_web.py), never on the API's own
# address. Default: the web front end of `make run` (it serves the sandbox cashier's page).
PUBLIC_WEB_ORIGIN = env_str("PUBLIC_WEB_ORIGIN", "http://127.0.0.1:3000")
# Where a share link points: the shop's H5 pages ({slug}: the merchant's); empty:
# <PUBLIC_WEB_ORIGIN>/h5/{slug}.
SHARE_LINK_BASE_URL = env_str("SHARE_LINK_BASE_URL", "")
NOTARY_PROVIDER = env_str("NOTARY_PROVIDER", "sandbox")
# Keys of the HMAC-SHA256 signature on providers' callbacks, per service
# (`payment=…,risk=…`); a service left out uses a key derived from SECRET_KEY.
PROVIDER_CALLBACK_SECRETS = env_dict("PROVIDER_CALLBACK_SECRETS", {})
# The API's address as providers reach it: callbacks go to
# <CALLBACK_BASE_URL>/api/callbacks/<provider>/<merchant slug>.
CALLBACK_BASE_URL = env_str("CALLBACK_BASE_URL", "http://127.0.0.1:8000")
# Where the sandbox payment provider's cashier answers payers (the page a payment link and its
# QR code open: <base>/<trade number>); empty: <PUBLIC_WEB_ORIGIN>/sandbox/cashier, which the
# front end serves by proxying it to the API (zulin/providers/cashier.py).
SANDBOX_CASHIER_BASE_URL = env_str("SANDBOX_CASHIER_BASE_URL", "")
# Sandboxes complete asynchronous operations by themselves after SANDBOX_COMPLETE_SECONDS
# and deliver callbacks through Celery; off in tests (zulin/providers/sandbox.py).
SANDBOX_AUTO_COMPLETE = env_bool("SANDBOX_AUTO_COMPLETE", True)
# The demo shop's order plan, this many times over (4: about 240 orders over 90 days).
DEMO_ORDER_ROUNDS = env_int("DEMO_ORDER_ROUNDS", 4)
SANDBOX_COMPLETE_SECONDS = env_float("SANDBOX_COMPLETE_SECONDS", 3.0)
# Payment operations the sandbox answers `processing` and settles later (`pay` always).
SANDBOX_PAYMENT_ASYNC_OPERATIONS = env_list(
    "SANDBOX_PAYMENT_ASYNC_OPERATIONS", ["withhold", "transfer", "refund", "payout"]
)
# Withdrawals above this amount need two different platform finance accounts to approve.
WITHDRAWAL_TWO_PERSON_ABOVE = Decimal(env_str("WITHDRAWAL_TWO_PERSON_ABOVE", "10000.00"))
# At most this much, and at least WITHDRAWAL_MIN, per withdrawal.
WITHDRAWAL_MIN = Decimal(env_str("WITHDRAWAL_MIN", "1.00"))
# The platform's defaults of every shop's finance settings (a shop's own value wins):
# late fee = the bill's unpaid amount x a percent per day, one rate for the first
# `late_fee_tier_days` days overdue and another after; at most the bill's amount in all.
# Reminder SMS `reminder_days_before` days before the due date and on the first day overdue.
FINANCE_DEFAULTS = {
    "late_fee_rate_early": Decimal(env_str("LATE_FEE_RATE_EARLY", "0.0500")),
    "late_fee_rate_late": Decimal(env_str("LATE_FEE_RATE_LATE", "0.1000")),
    "late_fee_tier_days": 15,
    "reminder_days_before": env_int("REMINDER_DAYS_BEFORE", 3),
}
# A bill payment still `processing` this long is asked about once more, then closed at the
# provider and counted failed (its bill takes the next trade number and is retried).
PAYMENT_STALE_MINUTES = env_int("PAYMENT_STALE_MINUTES", 60)
# Attempts after the first before a callback is given up (5 s doubling to 10 min apart).
CALLBACK_DELIVERY_MAX_RETRIES = env_int("CALLBACK_DELIVERY_MAX_RETRIES", 10)

# --- celery --------------------------------------------------------------------------------
# The broker may live on its own Redis (docs/scaling.md, "Redis: cache and broker"): queued
# tasks are kept (appendonly, noeviction) where the cache is disposable. Unset: REDIS_URL's.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "") or REDIS_URL.replace(
    "unix://", "redis+socket://", 1
)
CELERY_RESULT_BACKEND = CELERY_BROKER_URL
# kombu waits on a hung broker for ever by default; a publish (zulin/core/queue.py) waits at
# most this long. The worker's BRPOP is read when the socket is readable, so it is unaffected.
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_timeout": 1.0, "socket_connect_timeout": 1.0}
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_TENANT_CACHE_SECONDS = 60
CELERY_TIMEZONE = TIME_ZONE
# Webhooks (docs/webhooks.md): https only in production; loopback only for the sandbox
# (`make run`, tests); an operator may allow private ranges for on-premise receivers.
WEBHOOKS_REQUIRE_HTTPS = env_bool("WEBHOOKS_REQUIRE_HTTPS", not DEBUG)
WEBHOOKS_ALLOW_LOOPBACK = env_bool("WEBHOOKS_ALLOW_LOOPBACK", False)
WEBHOOKS_ALLOWED_NETWORKS = env_list("WEBHOOKS_ALLOWED_NETWORKS", [])
# Plain-http receivers accepted where https is required: exact addresses, for an operator's
# staging whose sandbox receiver has no certificate (`make cluster` names the demo's, in its
# own environment only). Empty by default: production names none.
WEBHOOKS_HTTP_ALLOWED = env_list("WEBHOOKS_HTTP_ALLOWED", [])

# A merchant's API keys (tenants.accounts.api_keys, docs/api-keys.md): the prefix secret
# scanners look for (zl_test_ where every provider is a sandbox), and each key's rate.
API_KEY_PREFIX = env_str(
    "API_KEY_PREFIX", "zl_test_" if PAYMENT_PROVIDER == "sandbox" else "zl_live_"
)
API_KEY_RATE_PER_MINUTE = env_int("API_KEY_RATE_PER_MINUTE", 600)

CELERY_BEAT_SCHEDULE: dict = {
    # Webhook deliveries due (retries kept on their rows): each merchant with one, relayed.
    "webhooks-sweep": {
        "task": "tenants.webhooks_sweep",
        "schedule": 15,
    },
    # The sandboxes' own clock: what a lost COMMIT left unqueued settles and notifies anyway
    # (zulin/providers/tasks.py; nothing to do with real providers).
    "sandbox-sweep": {
        "task": "providers.sandbox_sweep",
        "schedule": 15,
    },
    # The webhook history past 30 days (events, deliveries, attempts), per merchant.
    "webhooks-prune-nightly": {
        "task": "tenants.for_each_merchant",
        "schedule": crontab(hour=4, minute=10),
        "args": ["webhooks.prune"],
    },
    # Nightly per-merchant jobs go through the fan-out ("tenants.for_each_merchant"), one
    # task per merchant schema; platform jobs run once, in the public schema.
    "prune-stale-shortcuts-nightly": {
        "task": "workbench.prune_stale_shortcuts",
        "schedule": 24 * 3600,
    },
    # Orders left unsigned/unpaid past the shop's limit are cancelled (stock and deposit back).
    "orders-cancel-unsigned": {
        "task": "tenants.for_each_merchant",
        "schedule": 10 * 60,
        "args": ["orders.cancel_unsigned"],
    },
    # Shipped orders the carrier reports delivered (or shipped long ago) start their lease.
    "orders-deliver-shipped": {
        "task": "tenants.for_each_merchant",
        "schedule": 30 * 60,
        "args": ["orders.deliver_shipped"],
    },
    # Overdue stage of running leases, right every morning.
    "orders-refresh-overdue-nightly": {
        "task": "tenants.for_each_merchant",
        "schedule": crontab(hour=1, minute=10),
        "args": ["orders.refresh_overdue"],
        "kwargs": {"money": True},
    },
    # Rent collection (stale payments, late fees, auto-debit): frozen merchants and closed
    # ones with running leases too, since their customers still owe rent.
    "orders-rent-run-nightly": {
        "task": "tenants.for_each_merchant",
        "schedule": crontab(hour=1, minute=30),
        "args": ["orders.rent_run"],
        "kwargs": {"money": True},
    },
    # Recovery cases follow the night's debts (after the auto-debit); promises decided.
    "recovery-night": {
        "task": "tenants.for_each_merchant",
        "schedule": crontab(hour=2, minute=0),
        "args": ["recovery.night"],
        "kwargs": {"money": True},
    },
    # Reminder SMS in the morning, never in China's quiet hours (21:00–08:00): the bills'
    # (due soon, overdue once), then recovery's by bucket within the daily cap.
    "orders-send-reminders-morning": {
        "task": "tenants.for_each_merchant",
        "schedule": crontab(hour=9, minute=0),
        "args": ["orders.send_reminders"],
        "kwargs": {"money": True},
    },
    "recovery-reminders-morning": {
        "task": "tenants.for_each_merchant",
        "schedule": crontab(hour=9, minute=30),
        "args": ["recovery.send_reminders"],
        "kwargs": {"money": True},
    },
    # Yesterday compared with the payment provider's statement, per merchant (and earlier
    # days of the week whose run failed); the day's money totals made final.
    # Credit reporting: new records of each merchant's leases (apps.credit).
    "credit-refresh-reporting-nightly": {
        "task": "tenants.for_each_merchant",
        "schedule": crontab(hour=2, minute=20),
        "args": ["credit.refresh_reporting"],
    },
    "finance-reconcile-nightly": {
        "task": "tenants.for_each_merchant",
        "schedule": crontab(hour=3, minute=0),
        "args": ["finance.reconcile"],
        "kwargs": {"money": True},
    },
    # The platform's books closed through yesterday (a late booking counts today).
    "finance-platform-books-close-nightly": {
        "task": "finance.platform_books_close",
        "schedule": crontab(hour=3, minute=0),
    },
    # Withdrawals left paying (a payout requested after its approval's commit that never
    # reached the provider, a lost callback): asked about again, requested under the same
    # number when the provider has none (tenants/finance/services.py). Public, once.
    "finance-payouts-resume": {
        "task": "finance.payouts_resume",
        "schedule": 10 * 60,
    },
    # The public per merchant per day money totals of today and yesterday, from each
    # merchant's ledger (tenants/finance/money.py).
    "finance-money-days-refresh": {
        "task": "tenants.for_each_merchant",
        "schedule": 10 * 60,
        "args": ["finance.money_days_refresh"],
        "kwargs": {"money": True},
    },
    # The public bills due per merchant per day (the platform's data centre: rent and buyout
    # due, the overdue rate), recomputed from each merchant's bills (apps/billing/projection.py).
    "billing-due-days-refresh": {
        "task": "tenants.for_each_merchant",
        "schedule": 30 * 60,
        "args": ["billing.due_days_refresh"],
        "kwargs": {"money": True},
    },
    # Personal data past its retention period and held by nothing erased or anonymised,
    # restricted customers erased the day their last hold ends (apps/privacy/retention.py).
    # After the money night (an order settled tonight counts from tonight) and before the
    # morning's messages; the money jobs' merchants (a frozen shop's data expires too).
    "privacy-retention-nightly": {
        "task": "tenants.for_each_merchant",
        "schedule": crontab(hour=4, minute=30),
        "args": ["privacy.retention_night"],
        "kwargs": {"money": True},
    },
    # Intake request nonces older than the replay window.
    "orders-prune-nonces-daily": {
        "task": "tenants.for_each_merchant",
        "schedule": crontab(hour=3, minute=40),
        "args": ["orders.prune_nonces"],
    },
}
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# Queues (docs/scaling.md, "Celery: workers per queue, one beat"): the per-merchant jobs the
# fan-out sends go to `nightly`, the spare pool's refill (DDL, one at a time) to
# `provisioning`, everything else (request follow-ups, callbacks, the fan-out itself) to the
# default `celery`. A worker started without -Q consumes all three (`make run`, compose, the
# tests); the cluster gives each worker host its queues.
NIGHTLY_TASKS = sorted(
    {
        entry["args"][0]
        for entry in CELERY_BEAT_SCHEDULE.values()
        if entry["task"] == "tenants.for_each_merchant"
    }
)
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = (Queue("celery"), Queue("nightly"), Queue("provisioning"))
CELERY_TASK_ROUTES = {
    **{name: {"queue": "nightly"} for name in NIGHTLY_TASKS},
    # The rent run's old name, an alias for one release (apps/orders/tasks.py).
    "orders.collect_due": {"queue": "nightly"},
    "tenants.spare_pool_refill": {"queue": "provisioning"},
}
# A task is acknowledged when it has finished, not when a worker took it: a worker (or its
# host) lost mid-task leaves the message unacknowledged and the broker hands it to another
# worker once CELERY_VISIBILITY_TIMEOUT has passed — which must be longer than the longest
# task (or its countdown), else a task still running is handed out a second time. Every task
# tolerates running twice (idempotency keys, advisory locks). A worker process killed
# mid-task (OOM, kill -9) rejects its message back to the queue at once.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] = env_int(
    "CELERY_VISIBILITY_TIMEOUT", 2 * 3600
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "zulin.core.logging.JsonLineFormatter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "json"}},
    "loggers": {
        "zulin.request": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "zulin.task": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "zulin.providers": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "zulin.provisioning": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django": {"handlers": ["console"], "level": "WARNING"},
    },
}
