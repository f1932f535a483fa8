import re

from .base import *  # noqa: F403
from .base import CACHES, LOGGING, REDIS_URL

# Tests flush their own Redis database (15), never the one `make run` uses.
TEST_REDIS_URL = re.sub(r"(\?db=)\d+$", r"\g<1>15", REDIS_URL)
TEST_REDIS_URL = re.sub(r"^(redis://[^/?]+)(/\d+)?$", r"\1/15", TEST_REDIS_URL)
CACHES["default"]["LOCATION"] = TEST_REDIS_URL
CACHES["default"]["KEY_PREFIX"] = "zulin-test"
CELERY_BROKER_URL = TEST_REDIS_URL.replace("unix://", "redis+socket://", 1)
CELERY_RESULT_BACKEND = CELERY_BROKER_URL
for _logger in ("zulin.request", "zulin.task"):
    LOGGING["loggers"][_logger]["level"] = "WARNING"  # type: ignore[index]
