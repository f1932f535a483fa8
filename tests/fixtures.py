"""Shared test fixtures: two session tenants (demo, acme), an envelope-aware client, logins.

The test database is made once per run: public schema migrated by pytest-django, then the
template schema and two merchants made through the real provisioning service. Each test's
rows are rolled back; Redis database 15 is flushed before each test.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client, RequestFactory

from tenants.accounts.auth import session_from_token
from tenants.accounts.models import Action, Role
from tenants.accounts.selectors import role_actions_forget
from tenants.merchants.models import Merchant
from tenants.merchants.provisioning import template_schema_ensure
from zulin.celery import app as celery_app
from zulin.core.auth import Session
from zulin.core.sides import PlatformType
from zulin.core.tenancy import resolve_host
from zulin.demo import DEMO_PASSWORD, demo_load

PASSWORD = DEMO_PASSWORD


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        template_schema_ensure()
        demo_load()
        connection.set_schema_to_public()


@pytest.fixture(autouse=True)
def _clean_state(request: pytest.FixtureRequest) -> Any:
    cache.clear()
    yield
    connection.set_schema_to_public()


@pytest.fixture
def demo(db: None) -> Merchant:
    return Merchant.objects.get(slug="demo")


@pytest.fixture
def acme(db: None) -> Merchant:
    return Merchant.objects.get(slug="acme")


@dataclass
class Envelope:
    code: int
    data: Any
    msg: str
    status: int

    @property
    def ok(self) -> bool:
        return self.code == 200


class ApiClient:
    """Calls /api as a browser on `host` would, and reads the envelope."""

    def __init__(
        self,
        host: str,
        token: str | None = None,
        language: str | None = None,
        *,
        api_key: str | None = None,
    ):
        self.host = host
        self.token = token
        self.language = language
        # A merchant's API key, sent as `Authorization: Bearer` (tenants.accounts.api_keys).
        self.api_key = api_key
        self.client = Client()

    def _headers(self) -> dict[str, str]:
        headers = {"HTTP_HOST": self.host}
        if self.token:
            headers["HTTP_JWT_TOKEN"] = self.token
        if self.api_key:
            headers["HTTP_AUTHORIZATION"] = f"Bearer {self.api_key}"
        if self.language:
            headers["HTTP_ACCEPT_LANGUAGE"] = self.language
        return headers

    @staticmethod
    def _read(response: Any) -> Envelope:
        body = json.loads(response.content)
        assert set(body) == {"code", "data", "msg"}, body
        return Envelope(body["code"], body["data"], body["msg"], response.status_code)

    def get(self, path: str, params: dict[str, Any] | None = None, **extra: Any) -> Envelope:
        return self._read(self.client.get(path, params or {}, **self._headers(), **extra))

    def post(self, path: str, body: Any = None, raw: str | None = None, **extra: Any) -> Envelope:
        content = raw if raw is not None else json.dumps(body if body is not None else {})
        return self._read(
            self.client.post(
                path, content, content_type="application/json", **self._headers(), **extra
            )
        )

    def call(self, method: str, path: str, body: Any = None) -> Envelope:
        return self.get(path, body) if method == "GET" else self.post(path, body)


def api_key_make(owner: ApiClient, *scopes: str, **fields: Any) -> dict[str, Any]:
    """A key made through `createApiKey` (its answer carries the whole key, once)."""
    body = {"name": fields.pop("name", "ERP"), "scopes": list(scopes), **fields}
    answer = owner.post("/api/backend/createApiKey", body)
    assert answer.ok, answer
    return answer.data


def login(host: str, username: str, password: str = PASSWORD) -> ApiClient:
    client = ApiClient(host)
    answer = client.post("/api/platform/mainLand", {"username": username, "password": password})
    assert answer.ok, answer
    client.token = answer.data["token"]
    return client


@pytest.fixture
def admin_client(db: None) -> ApiClient:
    return login("admin.localhost", "admin")


@pytest.fixture
def demo_owner(demo: Merchant) -> ApiClient:
    return login("demo.localhost", "owner")


@pytest.fixture
def acme_owner(acme: Merchant) -> ApiClient:
    return login("acme.localhost", "owner")


def grant_sub_merchants(*codes: str) -> None:
    """What a merchant does when it lets its sub-shops do more than read (a custom role):
    the sub_merchant system role gets the actions, for the calling test only (rolled back)."""
    role = Role.objects.get(merchant=None, platform_type=PlatformType.STORE, code="sub_merchant")
    role.actions.add(*Action.objects.filter(platform_type=PlatformType.STORE, code__in=codes))
    role_actions_forget(role.pk)


def session_of(client: ApiClient) -> Session:
    """The session a signed-in client's calls run with, for services that take one."""
    request = RequestFactory().get("/", HTTP_HOST=client.host)
    target = resolve_host(client.host)
    assert target is not None
    request.side = target.side  # type: ignore[attr-defined]
    request.tenant = target.merchant  # type: ignore[attr-defined]
    session = session_from_token(request, client.token or "")
    assert session is not None
    return session


@pytest.fixture
def celery_eager() -> Any:
    """Tasks run in the calling process when sent (CELERY_TASK_ALWAYS_EAGER for one test)."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False
    connection.set_schema_to_public()
