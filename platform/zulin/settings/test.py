import re
import tempfile
from pathlib import Path

from .base import *  # noqa: F403
from .base import CACHES, DATABASES, LOGGING, REDIS_URL
from .env import env_float, env_int, env_str

# Tests flush their own Redis database (15 unless TEST_REDIS_DB), never the one `make run`
# uses; TEST_DATABASE_NAME lets two test runs share one PostgreSQL server.
# Under pytest-xdist each worker (gw0, gw1 …) has its own test database (pytest-django adds the
# `_gwN` suffix), and here its own Redis database, cache prefix and private folder: the
# workers flush and fill them independently.
_worker = env_str("PYTEST_XDIST_WORKER", "")
_worker_index = int(_worker[2:]) if _worker.startswith("gw") and _worker[2:].isdigit() else 0
_redis_db = (env_int("TEST_REDIS_DB", 15) - 3 * _worker_index) % 16
TEST_REDIS_URL = re.sub(r"(\?db=)\d+$", rf"\g<1>{_redis_db}", REDIS_URL)
TEST_REDIS_URL = re.sub(r"^(redis://[^/?]+)(/\d+)?$", rf"\1/{_redis_db}", TEST_REDIS_URL)
_test_database = env_str("TEST_DATABASE_NAME", "test_zulin")
_worker_database = f"{_test_database}_{_worker}" if _worker else _test_database
DATABASES["default"]["TEST"] = {"NAME": _test_database}
CACHES["default"]["LOCATION"] = TEST_REDIS_URL
# Cached rows carry ids of this test database (account 3 exists in every one): two runs that
# share a Redis database must never read each other's entries.
CACHES["default"]["KEY_PREFIX"] = f"zulin-{_worker_database}"
# Under `make test` pytest shares two cores with the browser suite's servers and Chromium: a
# Redis answer may then take longer than production's 0.25 s, and a tripped circuit refuses
# every sign-in for CACHE_CIRCUIT_SECONDS (CI failed so once). The tests of Redis faults set
# their own short timeouts.
CACHE_SOCKET_TIMEOUT = env_float("CACHE_SOCKET_TIMEOUT", 3.0)
# Sign-ins by the thousand: Argon2 at its cheapest (tests/hashers.py), still Argon2.
PASSWORD_HASHERS = ["tests.hashers.QuickArgon2PasswordHasher"]
CELERY_BROKER_URL = TEST_REDIS_URL.replace("unix://", "redis+socket://", 1)
CELERY_RESULT_BACKEND = CELERY_BROKER_URL
# Sandboxes move only when a test tells them (sandbox_payments_complete, …_deliver).
SANDBOX_AUTO_COMPLETE = False
DEMO_ORDER_ROUNDS = 1  # every state once is what the demo tests need
for _logger in ("zulin.request", "zulin.task", "zulin.providers"):
    LOGGING["loggers"][_logger]["level"] = "WARNING"  # type: ignore[index]
# Private files of test runs never land in the checkout's .run/private.
PRIVATE_ROOT = Path(tempfile.gettempdir()) / f"zulin-private-{_worker_database}"
# The served smoke test writes down every statement a served process sends, for the Citus
# check (zulin/core/postgres/capture.py); empty (the default): nothing is captured.
SQL_CAPTURE_DIR = env_str("ZULIN_SQL_CAPTURE", "")

# The tests' receivers listen on loopback, over plain http (docs/webhooks.md).
WEBHOOKS_REQUIRE_HTTPS = False
WEBHOOKS_ALLOW_LOOPBACK = True
