"""The one state-change helper for every guarded status.

A machine is a table of moves: (from statuses, action, right needed) → to status. The caller
locks the row in its scope (`select_for_update`, e.g. through `zulin.core.scoping.scoped_get`)
inside its transaction; a change then finds the move for the row's current status, checks the
actor's right, sets the status (and whatever else the caller changes on the locked row), and
writes the status history row and the audit entry in that transaction. Any other move is a
CONFLICT error whose data names `from` and `to`.

Merchants and goods use it; orders, bills, withdrawals, recharges and notarization will.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import models, transaction

from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode

from .models import StatusChange
from .reasons import reason_text
from .services import actor_name, audit_record

M = TypeVar("M", bound=models.Model)


@dataclass(frozen=True)
class Move:
    sources: frozenset[str]
    action: str
    target: str
    # The action (permission) the actor's role must hold; None: any caller that got here.
    right: str | None = None


def move(sources: str | Iterable[str], action: str, target: str, right: str | None = None) -> Move:
    names = frozenset([sources] if isinstance(sources, str) else sources)
    return Move(sources=names, action=action, target=target, right=right)


@dataclass(frozen=True)
class Machine(Generic[M]):
    """The allowed moves of one model's status field. `labels` name statuses for people
    (zh, en) in conflict messages."""

    model: type[M]
    target_type: str
    moves: tuple[Move, ...]
    field: str = "status"
    labels: dict[str, tuple[str, str]] | None = None

    def find(self, current: str, action: str) -> Move | None:
        for candidate in self.moves:
            if candidate.action == action and current in candidate.sources:
                return candidate
        return None

    def _label(self, status: str, language: int) -> str:
        if self.labels and status in self.labels:
            return self.labels[status][language]
        return status

    def conflict(self, current: str, action: str, target: str | None = None) -> ApplicationError:
        to = target or next((m.target for m in self.moves if m.action == action), "")
        return ApplicationError(
            ErrorCode.CONFLICT,
            f"当前状态「{self._label(current, 0)}」不允许此操作"
            + (f"（目标状态「{self._label(to, 0)}」）" if to else ""),
            msg_en=f"Not allowed from {self._label(current, 1)}"
            + (f" to {self._label(to, 1)}" if to else ""),
            data={"from": current, "to": to},
        )


def transition_locked(
    machine: Machine[M],
    *,
    row: M,
    action: str,
    actor: Session | None,
    reason: str = "",
    change: Callable[[M], dict[str, Any] | None] | None = None,
    audit_action: str | None = None,
) -> M:
    """Moves a row the caller already locked (select_for_update in its open transaction).
    `change(row)` runs after the status is set and may change other fields; what it returns
    joins the audit entry's `after`."""
    current = str(getattr(row, machine.field))
    found = machine.find(current, action)
    if found is None:
        raise machine.conflict(current, action)
    if found.right is not None and actor is not None and not actor.can(found.right):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    with transaction.atomic():
        setattr(row, machine.field, found.target)
        extra = change(row) if change else None
        row.save()
        StatusChange.objects.create(
            target_type=machine.target_type,
            target_id=str(row.pk),
            action=action,
            from_status=current,
            to_status=found.target,
            reason=reason,
            actor_account_id=actor.account.pk if actor else None,
            actor_name=actor_name(actor),
            actor_side=actor.side if actor else None,
        )
        audit_record(
            actor=actor,
            action=audit_action or f"{machine.target_type}.{action}",
            target_type=machine.target_type,
            target_id=row.pk,
            before={machine.field: current},
            after={machine.field: found.target, **(extra or {})},
            reason=reason,
        )
    return row


def status_created(
    machine: Machine[Any], *, row: models.Model, actor: Session | None, reason: str = ""
) -> None:
    """The first history row of a record made in `status` (its creation)."""
    StatusChange.objects.create(
        target_type=machine.target_type,
        target_id=str(row.pk),
        action="create",
        from_status="",
        to_status=str(getattr(row, machine.field)),
        reason=reason,
        actor_account_id=actor.account.pk if actor else None,
        actor_name=actor_name(actor),
        actor_side=actor.side if actor else None,
    )


def status_history(*, target_type: str, target_id: Any) -> list[dict[str, Any]]:
    return [
        {
            "id": row.pk,
            "action": row.action,
            "from_status": row.from_status,
            "to_status": row.to_status,
            "reason": reason_text(row.reason),
            "actor": row.actor_name,
            "created_at": row.created_at,
        }
        for row in StatusChange.objects.filter(target_type=target_type, target_id=str(target_id))
    ]
