from .base import *  # noqa: F403
from .env import env_str

SECRET_KEY = env_str("SECRET_KEY", "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set in production")
FIELD_ENCRYPTION_KEY = env_str("FIELD_ENCRYPTION_KEY", "")
if not FIELD_ENCRYPTION_KEY:
    # A key derived from SECRET_KEY would make every encrypted value unreadable the day the
    # secret changes.
    raise RuntimeError("FIELD_ENCRYPTION_KEY must be set in production (see docs/configuration.md)")
