"""The reviewed-request rule alone (no database): what one person may do with one request,
and that the refusal a service raises is the one the list names."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from zulin.audit.models import StatusChange
from zulin.audit.review import (
    APPROVE,
    FIRST_APPROVE,
    REJECT,
    Request,
    Review,
    review_actions,
    review_check,
    review_verdict,
)
from zulin.audit.state import Machine, move
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import use_language

# Any model stands for the request here: the rule reads only the `Request` it is given.
MACHINE: Machine[StatusChange] = Machine(
    model=StatusChange,
    target_type="request",
    moves=(
        move("pending", APPROVE, "done", right="request.audit"),
        move("pending", FIRST_APPROVE, "reviewing", right="request.audit"),
        move("reviewing", APPROVE, "done", right="request.audit"),
        move(("pending", "reviewing"), REJECT, "rejected", right="request.audit"),
        move(("pending", "reviewing"), "cancel", "cancelled", right="request.apply"),
    ),
    labels={"done": ("已完成", "done"), "pending": ("待审核", "pending")},
)
REVIEW: Review[StatusChange] = Review(
    machine=MACHINE,
    actions={0: (APPROVE, REJECT), 1: ("cancel",)},
    first_of_two_from="pending",
    same_approver_error=ErrorCode.WITHDRAWAL_SAME_APPROVER,
)


def _session(account_id: int, *rights: str, side: int = 0) -> Session:
    return Session(
        account=SimpleNamespace(pk=account_id),
        side=side,
        merchant=None,
        sub_shop_id=None,
        role_id=None,
        actions=frozenset(rights),
        claims=None,  # type: ignore[arg-type]
    )


def _by_action(rows: list[dict]) -> dict[str, dict]:
    return {row["action"]: row for row in rows}


def test_the_first_of_two_approvals_is_its_own_move_and_its_giver_never_gives_the_second():
    first = _session(7, "request.audit")
    pending = Request(status="pending", two_person=True)
    assert review_check(REVIEW, pending, action=APPROVE, actor=first) == FIRST_APPROVE
    assert review_check(REVIEW, Request(status="pending"), action=APPROVE, actor=first) == APPROVE

    reviewing = Request(status="reviewing", two_person=True, approver_ids=frozenset({7}))
    offered = _by_action(review_actions(REVIEW, reviewing, actor=first))
    assert offered[APPROVE] == {
        "action": APPROVE,
        "allowed": False,
        "reason_code": "same_approver",
        "reason": "该提现需要另一位财务人员复核",
    }
    assert offered[REJECT]["allowed"]
    with pytest.raises(ApplicationError) as refused:
        review_check(REVIEW, reviewing, action=APPROVE, actor=first)
    assert refused.value.code == ErrorCode.WITHDRAWAL_SAME_APPROVER
    assert refused.value.message("zh") == offered[APPROVE]["reason"]

    second = _session(8, "request.audit")
    assert review_check(REVIEW, reviewing, action=APPROVE, actor=second) == APPROVE


def test_a_state_or_a_missing_right_says_why_in_the_callers_language():
    done = Request(status="done")
    with use_language("en"):
        offered = _by_action(review_actions(REVIEW, done, actor=_session(7, "request.audit")))
    assert offered[APPROVE]["reason_code"] == "status"
    assert offered[APPROVE]["reason"].startswith("Not allowed from done")
    verdict = review_verdict(REVIEW, done, action=APPROVE, actor=_session(7, "request.audit"))
    assert verdict.refusal is not None and verdict.refusal.code == ErrorCode.CONFLICT

    reader = _by_action(review_actions(REVIEW, Request(status="pending"), actor=_session(9)))
    assert {row["reason_code"] for row in reader.values()} == {"permission"}
    assert reader[REJECT]["reason"] == "没有权限执行此操作"


def test_each_side_is_offered_its_own_actions_and_the_system_holds_every_right():
    pending = Request(status="pending")
    store = review_actions(REVIEW, pending, actor=_session(3, "request.apply", side=1))
    assert store == [{"action": "cancel", "allowed": True, "reason_code": "", "reason": ""}]
    assert review_check(REVIEW, pending, action=REJECT, actor=None) == REJECT
