from __future__ import annotations

from datetime import datetime
from typing import Any

from ninja import Schema
from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.text import SingleLineText


class ExportCreateIn(Schema):
    kind: SingleLineText = Field(..., min_length=1, max_length=40, description="e.g. goods")
    filters: dict[str, Any] = Field(
        default_factory=dict, description="the list's filters, as its own call takes them"
    )


class ExportCreatedOut(Schema):
    id: int
    status: str


class ExportIdIn(Schema):
    id: Id


class ExportListIn(Schema):
    kind: SingleLineText | None = Field(None, max_length=40)
    page: Page = 1
    page_size: PageSize = 20


class ExportJobOut(Schema):
    id: int
    kind: str
    title: str
    filters: dict[str, Any]
    status: str = Field(..., description="queued, running, done or failed")
    progress: int = Field(..., description="0–100")
    rows: int
    error_code: int | None
    error: str
    file_name: str
    file_size: int
    download_url: str = Field(..., description="when done: a signed link, valid a few minutes")
    download_expires_in: int = Field(..., description="seconds the link is valid")
    created_at: datetime
    finished_at: datetime | None


class ExportPageOut(PageOut):
    list: list[ExportJobOut]
