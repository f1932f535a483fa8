"""Order calls of both sides: the lists and their counts, one order, the shop's decisions
(audit, allocation, closing, deleting, remarks), and the platform's intervention."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.http import HttpRequest
from ninja import Query, Router

from apps.billing import latefees
from apps.billing import selectors as billing_selectors
from apps.billing.charges import WAIVE_RIGHT
from apps.billing.offline import OfflineDetails
from tenants.catalog.selectors import money
from tenants.finance import schemas as finance_schemas
from tenants.finance import selectors as finance_selectors
from tenants.finance import services as finance_services
from tenants.orders.selectors import platform_order_page, platform_stage_counts
from tenants.risk.services import recharge_payment_sync
from zulin.core.auth import Session, admin_auth, any_side_auth, current_session, store_auth
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.sides import PlatformType

from . import (
    after_sale,
    confirmations,
    contracts,
    deposits,
    governance,
    guards,
    lease,
    rent_run,
    repayments,
    schemas,
    selectors,
    services,
    shipping,
    termination,
)
from .intake_auth import intake_key_create, intake_key_status_set
from .models import AfterSale, OrderKind
from .scope import order_in_scope

platform_router = Router(tags=["platform: orders"])
backend_router = Router(tags=["backend: orders"])
merchant_router = Router(tags=["merchant: orders"])
general_router = Router(tags=["general: orders"])

# Lists and details: the scope (apps.orders.scope) decides what a store session sees; the
# platform needs order.view.
VIEW = any_side_auth()
STORE_VIEW = store_auth()


def _session(request: HttpRequest) -> Session:
    session = current_session(request)
    if session.side == PlatformType.ADMIN and not session.can("order.view"):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    return session


def _need(session: Session, action: str) -> None:
    if not session.can(action):
        raise ApplicationError(ErrorCode.FORBIDDEN)


def _merchant_id(session: Session, merchant_id: int | None) -> int:
    if merchant_id is None:
        raise field_error("merchant_id", Text("平台端必填", "required on the platform"))
    return merchant_id


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


@platform_router.get(
    "/backendOrderList", response=schemas.OrderPageOut, auth=VIEW, operation_id="backendOrderList"
)
def backend_order_list(request: HttpRequest, filters: Query[schemas.OrderListIn]) -> Any:
    """Lease orders, newest placed first, by stage and every filter (a workbench `todo`:
    orders of both kinds). The platform lists every merchant's (from its index); a shop lists
    what its role may see."""
    return _page(request, OrderKind.LEASE, filters)


@platform_router.get(
    "/ecommerceOrderList",
    response=schemas.OrderPageOut,
    auth=VIEW,
    operation_id="ecommerceOrderList",
)
def ecommerce_order_list(request: HttpRequest, filters: Query[schemas.OrderListIn]) -> Any:
    """Purchase orders (bought outright at the sell price), with the same filters."""
    return _page(request, OrderKind.PURCHASE, filters)


@platform_router.get(
    "/orderNumberCount",
    response=schemas.OrderStageCountOut,
    auth=VIEW,
    operation_id="orderNumberCount",
)
def order_number_count(request: HttpRequest, filters: Query[schemas.OrderCountIn]) -> Any:
    """Lease orders per list stage (the tabs) and in all, with the list's filters."""
    return _counts(request, OrderKind.LEASE, filters)


@platform_router.get(
    "/ecommerceOrderCount",
    response=schemas.OrderStageCountOut,
    auth=VIEW,
    operation_id="ecommerceOrderCount",
)
def ecommerce_order_count(request: HttpRequest, filters: Query[schemas.OrderCountIn]) -> Any:
    """Purchase orders per list stage and in all, with the list's filters."""
    return _counts(request, OrderKind.PURCHASE, filters)


@merchant_router.get(
    "/orderInfo", response=schemas.OrderDetailOut, auth=VIEW, operation_id="orderInfo"
)
def order_info(request: HttpRequest, query: Query[schemas.OrderIdIn]) -> Any:
    """One order with its customer (masked), goods, plan, deposit, bills, shipments,
    contract, remarks, risk result, timeline and the actions allowed now."""
    session = _session(request)
    if session.side == PlatformType.ADMIN:
        return governance.platform_order_detail(
            actor=session, merchant_id=_merchant_id(session, query.merchant_id), order_id=query.id
        )
    return selectors.order_detail(session=session, order_id=query.id)


@general_router.get(
    "/userOrderList",
    response=list[schemas.OrderRowOut],
    auth=STORE_VIEW,
    operation_id="userOrderList",
)
def user_order_list(request: HttpRequest, query: Query[schemas.OrderIdQueryIn]) -> Any:
    """Every order of the customer of `order_id` in this shop, newest first (within the
    session's scope)."""
    return selectors.customer_orders(session=current_session(request), order_id=query.order_id)


@platform_router.get(
    "/getRemarkList", response=list[schemas.RemarkOut], auth=VIEW, operation_id="getRemarkList"
)
def get_remark_list(request: HttpRequest, query: Query[schemas.OrderIdQueryIn]) -> Any:
    session = _session(request)
    if session.side == PlatformType.ADMIN:
        detail = governance.platform_order_detail(
            actor=session,
            merchant_id=_merchant_id(session, query.merchant_id),
            order_id=query.order_id,
        )
        return detail["remarks"]
    return selectors.order_remarks(session=session, order_id=query.order_id)


def _money_answer(values: dict[str, Any]) -> dict[str, Any]:
    return {
        key: money(value) if isinstance(value, Decimal) else value for key, value in values.items()
    }


@platform_router.get(
    "/getOverdueMoney",
    response=schemas.OverdueMoneyOut,
    auth=VIEW,
    operation_id="getOverdueMoney",
)
def get_overdue_money(request: HttpRequest, query: Query[schemas.OrderIdQueryIn]) -> Any:
    """What the order owes for lateness: unpaid rent of its bills past due, late fees
    accrued, waived and paid, and the total still owed. The platform names the merchant."""
    session = _session(request)
    if session.side == PlatformType.ADMIN:
        owed = governance.platform_overdue_money(
            actor=session,
            merchant_id=_merchant_id(session, query.merchant_id),
            order_id=query.order_id,
        )
    else:
        owed = rent_run.overdue_money(actor=session, order_id=query.order_id)
    return _money_answer(owed)


@platform_router.post(
    "/addRemark",
    response=schemas.RemarkOut,
    auth=store_auth("order.remark"),
    operation_id="addRemark",
)
def add_remark(request: HttpRequest, payload: schemas.AddRemarkIn) -> Any:
    remark = services.order_remark_add(
        actor=current_session(request), order_id=payload.order_id, text=payload.remark
    )
    return {
        "id": remark.pk,
        "remark": remark.text,
        "actor": remark.actor_name,
        "created_at": remark.created_at,
    }


@backend_router.post(
    "/auditOrder",
    response=schemas.OrderRowOut,
    auth=store_auth("order.audit"),
    operation_id="auditOrder",
)
def audit_order(request: HttpRequest, payload: schemas.AuditOrderIn) -> Any:
    """Passes an order awaiting audit (on to signing) or refuses it with a reason (stock
    released, deposit thawed)."""
    session = current_session(request)
    order = services.order_audit(
        actor=session, order_id=payload.id, passed=payload.passed, reason=payload.reason
    )
    return selectors.order_row(order)


@backend_router.get(
    "/getIntakeKeys",
    response=list[schemas.IntakeKeyOut],
    auth=store_auth("intake.manage"),
    operation_id="getIntakeKeys",
)
def get_intake_keys(request: HttpRequest) -> Any:
    """The application keys of the shop's customer-facing app (never their secrets)."""
    return selectors.intake_key_rows()


@backend_router.post(
    "/createIntakeKey",
    response=schemas.IntakeKeyCreatedOut,
    auth=store_auth("intake.manage"),
    operation_id="createIntakeKey",
)
def create_intake_key(request: HttpRequest, payload: schemas.IntakeKeyCreateIn) -> Any:
    """A new application key; its secret is in this answer only."""
    key, secret = intake_key_create(
        name=payload.name, channel=payload.channel, actor=current_session(request)
    )
    return {**selectors.intake_key_row(key), "secret": secret}


@backend_router.post(
    "/setIntakeKeyStatus",
    response=schemas.IntakeKeyOut,
    auth=store_auth("intake.manage"),
    operation_id="setIntakeKeyStatus",
)
def set_intake_key_status(request: HttpRequest, payload: schemas.IntakeKeyStatusIn) -> Any:
    """Turns a key off (its calls are refused from the next one) or on again."""
    key = intake_key_status_set(
        actor=current_session(request), app_id=payload.app_id, active=payload.active
    )
    return selectors.intake_key_row(key)


@backend_router.get(
    "/getReturnQuote",
    response=schemas.ReturnQuoteOut,
    auth=store_auth("order.view"),
    operation_id="getReturnQuote",
)
def get_return_quote(request: HttpRequest, params: Query[schemas.ReturnQuoteIn]) -> Any:
    """What the customer will owe if the goods come back on `return_date` with
    `damage_amount`: bills due by then, rent cancelled after it, the early-termination fee
    before the minimum term, the damage, what the deposit pays and what stays owed."""
    return termination.order_return_quote(
        actor=current_session(request),
        order_id=params.order_id,
        return_date=params.return_date,
        damage=params.damage_amount,
    )


@backend_router.get(
    "/getContractTemplate",
    response=schemas.ContractTemplateOut,
    auth=store_auth("order.manage"),
    operation_id="getContractTemplate",
)
def get_contract_template(request: HttpRequest) -> Any:
    """The shop's lease contract template: lessor details and the clauses it edits."""
    return contracts.contract_template_read()


@backend_router.post(
    "/saveContractTemplate",
    response=schemas.ContractTemplateOut,
    auth=store_auth("order.manage"),
    operation_id="saveContractTemplate",
)
def save_contract_template(request: HttpRequest, payload: schemas.ContractTemplateIn) -> Any:
    """Saves the template; contracts made from now on use it, those made keep theirs."""
    return contracts.contract_template_save(
        actor=current_session(request), fields=payload.model_dump()
    )


@backend_router.get(
    "/getOrderSetting",
    response=schemas.OrderSettingOut,
    auth=store_auth("order.manage"),
    operation_id="getOrderSetting",
)
def get_order_setting(request: HttpRequest) -> Any:
    return selectors.order_setting_answer(guards.order_setting())


@backend_router.post(
    "/saveOrderSetting",
    response=schemas.OrderSettingOut,
    auth=store_auth("order.manage"),
    operation_id="saveOrderSetting",
)
def save_order_setting(request: HttpRequest, payload: schemas.OrderSettingIn) -> Any:
    """Minutes before an unsigned order is cancelled, days before a parcel is taken as
    received, the early-buyout discount on the remaining rent and its first period."""
    setting = services.order_setting_save(
        actor=current_session(request), fields=payload.model_dump()
    )
    return selectors.order_setting_answer(setting)


@backend_router.post(
    "/revealCustomerIdentity",
    response=schemas.CustomerIdentityOut,
    auth=store_auth("order.identity"),
    operation_id="revealCustomerIdentity",
)
def reveal_customer_identity(request: HttpRequest, payload: schemas.CustomerIdentityIn) -> Any:
    """The order's customer unmasked (name, phone, ID number, ID card pictures) for a role
    with `order.identity`; each call is an audit entry on the order's timeline."""
    return services.customer_identity_reveal(
        actor=current_session(request), order_id=payload.order_id
    )


@backend_router.post(
    "/allocateOrders",
    response=schemas.OrderCountOut,
    auth=store_auth("order.manage"),
    operation_id="allocateOrders",
)
def allocate_orders(request: HttpRequest, payload: schemas.AllocateOrdersIn) -> Any:
    """Gives orders to an auditor (getOrderAuditors) or a salesman (getShopSalesMan)."""
    count = services.orders_allocate(
        actor=current_session(request), ids=payload.ids, account_id=payload.account_id
    )
    return {"count": count}


@backend_router.post(
    "/allocateToSubShop",
    response=schemas.OrderCountOut,
    auth=store_auth("order.manage"),
    operation_id="allocateToSubShop",
)
def allocate_to_sub_shop(request: HttpRequest, payload: schemas.AllocateToSubShopIn) -> Any:
    """Moves orders to an active sub-shop (a disabled one is refused)."""
    count = services.order_allocate_sub_shop(
        actor=current_session(request), ids=payload.ids, sub_shop_id=payload.sub_shop_id
    )
    return {"count": count}


@platform_router.post(
    "/closeOrders",
    response=schemas.OrderCountOut,
    auth=any_side_auth("order.manage"),
    operation_id="closeOrders",
)
def close_orders(request: HttpRequest, payload: schemas.CloseOrdersIn) -> Any:
    """Closes orders with a reason: the shop before goods leave; the platform any open
    order of a merchant (its intervention). What the customer paid is refunded, the deposit
    thawed and stock released; all of `ids` or none."""
    session = current_session(request)
    if session.side == PlatformType.ADMIN:
        count = governance.platform_orders_close(
            actor=session,
            merchant_id=_merchant_id(session, payload.merchant_id),
            ids=payload.ids,
            reason=payload.reason,
        )
    else:
        count = services.orders_close(actor=session, ids=payload.ids, reason=payload.reason)
    return {"count": count}


@platform_router.post(
    "/deleteOrders",
    response=schemas.OrderCountOut,
    auth=store_auth("order.manage"),
    operation_id="deleteOrders",
)
def delete_orders(request: HttpRequest, payload: schemas.DeleteOrdersIn) -> Any:
    """Removes from the lists orders that never became a deal or ended (refused,
    cancelled, refunded, closed); kept for the books. All of `ids` or none."""
    return {"count": services.orders_delete(actor=current_session(request), ids=payload.ids)}


# --- shipping --------------------------------------------------------------------------------

applet_router = Router(tags=["applet: express and contracts (back office)"])
v2_router = Router(tags=["v2: bills"])


@applet_router.get(
    "/expressCompany",
    response=list[schemas.ExpressCompanyOut],
    auth=VIEW,
    operation_id="expressCompany",
)
def express_company(request: HttpRequest) -> Any:
    """Express companies a parcel may go with."""
    return shipping.express_companies()


@merchant_router.post(
    "/addExpress",
    response=schemas.OrderRowOut,
    auth=store_auth("order.ship"),
    operation_id="addExpress",
)
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


@merchant_router.post(
    "/updateExpress",
    response=schemas.ShipmentOut,
    auth=store_auth("order.ship"),
    operation_id="updateExpress",
)
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


@merchant_router.post(
    "/confirmDelivery",
    response=schemas.OrderRowOut,
    auth=store_auth("order.ship"),
    operation_id="confirmDelivery",
)
def confirm_delivery(request: HttpRequest, payload: schemas.DeliverIn) -> Any:
    """The shop confirms the customer received the goods (the lease starts today); express
    tracking and the job do the same on their own."""
    order = lease.order_deliver(
        order_id=payload.order_id, actor=current_session(request), reason="商家确认签收"
    )
    return selectors.order_row(order)


@applet_router.get(
    "/orderExpress",
    response=list[schemas.ShipmentTrackingOut],
    auth=STORE_VIEW,
    operation_id="orderExpress",
)
def order_express(request: HttpRequest, query: Query[schemas.OrderExpressIn]) -> Any:
    """Every parcel of an order with its tracking events (the screen may hide the notice
    when tracking fails: `hide_error`)."""
    return shipping.order_tracking(
        session=current_session(request), order_id=query.order_id, hide_error=query.hide_error
    )


@platform_router.get(
    "/adminLookExpress",
    response=list[schemas.ShipmentTrackingOut],
    auth=any_side_auth("order.view"),
    operation_id="adminLookExpress",
)
def admin_look_express(request: HttpRequest, query: Query[schemas.OrderExpressIn]) -> Any:
    """The platform (or the shop) reads an order's parcels and their tracking."""
    session = _session(request)
    if session.side == PlatformType.ADMIN:
        return governance.platform_order_tracking(
            actor=session,
            merchant_id=_merchant_id(session, query.merchant_id),
            order_id=query.order_id,
            hide_error=query.hide_error,
        )
    return shipping.order_tracking(
        session=session, order_id=query.order_id, hide_error=query.hide_error
    )


def _refund_answer(refund: Any) -> dict[str, Any]:
    return {
        "id": refund.pk,
        "out_no": refund.out_no,
        "amount": money(refund.amount),
        "status": refund.status,
        "purpose": refund.purpose,
    }


@merchant_router.post(
    "/refundSfAmount",
    response=schemas.RefundOut,
    auth=store_auth("order.manage"),
    operation_id="refundSfAmount",
)
def refund_sf_amount(request: HttpRequest, payload: schemas.RefundShippingFeeIn) -> Any:
    """Gives back the shipping fee the customer paid (all that is left, or `amount`)."""
    refund = shipping.shipping_fee_refund(
        actor=current_session(request),
        order_id=payload.order_id,
        amount=payload.amount,
        idempotency_key=payload.idempotency_key,
    )
    return _refund_answer(refund)


# --- contracts -------------------------------------------------------------------------------


@applet_router.post(
    "/lookContract",
    response=schemas.ContractLinkOut,
    auth=any_side_auth("order.view"),
    operation_id="lookContract",
)
def look_contract(request: HttpRequest, payload: schemas.ContractLookIn) -> Any:
    """A link to the order's contract PDF, valid a few minutes for this session only (the
    platform's on the admin host, with the order's `merchant_id`)."""
    session = _session(request)
    if session.side == PlatformType.ADMIN:
        return governance.platform_contract_link(
            actor=session,
            merchant_id=_merchant_id(session, payload.merchant_id),
            order_id=payload.order_id,
        )
    return contracts.contract_link(actor=session, order_id=payload.order_id)


@backend_router.post(
    "/refreshContract",
    response=schemas.OrderContractOut,
    auth=store_auth("order.manage"),
    operation_id="refreshContract",
)
def refresh_contract(request: HttpRequest, payload: schemas.ContractOrderIn) -> Any:
    """Makes the contract again before the customer signs (a new version, sent for
    signing); refused once signed."""
    contract = contracts.contract_refresh(actor=current_session(request), order_id=payload.order_id)
    return selectors.contract_block(contract.order)


# --- deposits --------------------------------------------------------------------------------


def _deposit_answer(op: Any) -> dict[str, Any]:
    if op is None:
        return {"id": None, "kind": "", "amount": "0.00", "status": "nothing", "out_request_no": ""}
    return {
        "id": op.pk,
        "kind": op.kind,
        "amount": money(op.amount),
        "status": op.status,
        "out_request_no": op.out_request_no,
    }


def _locked_order(request: HttpRequest, order_id: int) -> tuple[Session, Any]:
    session = current_session(request)
    return session, order_in_scope(session, order_id, lock=True)


@platform_router.post(
    "/depositThaw",
    response=schemas.DepositResultOut,
    auth=store_auth("order.manage"),
    operation_id="depositThaw",
)
def deposit_thaw(request: HttpRequest, payload: schemas.DepositThawIn) -> Any:
    """Releases frozen deposit (`amount`, or all still frozen); refused (1409) while the
    order owes money that is due (written off included) or a payment is in flight: the
    deposit pays that first."""
    with transaction.atomic():
        session, order = _locked_order(request, payload.order_id)
        op = deposits.deposit_thaw(
            order,
            actor=session,
            amount=payload.amount,
            idempotency_key=payload.idempotency_key,
            refuse_if_owed=True,
        )
        return _deposit_answer(op)


@platform_router.post(
    "/depositTransferPay",
    response=schemas.DepositResultOut,
    auth=store_auth("order.manage"),
    operation_id="depositTransferPay",
)
def deposit_transfer_pay(request: HttpRequest, payload: schemas.DepositTransferIn) -> Any:
    """Takes frozen deposit to pay unpaid bills (oldest first, whole bills) or damage: never
    more than is frozen; applied when the provider confirms."""
    with transaction.atomic():
        session, order = _locked_order(request, payload.order_id)
        op = deposits.deposit_transfer(
            order,
            actor=session,
            amount=payload.amount,
            purpose=payload.purpose,
            idempotency_key=payload.idempotency_key,
        )
        return _deposit_answer(op)


@platform_router.post(
    "/refundDeposit",
    response=schemas.DepositResultOut,
    auth=store_auth("order.manage"),
    operation_id="refundDeposit",
)
def refund_deposit(request: HttpRequest, payload: schemas.RefundDepositIn) -> Any:
    """Gives back money taken from the deposit (a damage charge withdrawn)."""
    with transaction.atomic():
        session, order = _locked_order(request, payload.order_id)
        op = deposits.deposit_refund(
            order, actor=session, amount=payload.amount, idempotency_key=payload.idempotency_key
        )
        return _deposit_answer(op)


# --- after-sale ------------------------------------------------------------------------------


@platform_router.get(
    "/getAfterSaleRejectReason",
    response=list[schemas.RejectReasonOut],
    auth=store_auth("order.manage"),
    operation_id="getAfterSaleRejectReason",
)
def get_after_sale_reject_reason(request: HttpRequest) -> Any:
    return after_sale.REJECT_REASONS


def _after_sale_answer(business: Any) -> dict[str, Any]:
    return next(
        row for row in selectors.after_sale_rows(business.order) if row["id"] == business.pk
    )


@platform_router.post(
    "/applyAfterSale",
    response=schemas.AfterSaleOut,
    auth=store_auth("order.manage"),
    operation_id="applyAfterSale",
)
def apply_after_sale(request: HttpRequest, payload: schemas.ApplyAfterSaleIn) -> Any:
    """The shop opens an after-sale business for the customer (who asked by phone or in
    the shop): a refund before shipment, a return, a buyout at today's quote, a renewal
    or an exchange; one open at a time. It is then handled with dealAfterSale; a return the
    shop starts is approved as it starts (the order moves to returning at once)."""
    business = after_sale.after_sale_apply(
        actor=current_session(request),
        order_id=payload.order_id,
        kind=payload.kind,
        reason=payload.reason,
        extra_term=payload.extra_term,
        started_by=AfterSale.StartedBy.SHOP,
    )
    return _after_sale_answer(business)


@platform_router.post(
    "/dealAfterSale",
    response=schemas.AfterSaleOut,
    auth=store_auth("order.manage"),
    operation_id="dealAfterSale",
)
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
    )
    return _after_sale_answer(business)


# --- bills -----------------------------------------------------------------------------------


@v2_router.post(
    "/BillPayment",
    response=schemas.PaymentResultOut,
    auth=store_auth("order.manage"),
    operation_id="BillPayment",
)
def bill_payment(request: HttpRequest, payload: schemas.BillPaymentIn) -> Any:
    """Charges one bill now by the customer's withhold agreement. The same idempotency key
    answers the same attempt; a bill is paid at most once."""
    collected = lease.order_bill_pay(
        order_id=payload.order_id,
        period=payload.period,
        actor=current_session(request),
        idempotency_key=payload.idempotency_key,
    )
    return {
        "kind": "bill_payment",
        "status": collected.payment.status,
        "amount": money(collected.payment.amount),
    }


@platform_router.get(
    "/queryPayResult",
    response=schemas.PaymentResultOut,
    auth=store_auth(),
    operation_id="queryPayResult",
)
def query_pay_result(request: HttpRequest, query: Query[schemas.PayResultIn]) -> Any:
    """Asks the provider again about one of our payment requests and records what it says:
    an order's (bill payment, refund, deposit freeze/thaw/transfer; `order.manage`), or a QR
    recharge of the risk balance (kind `risk_recharge`, by its recharge number;
    `risk.recharge`)."""
    session = current_session(request)
    if not (session.can("order.manage") or session.can("risk.recharge")):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    result = None
    if session.can("order.manage"):
        result = confirmations.payment_result_sync(out_no=query.out_no, actor=session)
    if result is None and session.can("risk.recharge"):
        recharge = recharge_payment_sync(merchant=tenant_connection.tenant, out_no=query.out_no)
        if recharge is not None:
            result = {
                "kind": "risk_recharge",
                "status": RECHARGE_PAYMENT_STATUS[recharge.status],
                "amount": recharge.amount,
            }
    if result is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return {**result, "amount": money(result["amount"])}


# A QR recharge's status as its payment's: credited is the payment succeeded.
RECHARGE_PAYMENT_STATUS = {"paying": "processing", "credited": "succeeded", "failed": "failed"}


finance_router = Router(tags=["finance: late fees, settings, offline and early repayment"])


@finance_router.post(
    "/waiveLateFee",
    response=schemas.OrderBillOut,
    auth=store_auth("order.manage"),
    operation_id="waiveLateFee",
)
def waive_late_fee(request: HttpRequest, payload: schemas.WaiveLateFeeIn) -> Any:
    """Forgoes the late fee (all still owed, or `amount`) of one bill, with a reason on the
    order's timeline. The same idempotency key answers the same waiver."""
    session = current_session(request)
    bill = rent_run.late_fee_waive(
        actor=session,
        order_id=payload.order_id,
        period=payload.period,
        amount=payload.amount,
        reason=payload.reason,
        idempotency_key=payload.idempotency_key,
    )
    return _bill_answer(session, bill)


@finance_router.post(
    "/waiveOrderCharge",
    response=schemas.OrderBillOut,
    auth=store_auth(WAIVE_RIGHT),
    operation_id="waiveOrderCharge",
)
def waive_order_charge(request: HttpRequest, payload: schemas.WaiveChargeIn) -> Any:
    """Forgoes everything one bill or charge of the order still owes (principal and late
    fee; the bill is cancelled), or `amount` of its principal (a negotiated part: the rest
    stays owed; 1410 above the principal owed), with a reason, on the order's timeline; the
    order leaves `owing` once nothing is owed. The same idempotency key answers the same
    waiver."""
    session = current_session(request)
    waiver = rent_run.charge_waive(
        actor=session,
        order_id=payload.order_id,
        period=payload.period,
        amount=payload.amount,
        reason=payload.reason,
        idempotency_key=payload.idempotency_key,
    )
    return _bill_answer(session, waiver.bill)


def _bill_answer(session: Session, bill: Any) -> dict[str, Any]:
    rows = billing_selectors.order_bills(bill.order_id, session=session)
    return next(row for row in rows if row["id"] == bill.pk)


@finance_router.post(
    "/refundBillPayment",
    response=schemas.RefundOut,
    auth=store_auth("order.manage"),
    operation_id="refundBillPayment",
)
def refund_bill_payment(request: HttpRequest, payload: schemas.RefundBillPaymentIn) -> Any:
    """Gives back part or all of a bill's payment to the customer through the provider
    (never more than is left of it); the commission comes back pro rata when it is
    confirmed. The same idempotency key answers the same refund."""
    refund = rent_run.bill_payment_refund(
        actor=current_session(request),
        order_id=payload.order_id,
        period=payload.period,
        amount=payload.amount,
        reason=payload.reason,
        idempotency_key=payload.idempotency_key,
    )
    return _refund_answer(refund)


def _offline_details(given: schemas.OfflineDetailsIn) -> OfflineDetails:
    return OfflineDetails(
        channel=given.channel,
        paid_on=given.paid_on,
        payer_name=given.payer_name,
        bank_reference=given.bank_reference,
        remark=given.remark,
        voucher_base64=given.voucher_base64,
    )


@finance_router.post(
    "/recordOfflineRepayment",
    response=schemas.OrderBillOut,
    auth=store_auth("finance.manage"),
    operation_id="recordOfflineRepayment",
)
def record_offline_repayment(request: HttpRequest, payload: schemas.OfflineRepaymentIn) -> Any:
    """Records that the customer paid the order's oldest open bill outside the provider
    (bank transfer, cash …) with the voucher picture: exactly what the bill owes, its late
    fee first. The money is the merchant's already (never withdrawable); its commission is
    taken from the next settlement. The same idempotency key answers the same repayment."""
    session = current_session(request)
    bill = repayments.offline_repay(
        actor=session,
        order_id=payload.order_id,
        period=payload.period,
        amount=payload.amount,
        details=_offline_details(payload),
        idempotency_key=payload.idempotency_key,
    )
    return _bill_answer(session, bill)


@finance_router.get(
    "/getEarlySettlementQuote",
    response=schemas.EarlySettlementQuoteOut,
    auth=store_auth("finance.manage"),
    operation_id="getEarlySettlementQuote",
)
def get_early_settlement_quote(
    request: HttpRequest, query: Query[schemas.EarlySettlementQuoteIn]
) -> Any:
    """What settling the lease early costs today: bills due in full with their late fees,
    later rent less the shop's early-buyout discount, add-ons, and the buyout price when
    ownership transfers; the settlement in flight, if any."""
    return repayments.early_settlement_quote(
        actor=current_session(request), order_id=query.order_id
    )


@finance_router.post(
    "/settleEarly",
    response=schemas.EarlySettlementOut,
    auth=store_auth("finance.manage"),
    operation_id="settleEarly",
)
def settle_early(request: HttpRequest, payload: schemas.SettleEarlyIn) -> Any:
    """Settles every bill left of the lease at the quote's total: by the customer's withhold
    agreement (counts when the provider confirms) or offline with a voucher. A lease that
    transfers ownership is then bought out. The same idempotency key answers the same
    settlement, asking the provider again while it is processing."""
    if payload.method == "offline" and payload.offline is None:
        raise field_error("offline", Text("线下结清必填", "required for an offline settlement"))
    return repayments.early_settle(
        actor=current_session(request),
        order_id=payload.order_id,
        total=payload.total,
        idempotency_key=payload.idempotency_key,
        offline_details=(
            _offline_details(payload.offline)
            if payload.method == "offline" and payload.offline
            else None
        ),
    )


@finance_router.get(
    "/getFinanceSetting",
    response=schemas.FinanceSettingOut,
    auth=store_auth("finance.view"),
    operation_id="getFinanceSetting",
)
def get_finance_setting(request: HttpRequest) -> Any:
    """The shop's late-fee rates and reminder days in force, with the platform's
    defaults."""
    return _finance_setting_answer(latefees.finance_setting())


@finance_router.post(
    "/saveFinanceSetting",
    response=schemas.FinanceSettingOut,
    auth=store_auth("order.manage"),
    operation_id="saveFinanceSetting",
)
def save_finance_setting(request: HttpRequest, payload: schemas.FinanceSettingIn) -> Any:
    """Sets the shop's late-fee rates (percent per day of the unpaid amount, before and
    after the tier) and reminder days; a null field follows the platform's default."""
    saved = latefees.finance_setting_save(
        actor=current_session(request), fields=payload.model_dump()
    )
    return _finance_setting_answer(saved)


def _finance_setting_answer(setting: dict[str, Any]) -> dict[str, Any]:
    rates = ("late_fee_rate_early", "late_fee_rate_late")
    return {
        **setting,
        **{field: f"{Decimal(setting[field]):.4f}" for field in rates},
        "platform_defaults": {
            **setting["platform_defaults"],
            **{field: f"{Decimal(setting['platform_defaults'][field]):.4f}" for field in rates},
        },
    }


@platform_router.post(
    "/syncReconciliationMismatch",
    response=finance_schemas.SyncMismatchOut,
    auth=admin_auth("reconciliation.resolve"),
    operation_id="syncReconciliationMismatch",
)
def sync_reconciliation_mismatch(
    request: HttpRequest, payload: finance_schemas.SyncMismatchIn
) -> Any:
    """A difference of a trade the provider finished and the merchant never recorded: asks
    the provider again through the merchant's payments (as its callback would have) and,
    when the difference is gone, resolves it as synced (audited)."""
    mismatch, synced = finance_services.mismatch_sync(
        actor=current_session(request),
        mismatch_id=payload.id,
        payment_sync=governance.platform_payment_sync,
    )
    return {
        "synced": synced,
        "mismatch": finance_selectors.mismatch_detail(mismatch_id=mismatch.pk),
    }
