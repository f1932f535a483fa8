"""The compose file's `citus` and `pgbouncer` profiles (docs/scaling.md): their services start
only with their profile, and the default deployment stays what it was."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
COMPOSE_FILE = ROOT / "docker-compose.yml"
DEFAULT_SERVICES = {"postgres", "redis", "migrate", "api", "worker", "beat", "web", "nginx"}
CITUS_SERVICES = {"citus-coordinator", "citus-worker-1", "citus-init"}
BACKEND_SERVICES = ("migrate", "api", "worker", "beat")
# Compose variables a shell may carry (make exports DATABASE_URL, not these) are dropped.
UNSET = {"ZULIN_DATABASE_URL", "POSTGRES_PASSWORD"}
DEFAULT_DATABASE_URL = "postgresql://zulin:${POSTGRES_PASSWORD:-zulin}@postgres:5432/zulin"


def _services() -> dict:
    return yaml.safe_load(COMPOSE_FILE.read_text())["services"]


def _compose_available() -> bool:
    if shutil.which("docker") is None:
        return False
    probe = subprocess.run(["docker", "compose", "version"], capture_output=True, timeout=30)
    return probe.returncode == 0


def _compose_config(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in UNSET}
    environment.update({"SECRET_KEY": "x", "FIELD_ENCRYPTION_KEY": "k1:x", **env})
    return subprocess.run(
        ["docker", "compose", "-f", str(COMPOSE_FILE), *args, "config"],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
    )


def test_the_default_deployment_keeps_its_services_and_no_profiles():
    services = _services()

    default = {name for name, service in services.items() if "profiles" not in service}

    assert default == DEFAULT_SERVICES
    assert not any("citus" in str(services[name]) for name in DEFAULT_SERVICES)


def test_the_citus_profile_holds_a_coordinator_a_worker_and_a_one_shot_init():
    services = _services()

    assert set(services) >= CITUS_SERVICES
    for name in CITUS_SERVICES:
        assert services[name]["profiles"] == ["citus"], name
        assert services[name]["image"].startswith("citusdata/citus:"), name
    init = services["citus-init"]
    sql = " ".join(init["entrypoint"])
    assert init["restart"] == "no"
    assert "citus_add_node('citus-worker-1', 5432)" in sql
    assert "citus_set_coordinator_host('citus-coordinator', 5432)" in sql
    assert "citus.enable_schema_based_sharding TO on" in sql
    # What the product needs of the cluster (docs/scaling.md, "What a real run found").
    assert "citus.enable_unsafe_triggers TO on" in sql
    assert "citus.propagate_set_commands TO 'local'" in sql
    for name in CITUS_SERVICES:
        assert services[name]["image"].endswith("-pg15"), f"{name}: PostgreSQL 15, the product's"
    assert init["depends_on"]["citus-worker-1"]["condition"] == "service_healthy"


def test_no_default_service_waits_for_a_citus_service():
    services = _services()

    for name in DEFAULT_SERVICES:
        depends_on = services[name].get("depends_on", [])
        assert not CITUS_SERVICES & set(depends_on), name


def test_the_backend_reaches_the_postgres_service_unless_pointed_at_the_coordinator():
    services = _services()

    for name in BACKEND_SERVICES:
        url = services[name]["environment"]["DATABASE_URL"]
        assert url == "${ZULIN_DATABASE_URL:-" + DEFAULT_DATABASE_URL + "}", name


@pytest.mark.skipif(not _compose_available(), reason="no docker compose client on this machine")
def test_compose_renders_with_and_without_the_citus_profile():
    default = _compose_config("--format", "json")
    citus = _compose_config(
        "--profile",
        "citus",
        "--format",
        "json",
        ZULIN_DATABASE_URL="postgresql://zulin:zulin@citus-coordinator:5432/zulin",
    )

    assert default.returncode == 0, default.stderr
    assert citus.returncode == 0, citus.stderr
    default_services = json.loads(default.stdout)["services"]
    citus_services = json.loads(citus.stdout)["services"]
    assert set(default_services) == DEFAULT_SERVICES
    assert set(citus_services) == DEFAULT_SERVICES | CITUS_SERVICES
    assert default_services["api"]["environment"]["DATABASE_URL"] == (
        "postgresql://zulin:zulin@postgres:5432/zulin"
    )
    assert "citus-coordinator" in citus_services["api"]["environment"]["DATABASE_URL"]


def test_the_pgbouncer_profile_pools_sessions_with_debians_pgbouncer():
    """Session pooling: django-tenants' schema path does not survive a transaction-mode pool
    (benchmarks/pgbouncer.py)."""
    service = _services()["pgbouncer"]
    assert service["profiles"] == ["pgbouncer"]
    assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
    build = ROOT / service["build"]
    assert "bookworm" in (build / "Dockerfile").read_text()  # Debian 12's 1.18, as measured
    settings = dict(
        line.split(" = ", 1)
        for line in (build / "pgbouncer.ini").read_text().splitlines()
        if " = " in line and not line.startswith(";")
    )
    assert settings["pool_mode"] == "session"
    assert settings["server_reset_query"] == "DISCARD ALL"  # no path left for the next client
