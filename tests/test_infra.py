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


def test_every_gunicorn_reads_request_lines_up_to_the_one_setting():
    compose = (ROOT / "docker-compose.yml").read_text()
    run = (ROOT / "infra" / "scripts" / "run.sh").read_text()
    e2e = (ROOT / "infra" / "scripts" / "demo-api.sh").read_text()  # the browser tests' API
    nginx = (ROOT / "infra" / "nginx" / "zulin.conf").read_text()
    config = (ROOT / "infra" / "gunicorn.conf.py").read_text()

    # One gunicorn configuration everywhere: sync workers, one per core, and the limit.
    for served in (compose, run, e2e):
        assert "infra/gunicorn.conf.py" in served
        assert "--threads" not in served and "--workers" not in served
    assert 'worker_class = "sync"' in config
    assert 'os.environ.get("GUNICORN_LIMIT_REQUEST_LINE", "8190")' in config
    # nginx answers longer request lines itself, with the envelope.
    assert "large_client_header_buffers 4 8k;" in nginx
    assert "error_page 414 /__zulin_errors/uri_too_long;" in nginx
    assert '\'{"code": 400, "data": {"fields"' in nginx


def test_the_browser_suite_serves_the_demo_make_run_loads():
    """`make test` loads exactly what `make run` loads (issue 59): the same two commands under
    the same settings module, and no setting of the demo's size changed on the way (a smaller
    demo in CI once hid a `make run` that failed on every fresh machine)."""
    run = (ROOT / "infra" / "scripts" / "run.sh").read_text()
    e2e = (ROOT / "infra" / "scripts" / "demo-api.sh").read_text()
    for served in (run, e2e):
        assert "manage.py migrate_all" in served and "manage.py load_demo" in served
        assert "--base-only" not in served
        assert "zulin.settings.dev" in served
        assert "DEMO_ORDER_ROUNDS=" not in served
    assert "unset DEMO_ORDER_ROUNDS" in e2e  # not even one inherited from the caller


def test_a_long_query_within_the_limit_answers_the_envelope(demo_owner):
    answer = demo_owner.get("/api/backend/getStaffList", {"keyword": "a" * 8000})

    assert answer.code == 400 and "keyword" in answer.data["fields"]


def test_every_mutant_of_the_money_rules_still_applies():
    """`make mutants` breaks each money rule by one line (infra/mutants.toml): every entry's
    file exists and holds its line exactly once, and its tests exist, so a rule reworded or
    moved takes its mutant with it instead of leaving the table unable to run."""
    import tomllib

    table = tomllib.loads((ROOT / "infra" / "mutants.toml").read_text(encoding="utf-8"))
    problems = []
    for mutant in table["mutant"]:
        path = ROOT / mutant["file"]
        if not path.is_file():
            problems.append(f"{mutant['id']}: no file {mutant['file']}")
            continue
        found = path.read_text(encoding="utf-8").count(mutant["find"])
        if found != 1:
            problems.append(f"{mutant['id']}: its line occurs {found} times in {mutant['file']}")
        for test in mutant["tests"]:
            if not (ROOT / test.split("::")[0]).exists():
                problems.append(f"{mutant['id']}: no test {test}")
    assert len(table["mutant"]) >= 60
    assert problems == []


def test_every_module_of_the_integrated_mutation_run_still_applies():
    """`make mutation-integrated` mutates the money functions infra/mutation_integrated.toml
    names, against the tests it names: every file, function and test path exists, so a
    module split or a test moved to its domain updates the table instead of leaving the run
    to stop on its first missing name (three test lists once named a file moved away)."""
    import ast
    import tomllib

    table = tomllib.loads((ROOT / "infra" / "mutation_integrated.toml").read_text(encoding="utf-8"))
    problems = []
    for module in table["module"]:
        path = ROOT / module["file"]
        if not path.is_file():
            problems.append(f"{module['name']}: no file {module['file']}")
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined = set()
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                defined.add(node.name)
            elif isinstance(node, ast.ClassDef):
                defined |= {
                    f"{node.name}.{inner.name}"
                    for inner in node.body
                    if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef)
                }
        named = [name for name in module["functions"] if name != "*"]
        problems += [
            f"{module['name']}: no function {name}" for name in named if name not in defined
        ]
        for test in module["tests"]:
            if not (ROOT / test.split("::")[0]).exists():
                problems.append(f"{module['name']}: no test {test}")
    assert len(table["module"]) >= 20
    assert problems == []


def _shell_function(script: str, name: str) -> str:
    """The body of shell function `name` in `script` (up to the closing brace at column 0)."""
    start = script.index(f"\n{name}() {{\n")
    return script[start : script.index("\n}\n", start)]


def test_the_switchover_drill_of_make_test_loads_the_full_drills_showcase():
    """`make test`'s switchover drill loads what `make cluster` and the full drills load
    (issue 61): `load_demo` whole, under production settings with the cluster's environment,
    on every topology — no `--base-only`, no shop of its own, no demo size of its own — so a
    demo step production's settings refuse fails `make test` (it once failed only the full
    drills, which `make test` does not run)."""
    cluster = (ROOT / "infra" / "cluster" / "cluster.sh").read_text()
    drill = (ROOT / "infra" / "cluster" / "drill.sh").read_text()
    makefile = (ROOT / "Makefile").read_text()

    loading = _shell_function(cluster, "app_data")
    assert loading.count("manage.py load_demo") == 1
    assert "manage.py load_demo >" in loading  # no option: the showcase too
    assert "--base-only" not in cluster and "small_shop" not in cluster
    assert "TOPOLOGY" not in loading  # the same load on the small topology
    assert not (ROOT / "infra" / "cluster" / "small_shop.py").exists()
    environment = _shell_function(cluster, "app_env")
    assert "DJANGO_SETTINGS_MODULE=zulin.settings.prod" in environment
    assert "DEMO_ORDER_ROUNDS=$DEMO_ROUNDS" in environment
    assert 'DEMO_ROUNDS="${ZL_DEMO_ROUNDS:-1}"' in cluster
    # The switchover drill changes the topology only; `make test` runs it as it is.
    switchover = [line for line in drill.splitlines() if "switchover ]" in line]
    assert switchover == ['[ "$name" != switchover ] || export ZL_TOPOLOGY=small']
    assert "ZL_DEMO_ROUNDS" not in drill and "ZL_DEMO_ROUNDS" not in makefile
    test_target = makefile[makefile.index("\ntest: ") :].split("\n\n")[0]
    assert "$(MAKE) --no-print-directory drill-switchover" in test_target


def test_the_cluster_survives_a_frozen_host_by_its_topology_not_by_hand():
    """A frozen primary (issue 61): the cluster runs a current Patroni from PyPI in a
    virtualenv of its own (never the project's .venv), its etcd members on hosts apart from
    the database hosts, and `make drills` runs the freeze drill with the others."""
    cluster = (ROOT / "infra" / "cluster" / "cluster.sh").read_text()
    drills = (ROOT / "infra" / "cluster" / "drills.sh").read_text()
    makefile = (ROOT / "Makefile").read_text()

    assert 'PATRONI_SOURCE="${ZL_PATRONI:-pypi}"' in cluster
    assert 'PATRONI_VENV="$ROOT/.run/patroni-venv"' in cluster
    assert '"patroni[etcd3,psycopg3]==$PATRONI_VERSION"' in cluster
    assert "/.venv/bin/pip" not in cluster
    assert 'ETCD_PLACEMENT="${ZL_ETCD:-apart}"' in cluster
    assert "apart) HOSTS=(etcd1:8 etcd2:9" in cluster
    assert "$(patroni_bin patroni)" in _shell_function(cluster, "patroni_start")
    assert (ROOT / "infra" / "cluster" / "drill_freeze.py").exists()
    assert 'default+=" freeze"' in drills
    assert "drill.sh freeze" in makefile


PG_REWIND = Path("/usr/lib/postgresql/15/bin/pg_rewind")


@pytest.mark.skipif(not PG_REWIND.exists(), reason="no PostgreSQL 15 pg_rewind on this machine")
def test_the_cluster_keeps_a_former_primary_before_rewinding_it_only_when_asked(tmp_path):
    """Patroni's pg_rewind in the cluster is the wrapper (issue 61): with a `keep-diverged`
    file beside the data directory it copies the directory aside before the real pg_rewind
    runs (the freeze drill reads what the former primary committed after the fork from that
    copy); without it, it copies nothing. Either way pg_rewind runs with Patroni's arguments
    and its exit status is the wrapper's."""
    cluster = (ROOT / "infra" / "cluster" / "cluster.sh").read_text()
    wrapper = ROOT / "infra" / "cluster" / "pg_rewind_keep.sh"
    assert "pg_rewind: $ROOT/infra/cluster/pg_rewind_keep.sh" in cluster
    data = tmp_path / "db1" / "data"
    data.mkdir(parents=True)
    (data / "PG_VERSION").write_text("15\n")
    args = [str(wrapper), "-D", str(data), "--source-server", "host=/nonexistent port=1"]

    plain = subprocess.run(args, capture_output=True, text=True, timeout=60)
    assert plain.returncode != 0 and "pg_rewind" in plain.stderr
    assert not (tmp_path / "db1" / "diverged").exists()

    (tmp_path / "db1" / "keep-diverged").write_text("asked\n")
    kept = subprocess.run(args, capture_output=True, text=True, timeout=60)
    assert kept.returncode == plain.returncode
    copies = list((tmp_path / "db1" / "diverged").glob("*/data/PG_VERSION"))
    assert len(copies) == 1 and copies[0].read_text() == "15\n"
