from .base import *  # noqa: F403

DEBUG = False

# `make run`: the sandbox receiver listens on loopback, over plain http (docs/webhooks.md).
WEBHOOKS_REQUIRE_HTTPS = False
WEBHOOKS_ALLOW_LOOPBACK = True
