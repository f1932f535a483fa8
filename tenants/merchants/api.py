"""Platform-side merchant management under /api/platform (admin host, `merchant.manage`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from zulin.core.auth import admin_auth, current_session, store_auth
from zulin.core.routes import call

from . import offboarding, selectors, services
from .schemas import (
    AddSettleIn,
    CreateMerchantIn,
    DeleteMerchantDataIn,
    DeletionCertificateOut,
    MerchantIdIn,
    MerchantInfoOut,
    MerchantListIn,
    MerchantListOut,
    MerchantOffboardingOut,
    MerchantRowOut,
    OffboardingExportOut,
    SettlementIn,
    SettlementOut,
    SetWebhookNetworksIn,
    UpdateMerchantIn,
    UpdateStatusIn,
    WebhookNetworksOut,
)

merchant_router = Router(tags=["platform: merchants"], auth=admin_auth("merchant.manage"))


def _settlement(payload: SettlementIn) -> services.SettlementInput:
    return services.SettlementInput(
        commission_rate=payload.commission_rate,
        settlement_cycle=payload.settlement_cycle,
        bank_name=payload.bank_name.strip(),
        account_name=payload.account_name.strip(),
        account_number=payload.account_number,
    )


@call(merchant_router.post, "/createMerchant", MerchantInfoOut)
def create_merchant(request: HttpRequest, payload: CreateMerchantIn) -> dict[str, Any]:
    """(Added) Onboards a merchant: schema, `<slug>` subdomain, owner account, first
    settlement terms. Retrying with the same `idempotency_key` answers the same merchant."""
    merchant = services.merchant_onboard(
        actor=current_session(request),
        idempotency_key=payload.idempotency_key,
        data=services.OnboardingInput(
            name=payload.name.strip(),
            slug=payload.slug.strip().lower(),
            contact_name=payload.contact_name.strip(),
            contact_phone=payload.contact_phone,
            owner_username=payload.owner_username.strip(),
            owner_password=payload.owner_password,
            owner_name=payload.owner_name.strip(),
            owner_phone=payload.owner_phone,
            status=payload.status,
            settlement=_settlement(payload.settlement),
        ),
    )
    return selectors.merchant_detail(merchant_id=merchant.pk)


@call(merchant_router.get, "/merchantList", MerchantListOut)
def merchant_list(request: HttpRequest, filters: Query[MerchantListIn]) -> dict[str, Any]:
    return selectors.merchant_list(
        keyword=filters.keyword,
        status=filters.status,
        sort_by=filters.sort_by,
        sort_order=filters.sort_order,
        page=filters.page,
        page_size=filters.page_size,
    )


@call(merchant_router.get, "/merchantInfo", MerchantInfoOut)
def merchant_info(request: HttpRequest, params: Query[MerchantIdIn]) -> dict[str, Any]:
    return selectors.merchant_detail(merchant_id=params.id)


@call(merchant_router.post, "/updateMerchant", MerchantRowOut)
def update_merchant(request: HttpRequest, payload: UpdateMerchantIn) -> dict[str, Any]:
    merchant = services.merchant_update(
        actor=current_session(request),
        merchant_id=payload.id,
        name=payload.name.strip() if payload.name is not None else None,
        contact_name=payload.contact_name.strip() if payload.contact_name is not None else None,
        contact_phone=payload.contact_phone,
    )
    return selectors.merchant_summary(merchant_id=merchant.pk)


@call(merchant_router.post, "/updateStatus", MerchantRowOut)
def update_status(request: HttpRequest, payload: UpdateStatusIn) -> dict[str, Any]:
    merchant = services.merchant_status_change(
        actor=current_session(request),
        merchant_id=payload.id,
        status=payload.status,
        reason=payload.reason,
    )
    return selectors.merchant_summary(merchant_id=merchant.pk)


@call(merchant_router.post, "/addSettle", SettlementOut)
def add_settle(request: HttpRequest, payload: AddSettleIn) -> dict[str, Any]:
    terms = services.settlement_terms_add(
        actor=current_session(request), merchant_id=payload.id, terms=_settlement(payload)
    )
    return selectors.settlement_row(terms)


@call(merchant_router.post, "/setWebhookNetworks", WebhookNetworksOut)
def set_webhook_networks(request: HttpRequest, payload: SetWebhookNetworksIn) -> dict[str, Any]:
    """(Added) The private ranges a merchant's webhook deliveries may reach (an on-premise
    receiver): replaces the list, with a reason for the audit (docs/webhooks.md)."""
    merchant = services.merchant_webhook_networks_set(
        actor=current_session(request),
        merchant_id=payload.id,
        networks=payload.networks,
        reason=payload.reason,
    )
    return {"id": merchant.pk, "webhook_networks": list(merchant.webhook_networks)}


# --- a merchant leaves (tenants/merchants/offboarding.py; docs/privacy.md) --------------------


@call(merchant_router.get, "/getMerchantOffboarding", MerchantOffboardingOut)
def get_merchant_offboarding(request: HttpRequest, params: Query[MerchantIdIn]) -> dict[str, Any]:
    """(Added) A merchant's offboarding: its state, what holds it (customers' money, open
    leases: counts and amounts), the export's hashes and period, the deletion."""
    return offboarding.offboarding_state(merchant_id=params.id)


@call(merchant_router.post, "/startMerchantOffboarding", MerchantOffboardingOut)
def start_merchant_offboarding(request: HttpRequest, payload: MerchantIdIn) -> dict[str, Any]:
    """(Added) Starts the merchant's full export (a job); refused with what holds it while it
    holds customers' money or open leases (1013)."""
    offboarding.offboarding_start(actor=current_session(request), merchant_id=payload.id)
    return offboarding.offboarding_state(merchant_id=payload.id)


@call(merchant_router.post, "/deleteMerchantData", MerchantOffboardingOut)
def delete_merchant_data(request: HttpRequest, payload: DeleteMerchantDataIn) -> dict[str, Any]:
    """(Added) After the export: `merchant.redact` sent, the merchant's schema, private files
    and public copies deleted, the merchant closed, the certificate written. Reason required."""
    offboarding.offboarding_delete(
        actor=current_session(request), merchant_id=payload.id, reason=payload.reason
    )
    return offboarding.offboarding_state(merchant_id=payload.id)


@call(merchant_router.get, "/getDeletionCertificate", DeletionCertificateOut)
def get_deletion_certificate(request: HttpRequest, params: Query[MerchantIdIn]) -> dict[str, Any]:
    """(Added) A signed link to the deletion certificate (PDF)."""
    return offboarding.certificate_link(session=current_session(request), merchant_id=params.id)


owner_router = Router(tags=["merchant: offboarding"], auth=store_auth())


@call(owner_router.get, "/getOffboardingExport", OffboardingExportOut)
def get_offboarding_export(request: HttpRequest) -> dict[str, Any]:
    """(Added) The owner's signed link to the shop's full export while it is kept (owner
    only; each link is audited)."""
    return offboarding.export_link(session=current_session(request))
