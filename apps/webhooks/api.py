"""A merchant's webhook endpoints and their deliveries (docs/webhooks.md), on the shop's
side, behind `webhook.manage` (the owner's)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from zulin.core.auth import current_session, store_auth
from zulin.core.errors import field_error
from zulin.core.i18n import Text
from zulin.core.routes import call

from . import schemas, selectors, services

router = Router(tags=["backend: webhooks"])
MANAGE = store_auth("webhook.manage")


@call(router.get, "/getWebhookEndpoints", list[schemas.WebhookEndpointOut], auth=MANAGE)
def get_webhook_endpoints(request: HttpRequest) -> Any:
    """The shop's endpoints (never their secrets)."""
    return selectors.endpoint_rows()


@call(router.post, "/createWebhookEndpoint", schemas.WebhookEndpointCreatedOut, auth=MANAGE)
def create_webhook_endpoint(request: HttpRequest, payload: schemas.WebhookEndpointCreateIn) -> Any:
    """A new endpoint; its `whsec_…` secret is in this answer only."""
    endpoint = services.endpoint_create(
        url=payload.url,
        event_types=list(payload.event_types),
        description=payload.description,
        actor=current_session(request),
    )
    return {**selectors.endpoint_row(endpoint), "secret": endpoint.secret}


@call(router.post, "/updateWebhookEndpoint", schemas.WebhookEndpointOut, auth=MANAGE)
def update_webhook_endpoint(request: HttpRequest, payload: schemas.WebhookEndpointUpdateIn) -> Any:
    """Changes the address, the event types, the description, or turns it off or on."""
    endpoint = services.endpoint_update(
        endpoint_id=payload.id,
        actor=current_session(request),
        url=payload.url,
        event_types=list(payload.event_types) if payload.event_types is not None else None,
        description=payload.description,
        enabled=payload.enabled,
    )
    return selectors.endpoint_row(endpoint)


@call(router.post, "/deleteWebhookEndpoint", schemas.WebhookEndpointIdIn, auth=MANAGE)
def delete_webhook_endpoint(request: HttpRequest, payload: schemas.WebhookEndpointIdIn) -> Any:
    services.endpoint_delete(endpoint_id=payload.id, actor=current_session(request))
    return {"id": payload.id}


@call(router.post, "/rollWebhookSecret", schemas.WebhookSecretOut, auth=MANAGE)
def roll_webhook_secret(request: HttpRequest, payload: schemas.WebhookEndpointIdIn) -> Any:
    """A new secret, in this answer only; the old one signs beside it for 24 hours."""
    endpoint = services.endpoint_secret_roll(payload.id, actor=current_session(request))
    return {
        "id": endpoint.pk,
        "secret": endpoint.secret,
        "rolling_until": endpoint.previous_secret_until,
    }


@call(router.post, "/testWebhookEndpoint", schemas.WebhookPingOut, auth=MANAGE)
def test_webhook_endpoint(request: HttpRequest, payload: schemas.WebhookEndpointIdIn) -> Any:
    """Queues a `ping` to the endpoint (sent at once by the relay); its delivery shows in
    `getWebhookDeliveries`."""
    delivery = services.endpoint_ping(endpoint_id=payload.id, actor=current_session(request))
    return {"delivery_id": delivery.pk, "status": delivery.status}


@call(router.get, "/getWebhookDeliveries", schemas.WebhookDeliveryPageOut, auth=MANAGE)
def get_webhook_deliveries(
    request: HttpRequest, params: Query[schemas.WebhookDeliveryListIn]
) -> Any:
    """Deliveries newest first, each with its attempts (status code, duration, the first
    KB of the answer) and its next retry."""
    return selectors.delivery_page(
        endpoint_id=params.endpoint_id,
        status=params.status,
        page=params.page,
        page_size=params.page_size,
    )


@call(router.post, "/redeliverWebhook", schemas.WebhookRedeliverOut, auth=MANAGE)
def redeliver_webhook(request: HttpRequest, payload: schemas.WebhookRedeliverIn) -> Any:
    """Sends again one delivery, or every failed delivery of an endpoint since a time."""
    if payload.delivery_id is None and (payload.endpoint_id is None or not payload.failed_since):
        raise field_error(
            "delivery_id",
            Text("请选择投递，或端点与起始时间", "name a delivery, or an endpoint and a time"),
        )
    count = services.redeliver(
        delivery_ids=[payload.delivery_id] if payload.delivery_id is not None else None,
        endpoint_id=payload.endpoint_id,
        failed_since=payload.failed_since,
        actor=current_session(request),
    )
    return {"count": count}
