"""Platform-side changes of merchants: onboarding, details, status, settlement terms.

Each change runs in one transaction with its audit entry (public schema, where merchants
live) and, for status, its history row.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from ipaddress import ip_network
from typing import Any

from django.db import IntegrityError, transaction

from tenants.accounts.services import merchant_sessions_end, validate_new_password
from zulin.audit.services import actor_name, audit_record
from zulin.audit.state import Machine, move, status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.crypto import mask_bank_account
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.tenancy import forget_merchant_hosts
from zulin.webhooks.addresses import GRANTABLE_TEXT, GRANTS_MAX, grant_problem

from .models import Merchant, MerchantOnboarding, MerchantStatus, SettlementTerms
from .provisioning import merchant_provision, slug_validate

AUDIT_TARGET = "merchant"

PENDING, ACTIVE = MerchantStatus.PENDING.value, MerchantStatus.ACTIVE.value
FROZEN, CLOSED = MerchantStatus.FROZEN.value, MerchantStatus.CLOSED.value
# Closed is final.
MERCHANT_MACHINE: Machine[Merchant] = Machine(
    model=Merchant,
    target_type=AUDIT_TARGET,
    moves=(
        move((PENDING, FROZEN), "activate", ACTIVE, right="merchant.manage"),
        move(ACTIVE, "freeze", FROZEN, right="merchant.manage"),
        move((ACTIVE, FROZEN), "close", CLOSED, right="merchant.manage"),
    ),
    labels={status.value: (status.label, status.value) for status in MerchantStatus},
)
# The status a request asks for → the move that makes it.
ACTION_FOR_STATUS = {ACTIVE: "activate", FROZEN: "freeze", CLOSED: "close"}
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
        "account_number": mask_bank_account(terms.account_number),
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
            status_created(MERCHANT_MACHINE, row=merchant, actor=actor)
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


def merchant_create(
    *,
    name: str,
    slug: str,
    owner_password: str,
    settlement: SettlementInput,
    owner_username: str = "owner",
    owner_name: str = "",
    owner_phone: str = "",
    contact_name: str = "",
    contact_phone: str = "",
    status: str = MerchantStatus.ACTIVE,
    actor: Session | None = None,
) -> Merchant:
    """`merchant_onboard` for the command line, the demo and tests: retrying with the same
    slug and owner answers the same merchant (the idempotency key is made from them); a slug
    another owner took is SLUG_TAKEN."""
    data = OnboardingInput(
        name=name,
        slug=slug,
        contact_name=contact_name,
        contact_phone=contact_phone,
        owner_username=owner_username,
        owner_password=owner_password,
        owner_name=owner_name,
        owner_phone=owner_phone,
        status=status,
        settlement=settlement,
    )
    key = f"create:{slug}:{owner_username}"
    return merchant_onboard(actor=actor, data=data, idempotency_key=key)


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


def _network_problem_text(text: str, kind: str, why: str) -> Text:
    if kind == "host_bits":
        return Text(
            f"{text} 的主机位不为 0：应为 {why}", f"{text} has host bits set: it should be {why}"
        )
    if kind == "form":
        return Text(f"「{text}」不是 CIDR 格式的网段（如 10.20.0.0/16）", why)
    return Text(f"{text} 不在私有网段内（{GRANTABLE_TEXT}）", why)


def merchant_webhook_networks_set(
    *, actor: Session, merchant_id: int, networks: list[str], reason: str
) -> Merchant:
    """Replaces the private ranges the merchant's webhook deliveries may reach (an on-premise
    receiver). Each must be a network inside a private-use block (never loopback, link-local
    or public); a change needs a reason, and the audit keeps both lists."""
    wanted: list[str] = []
    problems: dict[str, list[Text]] = {}
    for index, text in enumerate(networks):
        problem = grant_problem(text)
        if problem is not None:
            problems[f"networks.{index}"] = [_network_problem_text(text.strip(), *problem)]
            continue
        normal = str(ip_network(text.strip()))
        if normal not in wanted:
            wanted.append(normal)
    if problems:
        # Every bad line at once, each with its reason: the operator fixes the list in one go.
        raise ApplicationError(ErrorCode.VALIDATION, data={"fields": problems})
    if len(wanted) > GRANTS_MAX:
        raise field_error(
            "networks",
            Text(f"最多放行 {GRANTS_MAX} 个网段", f"at most {GRANTS_MAX} networks may be allowed"),
        )
    with transaction.atomic():
        merchant = _locked_merchant(merchant_id)
        before = list(merchant.webhook_networks)
        if sorted(before) == sorted(wanted):
            return merchant
        if not reason.strip():
            raise field_error(
                "reason", Text("放行内网网段须写明原因", "say why these networks are allowed")
            )
        merchant.webhook_networks = wanted
        merchant.save(update_fields=["webhook_networks", "updated_at"])
        audit_record(
            actor=actor,
            action="merchant.webhook_networks",
            target_type=AUDIT_TARGET,
            target_id=merchant.pk,
            before={"webhook_networks": before},
            after={"webhook_networks": wanted},
            reason=reason.strip(),
        )
    return merchant


def merchant_status_change(
    *, actor: Session, merchant_id: int, status: str, reason: str = ""
) -> Merchant:
    """Moves a merchant through MERCHANT_MACHINE. Freezing or closing ends every session of
    its accounts (their token versions move on) and drops its host cache entries, so its
    host answers MERCHANT_UNAVAILABLE at once; reactivating lets new sign-ins in."""
    reason = reason.strip()
    if status in STATUSES_NEEDING_REASON and not reason:
        raise field_error(
            "reason",
            Text("冻结或关闭商户须填写原因", "a reason is required to freeze or close a merchant"),
        )
    with transaction.atomic():
        merchant = _locked_merchant(merchant_id)
        if merchant.status == MerchantStatus.CLOSED:
            raise _closed_error()
        action = ACTION_FOR_STATUS.get(status, "")
        if not action:
            raise MERCHANT_MACHINE.conflict(merchant.status, status, status)
        transition_locked(
            MERCHANT_MACHINE,
            row=merchant,
            action=action,
            actor=actor,
            reason=reason,
            audit_action="merchant.status",
        )
        if status in STATUSES_NEEDING_REASON:
            merchant_sessions_end(merchant=merchant)
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
        actor_name=actor_name(actor),
    )
