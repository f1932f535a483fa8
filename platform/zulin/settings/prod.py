from .base import *  # noqa: F403
from .env import env_str

SECRET_KEY = env_str("SECRET_KEY", "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set in production")
