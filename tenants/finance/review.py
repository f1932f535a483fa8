"""A withdrawal as a reviewed request (`zulin.audit.review`): its status moves, who takes
which action, and the two-person rule above WITHDRAWAL_TWO_PERSON_ABOVE. The services refuse
and the selectors offer an action through the same `REVIEW`."""

from __future__ import annotations

from collections.abc import Iterable

from zulin.audit.review import APPROVE, FIRST_APPROVE, REJECT, Request, Review
from zulin.audit.state import Machine, move
from zulin.core.errors import ErrorCode
from zulin.core.sides import PlatformType

from .models import Withdrawal, WithdrawalStatus

S = WithdrawalStatus
OPEN = (S.PENDING, S.REVIEWING)
CANCEL = "cancel"
MACHINE: Machine[Withdrawal] = Machine(
    model=Withdrawal,
    target_type="withdrawal",
    moves=(
        move(S.PENDING, APPROVE, S.PAYING, right="withdrawal.audit"),
        move(S.PENDING, FIRST_APPROVE, S.REVIEWING, right="withdrawal.audit"),
        move(S.REVIEWING, APPROVE, S.PAYING, right="withdrawal.audit"),
        move(OPEN, REJECT, S.REJECTED, right="withdrawal.audit"),
        move(OPEN, CANCEL, S.CANCELLED, right="withdrawal.apply"),
        move(S.PAYING, "paid", S.PAID),
        move(S.PAYING, "payout_failed", S.FAILED),
    ),
    labels={status.value: (str(status.label), status.value) for status in S},
)
# The platform approves (two different accounts above the threshold: the first approval
# moves pending → reviewing) or rejects; the merchant takes back one not yet approved.
REVIEW: Review[Withdrawal] = Review(
    machine=MACHINE,
    actions={PlatformType.ADMIN: (APPROVE, REJECT), PlatformType.STORE: (CANCEL,)},
    first_of_two_from=S.PENDING,
    same_approver_error=ErrorCode.WITHDRAWAL_SAME_APPROVER,
)


def withdrawal_request(*, status: str, needs_two: bool, approvers: Iterable[int]) -> Request:
    """What the review rule reads of a withdrawal: its status, whether two must approve it,
    the accounts that have."""
    return Request(status=status, two_person=needs_two, approver_ids=frozenset(approvers))
