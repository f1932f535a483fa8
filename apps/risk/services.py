"""Risk queries, each charged to the merchant's prepaid risk balance.

`risk_query_run` is the one way to ask the risk provider (getRisk, and the intake through
`apps.orders`): in one transaction it records the query, charges its price from the price
list (`risk_prepaid` → `risk_check_expense` in the merchant's books, mirrored in the
platform's: what it holds for the merchant becomes risk service income), asks the provider
and keeps the answer. The charge locks the balance's ledger row until the transaction ends,
and the ledger refuses to take it below zero: concurrent queries are answered one after the
other while the balance lasts, and a query the balance cannot pay is refused
(RISK_BALANCE_SHORT) with nothing charged or recorded. A provider failure rolls the charge
back too (PROVIDER_FAILED): only answered queries are paid for.

The lock is held while the provider answers (the sandbox at once); a slow real provider would
queue one merchant's queries behind each other, never another merchant's.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from decimal import Decimal
from typing import NoReturn

from django.db import IntegrityError, transaction

from tenants.risk.rules import CREDIT_QUERY_TYPE
from tenants.risk.selectors import query_type_price
from zulin.audit.services import actor_name, audit_record
from zulin.core.auth import Session
from zulin.core.crypto import lookup_hash, mask_id_number, mask_name, mask_phone
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.ledger.services import platform_ledger, post_event
from zulin.providers.credit import get_credit_provider
from zulin.providers.interfaces import (
    CreditQueryResult,
    ProviderError,
    RiskAssessment,
    provider_failed,
)
from zulin.providers.operations import operation_sync
from zulin.providers.risk import get_risk_provider

from .models import CreditQuery, CreditQueryStatus, QuerySource, RiskQuery

INTAKE = QuerySource.INTAKE.value


@dataclass(frozen=True)
class Subject:
    """The person a query is about."""

    name: str
    id_number: str
    phone: str


def _query_no(idempotency_key: str) -> str:
    # Derived from the key: the same query sent again reaches the provider under the same
    # request number, which answers its kept assessment (never a second query).
    return "RQ" + hashlib.sha256(idempotency_key.encode()).hexdigest()[:30].upper()


def _charge(
    *,
    number: str,
    query_type: str,
    price: Decimal,
    order_id: int | None,
    actor: Session | None,
    memo: str,
) -> None:
    """A query's price out of the prepaid balance, in both books (the caller's transaction);
    RISK_BALANCE_SHORT when the balance cannot pay it. `number` is the query's request
    number: the journals' references, so one query is charged once."""
    merchant_id = int(tenant_connection.tenant.pk)
    meta = {"query_no": number, "query_type": query_type}
    try:
        post_event(
            "risk_charge",
            {"price": price},
            reference=f"risk-charge:{number}",
            memo=memo,
            order_id=order_id,
            meta=meta,
            actor=actor,
        )
    except ApplicationError as error:
        if error.code != ErrorCode.LEDGER_INSUFFICIENT_BALANCE:
            raise
        balance = (error.data or {}).get("balance")
        raise ApplicationError(
            ErrorCode.RISK_BALANCE_SHORT,
            f"风控余额不足：本次查询需 {price} 元，当前余额 {balance} 元，请先充值",
            msg_en=(
                f"The prepaid risk balance ({balance}) cannot pay this query ({price});"
                " recharge it first"
            ),
            data={"balance": balance, "price": str(price), "query_type": query_type},
        ) from None
    with platform_ledger():
        post_event(
            "risk_charge",
            {"price": price},
            reference=f"m{merchant_id}:risk-charge:{number}",
            merchant_id=merchant_id,
            memo=memo,
            meta={**meta, "merchant_id": merchant_id, "order_id": order_id},
            actor=actor,
        )


def _ask(query: RiskQuery, subject: Subject) -> RiskAssessment:
    try:
        return get_risk_provider().assess(
            out_no=query.query_no,
            name=subject.name,
            id_number=subject.id_number,
            phone=subject.phone,
            query_type=query.query_type,
        )
    except ProviderError as error:
        raise provider_failed(error, "风控服务查询失败", "The risk provider failed") from error


def risk_query_run(
    *,
    query_type: str,
    subject: Subject,
    idempotency_key: str,
    actor: Session | None = None,
    order_id: int | None = None,
    order_no: str = "",
    source: str = QuerySource.MANUAL,
) -> RiskQuery:
    """Asks the risk provider about `subject` with a query of `query_type`, charged at its
    price; answers the kept query. The same idempotency key answers the same query, charged
    once. Refused, nothing charged: a type the platform does not sell (VALIDATION), a short
    balance (RISK_BALANCE_SHORT), a provider failure (PROVIDER_FAILED)."""
    earlier = RiskQuery.objects.filter(idempotency_key=idempotency_key).first()
    if earlier is not None:
        return _replayed(earlier, query_type=query_type, order_id=order_id)
    price = query_type_price(query_type)
    try:
        with transaction.atomic():
            # Inserted first: the same key sent concurrently waits here, then fails on the
            # unique key and answers the query this one records.
            query = RiskQuery.objects.create(
                query_no=_query_no(idempotency_key),
                idempotency_key=idempotency_key,
                query_type=query_type,
                price=price,
                source=source,
                order_id=order_id,
                order_no=order_no,
                subject_name=mask_name(subject.name)[:50],
                id_number_masked=mask_id_number(subject.id_number)[:24],
                phone_masked=mask_phone(subject.phone)[:20],
                actor_account_id=actor.account.pk if actor else None,
                actor_name=actor_name(actor),
            )
            _charge(
                number=query.query_no,
                query_type=query_type,
                price=price,
                order_id=order_id,
                actor=actor,
                memo=f"风控查询 {query.query_no}",
            )
            answer = _ask(query, subject)
            query.score, query.grade = answer.score, str(answer.grade)
            query.decision, query.provider_reference = str(answer.decision), answer.reference
            query.hit_rules = [
                {"code": hit.code, "name_zh": hit.name_zh, "name_en": hit.name_en}
                for hit in answer.hit_rules
            ]
            query.save()
            audit_record(
                actor=actor,
                action="risk.query",
                target_type="risk_query",
                target_id=query.pk,
                after={
                    "query_no": query.query_no,
                    "query_type": query_type,
                    "price": str(price),
                    "grade": query.grade,
                    "order_id": order_id,
                },
            )
            return query
    except IntegrityError:
        earlier = RiskQuery.objects.filter(idempotency_key=idempotency_key).first()
        if earlier is None:
            raise
        return _replayed(earlier, query_type=query_type, order_id=order_id)


def _replayed(query: RiskQuery, *, query_type: str, order_id: int | None) -> RiskQuery:
    if (query.query_type, query.order_id) != (query_type, order_id):
        raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
    return query


# --- credit-bureau queries -----------------------------------------------------------------


def _credit_provider_failed(error: ProviderError) -> ApplicationError:
    return provider_failed(error, "征信服务查询失败", "The credit bureau failed")


def _credit_keep(query: CreditQuery, result: CreditQueryResult) -> bool:
    """What the bureau says of a query (its row locked); answers whether it changed."""
    if query.status != CreditQueryStatus.PROCESSING or result.status == "processing":
        if result.reference and not query.provider_reference:
            query.provider_reference = result.reference
            query.save(update_fields=["provider_reference"])
        return False
    query.status = str(result.status)
    query.provider_reference = result.reference or query.provider_reference
    query.finished_at = result.finished_at
    query.failure_reason = result.reason[:40]
    if result.status == CreditQueryStatus.DONE:
        query.score, query.level = result.score, result.level
        query.overdue_accounts, query.open_accounts = result.overdue_accounts, result.open_accounts
        query.queries_90_days = result.queries_90_days
    query.save()
    audit_record(
        actor=None,
        action=f"credit.query_{query.status}",
        target_type="credit_query",
        target_id=query.pk,
        after={"apply_no": query.apply_no, "score": query.score, "reason": query.failure_reason},
    )
    return True


def credit_query_run(
    *,
    subject: Subject,
    idempotency_key: str,
    order_id: int,
    order_no: str,
    actor: Session | None,
) -> CreditQuery:
    """Applies for a credit-bureau report of an order's customer, charged at the price list's
    `credit_report` price when the bureau takes it (one transaction: a short balance or a
    bureau that does not answer charges nothing). The report arrives later: the bureau's
    callback, or `credit_query_sync`. The same idempotency key answers the same query."""
    earlier = CreditQuery.objects.filter(idempotency_key=idempotency_key).first()
    if earlier is not None:
        if earlier.order_id != order_id:
            raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
        return earlier
    price = query_type_price(CREDIT_QUERY_TYPE, kind="credit")
    try:
        with transaction.atomic():
            query = CreditQuery.objects.create(
                apply_no="CQ" + hashlib.sha256(idempotency_key.encode()).hexdigest()[:30].upper(),
                idempotency_key=idempotency_key,
                query_type=CREDIT_QUERY_TYPE,
                price=price,
                order_id=order_id,
                order_no=order_no,
                subject_name=mask_name(subject.name)[:50],
                id_number_masked=mask_id_number(subject.id_number)[:24],
                id_number_hash=lookup_hash(subject.id_number, context="credit.id_number"),
                actor_account_id=actor.account.pk if actor else None,
                actor_name=actor_name(actor),
            )
            _charge(
                number=query.apply_no,
                query_type=CREDIT_QUERY_TYPE,
                price=price,
                order_id=order_id,
                actor=actor,
                memo=f"征信查询 {query.apply_no}",
            )
            try:
                result = get_credit_provider().apply_query(
                    out_no=query.apply_no,
                    name=subject.name,
                    id_number=subject.id_number,
                    phone=subject.phone,
                )
            except ProviderError as error:
                raise _credit_provider_failed(error) from error
            query.provider_reference = result.reference
            query.save(update_fields=["provider_reference"])
            _credit_keep(query, result)
            audit_record(
                actor=actor,
                action="credit.query_apply",
                target_type="credit_query",
                target_id=query.pk,
                after={"apply_no": query.apply_no, "order_id": order_id, "price": str(price)},
            )
            return query
    except IntegrityError:
        earlier = CreditQuery.objects.filter(idempotency_key=idempotency_key).first()
        if earlier is None:
            raise
        return earlier


def credit_query_sync(*, apply_no: str) -> CreditQuery | None:
    """Asks the bureau about a query and keeps its report (the callback and
    applyResultQuery come here); None when `apply_no` is no query of the merchant. Running
    it again changes nothing."""

    def failed(query: CreditQuery, error: ProviderError) -> NoReturn:
        raise _credit_provider_failed(error) from error

    synced = operation_sync(
        CreditQuery.objects.select_for_update().filter(apply_no=apply_no).first,
        ask=lambda query: get_credit_provider().query_result(out_no=apply_no),
        apply=_credit_keep,
        pending=_credit_keep,
        failed=failed,
    )
    return None if synced is None else synced.row
