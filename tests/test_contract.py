"""Every served path is in the contract (calls.tsv) or in the list of added calls
(docs/added-calls.md)."""

import csv
import re
from pathlib import Path

from zulin.api import api

ROOT = Path(__file__).resolve().parents[1]
CONTRACT = ROOT.parent / "shared" / "contract" / "calls.tsv"


def contract_calls() -> dict[str, str]:
    lines = [line for line in CONTRACT.read_text().splitlines() if not line.startswith("#")]
    rows = list(csv.DictReader(lines, delimiter="\t"))
    return {row["path"]: row["method"] for row in rows}


def documented_added_calls() -> set[str]:
    page = (ROOT / "docs" / "added-calls.md").read_text()
    section = page.split("## The list", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`(?:GET|POST) (/api/[^`\s]+)`", section))


def served() -> dict[str, set[str]]:
    schema = api.get_openapi_schema(path_prefix="/api/")
    return {path: {m.upper() for m in ops} for path, ops in schema["paths"].items()}


def test_every_served_path_is_in_the_contract_or_listed_as_added():
    contract = contract_calls()
    added = documented_added_calls()
    unknown = [path for path in served() if path not in contract and path not in added]

    assert len(added) >= 70  # the page's list was read, not an empty section
    assert unknown == []


def test_served_contract_calls_use_the_contract_method():
    contract = contract_calls()
    served_paths = served()
    wrong = [
        path
        for path, methods in served_paths.items()
        if path in contract and contract[path] not in methods
    ]
    covered = [path for path in contract if path in served_paths]
    print(f"\ncontract coverage: served {len(covered)}/{len(contract)}")

    assert wrong == []
    assert len(contract) == 164


def _call_name(path: str) -> str:
    return path.rsplit("/api/", 1)[1].split("/", 1)[-1]


def test_operation_ids_equal_call_names():
    contract = contract_calls()
    schema = api.get_openapi_schema(path_prefix="/api/")
    ids = [op["operationId"] for ops in schema["paths"].values() for op in ops.values()]
    assert len(ids) == len(set(ids)), "operation ids must be unique"
    # A name the contract lists at two paths (getCreditQueryTime: general POST, v2 GET) keeps
    # it on the first; the twin takes the method suffix, as a GET-or-POST call's POST does.
    paths_of: dict[str, list[str]] = {}
    for path in contract:
        paths_of.setdefault(_call_name(path), []).append(path)
    for path, operations in schema["paths"].items():
        if path in contract:
            name = _call_name(path)
            method = contract[path].lower()
            twin = paths_of[name].index(path) > 0
            assert operations[method]["operationId"] == (f"{name}_{method}" if twin else name)


def test_schema_names_are_unique_across_the_api():
    """OpenAPI keys components by class name: two schemas of one name would silently share
    one definition, and the typed client would get the wrong shape for one of them."""
    import importlib
    import inspect
    import pkgutil

    import pydantic

    import apps
    import tenants

    owners: dict[str, set[str]] = {}
    for package in (apps, tenants):
        for module_info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if ".tests" in module_info.name or ".migrations" in module_info.name:
                continue
            if not module_info.name.rsplit(".", 1)[-1].endswith(("schemas", "api")):
                continue
            module = importlib.import_module(module_info.name)
            for name, cls in inspect.getmembers(module, inspect.isclass):
                if issubclass(cls, pydantic.BaseModel) and cls.__module__ == module.__name__:
                    owners.setdefault(name, set()).add(module.__name__)

    assert {name: mods for name, mods in owners.items() if len(mods) > 1} == {}


def test_a_get_or_post_call_documents_its_answer_in_one_envelope():
    from zulin.api import api

    paths = api.get_openapi_schema()["paths"]
    for method in ("get", "post"):
        answer = paths["/api/platform/setGoodsGainStatus"][method]["responses"][200]
        data = answer["content"]["application/json"]["schema"]["properties"]["data"]
        assert data == {"$ref": "#/components/schemas/GainOut"}
