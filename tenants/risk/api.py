"""The risk price list, and recharges of the prepaid risk balance: the merchant recharges by
QR code or by transfer and reads its own (its host); the platform audits every merchant's
transfers."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from zulin.core.auth import Session, admin_auth, any_side_auth, current_session, store_auth
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.params import read_params
from zulin.core.routes import call
from zulin.core.sides import PlatformType

from . import schemas, selectors, services

general_router = Router(tags=["general: risk"])
platform_router = Router(tags=["platform: risk recharge"])
merchant_router = Router(tags=["merchant: risk recharge"])

RECHARGE = store_auth("risk.recharge")
AUDIT = admin_auth("recharge.audit")


def _scope(session: Session) -> int | None:
    """Whose recharges a session reads: the platform's auditors every merchant's, a
    merchant's account its own."""
    if session.side == PlatformType.ADMIN:
        if not session.can("recharge.audit"):
            raise ApplicationError(ErrorCode.FORBIDDEN)
        return None
    if not session.can("risk.recharge"):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    return int(tenant_connection.tenant.pk)


def _detail(request: HttpRequest, recharge_id: int, merchant_id: int | None) -> dict[str, Any]:
    return selectors.recharge_detail(
        recharge_id=recharge_id, merchant_id=merchant_id, session=current_session(request)
    )


@call(general_router.get, "/getRiskTypeMap", list[schemas.RiskTypeOut], auth=any_side_auth())
def get_risk_type_map(request: HttpRequest) -> Any:
    """The risk query types the platform sells and the price of one query of each, charged
    to the merchant's prepaid risk balance."""
    return selectors.query_types()


@call(platform_router.post, "/getRiskRechargePayQrcode", schemas.RechargeDetailOut, auth=RECHARGE)
def get_risk_recharge_pay_qrcode(request: HttpRequest, payload: schemas.RechargeQrIn) -> Any:
    """A QR-code payment of `amount` to recharge the shop's risk balance: its QR code (what
    it holds, and the picture). The balance rises once the provider confirms the payment;
    `queryPayResult` with the recharge number asks again. The same idempotency key answers
    the same recharge."""
    recharge = services.recharge_qr_start(
        actor=current_session(request),
        amount=payload.amount,
        idempotency_key=payload.idempotency_key,
    )
    return _detail(request, recharge.pk, recharge.merchant_id)


@call(merchant_router.post, "/merChart", schemas.RechargeDetailOut, auth=RECHARGE)
def mer_chart(request: HttpRequest, payload: schemas.RechargeOfflineIn) -> Any:
    """An offline recharge: the amount transferred to the platform's account and a picture
    of the transfer voucher; credited once the platform approves it. The same idempotency
    key answers the same recharge."""
    recharge = services.recharge_offline_apply(
        actor=current_session(request),
        amount=payload.amount,
        voucher_base64=payload.voucher_base64,
        remark=payload.remark,
        idempotency_key=payload.idempotency_key,
    )
    return _detail(request, recharge.pk, recharge.merchant_id)


@call(merchant_router.get, "/merChartList", schemas.RechargePageOut, auth=any_side_auth())
def mer_chart_list(request: HttpRequest, query: Query[schemas.RechargeListIn]) -> Any:
    """Recharges, newest first, with the count of each status: the shop's own (QR and
    offline), or on the platform every merchant's (`merchant_id`: one merchant's)."""
    filters = query.model_dump()
    own = _scope(current_session(request))
    if own is not None:
        filters["merchant_id"] = own
    return selectors.recharge_page(session=current_session(request), **filters)


@call(merchant_router.get, "/getChartDetail", schemas.RechargeDetailOut, auth=any_side_auth())
def get_chart_detail(request: HttpRequest, query: Query[schemas.RechargeIdIn]) -> Any:
    """(Added) One recharge: its timeline, a short-lived link to its voucher, its QR code
    while the payment waits, and the usual reasons to reject one."""
    return _detail(request, query.id, _scope(current_session(request)))


@call(
    merchant_router.api_operation,
    "/checkChart",
    schemas.RechargeDetailOut,
    auth=AUDIT,
    methods=["GET", "POST"],
    get_or_post=schemas.CheckChartIn,
)
def check_chart(request: HttpRequest) -> Any:
    """The platform's audit of an offline recharge (`id`, `action` approve or reject,
    `reason` to reject, `idempotency_key`): approved, the amount is credited to the
    merchant's risk balance once; rejected, nothing is credited and the merchant sees the
    reason. The same key answers the decision already made."""
    params = read_params(request, schemas.CheckChartIn)
    recharge = services.recharge_check(
        actor=current_session(request),
        recharge_id=params.id,
        approve=params.action == "approve",
        reason=params.reason,
        idempotency_key=params.idempotency_key,
    )
    return _detail(request, recharge.pk, None)
