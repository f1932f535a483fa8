"""Platform-side changes of merchants: onboarding, details, status, settlement terms.

Each change runs in one transaction with its audit entry (public schema, where merchants
live) and, for status, its history row.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F

from apps.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.tenancy import forget_merchant_hosts

from .models import (
    Account,
    Merchant,
    MerchantOnboarding,
    MerchantStatus,
    MerchantStatusChange,
    SettlementTerms,
)
from .provisioning import merchant_provision, slug_validate
from .services import validate_new_password

AUDIT_TARGET = "merchant"

# from → the statuses it may become. Closed is final.
STATUS_TRANSITIONS: dict[str, set[str]] = {
    MerchantStatus.PENDING: {MerchantStatus.ACTIVE},
    MerchantStatus.ACTIVE: {MerchantStatus.FROZEN, MerchantStatus.CLOSED},
    MerchantStatus.FROZEN: {MerchantStatus.ACTIVE, MerchantStatus.CLOSED},
    MerchantStatus.CLOSED: set(),
}
RATE_PLACES = Decimal("0.01")
STATUSES_NEEDING_REASON = {MerchantStatus.FROZEN, MerchantStatus.CLOSED}


@dataclass(frozen=True)
class SettlementInput:
    commission_rate: Decimal
    settlement_cycle: str
    bank_name: str
    account_name: str
    account_number: str


@dataclass(frozen=True)
class OnboardingInput:
    name: str
    slug: str
    contact_name: str
    contact_phone: str
    owner_username: str
    owner_password: str
    owner_name: str
    owner_phone: str
    status: str
    settlement: SettlementInput


def _actor_name(actor: Session | None) -> str:
    return (actor.account.name or actor.account.username) if actor else "system"


def merchant_snapshot(merchant: Merchant) -> dict[str, Any]:
    return {
        "name": merchant.name,
        "slug": merchant.slug,
        "status": merchant.status,
        "contact_name": merchant.contact_name,
        "contact_phone": merchant.contact_phone,
    }


def _settlement_snapshot(terms: SettlementTerms) -> dict[str, Any]:
    return {
        "commission_rate": str(terms.commission_rate),
        "settlement_cycle": terms.settlement_cycle,
        "bank_name": terms.bank_name,
        "account_name": terms.account_name,
        # Only the last digits go to the trail: it is shown to every operator.
        "account_number": f"****{terms.account_number[-4:]}",
    }


def merchant_onboard(
    *, actor: Session | None, data: OnboardingInput, idempotency_key: str | None = None
) -> Merchant:
    """Creates a merchant with its schema, domain, owner, first settlement terms, first
    status row and audit entry, all or nothing. The same `idempotency_key` answers the
    merchant it made; a taken slug is SLUG_TAKEN."""
    if idempotency_key:
        done = _onboarded_with(idempotency_key, data.slug)
        if done is not None:
            return done
    slug_validate(data.slug)
    validate_new_password(data.owner_password)
    if Merchant.objects.filter(slug=data.slug).exists():
        raise ApplicationError(ErrorCode.SLUG_TAKEN)
    try:
        with transaction.atomic():
            onboarding = None
            if idempotency_key:
                # First, so a concurrent retry with this key waits here for our commit.
                onboarding = MerchantOnboarding.objects.create(
                    idempotency_key=idempotency_key, slug=data.slug
                )
            try:
                merchant = merchant_provision(
                    name=data.name,
                    slug=data.slug,
                    owner_password=data.owner_password,
                    owner_username=data.owner_username,
                    owner_name=data.owner_name,
                    owner_phone=data.owner_phone,
                    contact_name=data.contact_name,
                    contact_phone=data.contact_phone,
                    status=data.status,
                )
            except IntegrityError:
                raise ApplicationError(ErrorCode.SLUG_TAKEN) from None
            if onboarding is not None:
                onboarding.merchant = merchant
                onboarding.save(update_fields=["merchant"])
            terms = _settlement_add(actor=actor, merchant=merchant, terms=data.settlement)
            MerchantStatusChange.objects.create(
                merchant=merchant,
                from_status="",
                to_status=merchant.status,
                reason="onboarded",
                actor_account_id=actor.account.pk if actor else None,
                actor_name=_actor_name(actor),
            )
            audit_record(
                actor=actor,
                action="merchant.create",
                target_type=AUDIT_TARGET,
                target_id=merchant.pk,
                after={
                    **merchant_snapshot(merchant),
                    "owner_username": data.owner_username,
                    "settlement": _settlement_snapshot(terms),
                },
            )
    except IntegrityError:
        # Only the idempotency key's unique index gets here: a concurrent call with the same
        # key committed first.
        done = _onboarded_with(idempotency_key or "", data.slug)
        if done is None:
            raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED) from None
        return done
    return merchant


def _onboarded_with(idempotency_key: str, slug: str) -> Merchant | None:
    onboarding = (
        MerchantOnboarding.objects.select_related("merchant")
        .filter(idempotency_key=idempotency_key)
        .first()
    )
    if onboarding is None:
        return None
    if onboarding.slug != slug or onboarding.merchant is None:
        raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
    return onboarding.merchant


def _closed_error() -> ApplicationError:
    return ApplicationError(
        ErrorCode.CONFLICT,
        "商户已关闭，关闭是最终状态，不能再变更",
        msg_en="This merchant is closed; a closed merchant cannot change",
        data={"from": MerchantStatus.CLOSED},
    )


def _locked_merchant(merchant_id: int) -> Merchant:
    merchant = Merchant.objects.select_for_update().filter(pk=merchant_id).first()
    if merchant is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return merchant


def merchant_update(
    *,
    actor: Session,
    merchant_id: int,
    name: str | None = None,
    contact_name: str | None = None,
    contact_phone: str | None = None,
) -> Merchant:
    """Changes the name and contact of a merchant (the slug and domain never change)."""
    with transaction.atomic():
        merchant = _locked_merchant(merchant_id)
        before = merchant_snapshot(merchant)
        changes = {
            field: value
            for field, value in (
                ("name", name),
                ("contact_name", contact_name),
                ("contact_phone", contact_phone),
            )
            if value is not None and value != getattr(merchant, field)
        }
        if not changes:
            return merchant
        for field, value in changes.items():
            setattr(merchant, field, value)
        merchant.save(update_fields=[*changes, "updated_at"])
        audit_record(
            actor=actor,
            action="merchant.update",
            target_type=AUDIT_TARGET,
            target_id=merchant.pk,
            before={field: before[field] for field in changes},
            after=changes,
        )
        # The host cache holds the merchant's name (shown on its sign-in page).
        forget_merchant_hosts(merchant)
        transaction.on_commit(lambda: forget_merchant_hosts(merchant))
    return merchant


def merchant_status_change(
    *, actor: Session, merchant_id: int, status: str, reason: str = ""
) -> Merchant:
    """Moves a merchant along STATUS_TRANSITIONS. Freezing or closing ends every session of
    its accounts (their token versions move on) and drops its host cache entries, so its
    host answers MERCHANT_UNAVAILABLE at once; reactivating lets new sign-ins in."""
    reason = reason.strip()
    if status in STATUSES_NEEDING_REASON and not reason:
        raise ApplicationError(
            ErrorCode.VALIDATION,
            data={"fields": {"reason": ["a reason is required to freeze or close a merchant"]}},
        )
    with transaction.atomic():
        merchant = _locked_merchant(merchant_id)
        current = merchant.status
        if current == MerchantStatus.CLOSED:
            raise _closed_error()
        if status not in STATUS_TRANSITIONS.get(current, set()):
            raise ApplicationError(
                ErrorCode.CONFLICT,
                f"商户状态不能从「{MerchantStatus(current).label}」变为"
                f"「{MerchantStatus(status).label}」",
                msg_en=f"A merchant cannot go from {current} to {status}",
                data={"from": current, "to": status},
            )
        merchant.status = status
        merchant.save(update_fields=["status", "updated_at"])
        MerchantStatusChange.objects.create(
            merchant=merchant,
            from_status=current,
            to_status=status,
            reason=reason,
            actor_account_id=actor.account.pk,
            actor_name=_actor_name(actor),
        )
        if status in STATUSES_NEEDING_REASON:
            Account.objects.filter(merchant=merchant).update(token_version=F("token_version") + 1)
        audit_record(
            actor=actor,
            action="merchant.status",
            target_type=AUDIT_TARGET,
            target_id=merchant.pk,
            before={"status": current},
            after={"status": status},
            reason=reason,
        )
        # Now and once committed: a request in between could cache the old status again.
        forget_merchant_hosts(merchant)
        transaction.on_commit(lambda: forget_merchant_hosts(merchant))
    return merchant


def settlement_terms_add(
    *, actor: Session, merchant_id: int, terms: SettlementInput
) -> SettlementTerms:
    """Adds new settlement terms; they are current from now on, the old rows stay."""
    with transaction.atomic():
        merchant = _locked_merchant(merchant_id)
        if merchant.status == MerchantStatus.CLOSED:
            raise _closed_error()
        previous = SettlementTerms.objects.filter(merchant=merchant).first()
        added = _settlement_add(actor=actor, merchant=merchant, terms=terms)
        audit_record(
            actor=actor,
            action="merchant.settlement",
            target_type=AUDIT_TARGET,
            target_id=merchant.pk,
            before=_settlement_snapshot(previous) if previous else None,
            after=_settlement_snapshot(added),
        )
    return added


def _settlement_add(
    *, actor: Session | None, merchant: Merchant, terms: SettlementInput
) -> SettlementTerms:
    return SettlementTerms.objects.create(
        merchant=merchant,
        commission_rate=terms.commission_rate.quantize(RATE_PLACES),
        settlement_cycle=terms.settlement_cycle,
        bank_name=terms.bank_name,
        account_name=terms.account_name,
        account_number=terms.account_number,
        actor_account_id=actor.account.pk if actor else None,
        actor_name=_actor_name(actor),
    )
