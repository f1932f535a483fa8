"""The one NinjaAPI: every router is added here, and every outcome leaves as the envelope."""

from __future__ import annotations

import logging
import math
from typing import Any

from django.conf import settings
from django.db import DataError, InterfaceError, InternalError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, Throttled, ValidationError
from ninja.renderers import JSONRenderer

from .core.db import database_unavailable, database_unreachable, drop_connection
from .core.envelope import error_for, error_response, json_bytes, request_language, success_msg
from .core.errors import ApplicationError, ErrorCode
from .core.field_messages import field_message

logger = logging.getLogger("zulin.request")


class EnvelopeRenderer(JSONRenderer):
    """Wraps a handler's result as `{code: 200, data, msg}`; errors are built elsewhere."""

    def render(self, request: HttpRequest, data: Any, *, response_status: int) -> Any:
        return json_bytes({"code": int(ErrorCode.OK), "data": data, "msg": success_msg(request)})


class ZulinAPI(NinjaAPI):
    def create_response(
        self, request: HttpRequest, data: Any, *args: Any, **kwargs: Any
    ) -> HttpResponse:
        response = super().create_response(request, data, *args, **kwargs)
        response.zulin_code = int(ErrorCode.OK)  # type: ignore[attr-defined]
        return response

    def get_openapi_schema(self, *args: Any, **kwargs: Any) -> Any:
        schema = super().get_openapi_schema(*args, **kwargs)
        wrapped: set[int] = set()
        for path_item in schema.get("paths", {}).values():
            for operation in path_item.values():
                # A GET-or-POST call's methods share one dict: wrap it once.
                if id(operation) not in wrapped:
                    wrapped.add(id(operation))
                    _wrap_success_schema(operation)
            _unique_operation_ids(path_item)
        _mark_key_calls(schema)
        return schema


def _mark_key_calls(schema: dict[str, Any]) -> None:
    """A call API keys may use lists the key, with its scope, beside the session token."""
    from .core.auth import KEY_SCOPE_FIELD

    marked = False
    for path_item in schema.get("paths", {}).values():
        for operation in path_item.values():
            scope = operation.get(KEY_SCOPE_FIELD)
            if scope and not any("ApiKey" in entry for entry in operation.get("security", [])):
                operation["security"] = [*operation.get("security", []), {"ApiKey": [scope]}]
                marked = True
    if marked:
        schemes = schema.setdefault("components", {}).setdefault("securitySchemes", {})
        schemes["ApiKey"] = {
            "type": "http",
            "scheme": "bearer",
            "description": "A merchant's API key (`Authorization: Bearer zl_live_…`) on its "
            "own host, for the calls that list it, with the scope named there "
            "(docs/api-keys.md).",
        }


def _unique_operation_ids(path_item: dict[str, Any]) -> None:
    """A call served on GET and POST (the contract's state-changing GETs) is one handler, so
    both methods carry its name; OpenAPI needs unique ids, so the GET keeps the name and the
    other method gets `<name>_<method>`."""
    methods = sorted(path_item, key=lambda method: (method != "get", method))
    seen: set[str] = set()
    for method in methods:
        operation_id = path_item[method].get("operationId")
        if operation_id in seen:
            # Ninja hands both methods the same dict: give this method its own copy.
            path_item[method] = {**path_item[method], "operationId": f"{operation_id}_{method}"}
        seen.add(operation_id)


def _wrap_success_schema(operation: dict[str, Any]) -> None:
    """Shows the envelope in the documented 200 answer, with the call's data inside."""
    ok = operation.get("responses", {}).get(200) or operation.get("responses", {}).get("200")
    if not ok:
        return
    content = ok.setdefault("content", {}).setdefault("application/json", {})
    data_schema = content.get("schema", {})
    content["schema"] = {
        "type": "object",
        "properties": {
            "code": {"type": "integer", "enum": [200]},
            "data": data_schema,
            "msg": {"type": "string"},
        },
        "required": ["code", "data", "msg"],
    }


api = ZulinAPI(
    title="Zulin API",
    version="1.0.0",
    description="Back office of a lease-to-own goods marketplace. Every answer is "
    "`{code, data, msg}`; code 200 is success, 109 no valid session.",
    renderer=EnvelopeRenderer(),
    urls_namespace="api",
)


@api.exception_handler(ApplicationError)
def _application_error(request: HttpRequest, exc: ApplicationError) -> HttpResponse:
    return error_response(request, exc)


@api.exception_handler(ValidationError)
def _validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    fields: dict[str, list[str]] = {}
    for error in exc.errors:
        # loc is like ("body", "payload", "password"): keep the field part.
        loc = [
            str(part) for part in error.get("loc", ()) if part not in ("body", "query", "payload")
        ]
        message = field_message(error, request_language(request))
        fields.setdefault(".".join(loc) or "_", []).append(message)
    return error_for(request, ErrorCode.VALIDATION, {"fields": fields})


@api.exception_handler(AuthenticationError)
def _authentication_error(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return error_for(request, ErrorCode.NO_SESSION)


@api.exception_handler(Throttled)
def _throttled(request: HttpRequest, exc: Throttled) -> HttpResponse:
    response = error_for(request, ErrorCode.TOO_MANY_REQUESTS, {"retry_after": exc.wait})
    if exc.wait is not None:
        response["Retry-After"] = str(max(1, math.ceil(exc.wait)))
    return response


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    if exc.status_code == 400:
        return error_for(request, ErrorCode.MALFORMED_BODY)
    code = {403: ErrorCode.FORBIDDEN, 404: ErrorCode.NOT_FOUND, 405: ErrorCode.METHOD_NOT_ALLOWED}
    return error_for(request, code.get(exc.status_code, ErrorCode.VALIDATION))


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return error_for(request, ErrorCode.NOT_FOUND)


@api.exception_handler(DataError)
def _data_error(request: HttpRequest, exc: DataError) -> HttpResponse:
    """A value the database cannot hold (a number beyond its column, a NUL character) that
    no schema bound: the input is wrong, and the statement's transaction is rolled back.
    Schemas should refuse it first (zulin.core.numbers, zulin.core.text); logged so they do."""
    logger.warning("database refused a value on %s: %s", request.path, exc)
    return error_for(request, ErrorCode.VALIDATION, {"fields": {}})


@api.exception_handler(MultiPartParserError)
def _malformed_multipart(request: HttpRequest, exc: MultiPartParserError) -> HttpResponse:
    return error_for(request, ErrorCode.VALIDATION, {"fields": {}})


@api.exception_handler(OperationalError)
@api.exception_handler(InterfaceError)
@api.exception_handler(InternalError)
def _database_error(request: HttpRequest, exc: Exception) -> HttpResponse:
    """PostgreSQL down, gone away, shutting down or no longer the primary (a write on a
    demoted primary, 25006): 503 at once, and the connection is dropped so that the next
    request opens a new one, to the new primary after a failover. Any other database
    failure is a fault."""
    if database_unreachable(exc):
        logger.warning("database unreachable on %s: %s", request.path, exc)
        drop_connection()
        return error_response(request, database_unavailable())
    return _server_error(request, exc)


@api.exception_handler(Exception)
def _server_error(request: HttpRequest, exc: Exception) -> HttpResponse:
    logger.exception("unhandled error on %s", request.path)
    return error_response(request, ApplicationError(ErrorCode.SERVER_ERROR))


def _mount_routers() -> None:
    # The composition root: the one place that names core, tenants and apps together.
    from tenants.accounts.auth import session_from_token
    from tenants.accounts.selectors import account_reader_name

    from .core.auth import install_session_loader
    from .files.links import install_reader_check

    install_session_loader(session_from_token)
    install_reader_check(account_reader_name)

    from apps.assets.api import router as assets_router
    from apps.billing.api import finance_router as billing_finance_router
    from apps.billing.api import (
        lease_applet_router,
        lease_backend_router,
        lease_finance_router,
        lease_merchant_router,
        lease_platform_router,
        lease_v2_router,
    )
    from apps.billing.api import platform_router as billing_platform_router
    from apps.billing.api import v2_router as billing_v2_router
    from apps.credit.api import router as credit_reporting_router
    from apps.dashboard.api import router as dashboard_router
    from apps.disputes.api import router as disputes_router
    from apps.goods.api import addon_router, goods_router, upload_router
    from apps.notary.api import router as notary_router
    from apps.order_view.api import merchant_router as order_view_router
    from apps.order_view.api import risk_general_router as risk_list_router
    from apps.orders.api import applet_router as orders_applet_router
    from apps.orders.api import backend_router as orders_backend_router
    from apps.orders.api import general_router as orders_general_router
    from apps.orders.api import merchant_router as orders_merchant_router
    from apps.orders.api import platform_router as orders_platform_router
    from apps.orders.api import v2_router as orders_v2_router
    from apps.orders.applet_api import router as intake_router
    from apps.orders.risk_api import backend_router as order_risk_backend_router
    from apps.orders.risk_api import credit_router as order_risk_credit_router
    from apps.orders.risk_api import general_router as order_risk_general_router
    from apps.orders.risk_api import v2_router as order_risk_v2_router
    from apps.orders.waybill_api import applet_router as waybill_applet_router
    from apps.orders.waybill_api import merchant_router as waybill_merchant_router
    from apps.privacy.api import router as privacy_router
    from apps.promotion.api import applet_router as promotion_applet_router
    from apps.promotion.api import general_router as promotion_general_router
    from apps.promotion.api import platform_router as promotion_platform_router
    from apps.recovery.api import router as recovery_router
    from apps.risk.api import credit_router as risk_credit_router
    from apps.risk.api import v2_router as risk_v2_router
    from apps.service.api import applet_router as service_applet_router
    from apps.service.api import backend_router as service_backend_router
    from apps.service.api import general_router as service_general_router
    from apps.subshops.api import platform_router as subshops_platform_router
    from apps.subshops.api import router as subshops_backend_router
    from apps.webhooks.api import router as webhooks_router
    from tenants.accounts.api import keys_router, platform_router, staff_router
    from tenants.catalog.api import backend_router as catalog_backend_router
    from tenants.catalog.api import category_router, platform_goods_router
    from tenants.dashboard.api import backend_router as platform_aging_router
    from tenants.finance.api import finance_router as withdrawals_finance_router
    from tenants.finance.api import platform_router as withdrawals_platform_router
    from tenants.finance.api import v2_router as withdrawals_v2_router
    from tenants.merchants.api import merchant_router
    from tenants.merchants.api import owner_router as offboarding_owner_router
    from tenants.risk.api import general_router as risk_types_router
    from tenants.risk.api import merchant_router as recharge_merchant_router
    from tenants.risk.api import platform_router as recharge_platform_router
    from tenants.workbench.api import router as workbench_router

    from .core.health import router as health_router
    from .exports.api import router as exports_router
    from .files.api import router as files_router
    from .providers.api import callback_router, sandbox_router

    api.add_router("/platform", platform_router)
    api.add_router("/platform", staff_router)
    api.add_router("/platform", merchant_router)
    api.add_router("/platform", subshops_platform_router)
    api.add_router("/backend", subshops_backend_router)
    api.add_router("/v2", workbench_router)
    api.add_router("", health_router)
    api.add_router("/platform", category_router)
    api.add_router("/platform", platform_goods_router)
    api.add_router("/platform", goods_router)
    api.add_router("/platform", addon_router)
    api.add_router("/backend", catalog_backend_router)
    api.add_router("", upload_router)
    api.add_router("/platform", orders_platform_router)
    api.add_router("/backend", orders_backend_router)
    api.add_router("/merchant", orders_merchant_router)
    api.add_router("/merchant", order_view_router)
    api.add_router("/general", orders_general_router)
    api.add_router("/applet", orders_applet_router)
    api.add_router("/applet", intake_router)
    api.add_router("/merchant", waybill_merchant_router)
    api.add_router("/applet", waybill_applet_router)
    api.add_router("/applet", lease_applet_router)
    api.add_router("/v2", orders_v2_router)
    api.add_router("/platform", lease_platform_router)
    api.add_router("/merchant", lease_merchant_router)
    api.add_router("/backend", lease_backend_router)
    api.add_router("/backend", webhooks_router)
    api.add_router("/backend", keys_router)
    api.add_router("/backend", offboarding_owner_router)
    api.add_router("/v2", lease_v2_router)
    api.add_router("/finance", lease_finance_router)
    api.add_router("/finance", billing_finance_router)
    api.add_router("/platform", billing_platform_router)
    api.add_router("/v2", billing_v2_router)
    api.add_router("/v2", dashboard_router)
    api.add_router("/backend", platform_aging_router)
    api.add_router("/finance", withdrawals_finance_router)
    api.add_router("/platform", withdrawals_platform_router)
    api.add_router("/v2", withdrawals_v2_router)
    api.add_router("/backend", order_risk_backend_router)
    api.add_router("/general", order_risk_general_router)
    api.add_router("/general", risk_list_router)  # chartRiskListDetail, with deposit cover
    api.add_router("/v2", risk_v2_router)
    api.add_router("/credit", order_risk_credit_router)
    api.add_router("/credit", risk_credit_router)
    api.add_router("/v2", order_risk_v2_router)
    api.add_router("/credit", credit_reporting_router)
    api.add_router("/backend", recovery_router)
    api.add_router("/backend", privacy_router)
    api.add_router("/general", risk_types_router)
    api.add_router("/platform", recharge_platform_router)
    api.add_router("/merchant", recharge_merchant_router)
    api.add_router("/platform", promotion_platform_router)
    api.add_router("/general", promotion_general_router)
    api.add_router("/applet", promotion_applet_router)
    api.add_router("/notarization", notary_router)
    api.add_router("/backend", disputes_router)
    api.add_router("/backend", assets_router)
    api.add_router("/general", service_general_router)
    api.add_router("/backend", service_backend_router)
    api.add_router("/applet", service_applet_router)
    api.add_router("/callbacks", callback_router)
    if settings.PAYMENT_PROVIDER == "sandbox":
        api.add_router("/sandbox", sandbox_router)
    api.add_router("/platform", exports_router)
    api.add_router("", files_router)

    from tenants.accounts.api_keys import session_from_key

    from .core.auth import install_key_loader

    install_key_loader(session_from_key, _key_scoped_paths())


def _key_scoped_paths() -> dict[str, str]:
    """Each call API keys may use (its `openapi_extra` names a scope), by path."""
    from .core.auth import KEY_SCOPE_FIELD

    scoped: dict[str, str] = {}
    for prefix, router in api._routers:
        for path, view in router.path_operations.items():
            for operation in view.operations:
                scope = (operation.openapi_extra or {}).get(KEY_SCOPE_FIELD)
                if scope:
                    full = f"/api{prefix}/{path.lstrip('/')}".replace("//", "/")
                    scoped[full] = scope
    return scoped


_mount_routers()
