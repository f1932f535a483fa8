"""Calls the contract lists as GET although they change state also accept POST.

Such a handler reads its parameters with `read_params`: from the query string on GET, from
the JSON body on POST, validated by one schema either way. `get_or_post_docs` documents both
in the OpenAPI document, which Ninja cannot infer for a handler without typed parameters.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

import pydantic
from django.http import HttpRequest
from ninja.errors import HttpError, ValidationError

from .errors import ApplicationError, ErrorCode
from .schema import Schema

SchemaT = TypeVar("SchemaT", bound=Schema)


def read_params(request: HttpRequest, schema: type[SchemaT]) -> SchemaT:
    if request.method == "GET":
        data: Any = request.GET.dict()
    else:
        try:
            data = json.loads(request.body or b"{}")
        except ValueError:
            raise HttpError(400, "malformed body") from None
        if not isinstance(data, dict):
            raise ApplicationError(ErrorCode.MALFORMED_BODY)
    try:
        return schema.model_validate(data)
    except pydantic.ValidationError as error:
        raise ValidationError([dict(e) for e in error.errors(include_url=False)]) from None


def get_or_post_docs(schema: type[Schema]) -> dict[str, Any]:
    json_schema = schema.model_json_schema(ref_template="#/components/schemas/{model}")
    required = set(json_schema.get("required", []))
    parameters = [
        {"in": "query", "name": name, "required": name in required, "schema": prop}
        for name, prop in json_schema.get("properties", {}).items()
    ]
    return {
        "parameters": parameters,
        "requestBody": {
            "required": False,
            "description": "POST: the same parameters as a JSON body",
            "content": {"application/json": {"schema": json_schema}},
        },
    }
