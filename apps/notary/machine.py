"""The moves of a notarization, through the one state-change helper. The steps run in one
order (customer → ID card → contract → submit); the notary's outcome is the system's; a
case is cancelled only before it ends; one that failed or was cancelled starts again with
the customer."""

from __future__ import annotations

from zulin.audit.state import Machine, move

from .models import Notarization, NotaryStatus

S = NotaryStatus
MANAGE = "notary.manage"

# The path of the steps; a step whose target is at or before the current status on it was
# already done (in this attempt) and answers unchanged.
PATH = (S.DRAFT, S.CUSTOMER_PUSHED, S.ID_PUSHED, S.CONTRACT_PUSHED, S.SUBMITTED, S.NOTARIZED)
CANCELLABLE = (S.DRAFT, S.CUSTOMER_PUSHED, S.ID_PUSHED, S.CONTRACT_PUSHED, S.SUBMITTED)
FINAL = (S.NOTARIZED, S.FAILED, S.CANCELLED)
RESTARTABLE = (S.DRAFT, S.FAILED, S.CANCELLED)

NOTARY_MACHINE = Machine(
    model=Notarization,
    target_type="notarization",
    moves=(
        move(RESTARTABLE, "push_customer", S.CUSTOMER_PUSHED, MANAGE),
        move(S.CUSTOMER_PUSHED, "push_id_card", S.ID_PUSHED, MANAGE),
        move(S.ID_PUSHED, "push_contract", S.CONTRACT_PUSHED, MANAGE),
        move(S.CONTRACT_PUSHED, "submit", S.SUBMITTED, MANAGE),
        move(S.SUBMITTED, "notarize", S.NOTARIZED),
        move(S.SUBMITTED, "fail", S.FAILED),
        move(CANCELLABLE, "cancel", S.CANCELLED, MANAGE),
    ),
    labels={status.value: (str(status.label), status.value.replace("_", " ")) for status in S},
)


def already_done(current: str, target: str) -> bool:
    """Whether a step leading to `target` was done in this attempt (so it answers unchanged)."""
    if current not in PATH or target not in PATH:
        return False
    return PATH.index(current) >= PATH.index(target)
