"""Platform-side reads of merchants: the list and one merchant's details."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import OuterRef, Q, QuerySet, Subquery

from tenants.accounts.models import Account
from tenants.accounts.selectors import OWNER_ROLE_CODE
from zulin.audit.selectors import audit_trail
from zulin.audit.state import status_history
from zulin.core.crypto import mask_bank_account
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.pagination import page_of
from zulin.webhooks.addresses import Network, grants_parse

from .models import Domain, Merchant, MerchantStatus, SettlementTerms, SubShopEntry

SORTABLE = {"created_at", "name"}


def _current_terms(field: str) -> Subquery:
    return Subquery(
        SettlementTerms.objects.filter(merchant=OuterRef("pk"))
        .order_by("-created_at", "-id")
        .values(field)[:1]
    )


def _with_summary(queryset: QuerySet[Merchant]) -> QuerySet[Merchant]:
    """Adds the primary domain and the current settlement terms, in the same query."""
    return queryset.annotate(
        domain=Subquery(
            Domain.objects.filter(tenant=OuterRef("pk"), is_primary=True).values("domain")[:1]
        ),
        commission_rate=_current_terms("commission_rate"),
        settlement_cycle=_current_terms("settlement_cycle"),
    )


def merchant_get(merchant_id: int) -> Merchant:
    """A merchant by id (any status); NOT_FOUND otherwise."""
    merchant = Merchant.objects.filter(pk=merchant_id).first()
    if merchant is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return merchant


def merchant_summary(*, merchant_id: int) -> dict[str, Any]:
    merchant = _with_summary(Merchant.objects.filter(pk=merchant_id)).first()
    if merchant is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return merchant_row(merchant)


def merchant_list(
    *,
    keyword: str = "",
    status: str | None = None,
    sort_by: str = "created_at",
    sort_order: str = "desc",
    page: int = 1,
    page_size: int = 20,
) -> dict[str, Any]:
    """One page of merchants; `keyword` matches name, slug, contact name or phone."""
    queryset = Merchant.objects.all()
    keyword = keyword.strip()
    if keyword:
        queryset = queryset.filter(
            Q(name__icontains=keyword)
            | Q(slug__icontains=keyword)
            | Q(contact_name__icontains=keyword)
            | Q(contact_phone__icontains=keyword)
        )
    if status:
        queryset = queryset.filter(status=status)
    column = sort_by if sort_by in SORTABLE else "created_at"
    prefix = "" if sort_order == "asc" else "-"
    queryset = queryset.order_by(f"{prefix}{column}", f"{prefix}id")
    answer = page_of(queryset, page=page, page_size=page_size)
    _add_summaries(answer["list"])
    answer["list"] = [merchant_row(merchant) for merchant in answer["list"]]
    return answer


def _add_summaries(merchants: list[Merchant]) -> None:
    """The primary domain and current settlement terms of a page's merchants, in one
    statement over the page's ids (as subqueries they were planned and run for every row
    before the page's offset, and compiled on every call)."""
    if not merchants:
        return
    with tenant_connection.cursor() as cursor:
        cursor.execute(
            f"""
            SELECT m.id, d.domain, t.commission_rate, t.settlement_cycle
            FROM unnest(%s::bigint[]) AS m(id)
            LEFT JOIN LATERAL (
              SELECT domain FROM {Domain._meta.db_table}
              WHERE tenant_id = m.id AND is_primary ORDER BY id LIMIT 1
            ) d ON true
            LEFT JOIN LATERAL (
              SELECT commission_rate, settlement_cycle FROM {SettlementTerms._meta.db_table}
              WHERE merchant_id = m.id ORDER BY created_at DESC, id DESC LIMIT 1
            ) t ON true
            """,  # noqa: S608 (table names from the models; values are parameters)
            [[merchant.pk for merchant in merchants]],
        )
        found = {row[0]: row[1:] for row in cursor.fetchall()}
    for merchant in merchants:
        domain, rate, cycle = found.get(merchant.pk, (None, None, None))
        merchant.domain = domain  # type: ignore[attr-defined]
        merchant.commission_rate = rate  # type: ignore[attr-defined]
        merchant.settlement_cycle = cycle  # type: ignore[attr-defined]


def merchant_row(merchant: Merchant) -> dict[str, Any]:
    rate = getattr(merchant, "commission_rate", None)
    return {
        "id": merchant.pk,
        "name": merchant.name,
        "slug": merchant.slug,
        "domain": getattr(merchant, "domain", None),
        "status": merchant.status,
        "status_name": MerchantStatus(merchant.status).label,
        "contact_name": merchant.contact_name,
        "contact_phone": merchant.contact_phone,
        "commission_rate": rate,
        "settlement_cycle": getattr(merchant, "settlement_cycle", None),
        "created_at": merchant.created_at,
        "updated_at": merchant.updated_at,
    }


def settlement_row(terms: SettlementTerms) -> dict[str, Any]:
    return {
        "id": terms.pk,
        "commission_rate": terms.commission_rate,
        "settlement_cycle": terms.settlement_cycle,
        "bank_name": terms.bank_name,
        "account_name": terms.account_name,
        "account_number": mask_bank_account(terms.account_number),
        "created_by": terms.actor_name,
        "created_at": terms.created_at,
    }


def merchant_detail(*, merchant_id: int) -> dict[str, Any]:
    merchant = _with_summary(Merchant.objects.filter(pk=merchant_id)).first()
    if merchant is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    owner = (
        Account.objects.filter(merchant=merchant, roles__code=OWNER_ROLE_CODE)
        .order_by("id")
        .first()
    )
    history = [settlement_row(terms) for terms in SettlementTerms.objects.filter(merchant=merchant)]
    return {
        "merchant": merchant_row(merchant),
        "domains": [
            {"domain": domain.domain, "is_primary": domain.is_primary}
            for domain in Domain.objects.filter(tenant=merchant).order_by("-is_primary", "id")
        ],
        "owner": {
            "id": owner.pk,
            "username": owner.username,
            "name": owner.name,
            "phone": owner.phone,
            "is_active": owner.is_active,
            "last_login_at": owner.last_login_at,
        }
        if owner
        else None,
        "settlement": history[0] if history else None,
        "settlement_history": history,
        "webhook_networks": list(merchant.webhook_networks),
        "webhook_loopback_allowed": settings.WEBHOOKS_ALLOW_LOOPBACK,
        "status_history": status_history(target_type="merchant", target_id=merchant.pk),
        "audit": audit_trail(target_type="merchant", target_id=merchant.pk),
    }


def webhook_networks(*, merchant_id: int) -> tuple[Network, ...]:
    """The private ranges the platform allows the merchant's webhook deliveries to reach."""
    texts = Merchant.objects.filter(pk=merchant_id).values_list("webhook_networks", flat=True)
    return grants_parse(next(iter(texts), []))


# --- the sub-shop directory (kept by apps.subshops.projection) ------------------------------


def sub_shop_name(*, merchant_id: int | None, sub_shop_id: int) -> str:
    """The name shown in sign-in answers; "" when the sub-shop is gone."""
    if merchant_id is None:
        return ""
    entries = SubShopEntry.objects.filter(merchant_id=merchant_id, sub_shop_id=sub_shop_id)
    return entries.values_list("name", flat=True).first() or ""


def sub_shop_names(*, merchant_id: int, sub_shop_ids: set[int]) -> dict[int, str]:
    """Several sub-shops' names in one read (a gone sub-shop is absent)."""
    if not sub_shop_ids:
        return {}
    entries = SubShopEntry.objects.filter(merchant_id=merchant_id, sub_shop_id__in=sub_shop_ids)
    return dict(entries.values_list("sub_shop_id", "name"))


def sub_shop_is_active(*, merchant_id: int | None, sub_shop_id: int) -> bool:
    if merchant_id is None:
        return False
    entries = SubShopEntry.objects.filter(merchant_id=merchant_id, sub_shop_id=sub_shop_id)
    return entries.filter(is_active=True).exists()


def terms_in_force(*, merchant_id: int, at: Any = None) -> SettlementTerms | None:
    """The merchant's settlement terms in force at `at` (default: now): the latest row
    made by then."""
    terms = SettlementTerms.objects.filter(merchant_id=merchant_id)
    if at is not None:
        terms = terms.filter(created_at__lte=at)
    return terms.order_by("-created_at", "-id").first()
