"""Consent for the purposes that rest on consent alone (PIPL Art. 13 para. 1 item 1, Art. 15;
docs/privacy.md "Consent"): marketing messages, the face check, credit queries, location. One
row per customer and purpose with when it was given and withdrawn; each change through the
state machine (history and audit). A withdrawal stops the purpose's jobs at once: every job
asks `consent_required` first and is refused with CONSENT_WITHDRAWN. The lease itself rests
on the contract (Art. 13 para. 1 item 2): a withdrawal never touches an order, a bill or a
contract, and its answer says so."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from zulin.audit.state import Machine, move, status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text, pick

from .models import Consent, Customer

CONSENT_RIGHT = "privacy.manage"
PURPOSES: dict[str, Text] = {
    Consent.Purpose.MARKETING: Text("营销短信", "Marketing messages"),
    Consent.Purpose.FACE_CHECK: Text("人脸核验", "Face check"),
    Consent.Purpose.CREDIT_QUERY: Text("征信查询", "Credit queries"),
    Consent.Purpose.LOCATION: Text("位置信息", "Location"),
}
LEASE_BASIS = Text(
    "租赁本身基于合同的订立和履行（个人信息保护法第十三条第一款第二项），不以同意为基础："
    "撤回同意不影响订单、账单、合同及其履行。",
    "The lease itself rests on the contract (PIPL Art. 13 para. 1 item 2), not on consent: "
    "withdrawing consent changes no order, bill or contract, nor their performance.",
)
CONSENT = Machine(
    model=Consent,
    target_type="consent",
    moves=(
        move(Consent.Status.GIVEN, "withdraw", Consent.Status.WITHDRAWN, CONSENT_RIGHT),
        move(Consent.Status.WITHDRAWN, "give", Consent.Status.GIVEN, CONSENT_RIGHT),
    ),
    labels={"given": ("已同意", "given"), "withdrawn": ("已撤回", "withdrawn")},
)


def customer_exists(customer_id: int) -> bool:
    return Customer.objects.filter(pk=customer_id).exists()


def consent_rows(customer_id: int) -> list[dict[str, Any]]:
    """Every consent purpose of the customer: given, withdrawn, or none recorded."""
    found = {row.purpose: row for row in Consent.objects.filter(customer_id=customer_id)}
    rows = []
    for purpose, name in PURPOSES.items():
        row = found.get(purpose)
        rows.append(
            {
                "purpose": str(purpose),
                "purpose_name": pick(name),
                "status": row.status if row else "none",
                "given_at": row.given_at if row else None,
                "withdrawn_at": row.withdrawn_at if row else None,
            }
        )
    return rows


def consent_save(
    *, actor: Session, customer_id: int, purpose: str, given: bool, reason: str
) -> dict[str, Any]:
    """Records the customer's consent for one purpose, or its withdrawal (from now on: the
    purpose's jobs are refused). Saying again what is already recorded changes nothing."""
    if not actor.can(CONSENT_RIGHT):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    now = timezone.now()
    with transaction.atomic():
        customer = Customer.objects.select_for_update().filter(pk=customer_id).first()
        if customer is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        row = Consent.objects.select_for_update().filter(customer=customer, purpose=purpose).first()
        wanted = Consent.Status.GIVEN if given else Consent.Status.WITHDRAWN
        if row is None:
            row = Consent.objects.create(
                customer=customer,
                purpose=purpose,
                status=wanted,
                # No record was consent given at intake (docs/privacy.md): a first withdrawal
                # withdraws what the customer gave when they became the shop's customer.
                given_at=now if given else customer.created_at,
                withdrawn_at=None if given else now,
            )
            status_created(CONSENT, row=row, actor=actor, reason=reason)
        elif row.status != wanted:

            def stamp(consent: Consent) -> dict[str, Any]:
                if given:
                    consent.given_at, consent.withdrawn_at = now, None
                else:
                    consent.withdrawn_at = now
                return {"purpose": purpose, "customer_id": customer.pk}

            transition_locked(
                CONSENT,
                row=row,
                action="give" if given else "withdraw",
                actor=actor,
                reason=reason,
                change=stamp,
            )
    return {
        "customer_id": customer_id,
        "consents": consent_rows(customer_id),
        "lease_basis": "" if given else pick(LEASE_BASIS),
    }


def consent_withdrawn(*, customer_id: int, purpose: str) -> bool:
    return Consent.objects.filter(
        customer_id=customer_id, purpose=purpose, status=Consent.Status.WITHDRAWN
    ).exists()


def consent_required(*, customer_id: int, purpose: str) -> None:
    """Refuses a job of a consent-based purpose whose consent the customer withdrew
    (CONSENT_WITHDRAWN), before anything is charged or sent."""
    if consent_withdrawn(customer_id=customer_id, purpose=purpose):
        raise ApplicationError(ErrorCode.CONSENT_WITHDRAWN)
