"""A contract call on a Ninja router, its name written once:

    @call(router.get, "/orderInfo", OrderDetailOut, auth=VIEW, scope="orders:read")

The contract names every call by its path's last segment, and that name is the call's
operation id (the front end's generated types, the JWT matrix and the served smoke find a
call by it), so it is derived here, never typed beside each path. `scope` is the API key
scope that may call it (`key_scope`); `get_or_post` the schema of a call the contract serves
on GET and POST (its parameters documented for both, `get_or_post_docs`), with `methods`.
Everything else goes to Ninja as it is.

A call whose request carries `idempotency_key` (its body schema, or its GET-or-POST schema)
runs under the one idempotency rule (`zulin.idempotency.services`), applied here so no call
writes it: the key is claimed with the fingerprint of the validated request, in one
transaction with the call's work."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

from django.http import HttpRequest
from ninja.constants import NOT_SET
from pydantic import BaseModel

from zulin.idempotency.services import KEY_FIELD, client_key_checked, keyed_run

from .auth import key_scope
from .params import get_or_post_docs, read_params
from .schema import Schema

View = TypeVar("View", bound=Callable[..., Any])


def call(
    route: Callable[..., Callable[[View], View]],
    path: str,
    response: Any = NOT_SET,
    *,
    methods: list[str] | None = None,
    scope: str | None = None,
    get_or_post: type[Schema] | None = None,
    **options: Any,
) -> Callable[[View], View]:
    """`route` (`router.get`, `router.post`, `router.api_operation` with `methods`) at `path`,
    named by the path's last segment."""
    options.setdefault("operation_id", path.rsplit("/", 1)[-1])
    extra = dict(options.pop("openapi_extra", None) or {})
    if scope is not None:
        extra.update(key_scope(scope))
    if get_or_post is not None:
        extra.update(get_or_post_docs(get_or_post))
    if extra:
        options["openapi_extra"] = extra
    if response is not NOT_SET:
        options["response"] = response
    operation_id = options["operation_id"]

    def register(view: View) -> View:
        registered = (
            route(methods, path, **options) if methods is not None else route(path, **options)
        )(view)
        operation = getattr(registered, "_ninja_operation", None)
        if operation is not None and _keyed(operation.signature.models, get_or_post):
            operation.view_func = _idempotent(operation.view_func, operation_id, get_or_post)
        return registered

    return register


def _has_key(schema: Any) -> bool:
    return (
        isinstance(schema, type)
        and issubclass(schema, BaseModel)
        and ("idempotency_key" in schema.model_fields)
    )


def _keyed(models: Any, get_or_post: type[Schema] | None) -> bool:
    """Whether the call's request carries an idempotency key."""
    if _has_key(get_or_post):
        return True
    for model in models or ():
        for field in model.model_fields.values():
            if _has_key(field.annotation):
                return True
    return False


def _caller(request: HttpRequest) -> str:
    """Who asks: a key answers its own caller's request only (another caller's reuse is
    refused, never answered with someone else's record)."""
    auth = getattr(request, "auth", None)
    account = getattr(auth, "account", None)
    if account is not None:
        return f"account:{account.pk}"
    return f"{type(auth).__name__}:{getattr(auth, 'pk', '')}"


def _idempotent(
    view: Callable[..., Any], operation_id: str, get_or_post: type[Schema] | None
) -> Callable[..., Any]:
    @functools.wraps(view)
    def keyed(request: HttpRequest, **values: Any) -> Any:
        fields: dict[str, Any] = (
            {"params": read_params(request, get_or_post)}
            if get_or_post is not None and _has_key(get_or_post)
            else values
        )
        key = ""
        for value in fields.values():
            if isinstance(value, BaseModel) and KEY_FIELD in type(value).model_fields:
                key = getattr(value, KEY_FIELD) or ""
        if not key:
            return view(request, **values)
        client_key_checked(key)
        return keyed_run(
            key,
            operation=operation_id,
            fields={"caller": _caller(request), "request": fields},
            work=lambda: view(request, **values),
        )

    keyed.__signature__ = inspect.signature(view)  # type: ignore[attr-defined]
    return keyed
