"""What a withdrawal's list and detail offer the caller (`actions`), and that the service
refuses an action not offered with the very reason the list gave: the first of two approvers
is never offered the second approval."""

from __future__ import annotations

from decimal import Decimal

from django.test import override_settings

from tenants.accounts.tests.test_api_platform_staff import STAFF_PASSWORD, staff_make
from tests.fixtures import ApiClient, login
from zulin.core.errors import ErrorCode

from .support import APPLY, DETAIL, OPERATE

RECORD = "/api/platform/getWithdrawalRecord"
STORE_LIST = "/api/finance/withdrawList"


def _actions(client: ApiClient, withdrawal_id: int) -> dict[str, dict]:
    """The detail's actions by name, checked to be the list's too."""
    detail = client.get(DETAIL, {"id": withdrawal_id})
    assert detail.ok, detail
    listed = client.get(RECORD if client.host.startswith("admin") else STORE_LIST)
    row = next(row for row in listed.data["list"] if row["id"] == withdrawal_id)
    assert row["actions"] == detail.data["actions"]
    return {action["action"]: action for action in detail.data["actions"]}


def _allowed(action: dict) -> bool:
    return action["allowed"] and action["reason_code"] == "" and action["reason"] == ""


@override_settings(WITHDRAWAL_TWO_PERSON_ABOVE=Decimal("50.00"))
def test_the_first_approver_is_not_offered_the_second_approval_and_is_refused_alike(
    demo, demo_owner, cash, admin_client
):
    staff_make(admin_client, "fin2", ["platform_finance"])
    second = login("admin.localhost", "fin2", STAFF_PASSWORD)
    applied = demo_owner.post(APPLY, {"amount": "60.00", "idempotency_key": "wd-act-0001"}).data
    assert [a["action"] for a in applied["actions"]] == ["cancel"]
    before = _actions(admin_client, applied["id"])
    assert _allowed(before["approve"]) and _allowed(before["reject"])

    first = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
    assert first.data["status"] == "reviewing"
    offered = _actions(admin_client, applied["id"])
    approve = offered["approve"]
    assert (approve["allowed"], approve["reason_code"]) == (False, "same_approver")
    assert approve["reason"] == "该提现需要另一位财务人员复核"
    assert _allowed(offered["reject"])  # the first approver may still reject
    # Asked anyway, the service refuses with the same words.
    refused = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
    assert (refused.code, refused.msg) == (ErrorCode.WITHDRAWAL_SAME_APPROVER, approve["reason"])
    english = ApiClient(admin_client.host, admin_client.token, language="en")
    approve_en = _actions(english, applied["id"])["approve"]
    assert approve_en["reason"] == "Another finance account must give the second approval"
    # A different finance account is offered it, and it pays the money out.
    assert _allowed(_actions(second, applied["id"])["approve"])
    done = second.post(OPERATE, {"id": applied["id"], "action": "approve"})
    assert done.data["status"] == "paying"


def test_where_nothing_is_allowed_the_list_says_why(demo, demo_owner, cash, admin_client):
    applied = demo_owner.post(APPLY, {"amount": "30.00", "idempotency_key": "wd-act-0101"}).data
    assert _allowed(_actions(demo_owner, applied["id"])["cancel"])
    rejected = admin_client.post(
        OPERATE, {"id": applied["id"], "action": "reject", "reason": "结算账户信息有误"}
    )
    assert rejected.data["status"] == "rejected"
    for action in rejected.data["actions"]:
        assert (action["allowed"], action["reason_code"]) == (False, "status"), action
        assert "已驳回" in action["reason"]
    offered = _actions(admin_client, applied["id"])
    refused = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
    assert (refused.code, refused.msg) == (ErrorCode.CONFLICT, offered["approve"]["reason"])
    cancel = _actions(demo_owner, applied["id"])["cancel"]
    assert (cancel["allowed"], cancel["reason_code"]) == (False, "status")
    taken_back = demo_owner.post("/api/finance/cancelWithdraw", {"id": applied["id"]})
    assert (taken_back.code, taken_back.msg) == (ErrorCode.CONFLICT, cancel["reason"])


def test_a_platform_account_without_the_audit_right_is_told_so(demo, demo_owner, cash):
    admin = login("admin.localhost", "admin")
    staff_make(admin, "auditor1", ["platform_auditor"])  # reads finance, audits nothing
    auditor = login("admin.localhost", "auditor1", STAFF_PASSWORD)
    applied = demo_owner.post(APPLY, {"amount": "30.00", "idempotency_key": "wd-act-0201"}).data
    detail = auditor.get(DETAIL, {"id": applied["id"]})
    assert [a["action"] for a in detail.data["actions"]] == ["approve", "reject"]
    for action in detail.data["actions"]:
        assert (action["allowed"], action["reason_code"]) == (False, "permission"), action
        assert action["reason"] == "没有权限执行此操作"
    refused = auditor.post(OPERATE, {"id": applied["id"], "action": "approve"})
    assert (refused.code, refused.msg) == (ErrorCode.FORBIDDEN, "没有权限执行此操作")
