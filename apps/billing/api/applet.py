"""The customer app's payment of a bill (`appletPayBill`, signed with the shop's
application key as the intake's calls are)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from apps.orders import applet_schemas
from apps.orders.intake_auth import AppSignatureAuth
from apps.orders.reads import applet_order, applet_order_row
from zulin.core.routes import call

from .. import (
    bill_pay,
    schemas,
)
from .common import (
    lease_applet_router,
)


@call(
    lease_applet_router.post,
    "/payBill",
    applet_schemas.AppletOrderOut,
    operation_id="appletPayBill",
    auth=AppSignatureAuth(),
)
def pay_bill(request: HttpRequest, payload: schemas.AppletPayBillIn) -> Any:
    """The customer pays one bill (bill 1 at signing; a purchase's one bill); the payment
    counts when the provider confirms it."""
    order = applet_order(payload.order_no)
    bill_pay.customer_bill_pay(
        order_id=order.pk, period=payload.period, idempotency_key=payload.idempotency_key
    )
    order.refresh_from_db()
    return applet_order_row(order)
