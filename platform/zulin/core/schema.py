"""The base of every input and output schema: Ninja's Schema, validating plain dicts directly.

Ninja's Schema wraps whatever it validates in a `DjangoGetter`, so that a model instance's
managers, querysets, callables and file fields read as lists, values and URLs; pydantic then
reads every field through that wrapper's Python `__getattr__`. Our handlers and selectors
answer plain dicts, and for a dict holding none of those the wrapper changes nothing but
costs a Python call per field of every row (a fifth of a warm getLoginUserInfo, measured in
benchmarks/foundation.py). Such a dict is handed to pydantic as it is; anything else (a
model instance, a dict holding a queryset) goes Ninja's way. The OpenAPI document is the same
(validators are not part of it), and tests/test_schema_fast_path.py checks that answers are.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

import ninja
from django.db.models import Manager, QuerySet
from django.db.models.fields.files import FieldFile
from ninja.schema import DjangoGetter
from pydantic import ValidationInfo, model_validator
from pydantic.functional_validators import ModelWrapValidatorHandler

# Values DjangoGetter would convert (besides callables): they need Ninja's way.
_CONVERTED = (Manager, QuerySet, FieldFile)
fast_path = True  # tests turn it off to compare answers with Ninja's own way


# The types handlers answer with (checked first: a set lookup is cheaper than the tests).
_PLAIN_TYPES = frozenset({str, int, float, bool, type(None), Decimal, datetime, date, list, dict})


def _plain(values: dict[Any, Any]) -> bool:
    for value in values.values():
        if type(value) not in _PLAIN_TYPES and (callable(value) or isinstance(value, _CONVERTED)):
            return False
    return True


class Schema(ninja.Schema):
    @model_validator(mode="wrap")
    @classmethod
    def _run_root_validator(
        cls, values: Any, handler: ModelWrapValidatorHandler[Any], info: ValidationInfo
    ) -> Any:
        # Same name as Ninja's validator, so this one replaces it (pydantic keeps one per name).
        if fast_path and type(values) is dict and not cls._ninja_resolvers and _plain(values):
            return handler(values)
        # Ninja's own (ninja/schema.py, Schema._run_root_validator).
        if cls.model_config.get("extra") == "forbid" or cls.model_config.get(
            "validate_assignment", False
        ):
            handler(values)
        return handler(DjangoGetter(values, cls, info.context))
