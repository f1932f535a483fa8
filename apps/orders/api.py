"""Order calls of both sides: the lists and their counts, one order, the shop's decisions
(audit, allocation, closing, deleting, remarks), shipping, contracts, after-sales, and the
platform's intervention. A lease's money calls are billing's (`apps/billing/api/`); one
order with its money (`orderInfo`) is answered above both (`apps/order_view/api.py`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from tenants.orders.selectors import platform_order_page, platform_stage_counts
from zulin.core.auth import Session, any_side_auth, current_session, store_auth
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.routes import call
from zulin.core.sides import PlatformType

from . import (
    after_sale,
    contracts,
    governance,
    guards,
    lease,
    list_actions,
    schemas,
    selectors,
    services,
    settings_selectors,
    shipping,
)
from .intake_auth import intake_key_create, intake_key_status_set
from .models import AfterSale, OrderKind
from .scope import named_merchant, order_reader

platform_router = Router(tags=["platform: orders"])
backend_router = Router(tags=["backend: orders"])
merchant_router = Router(tags=["merchant: orders"])
general_router = Router(tags=["general: orders"])

# Lists and details: the scope (apps.orders.scope) decides what a store session sees; the
# platform needs order.view.
VIEW = any_side_auth()
STORE_VIEW = store_auth()


def _session(request: HttpRequest) -> Session:
    return order_reader(current_session(request))


def _need(session: Session, action: str) -> None:
    if not session.can(action):
        raise ApplicationError(ErrorCode.FORBIDDEN)


def _platform_filters(kind: str, filters: schemas.OrderCountIn) -> dict[str, Any]:
    """The platform index's filters (`platform_orders`) from the lists' filters."""
    return {
        "kind": kind,
        "merchant_id": filters.merchant_id,
        "stage": filters.stage,
        "status": filters.status,
        "date_from": filters.date_from,
        "date_to": filters.date_to,
        "goods": filters.goods,
        "phone": filters.phone,
        "order_no": filters.order_no,
        "channel": filters.channel,
        "oldest_first": filters.sort == "oldest",
        "todo": filters.todo,
    }


def _page(request: HttpRequest, kind: str, filters: schemas.OrderListIn) -> dict[str, Any]:
    session = _session(request)
    if session.side == PlatformType.ADMIN:
        return platform_order_page(
            **_platform_filters(kind, filters), page=filters.page, page_size=filters.page_size
        )
    return selectors.order_page(
        session=session,
        kind=kind,
        filters=selectors.OrderFilters.of(filters),
        page=filters.page,
        page_size=filters.page_size,
    )


def _counts(request: HttpRequest, kind: str, filters: schemas.OrderCountIn) -> dict[str, int]:
    session = _session(request)
    if session.side == PlatformType.ADMIN:
        return platform_stage_counts(
            **{**_platform_filters(kind, filters), "stage": None, "status": None, "todo": None}
        )
    return selectors.order_stage_counts(
        session=session, kind=kind, filters=selectors.OrderFilters.of(filters)
    )


@call(
    platform_router.get, "/backendOrderList", schemas.OrderPageOut, auth=VIEW, scope="orders:read"
)
def backend_order_list(request: HttpRequest, filters: Query[schemas.OrderListIn]) -> Any:
    """Lease orders, newest placed first, by stage and every filter (a workbench `todo`:
    orders of both kinds). The platform lists every merchant's (from its index); a shop lists
    what its role may see."""
    return _page(request, OrderKind.LEASE, filters)


@call(
    platform_router.get, "/ecommerceOrderList", schemas.OrderPageOut, auth=VIEW, scope="orders:read"
)
def ecommerce_order_list(request: HttpRequest, filters: Query[schemas.OrderListIn]) -> Any:
    """Purchase orders (bought outright at the sell price), with the same filters."""
    return _page(request, OrderKind.PURCHASE, filters)


@call(
    platform_router.get,
    "/orderNumberCount",
    schemas.OrderStageCountOut,
    auth=VIEW,
    scope="orders:read",
)
def order_number_count(request: HttpRequest, filters: Query[schemas.OrderCountIn]) -> Any:
    """Lease orders per list stage (the tabs) and in all, with the list's filters."""
    return _counts(request, OrderKind.LEASE, filters)


@call(
    platform_router.get,
    "/ecommerceOrderCount",
    schemas.OrderStageCountOut,
    auth=VIEW,
    scope="orders:read",
)
def ecommerce_order_count(request: HttpRequest, filters: Query[schemas.OrderCountIn]) -> Any:
    """Purchase orders per list stage and in all, with the list's filters."""
    return _counts(request, OrderKind.PURCHASE, filters)


@call(general_router.get, "/userOrderList", list[schemas.OrderRowOut], auth=STORE_VIEW)
def user_order_list(request: HttpRequest, query: Query[schemas.OrderIdQueryIn]) -> Any:
    """Every order of the customer of `order_id` in this shop, newest first (within the
    session's scope)."""
    return selectors.customer_orders(session=current_session(request), order_id=query.order_id)


@call(platform_router.get, "/getRemarkList", list[schemas.RemarkOut], auth=VIEW)
def get_remark_list(request: HttpRequest, query: Query[schemas.OrderIdQueryIn]) -> Any:
    session = _session(request)
    if session.side == PlatformType.ADMIN:
        return governance.platform_order_remarks(
            actor=session,
            merchant_id=named_merchant(query.merchant_id),
            order_id=query.order_id,
        )
    return selectors.order_remarks(session=session, order_id=query.order_id)


@call(platform_router.post, "/addRemark", schemas.RemarkOut, auth=store_auth("order.remark"))
def add_remark(request: HttpRequest, payload: schemas.AddRemarkIn) -> Any:
    remark = list_actions.order_remark_add(
        actor=current_session(request), order_id=payload.order_id, text=payload.remark
    )
    return {
        "id": remark.pk,
        "remark": remark.text,
        "actor": remark.actor_name,
        "created_at": remark.created_at,
    }


@call(backend_router.post, "/auditOrder", schemas.OrderRowOut, auth=store_auth("order.audit"))
def audit_order(request: HttpRequest, payload: schemas.AuditOrderIn) -> Any:
    """Passes an order awaiting audit (on to signing) or refuses it with a reason (stock
    released, deposit thawed)."""
    session = current_session(request)
    order = services.order_audit(
        actor=session, order_id=payload.id, passed=payload.passed, reason=payload.reason
    )
    return selectors.order_row(order)


@call(
    backend_router.get,
    "/getIntakeKeys",
    list[schemas.IntakeKeyOut],
    auth=store_auth("intake.manage"),
)
def get_intake_keys(request: HttpRequest) -> Any:
    """The application keys of the shop's customer-facing app (never their secrets)."""
    return settings_selectors.intake_key_rows()


@call(
    backend_router.post,
    "/createIntakeKey",
    schemas.IntakeKeyCreatedOut,
    auth=store_auth("intake.manage"),
)
def create_intake_key(request: HttpRequest, payload: schemas.IntakeKeyCreateIn) -> Any:
    """A new application key; its secret is in this answer only."""
    key, secret = intake_key_create(
        name=payload.name, channel=payload.channel, actor=current_session(request)
    )
    return {**settings_selectors.intake_key_row(key), "secret": secret}


@call(
    backend_router.post,
    "/setIntakeKeyStatus",
    schemas.IntakeKeyOut,
    auth=store_auth("intake.manage"),
)
def set_intake_key_status(request: HttpRequest, payload: schemas.IntakeKeyStatusIn) -> Any:
    """Turns a key off (its calls are refused from the next one) or on again."""
    key = intake_key_status_set(
        actor=current_session(request), app_id=payload.app_id, active=payload.active
    )
    return settings_selectors.intake_key_row(key)


@call(
    backend_router.get,
    "/getContractTemplate",
    schemas.ContractTemplateOut,
    auth=store_auth("order.manage"),
)
def get_contract_template(request: HttpRequest) -> Any:
    """The shop's lease contract template: lessor details and the clauses it edits."""
    return contracts.contract_template_read()


@call(
    backend_router.post,
    "/saveContractTemplate",
    schemas.ContractTemplateOut,
    auth=store_auth("order.manage"),
)
def save_contract_template(request: HttpRequest, payload: schemas.ContractTemplateIn) -> Any:
    """Saves the template; contracts made from now on use it, those made keep theirs."""
    return contracts.contract_template_save(
        actor=current_session(request), fields=payload.model_dump()
    )


@call(
    backend_router.get, "/getOrderSetting", schemas.OrderSettingOut, auth=store_auth("order.manage")
)
def get_order_setting(request: HttpRequest) -> Any:
    return settings_selectors.order_setting_answer(guards.order_setting())


@call(
    backend_router.post,
    "/saveOrderSetting",
    schemas.OrderSettingOut,
    auth=store_auth("order.manage"),
)
def save_order_setting(request: HttpRequest, payload: schemas.OrderSettingIn) -> Any:
    """Minutes before an unsigned order is cancelled, days before a parcel is taken as
    received, the early-buyout discount on the remaining rent and its first period."""
    setting = services.order_setting_save(
        actor=current_session(request), fields=payload.model_dump()
    )
    return settings_selectors.order_setting_answer(setting)


@call(
    backend_router.post,
    "/revealCustomerIdentity",
    schemas.CustomerIdentityOut,
    auth=store_auth("order.identity"),
)
def reveal_customer_identity(request: HttpRequest, payload: schemas.CustomerIdentityIn) -> Any:
    """The order's customer unmasked (name, phone, ID number, ID card pictures) for a role
    with `order.identity`, with the reason for looking (required); each call is an audit
    entry on the order's timeline and in the owner's reveal log."""
    return services.customer_identity_reveal(
        actor=current_session(request), order_id=payload.order_id, reason=payload.reason
    )


@call(
    backend_router.post, "/allocateOrders", schemas.OrderCountOut, auth=store_auth("order.manage")
)
def allocate_orders(request: HttpRequest, payload: schemas.AllocateOrdersIn) -> Any:
    """Gives orders to an auditor (getOrderAuditors) or a salesman (getShopSalesMan)."""
    count = list_actions.orders_allocate(
        actor=current_session(request), ids=payload.ids, account_id=payload.account_id
    )
    return {"count": count}


@call(
    backend_router.post,
    "/allocateToSubShop",
    schemas.OrderCountOut,
    auth=store_auth("order.manage"),
)
def allocate_to_sub_shop(request: HttpRequest, payload: schemas.AllocateToSubShopIn) -> Any:
    """Moves orders to an active sub-shop (a disabled one is refused)."""
    count = list_actions.order_allocate_sub_shop(
        actor=current_session(request), ids=payload.ids, sub_shop_id=payload.sub_shop_id
    )
    return {"count": count}


@call(
    platform_router.post, "/closeOrders", schemas.OrderCountOut, auth=any_side_auth("order.manage")
)
def close_orders(request: HttpRequest, payload: schemas.CloseOrdersIn) -> Any:
    """Closes orders with a reason: the shop before goods leave; the platform any open
    order of a merchant (its intervention). What the customer paid is refunded, the deposit
    thawed and stock released; all of `ids` or none."""
    session = current_session(request)
    if session.side == PlatformType.ADMIN:
        count = governance.platform_orders_close(
            actor=session,
            merchant_id=named_merchant(payload.merchant_id),
            ids=payload.ids,
            reason=payload.reason,
        )
    else:
        count = list_actions.orders_close(actor=session, ids=payload.ids, reason=payload.reason)
    return {"count": count}


@call(platform_router.post, "/deleteOrders", schemas.OrderCountOut, auth=store_auth("order.manage"))
def delete_orders(request: HttpRequest, payload: schemas.DeleteOrdersIn) -> Any:
    """Removes from the lists orders that never became a deal or ended (refused,
    cancelled, refunded, closed); kept for the books. All of `ids` or none."""
    return {"count": list_actions.orders_delete(actor=current_session(request), ids=payload.ids)}


# --- shipping --------------------------------------------------------------------------------

applet_router = Router(tags=["applet: express and contracts (back office)"])
v2_router = Router(tags=["v2: bills"])


@call(applet_router.get, "/expressCompany", list[schemas.ExpressCompanyOut], auth=VIEW)
def express_company(request: HttpRequest) -> Any:
    """Express companies a parcel may go with."""
    return shipping.express_companies()


@call(merchant_router.post, "/addExpress", schemas.OrderRowOut, auth=store_auth("order.ship"))
def add_express(request: HttpRequest, payload: schemas.AddExpressIn) -> Any:
    """Ships an order: the parcel and the device serial/IMEI (required for a lease)."""
    order = lease.order_ship(
        actor=current_session(request),
        order_id=payload.order_id,
        company_code=payload.company_code,
        tracking_no=payload.tracking_no,
        device_serial=payload.device_serial,
    )
    return selectors.order_row(order)


@call(merchant_router.post, "/updateExpress", schemas.ShipmentOut, auth=store_auth("order.ship"))
def update_express(request: HttpRequest, payload: schemas.AddExpressIn) -> Any:
    """Corrects the parcel of an order on its way (company, number, serial)."""
    shipment = shipping.shipment_update(
        actor=current_session(request),
        order_id=payload.order_id,
        company_code=payload.company_code,
        tracking_no=payload.tracking_no,
        device_serial=payload.device_serial,
    )
    return selectors.shipment_rows(shipment.order)[-1] | {"id": shipment.pk}


@call(merchant_router.post, "/confirmDelivery", schemas.OrderRowOut, auth=store_auth("order.ship"))
def confirm_delivery(request: HttpRequest, payload: schemas.DeliverIn) -> Any:
    """The shop confirms the customer received the goods (the lease starts today); express
    tracking and the job do the same on their own."""
    order = lease.order_deliver(
        order_id=payload.order_id, actor=current_session(request), reason="商家确认签收"
    )
    return selectors.order_row(order)


@call(applet_router.get, "/orderExpress", list[schemas.ShipmentTrackingOut], auth=STORE_VIEW)
def order_express(request: HttpRequest, query: Query[schemas.OrderExpressIn]) -> Any:
    """Every parcel of an order with its tracking events (the screen may hide the notice
    when tracking fails: `hide_error`)."""
    return shipping.order_tracking(
        session=current_session(request), order_id=query.order_id, hide_error=query.hide_error
    )


@call(
    platform_router.get,
    "/adminLookExpress",
    list[schemas.ShipmentTrackingOut],
    auth=any_side_auth("order.view"),
    scope="orders:read",
)
def admin_look_express(request: HttpRequest, query: Query[schemas.OrderExpressIn]) -> Any:
    """The platform (or the shop) reads an order's parcels and their tracking."""
    session = _session(request)
    if session.side == PlatformType.ADMIN:
        return governance.platform_order_tracking(
            actor=session,
            merchant_id=named_merchant(query.merchant_id),
            order_id=query.order_id,
            hide_error=query.hide_error,
        )
    return shipping.order_tracking(
        session=session, order_id=query.order_id, hide_error=query.hide_error
    )


# --- contracts -------------------------------------------------------------------------------


@call(
    applet_router.post, "/lookContract", schemas.ContractLinkOut, auth=any_side_auth("order.view")
)
def look_contract(request: HttpRequest, payload: schemas.ContractLookIn) -> Any:
    """A link to the order's contract PDF, valid a few minutes for this session only (the
    platform's on the admin host, with the order's `merchant_id`). The PDF shows the lessee's
    ID number as signed: a reason is required and each link is a reveal in the owner's log
    (`order.contract_view`)."""
    session = _session(request)
    if session.side == PlatformType.ADMIN:
        return governance.platform_contract_link(
            actor=session,
            merchant_id=named_merchant(payload.merchant_id),
            order_id=payload.order_id,
            reason=payload.reason,
        )
    return contracts.contract_link(actor=session, order_id=payload.order_id, reason=payload.reason)


@call(
    backend_router.post,
    "/refreshContract",
    schemas.OrderContractOut,
    auth=store_auth("order.manage"),
)
def refresh_contract(request: HttpRequest, payload: schemas.ContractOrderIn) -> Any:
    """Makes the contract again before the customer signs (a new version, sent for
    signing); refused once signed."""
    contract = contracts.contract_refresh(actor=current_session(request), order_id=payload.order_id)
    return selectors.contract_block(contract.order)


# --- after-sale ------------------------------------------------------------------------------


@call(
    platform_router.get,
    "/getAfterSaleRejectReason",
    list[schemas.RejectReasonOut],
    auth=store_auth("order.manage"),
)
def get_after_sale_reject_reason(request: HttpRequest) -> Any:
    return after_sale.REJECT_REASONS


def _after_sale_answer(business: Any) -> dict[str, Any]:
    return next(
        row for row in selectors.after_sale_rows(business.order) if row["id"] == business.pk
    )


@call(
    platform_router.post, "/applyAfterSale", schemas.AfterSaleOut, auth=store_auth("order.manage")
)
def apply_after_sale(request: HttpRequest, payload: schemas.ApplyAfterSaleIn) -> Any:
    """The shop opens an after-sale business for the customer (who asked by phone or in
    the shop): a refund before shipment, a return, a buyout at today's quote, a renewal
    or an exchange; one open at a time. It is then handled with dealAfterSale; a return or an
    exchange the shop starts is approved as it starts (a return's order moves to returning at
    once; an exchange waits for the old device, then ships the new one)."""
    business = after_sale.after_sale_apply(
        actor=current_session(request),
        order_id=payload.order_id,
        kind=payload.kind,
        reason=payload.reason,
        extra_term=payload.extra_term,
        started_by=AfterSale.StartedBy.SHOP,
    )
    return _after_sale_answer(business)


@call(platform_router.post, "/dealAfterSale", schemas.AfterSaleOut, auth=store_auth("order.manage"))
def deal_after_sale(request: HttpRequest, payload: schemas.DealAfterSaleIn) -> Any:
    """Handles the order's open after-sale business: approve or reject (with a reason from
    getAfterSaleRejectReason), receive the goods sent back (serial checked), inspect them
    (damage settled against the deposit, the rest thawed)."""
    business = after_sale.after_sale_deal(
        actor=current_session(request),
        order_id=payload.order_id,
        decision=payload.decision,
        reject_code=payload.reject_code,
        reason=payload.reason,
        damage_amount=payload.damage_amount,
        device_serial=payload.device_serial,
        inspection_note=payload.inspection_note,
        idempotency_key=payload.idempotency_key,
        inspection_id=payload.inspection_id,
    )
    return _after_sale_answer(business)
