"""What a recharge's list and detail offer the caller (`actions`): the platform's auditors
approve or reject a transfer waiting for them, and are told why not otherwise — in the very
words the audit call refuses with. The merchant is offered nothing to decide."""

from __future__ import annotations

from tests.fixtures import ApiClient
from zulin.core.errors import ErrorCode

from .test_recharges import CHECK, DETAIL, LIST, QR, _offline


def _actions(client: ApiClient, recharge_id: int) -> dict[str, dict]:
    """The detail's actions by name, checked to be the list's too."""
    detail = client.get(DETAIL, {"id": recharge_id})
    assert detail.ok, detail
    row = next(row for row in client.get(LIST).data["list"] if row["id"] == recharge_id)
    assert row["actions"] == detail.data["actions"]
    return {action["action"]: action for action in detail.data["actions"]}


def test_a_waiting_transfer_is_offered_to_the_platform_and_then_no_more(
    demo, demo_owner, admin_client
):
    recharge = _offline(demo_owner, key="recharge-act-0001")
    assert recharge["actions"] == [] and demo_owner.get(DETAIL, {"id": recharge["id"]}).ok
    offered = _actions(admin_client, recharge["id"])
    assert [(a["action"], a["allowed"]) for a in offered.values()] == [
        ("approve", True),
        ("reject", True),
    ]
    body = {"id": recharge["id"], "action": "approve", "idempotency_key": "check-act-0001"}
    approved = admin_client.post(CHECK, body)
    assert approved.data["status"] == "credited"
    after = _actions(admin_client, recharge["id"])
    for action in after.values():
        assert (action["allowed"], action["reason_code"]) == (False, "status"), action
        assert "已到账" in action["reason"]
    again = {
        "id": recharge["id"],
        "action": "reject",
        "reason": "重复",
        "idempotency_key": "check-act-0002",
    }
    refused = admin_client.post(CHECK, again)
    assert (refused.code, refused.msg) == (ErrorCode.CONFLICT, after["reject"]["reason"])


def test_a_qr_recharge_is_never_offered_for_approval(demo, demo_owner, admin_client):
    recharge = demo_owner.post(QR, {"amount": "20.00", "idempotency_key": "recharge-act-01"})
    approve = _actions(admin_client, recharge.data["id"])["approve"]
    assert (approve["allowed"], approve["reason_code"]) == (False, "status")
    body = {"id": recharge.data["id"], "action": "approve", "idempotency_key": "check-act-0101"}
    refused = admin_client.post(CHECK, body)
    assert (refused.code, refused.msg) == (ErrorCode.CONFLICT, approve["reason"])
