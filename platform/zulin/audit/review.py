"""A reviewed request: something a merchant asks for that the platform approves or rejects
(withdrawals, transfers recharging the risk balance), once or, where the request says so, by
two different accounts.

What one person may do with one request now is decided here and only here. `review_actions`
answers it for the screens — every action of the caller's side, allowed or not, and when not
a reason code and a reason worded for people — and `review_check` raises that same refusal
before a service changes anything; the list and the refusal cannot disagree. The status
moves themselves stay with the state-change helper (`zulin.audit.state`): a reviewed
request's machine is an ordinary machine.

Each domain keeps only its own: the amounts, the accounts, the provider's calls.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, TypeVar

from django.db import models

from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import current_language

from .state import Machine, status_history

M = TypeVar("M", bound=models.Model)

APPROVE = "approve"
REJECT = "reject"
# The machine's move of the first of two approvals (the request then waits for the second).
FIRST_APPROVE = "first_approve"


class ReasonCode(StrEnum):
    """Why an action is not offered (the screens may word it themselves by this code)."""

    STATUS = "status"  # the request's status does not allow it (anymore)
    PERMISSION = "permission"  # the caller's role does not hold the right
    SAME_APPROVER = "same_approver"  # this account gave the first of the two approvals


@dataclass(frozen=True)
class Request:
    """What the rule reads of one request: its status, whether two different accounts must
    approve it, and who has approved it so far."""

    status: str
    two_person: bool = False
    approver_ids: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Review(Generic[M]):
    """One kind of reviewed request: its machine, the actions people take on it by side
    (in the order the screens show them), and — for a two-person review — the status in
    which an approval is the first of two and the refusal of a second from the same account."""

    machine: Machine[M]
    actions: dict[int, tuple[str, ...]]  # side → actions
    first_of_two_from: str | None = None
    same_approver_error: ErrorCode = ErrorCode.CONFLICT

    def move_of(self, request: Request, action: str) -> str:
        """The machine's move a person's action makes: the first of two approvals is its own."""
        if (
            action == APPROVE
            and request.two_person
            and self.first_of_two_from is not None
            and request.status == self.first_of_two_from
        ):
            return FIRST_APPROVE
        return action


@dataclass(frozen=True)
class Verdict:
    action: str
    move: str  # the machine's move when allowed
    refusal: ApplicationError | None = None
    reason_code: str = ""

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    def row(self) -> dict[str, Any]:
        """What the lists and details answer for it, the reason in the request's language."""
        return {
            "action": self.action,
            "allowed": self.allowed,
            "reason_code": self.reason_code,
            "reason": self.refusal.message(current_language()) if self.refusal else "",
        }


def review_verdict(
    review: Review[Any], request: Request, *, action: str, actor: Session | None
) -> Verdict:
    """Whether `actor` may take `action` on the request now; `actor` None is the system
    (the provider's answer, a job), which holds every right and approves nothing."""
    move = review.move_of(request, action)
    found = review.machine.find(request.status, move)
    if found is None:
        return Verdict(
            action,
            move,
            review.machine.conflict(request.status, move),
            ReasonCode.STATUS,
        )
    if actor is None:
        return Verdict(action, move)
    if found.right is not None and not actor.can(found.right):
        return Verdict(action, move, ApplicationError(ErrorCode.FORBIDDEN), ReasonCode.PERMISSION)
    if action == APPROVE and actor.account.pk in request.approver_ids:
        return Verdict(
            action, move, ApplicationError(review.same_approver_error), ReasonCode.SAME_APPROVER
        )
    return Verdict(action, move)


def review_check(
    review: Review[Any], request: Request, *, action: str, actor: Session | None
) -> str:
    """The machine's move for `action`, or the refusal `review_actions` names for it."""
    verdict = review_verdict(review, request, action=action, actor=actor)
    if verdict.refusal is not None:
        raise verdict.refusal
    return verdict.move


def review_actions(
    review: Review[Any], request: Request, *, actor: Session
) -> list[dict[str, Any]]:
    """Every action of the caller's side on the request, each allowed or with why not."""
    return [
        review_verdict(review, request, action=action, actor=actor).row()
        for action in review.actions.get(actor.side, ())
    ]


def review_timeline(review: Review[Any], target_id: Any) -> list[dict[str, Any]]:
    """The request's status moves, oldest first (kept in the schema the request lives in)."""
    return status_history(target_type=review.machine.target_type, target_id=target_id)
