"""The intake: calls the shop's customer-facing app (mini-program/H5) makes on the shop's
host, signed with the shop's application key (`intake_auth`), never with a back-office
token. Listed in docs/added-calls.md."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from zulin.core.routes import call

from . import after_sale, lease, services, shipping
from . import applet_schemas as schemas
from .events import share_code_attribution
from .intake_auth import AppSignatureAuth
from .reads import applet_order, applet_order_row

router = Router(tags=["applet: order intake (signed application key)"])
SIGNED = AppSignatureAuth()


@call(
    router.post, "/placeOrder", schemas.AppletOrderOut, operation_id="appletPlaceOrder", auth=SIGNED
)
def place_order(request: HttpRequest, payload: schemas.PlaceOrderIn) -> Any:
    """Places a lease order (with `rent_plan_id` or `package_id`) or a purchase order. The
    same `idempotency_key` answers the same order."""
    key = request.auth  # type: ignore[attr-defined]
    # A share link's code attributes the order to the link, and to its channel, salesman and
    # sub-shop where the app names none (a deleted link's code attributes nothing).
    link = share_code_attribution(payload.share_code) if payload.share_code.strip() else None
    order = services.order_place(
        data=services.Intake(
            idempotency_key=payload.idempotency_key,
            customer_name=payload.customer_name,
            customer_phone=payload.customer_phone,
            id_number=payload.id_number,
            sku_id=payload.sku_id,
            rent_plan_id=payload.rent_plan_id,
            package_id=payload.package_id,
            addon_ids=list(payload.addon_ids),
            channel=payload.channel or (link.channel if link else "") or key.channel,
            sub_shop_id=payload.sub_shop_id or (link.sub_shop_id if link else None),
            salesman_account_id=payload.salesman_id or (link.salesman_account_id if link else None),
            shipping_fee=payload.shipping_fee,
            share_link_id=link.link_id if link else None,
        )
    )
    return applet_order_row(order)


@call(
    router.get,
    "/orderStatus",
    schemas.AppletOrderOut,
    operation_id="appletOrderStatus",
    auth=SIGNED,
)
def order_status(request: HttpRequest, query: Query[schemas.AppletOrderIn]) -> Any:
    return applet_order_row(applet_order(query.order_no))


@call(
    router.post,
    "/cancelOrder",
    schemas.AppletOrderOut,
    operation_id="appletCancelOrder",
    auth=SIGNED,
)
def cancel_order(request: HttpRequest, payload: schemas.AppletCancelIn) -> Any:
    """The customer cancels an order not yet signed: stock released, deposit thawed."""
    order = services.order_cancel(
        order_id=applet_order(payload.order_no).pk, reason=payload.reason or "用户取消"
    )
    return applet_order_row(order)


@call(
    router.post,
    "/confirmReceipt",
    schemas.AppletOrderOut,
    operation_id="appletConfirmReceipt",
    auth=SIGNED,
)
def confirm_receipt(request: HttpRequest, payload: schemas.AppletOrderIn) -> Any:
    """The customer received the goods: the lease starts today."""
    order = lease.order_deliver(
        order_id=applet_order(payload.order_no).pk, actor=None, reason="用户确认收货"
    )
    return applet_order_row(order)


@call(
    router.post,
    "/applyAfterSale",
    schemas.AppletOrderOut,
    operation_id="appletApplyAfterSale",
    auth=SIGNED,
)
def apply_after_sale(request: HttpRequest, payload: schemas.AppletAfterSaleIn) -> Any:
    """The customer asks for a refund, a return, a buyout, a renewal or an exchange."""
    order = applet_order(payload.order_no)
    after_sale.after_sale_apply(
        order_id=order.pk, kind=payload.kind, reason=payload.reason, extra_term=payload.extra_term
    )
    order.refresh_from_db()
    return applet_order_row(order)


@call(
    router.post,
    "/returnShipment",
    schemas.AppletOrderOut,
    operation_id="appletReturnShipment",
    auth=SIGNED,
)
def return_shipment(request: HttpRequest, payload: schemas.AppletReturnIn) -> Any:
    """The customer sends the goods back (a return or exchange the shop approved)."""
    order = applet_order(payload.order_no)
    shipping.return_shipment_add(
        order_id=order.pk,
        company_code=payload.company_code,
        tracking_no=payload.tracking_no,
        device_serial=payload.device_serial,
    )
    order.refresh_from_db()
    return applet_order_row(order)


@call(
    router.post,
    "/uploadIdCard",
    schemas.AppletIdCardOut,
    operation_id="appletUploadIdCard",
    auth=SIGNED,
)
def upload_id_card(request: HttpRequest, payload: schemas.AppletIdCardIn) -> Any:
    """A picture of one side of the customer's ID card (JPEG or PNG, ≤ 1 MB, base64), kept
    as a private file of the shop: never under the media URL, shown only through the
    audited identity call. A second upload of a side replaces it."""
    stored = services.customer_id_card_save(
        order=applet_order(payload.order_no), side=payload.side, image_base64=payload.image_base64
    )
    return {"order_no": payload.order_no.strip().upper(), "side": payload.side, "size": stored.size}
