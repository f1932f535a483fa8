"""Every schema of the API has a name of its own. The OpenAPI document names its components
by the class name, so a second class of the same name in another app silently takes the
first one's place for every call that uses it (the typed client then reads another shape:
recovery's count by order stage once replaced the order list's count per stage)."""

from __future__ import annotations

from collections import defaultdict

from ninja import Schema

import zulin.api  # noqa: F401 — every router mounted, every schema module imported

OURS = ("apps", "tenants", "zulin")


def _schemas(root: type) -> list[type]:
    found = []
    for cls in root.__subclasses__():
        if cls.__module__.split(".")[0] in OURS:
            found.append(cls)
        found += _schemas(cls)
    return found


def test_no_two_schemas_of_the_api_share_a_name():
    places: defaultdict[str, set[str]] = defaultdict(set)
    for cls in _schemas(Schema):
        places[cls.__name__].add(f"{cls.__module__}.{cls.__qualname__}")

    assert len(places) > 400  # the API's schemas were found
    assert {name: where for name, where in places.items() if len(where) > 1} == {}
