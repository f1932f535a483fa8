"""Text types for input schemas: what a person types into one line or into a text area.

`SingleLineText` (names, titles, codes, keywords) refuses every control character — line
breaks, tabs, NUL, DEL, the C1 range and the Unicode line/paragraph separators — and trims
surrounding whitespace. `MultiLineText` (descriptions, reasons, notes) allows line breaks
and tabs only (a CR LF pair is kept as LF). Lengths stay on the field:
`name: SingleLineText = Field(min_length=1, max_length=50)` counts after trimming.

The error types (`text_control_character`, `text_control_character_multiline`) have their
Chinese wording in `field_messages`; NUL bytes are also refused before any schema, for every
field of every call, by `zulin.core.input_guard`.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

# C0 controls, DEL, C1 controls, LINE SEPARATOR and PARAGRAPH SEPARATOR.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_CONTROL_BUT_NEWLINE_AND_TAB = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def has_control_character(text: str) -> bool:
    return _CONTROL.search(text) is not None


def _single_line(text: str) -> str:
    if _CONTROL.search(text):
        raise PydanticCustomError(
            "text_control_character",
            "must be one line without control characters (line breaks, tabs, NUL …)",
        )
    return text


def _multi_line(text: str) -> str:
    text = text.replace("\r\n", "\n")
    if _CONTROL_BUT_NEWLINE_AND_TAB.search(text):
        raise PydanticCustomError(
            "text_control_character_multiline",
            "must not contain control characters other than line breaks and tabs",
        )
    return text


SingleLineText = Annotated[
    str, StringConstraints(strip_whitespace=True), AfterValidator(_single_line)
]
MultiLineText = Annotated[
    str, StringConstraints(strip_whitespace=True), AfterValidator(_multi_line)
]
# What every money call takes so that a retry answers the same result (orders, withdrawals …).
IdempotencyKey = Annotated[SingleLineText, Field(min_length=8, max_length=64)]
