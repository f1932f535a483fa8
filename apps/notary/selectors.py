"""Reads of notarization: the shop's settings (credentials masked) and an order's
notarization as its detail shows it. Nothing here reads orders: the order's scope is checked
by whoever asks (the order detail, or the services through `apps.orders.selectors`)."""

from __future__ import annotations

from typing import Any

from zulin.audit.state import status_history
from zulin.core.auth import Session
from zulin.core.sides import PlatformType

from .machine import MANAGE
from .models import Notarization, NotarySetting, NotaryStatus

S = NotaryStatus
NONE = "none"  # no notarization started for the order


def notary_setting() -> NotarySetting:
    """The shop's settings (unsaved defaults until it saves its own)."""
    return NotarySetting.objects.filter(pk=1).first() or NotarySetting(pk=1)


def setting_complete(setting: NotarySetting) -> bool:
    return bool(setting.org_name and setting.org_code and setting.app_key and setting.app_secret)


def mask_secret(value: str) -> str:
    """Enough to tell two values apart, never enough to use one: `abcd****wxyz`."""
    if not value:
        return ""
    if len(value) < 12:
        return "****"
    return f"{value[:4]}****{value[-4:]}"


def setting_answer(setting: NotarySetting) -> dict[str, Any]:
    return {
        "is_set": setting_complete(setting),
        "is_open": setting.is_open,
        "org_name": setting.org_name,
        "org_code": setting.org_code,
        "app_key": setting.app_key,
        "app_secret_masked": mask_secret(setting.app_secret),
        "token_expires_at": setting.token_expires_at if setting.api_token else None,
        "updated_at": setting.updated_at,
    }


def _steps(row: Notarization | None) -> list[dict[str, Any]]:
    at = (lambda name: getattr(row, name)) if row is not None else (lambda _name: None)
    outcome = row.finished_at if row is not None and row.status != S.CANCELLED else None
    return [
        {"step": "customer", "done_at": at("customer_pushed_at")},
        {"step": "id_card", "done_at": at("id_pushed_at")},
        {"step": "contract", "done_at": at("contract_pushed_at")},
        {"step": "submit", "done_at": at("submitted_at")},
        {"step": "outcome", "done_at": outcome},
    ]


def next_actions(status: str, *, session: Session | None, is_open: bool) -> list[str]:
    """What the session may do next on the notarization (the detail shows a button for each)."""
    if session is None or session.side != PlatformType.STORE or not session.can(MANAGE):
        return []
    by_status = {
        NONE: ["push_customer"],
        S.DRAFT: ["push_customer", "cancel"],
        S.CUSTOMER_PUSHED: ["push_id_card", "cancel"],
        S.ID_PUSHED: ["push_contract", "cancel"],
        S.CONTRACT_PUSHED: ["submit", "cancel"],
        S.SUBMITTED: ["link", "query", "cancel"],
        S.FAILED: ["push_customer"],
        S.CANCELLED: ["push_customer"],
    }
    allowed = by_status.get(status, [])
    if not is_open:
        # Closed: nothing new starts or moves on; a case under way may still be followed or
        # withdrawn.
        allowed = [action for action in allowed if action in ("link", "query", "cancel")]
    return list(allowed)


def notarization_block(
    row: Notarization | None, *, order_id: int, session: Session | None
) -> dict[str, Any]:
    """An order's notarization: state, steps, evidence and its hash, the certificate, the
    history, and what the session may do next. Credentials never appear here."""
    status = row.status if row is not None else NONE
    setting = notary_setting()
    return {
        "order_id": order_id,
        "status": status,
        "is_open": setting.is_open,
        "attempt": row.attempt if row is not None else 0,
        "case_reference": row.provider_reference if row is not None else "",
        "steps": _steps(row),
        "evidence": list(row.evidence) if row is not None else [],
        "evidence_hash": row.evidence_hash if row is not None else "",
        "contract_no": row.contract_no if row is not None else "",
        "certificate_no": row.certificate_no if row is not None else "",
        "failure_reason": row.failure_reason if row is not None else "",
        "cancel_reason": row.cancel_reason if row is not None else "",
        "last_error": row.last_error if row is not None else "",
        "updated_at": row.updated_at if row is not None else None,
        "history": (
            status_history(target_type="notarization", target_id=row.pk) if row is not None else []
        ),
        "actions": next_actions(status, session=session, is_open=setting.is_open),
    }


def order_notarization(order_id: int, *, session: Session | None) -> dict[str, Any]:
    """The block of an order the caller already found in its session's scope."""
    row = Notarization.objects.filter(order_id=order_id).first()
    return notarization_block(row, order_id=order_id, session=session)
