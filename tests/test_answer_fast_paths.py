"""The answer's fast paths change no answer: plain dicts validated without Ninja's getter
(zulin.core.schema) and the envelope written by orjson (zulin.core.envelope.json_bytes) give
the same data as Ninja's own way, for every call that reads, on both sides, with the living
demo's data; and the OpenAPI document is the one the front end's client was made from."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, date, datetime, time, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.utils.translation import gettext_lazy
from django_tenants.utils import tenant_context
from ninja.responses import NinjaJSONEncoder

from apps.goods.models import Goods
from tests.fixtures import login
from zulin import api as api_module
from zulin.api import api
from zulin.core import envelope, schema
from zulin.core.envelope import json_bytes

ROOT = Path(__file__).resolve().parents[1]


def _ninja_json(data: Any) -> bytes:
    """What Ninja's JSONRenderer wrote before (json.dumps with its encoder)."""
    return json.dumps(data, cls=NinjaJSONEncoder, ensure_ascii=False).encode()


def _reading_calls() -> list[tuple[str, str]]:
    """(side, path) of every GET call whose parameters are all optional."""
    calls = []
    for path, item in api.get_openapi_schema()["paths"].items():
        operation = item.get("get")
        if not operation or path == "/api/health":
            continue
        if any(p.get("required") for p in operation.get("parameters", [])):
            continue
        for side in ("admin", "store"):
            calls.append((side, path))
    return calls


def _detail_calls(demo) -> list[tuple[str, str, dict[str, Any]]]:
    with tenant_context(demo):
        live = Goods.objects.filter(is_deleted=False).order_by("id")
        goods_ids = list(live.values_list("id", flat=True)[:5])
    calls = [("store", "/api/platform/goodsDetail", {"id": goods_id}) for goods_id in goods_ids]
    calls += [("admin", "/api/platform/merchantInfo", {"id": merchant}) for merchant in (1, 2)]
    return calls


@pytest.fixture
def ninja_way(monkeypatch):
    """Ninja's own validation and rendering, as before the fast paths."""

    def switch() -> None:
        monkeypatch.setattr(schema, "fast_path", False)
        monkeypatch.setattr(envelope, "json_bytes", _ninja_json)
        monkeypatch.setattr(api_module, "json_bytes", _ninja_json)

    return switch


def test_every_reading_call_answers_the_same_data_as_ninjas_own_way(demo, ninja_way):
    clients = {
        "admin": login("admin.localhost", "admin"),
        "store": login("demo.localhost", "owner"),
    }
    calls = [(side, path, {}) for side, path in _reading_calls()] + _detail_calls(demo)
    assert len(calls) > 30

    def answer(side: str, path: str, params: dict[str, Any]) -> Any:
        return clients[side].client.get(path, params, **clients[side]._headers())

    fast = [(call, answer(*call)) for call in calls]
    ninja_way()
    for (side, path, params), answer_fast in fast:
        before = answer(side, path, params)

        assert answer_fast.status_code == before.status_code, path
        assert json.loads(answer_fast.content) == json.loads(before.content), f"{side} {path}"


def test_the_openapi_document_is_the_one_the_front_end_was_made_from(db):
    committed = json.loads((ROOT / "frontend/src/api/openapi.json").read_text())

    # As export_openapi writes it (JSON: status codes become strings).
    assert json.loads(json.dumps(api.get_openapi_schema())) == committed


@pytest.mark.parametrize(
    "value",
    [
        datetime(2026, 11, 23, 10, 9, 29, 928123, tzinfo=UTC),
        datetime(2026, 11, 23, 18, 9, 29, tzinfo=timezone(timedelta(hours=8))),
        datetime(2026, 11, 23, 18, 9, 29, 5),
        date(2026, 11, 23),
        time(18, 9, 29, 123456),
        Decimal("5.50"),
        Decimal("-0.01"),
        uuid.UUID("12345678-1234-5678-1234-567812345678"),
        gettext_lazy("正常"),
        '引号"、反斜杠\\、换行\n、制表\t、\x01 与 emoji 😀',
        {1: "int keys", "nested": [1, 2.5, None, True, {"a": []}]},
        2**70,  # beyond orjson's 64 bits: written by json.dumps
    ],
)
def test_json_bytes_writes_what_ninjas_renderer_wrote(value):
    data = {"code": 200, "data": value, "msg": "成功"}

    assert json.loads(json_bytes(data)) == json.loads(_ninja_json(data))


def test_json_bytes_keeps_text_readable():
    assert json_bytes({"msg": "成功"}) == '{"msg":"成功"}'.encode()
