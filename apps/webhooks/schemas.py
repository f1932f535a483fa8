from __future__ import annotations

from datetime import datetime

from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import SingleLineText

EventTypes = list[SingleLineText]


class WebhookEndpointOut(Schema):
    id: int
    url: str
    description: str
    event_types: list[str] = Field(description="empty: every type")
    enabled: bool
    disabled_reason: str
    failing_since: datetime | None
    rolling_until: datetime | None = Field(description="the old secret signs too until then")
    created_at: datetime


class WebhookEndpointCreatedOut(WebhookEndpointOut):
    secret: str = Field(description="whsec_…: shown this once")


class WebhookEndpointCreateIn(Schema):
    url: SingleLineText = Field(min_length=8, max_length=500)
    event_types: EventTypes = Field(default_factory=list, max_length=20)
    description: SingleLineText = Field("", max_length=200)


class WebhookEndpointUpdateIn(Schema):
    id: Id
    url: SingleLineText | None = Field(None, min_length=8, max_length=500)
    event_types: EventTypes | None = Field(None, max_length=20)
    description: SingleLineText | None = Field(None, max_length=200)
    enabled: bool | None = None


class WebhookEndpointIdIn(Schema):
    id: Id


class WebhookSecretOut(Schema):
    id: int
    secret: str = Field(description="the new whsec_… secret: shown this once")
    rolling_until: datetime


class WebhookAttemptOut(Schema):
    number: int
    started_at: datetime
    status_code: int | None
    duration_ms: int
    response_excerpt: str
    error: str


class WebhookDeliveryOut(Schema):
    id: int
    endpoint_id: int
    event_id: str
    event_type: str
    sequence: int
    status: str
    attempts: int
    next_attempt_at: datetime | None
    last_status_code: int | None
    last_error: str
    delivered_at: datetime | None
    created_at: datetime
    tries: list[WebhookAttemptOut]


class WebhookDeliveryPageOut(PageOut):
    list: list[WebhookDeliveryOut]


class WebhookDeliveryListIn(Schema):
    endpoint_id: Id | None = None
    status: SingleLineText = Field("", max_length=16, description="pending, delivered, failed")
    page: Page = 1
    page_size: PageSize = 20


class WebhookRedeliverIn(Schema):
    delivery_id: Id | None = Field(None, description="one delivery")
    endpoint_id: Id | None = Field(None, description="with failed_since: every failed one")
    failed_since: datetime | None = None


class WebhookRedeliverOut(Schema):
    count: int


class WebhookPingOut(Schema):
    delivery_id: int
    status: str = Field(description="pending: the relay sends it at once")
