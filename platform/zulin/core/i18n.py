"""The session's language for texts the server writes for people.

The front end sends its UI language in `Accept-Language` on every call (lib/request.ts);
`LanguageMiddleware` keeps it for the request, and `pick(text)` chooses one side of a
bilingual `Text` by it. Work outside a request (a task that writes an export) chooses with
`use_language(...)`. Everything the server words for a reader — field errors, the names of
roles, statuses, channels, conditions — is a `Text`, so neither language ever shows the
other's words; what a person typed stays as they typed it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from typing import Any, NamedTuple

ZH = "zh"
EN = "en"

_language: ContextVar[str] = ContextVar("zulin_language", default=ZH)


class Text(NamedTuple):
    """One text in both catalogue languages."""

    zh: str
    en: str

    def format(self, *args: Any, **kwargs: Any) -> Text:
        return Text(self.zh.format(*args, **kwargs), self.en.format(*args, **kwargs))

    def __str__(self) -> str:
        return pick(self)


def language_of(header: str) -> str:
    """`en` for an English `Accept-Language` first choice, else Chinese (the default)."""
    first = header.split(",", 1)[0].strip().lower()
    return EN if first.startswith("en") else ZH


def current_language() -> str:
    return _language.get()


def pick(text: Text | str, language: str | None = None) -> str:
    """The text in `language`, or in the request's language; a plain str is user data or a
    text that needs no translation (a number, a code) and is answered as it is."""
    if isinstance(text, Text):
        return text.en if (language or _language.get()) == EN else text.zh
    return text


def resolve(value: Any, language: str | None = None) -> Any:
    """`value` with every `Text` inside it (dicts, lists, tuples) chosen in `language`."""
    if isinstance(value, Text):
        return pick(value, language)
    if isinstance(value, Mapping):
        return {key: resolve(item, language) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [resolve(item, language) for item in value]
    return value


@contextlib.contextmanager
def use_language(language: str) -> Iterator[None]:
    token = _language.set(EN if language == EN else ZH)
    try:
        yield
    finally:
        _language.reset(token)


def choice_name(choice: Any, english: Mapping[str, str]) -> str:
    """The name of a model choice (its Chinese label) in the request's language; `english`
    holds the English names by value (a missing one falls back to the value, never to
    Chinese in an English screen)."""
    value = str(choice.value)
    return pick(Text(str(choice.label), english.get(value, value.replace("_", " "))))


class LanguageMiddleware:
    """Keeps the request's language (its `Accept-Language`) for `pick`."""

    def __init__(self, get_response):  # type: ignore[no-untyped-def]
        self.get_response = get_response

    def __call__(self, request):  # type: ignore[no-untyped-def]
        with use_language(language_of(request.META.get("HTTP_ACCEPT_LANGUAGE", ""))):
            return self.get_response(request)
