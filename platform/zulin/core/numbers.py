"""Bounded integers for input schemas: record ids, page numbers, page sizes.

Every id column is a PostgreSQL bigint; a number beyond it is no id of ours, and sent to the
database it fails the statement (or an OFFSET overflows). Schemas type ids as `Id` (or
`OptionalId`) and pages as `Page`/`PageSize`, so such numbers answer a field error (400)
before any query.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

BIGINT_MAX = 2**63 - 1
# Far beyond any real list (100 rows a page: ten million rows), small enough that
# (page - 1) * page_size never nears the bigint OFFSET limit.
MAX_PAGE = 100_000
MAX_PAGE_SIZE = 100

Id = Annotated[int, Field(ge=1, le=BIGINT_MAX)]
# A reference that may be 0 or absent where the contract uses 0 for "none" (a top level).
OptionalId = Annotated[int, Field(ge=0, le=BIGINT_MAX)]
Page = Annotated[int, Field(ge=1, le=MAX_PAGE)]
PageSize = Annotated[int, Field(ge=1, le=MAX_PAGE_SIZE)]


def id_from_text(text: str) -> int | None:
    """The id a search keyword names, if it is one: ASCII digits within the bigint range
    (`str.isdigit` also accepts "²", which `int` refuses)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        return None
    number = int(text)
    return number if 1 <= number <= BIGINT_MAX else None
