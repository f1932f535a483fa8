"""A contract call on a Ninja router, its name written once:

    @call(router.get, "/orderInfo", schemas.OrderDetailOut, auth=VIEW, scope="orders:read")

The contract names every call by its path's last segment, and that name is the call's
operation id (the front end's generated types, the JWT matrix and the served smoke find a
call by it), so it is derived here, never typed beside each path. `scope` is the API key
scope that may call it (`key_scope`); `get_or_post` the schema of a call the contract serves
on GET and POST (its parameters documented for both, `get_or_post_docs`), with `methods`.
Everything else goes to Ninja as it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ninja.constants import NOT_SET

from .auth import key_scope
from .params import get_or_post_docs
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
    if methods is not None:
        return route(methods, path, **options)
    return route(path, **options)
