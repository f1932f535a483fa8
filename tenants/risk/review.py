"""A risk recharge as a reviewed request (`zulin.audit.review`): its status moves and who
takes which action. A transfer waits for one platform account's decision (no two-person
rule); a QR payment is decided by the provider's answer alone. The services refuse and the
selectors offer an action through the same `REVIEW`."""

from __future__ import annotations

from zulin.audit.review import APPROVE, REJECT, Request, Review
from zulin.audit.state import Machine, move
from zulin.core.sides import PlatformType

from .models import RechargeStatus, RiskRecharge

S = RechargeStatus
MACHINE: Machine[RiskRecharge] = Machine(
    model=RiskRecharge,
    target_type="risk_recharge",
    moves=(
        move(S.PAYING, "paid", S.CREDITED),
        move(S.PAYING, "payment_failed", S.FAILED),
        move(S.PENDING, APPROVE, S.CREDITED, right="recharge.audit"),
        move(S.PENDING, REJECT, S.REJECTED, right="recharge.audit"),
    ),
    labels={status.value: (str(status.label), status.value) for status in S},
)
# The platform approves (credited at once) or rejects a transfer; the merchant only applies.
REVIEW: Review[RiskRecharge] = Review(
    machine=MACHINE, actions={PlatformType.ADMIN: (APPROVE, REJECT)}
)


def recharge_request(*, status: str) -> Request:
    return Request(status=status)
