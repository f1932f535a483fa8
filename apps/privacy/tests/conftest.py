from tests.leases import app, offer  # noqa: F401 — the fixtures
