import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]


def _compose_available() -> bool:
    if shutil.which("docker") is None:
        return False
    probe = subprocess.run(["docker", "compose", "version"], capture_output=True, timeout=30)
    return probe.returncode == 0


@pytest.mark.skipif(not _compose_available(), reason="no docker compose client on this machine")
def test_compose_file_is_valid():
    result = subprocess.run(
        ["docker", "compose", "-f", str(ROOT / "docker-compose.yml"), "config", "--quiet"],
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 0, result.stderr


def test_compose_describes_the_production_shape():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]

    assert {"postgres", "redis", "api", "worker", "beat", "web", "nginx"} <= set(services)
    assert "gunicorn" in " ".join(services["api"]["command"])
    assert "/api/health" in " ".join(services["api"]["healthcheck"]["test"])
    nginx = (ROOT / "infra" / "nginx" / "zulin.conf").read_text()
    assert "proxy_set_header Host $host" in nginx
    assert "server_name .zulin.example.com" in nginx


def test_health_reports_database_redis_and_celery(db):
    from tests.fixtures import ApiClient

    answer = ApiClient("localhost").get("/api/health")

    assert answer.code == 200
    assert answer.data["checks"]["database"] == "ok"
    assert answer.data["checks"]["redis"] == "ok"
    assert "celery" in answer.data["checks"]
