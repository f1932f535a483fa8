"""Notarization calls (store side): the shop's notary settings and access token, and the
steps of an order's notarization. Each step answers the order's notarization as its detail
shows it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router

from apps.orders.schemas import NotarizationOut
from zulin.core.auth import Session, current_session, store_auth
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.params import read_params
from zulin.core.routes import call

from . import schemas, selectors, services
from .models import Notarization

router = Router(tags=["notarization"])

MANAGE = store_auth("notary.manage")
CONFIG = store_auth("notary.config")


def _settings_reader(session: Session) -> None:
    """The settings are the whole shop's: its owner and the roles that notarize read them;
    a sub-shop's account never does."""
    if session.sub_shop_id is not None:
        raise ApplicationError(ErrorCode.FORBIDDEN)
    if not (session.can("notary.config") or session.can("notary.manage")):
        raise ApplicationError(ErrorCode.FORBIDDEN)


def _answer(row: Notarization | None, order_id: int, session: Session) -> dict[str, Any]:
    return selectors.notarization_block(row, order_id=order_id, session=session)


@call(router.get, "/isSetNotary", schemas.NotarySettingOut, auth=store_auth())
def is_set_notary(request: HttpRequest) -> Any:
    """The shop's notary settings: whether they are complete and open, the organisation,
    the app key, the secret masked and the cached token's expiry (never a secret)."""
    _settings_reader(current_session(request))
    return selectors.setting_answer(selectors.notary_setting())


@call(
    router.api_operation,
    "/setNotaryConfig",
    schemas.NotarySettingOut,
    auth=CONFIG,
    methods=["GET", "POST"],
    get_or_post=schemas.NotaryConfigIn,
)
def set_notary_config(request: HttpRequest) -> Any:
    """Saves the shop's notary account (`notary.config`, the owner's): open or not, the
    organisation's name and unified social credit code, app key and secret (empty: keep the
    saved one). Turning it on needs every field; new credentials drop the cached token.
    Audited, the secret masked."""
    params = read_params(request, schemas.NotaryConfigIn)
    session = current_session(request)
    if session.sub_shop_id is not None:
        raise ApplicationError(ErrorCode.FORBIDDEN)
    setting = services.notary_setting_save(actor=session, fields=params.model_dump())
    return selectors.setting_answer(setting)


@call(
    router.api_operation,
    "/getApiToken",
    schemas.NotaryTokenOut,
    auth=CONFIG,
    methods=["GET", "POST"],
    get_or_post=schemas.NotaryTokenIn,
)
def get_api_token(request: HttpRequest) -> Any:
    """The access token at the notary service, masked, and when it expires: the cached one
    while it lasts, else a new one (`refresh`: a new one now). NOTARY_NOT_CONFIGURED before
    the credentials are saved; PROVIDER_FAILED when the service refuses them."""
    params = read_params(request, schemas.NotaryTokenIn)
    session = current_session(request)
    if session.sub_shop_id is not None:
        raise ApplicationError(ErrorCode.FORBIDDEN)
    return services.notary_token(actor=session, refresh=params.refresh)


@call(router.get, "/isOpenNotary", schemas.NotaryOpenOut, auth=store_auth())
def is_open_notary(request: HttpRequest) -> Any:
    """Whether the shop notarizes contracts (and has its account set up)."""
    setting = selectors.notary_setting()
    return {"is_open": setting.is_open, "is_set": selectors.setting_complete(setting)}


@call(router.post, "/pushCustomerInfo", NotarizationOut, auth=MANAGE)
def push_customer_info(request: HttpRequest, payload: schemas.NotaryOrderIn) -> Any:
    """Step 1: opens the order's case at the notary service with its customer (the contract
    must be signed). Again: the same case. After a failure or a cancel: a new case."""
    session = current_session(request)
    row = services.notary_customer_push(actor=session, order_id=payload.order_id)
    return _answer(row, payload.order_id, session)


@call(router.post, "/pushIdCardInfo", NotarizationOut, auth=MANAGE)
def push_id_card_info(request: HttpRequest, payload: schemas.NotaryIdCardIn) -> Any:
    """Step 2: both sides of the customer's ID card — the intake's pictures, or those given
    here (kept as the customer's private files)."""
    session = current_session(request)
    row = services.notary_id_card_push(
        actor=session,
        order_id=payload.order_id,
        front_base64=payload.front_base64,
        back_base64=payload.back_base64,
    )
    return _answer(row, payload.order_id, session)


@call(router.post, "/pushContractInfo", NotarizationOut, auth=MANAGE)
def push_contract_info(request: HttpRequest, payload: schemas.NotaryOrderIn) -> Any:
    """Step 3: the signed contract PDF and the bill schedule, each with its SHA-256, and the
    combined evidence hash."""
    session = current_session(request)
    row = services.notary_contract_push(actor=session, order_id=payload.order_id)
    return _answer(row, payload.order_id, session)


@call(router.post, "/readyNotary", NotarizationOut, auth=MANAGE)
def ready_notary(request: HttpRequest, payload: schemas.NotaryOrderIn) -> Any:
    """Step 4: submits the case; the outcome arrives by the service's callback (or
    queryNotary)."""
    session = current_session(request)
    row = services.notary_submit(actor=session, order_id=payload.order_id)
    return _answer(row, payload.order_id, session)


@call(router.post, "/getNotaryLink", schemas.NotaryLinkOut, auth=MANAGE)
def get_notary_link(request: HttpRequest, payload: schemas.NotaryOrderIn) -> Any:
    """The customer's signing and face-check page while the case is being notarized."""
    return services.notary_link(actor=current_session(request), order_id=payload.order_id)


@call(router.post, "/queryNotary", NotarizationOut, auth=MANAGE)
def query_notary(request: HttpRequest, payload: schemas.NotaryOrderIn) -> Any:
    """The order's notarization; a submitted one is asked of the service first and takes its
    outcome (as the callback would)."""
    session = current_session(request)
    row = services.notary_query(actor=session, order_id=payload.order_id)
    return _answer(row, payload.order_id, session)


@call(router.post, "/cancelNotary", NotarizationOut, auth=MANAGE)
def cancel_notary(request: HttpRequest, payload: schemas.NotaryCancelIn) -> Any:
    """Withdraws the notarization before it ends (409 once notarized or failed)."""
    session = current_session(request)
    row = services.notary_cancel(actor=session, order_id=payload.order_id, reason=payload.reason)
    return _answer(row, payload.order_id, session)
