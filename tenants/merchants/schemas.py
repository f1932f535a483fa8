from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Literal

from pydantic import Field

from zulin.audit.schemas import AuditOut
from zulin.core.numbers import Id
from zulin.core.pagination import PageIn, PageOut
from zulin.core.schema import Schema
from zulin.core.text import MultiLineText, SingleLineText

OPTIONAL_PHONE = r"^(1\d{10})?$"
MerchantStatusValue = Literal["pending", "active", "frozen", "closed"]
SettlementCycleValue = Literal["T+1", "T+3", "T+7", "T+15", "monthly"]


class SettlementIn(Schema):
    # Percent, 0-100 with at most 2 decimals; send a string ("5.50") to keep it exact.
    commission_rate: Decimal = Field(ge=0, le=100, max_digits=5, decimal_places=2)
    settlement_cycle: SettlementCycleValue
    bank_name: SingleLineText = Field(min_length=1, max_length=100)
    account_name: SingleLineText = Field(min_length=1, max_length=100)
    account_number: str = Field(pattern=r"^\d{6,32}$")


class CreateMerchantIn(Schema):
    name: SingleLineText = Field(min_length=1, max_length=100)
    slug: str = Field(min_length=2, max_length=30)
    contact_name: SingleLineText = Field("", max_length=50)
    contact_phone: str = Field("", pattern=OPTIONAL_PHONE)
    owner_username: str = Field("owner", min_length=1, max_length=50, pattern=r"^[A-Za-z0-9_.@-]+$")
    owner_password: str = Field(min_length=1, max_length=128)
    owner_name: SingleLineText = Field("", max_length=50)
    owner_phone: str = Field("", pattern=OPTIONAL_PHONE)
    status: Literal["pending", "active"] = "active"
    settlement: SettlementIn
    idempotency_key: str | None = Field(None, min_length=8, max_length=64)


class MerchantListIn(PageIn):
    keyword: SingleLineText = Field("", max_length=50)
    status: MerchantStatusValue | None = None
    sort_by: Literal["created_at", "name"] = "created_at"
    sort_order: Literal["asc", "desc"] = "desc"


class MerchantIdIn(Schema):
    id: Id = Field(...)


class UpdateMerchantIn(Schema):
    id: Id = Field(...)
    name: SingleLineText | None = Field(None, min_length=1, max_length=100)
    contact_name: SingleLineText | None = Field(None, max_length=50)
    contact_phone: str | None = Field(None, pattern=OPTIONAL_PHONE)


class UpdateStatusIn(Schema):
    id: Id = Field(...)
    status: MerchantStatusValue
    reason: MultiLineText = Field("", max_length=500)


class SetWebhookNetworksIn(Schema):
    id: Id = Field(description="the merchant's id")
    # CIDR networks inside the private-use ranges (10/8, 172.16/12, 192.168/16, 100.64/10,
    # fc00::/7); an empty list allows none.
    networks: list[str] = Field(max_length=32)
    reason: MultiLineText = Field("", max_length=500)


class WebhookNetworksOut(Schema):
    id: int
    webhook_networks: list[str]


class AddSettleIn(SettlementIn):
    id: Id = Field(description="the merchant's id")


class MerchantRowOut(Schema):
    id: int
    name: str
    slug: str
    domain: str | None
    status: MerchantStatusValue
    status_name: str
    contact_name: str
    contact_phone: str
    commission_rate: Decimal | None
    settlement_cycle: str | None
    created_at: datetime
    updated_at: datetime


class MerchantListOut(PageOut):
    list: list[MerchantRowOut]


class SettlementOut(Schema):
    id: int
    commission_rate: Decimal
    settlement_cycle: str
    bank_name: str
    account_name: str
    account_number: str
    created_by: str
    created_at: datetime


class DomainOut(Schema):
    domain: str
    is_primary: bool


class OwnerOut(Schema):
    id: int
    username: str
    name: str
    phone: str
    is_active: bool
    last_login_at: datetime | None


class StatusChangeOut(Schema):
    id: int
    from_status: str
    to_status: str
    reason: str
    actor: str
    created_at: datetime


class MerchantInfoOut(Schema):
    merchant: MerchantRowOut
    domains: list[DomainOut]
    owner: OwnerOut | None
    settlement: SettlementOut | None
    settlement_history: list[SettlementOut]
    status_history: list[StatusChangeOut]
    audit: list[AuditOut]
    # Private ranges its webhook deliveries may reach (setWebhookNetworks).
    webhook_networks: list[str]
    webhook_loopback_allowed: bool = Field(
        description="this server (a sandbox or a developer's) lets webhooks reach loopback "
        "addresses (WEBHOOKS_ALLOW_LOOPBACK); never in production"
    )


# --- a merchant leaves (tenants/merchants/offboarding.py) ------------------------------------

OffboardingStatusValue = Literal["none", "requested", "exported", "deleted"]


class DeleteMerchantDataIn(Schema):
    id: Id = Field(...)
    reason: MultiLineText = Field(min_length=1, max_length=300)


class OffboardingHoldOut(Schema):
    code: str = Field(description="the ledger account or order group that holds the merchant")
    label: str
    label_en: str
    count: int = Field(description="orders holding the money (money tied to no order counts once)")
    amount: Decimal


class MerchantOffboardingOut(Schema):
    id: int = Field(description="the merchant's id")
    status: OffboardingStatusValue = Field(description="none: no offboarding started")
    status_name: str
    holds: list[OffboardingHoldOut] = Field(description="what keeps it from leaving now")
    can_start: bool
    can_delete: bool
    delete_blocked_reason: str
    requested_by: str
    requested_at: datetime | None
    export_error: str
    exported_at: datetime | None
    export_expires_at: datetime | None
    export_sha256: str
    manifest_sha256: str
    table_count: int
    row_count: int
    file_count: int
    ledger_balanced: bool | None
    deleted_at: datetime | None
    deleted_by: str
    deleted_reason: str
    certificate_sha256: str


class OffboardingLinkOut(Schema):
    url: str = Field(description="a signed link valid PRIVATE_LINK_TTL_SECONDS")
    name: str
    sha256: str
    manifest_sha256: str


class OffboardingExportOut(OffboardingLinkOut):
    size: int
    exported_at: datetime | None
    expires_at: datetime | None


class DeletionCertificateOut(OffboardingLinkOut):
    deleted_at: datetime | None
