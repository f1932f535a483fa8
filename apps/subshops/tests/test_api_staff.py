"""Staff accounts: list, create, update (roles, status), and the people pickers."""

from django_tenants.utils import tenant_context

from tenants.accounts.models import Account
from zulin.audit.models import AuditEntry

from .factories import ACCOUNT_PASSWORD, sign_in, staff_make, sub_shop_account_make, sub_shop_make


def test_create_staff_with_roles_and_list_it(demo_owner, demo):
    created = staff_make(demo_owner, "alice", ["auditor", "salesman"])

    assert {r["code"] for r in created["roles"]} == {"auditor", "salesman"}
    listed = demo_owner.get("/api/backend/getStaffList").data
    # The demo merchant already has `manager`; the owner is not staff.
    assert {s["username"] for s in listed["list"]} == {"alice", "manager"}
    salesmen = demo_owner.get("/api/backend/getStaffList", {"role": "salesman"}).data
    assert [s["username"] for s in salesmen["list"]] == ["alice"]
    found = demo_owner.get("/api/backend/getStaffList", {"keyword": "ali"}).data
    assert found["total"] == 1
    with tenant_context(demo):
        entry = AuditEntry.objects.get(action="staff.create")
    assert entry.after["roles"] == ["auditor", "salesman"]
    session = sign_in("demo.localhost", "alice")
    assert session.get("/api/platform/getLoginUserInfo").data["user"]["sub_shop"] is None


def test_create_staff_refuses_bad_roles_taken_usernames_and_weak_passwords(demo_owner):
    body = {"username": "bob", "password": ACCOUNT_PASSWORD, "name": "Bob"}

    no_role = demo_owner.post("/api/backend/createStaff", {**body, "role_codes": []})
    owner_role = demo_owner.post("/api/backend/createStaff", {**body, "role_codes": ["owner"]})
    taken = demo_owner.post(
        "/api/backend/createStaff", {**body, "username": "manager", "role_codes": ["finance"]}
    )
    weak = demo_owner.post(
        "/api/backend/createStaff", {**body, "password": "1234", "role_codes": ["finance"]}
    )

    assert no_role.code == 400 and "role_codes" in no_role.data["fields"]
    assert owner_role.code == 400
    assert taken.code == 1100
    assert weak.code == 1009
    assert not Account.objects.filter(username="bob").exists()


def test_changing_roles_ends_the_staff_sessions(demo_owner, demo):
    staff = staff_make(demo_owner, "alice", ["auditor"])
    alice = sign_in("demo.localhost", "alice")

    answer = demo_owner.post(
        "/api/backend/updateStaff", {"id": staff["id"], "role_codes": ["finance"]}
    )

    assert answer.code == 200
    assert [r["code"] for r in answer.data["roles"]] == ["finance"]
    assert alice.get("/api/platform/getLoginUserInfo").code == 109
    fresh = sign_in("demo.localhost", "alice").get("/api/platform/getLoginUserInfo").data
    assert fresh["current_role"]["code"] == "finance"
    with tenant_context(demo):
        entry = AuditEntry.objects.get(action="staff.update")
    assert entry.before == {"roles": ["auditor"]} and entry.after == {"roles": ["finance"]}


def test_renaming_keeps_the_staff_sessions(demo_owner):
    staff = staff_make(demo_owner, "alice")
    alice = sign_in("demo.localhost", "alice")

    demo_owner.post("/api/backend/updateStaff", {"id": staff["id"], "name": "Alice Wang"})

    assert alice.get("/api/platform/getLoginUserInfo").data["user"]["name"] == "Alice Wang"


def test_disabling_staff_needs_a_reason_ends_sessions_and_blocks_sign_in(demo_owner):
    staff = staff_make(demo_owner, "alice")
    alice = sign_in("demo.localhost", "alice")

    no_reason = demo_owner.post(
        "/api/backend/updateStaff", {"id": staff["id"], "status": "disabled"}
    )
    disabled = demo_owner.post(
        "/api/backend/updateStaff", {"id": staff["id"], "status": "disabled", "reason": "离职"}
    )

    assert no_reason.code == 400 and "reason" in no_reason.data["fields"]
    assert disabled.data["status"] == "disabled"
    assert alice.get("/api/platform/getLoginUserInfo").code == 109
    refused = alice.post(
        "/api/platform/mainLand", {"username": "alice", "password": ACCOUNT_PASSWORD}
    )
    assert refused.code == 1004
    listed = demo_owner.get("/api/backend/getStaffList", {"status": "disabled"}).data
    assert [s["username"] for s in listed["list"]] == ["alice"]

    demo_owner.post("/api/backend/updateStaff", {"id": staff["id"], "status": "active"})
    assert sign_in("demo.localhost", "alice").get("/api/platform/getLoginUserInfo").code == 200


def test_update_staff_refuses_the_owner_sub_shop_accounts_and_unknown_ids(demo_owner, demo):
    shop = sub_shop_make(demo_owner)
    clerk = sub_shop_account_make(demo_owner, shop["id"])
    owner_id = Account.objects.get(merchant=demo, username="owner").pk

    for account_id in (owner_id, clerk["id"], 999999):
        answer = demo_owner.post("/api/backend/updateStaff", {"id": account_id, "name": "x"})
        assert answer.code == 404


def test_auditor_and_salesman_pickers(demo_owner):
    alice = staff_make(demo_owner, "alice", ["auditor"])
    staff_make(demo_owner, "sam", ["salesman"])
    demo_owner.post(
        "/api/backend/updateStaff", {"id": alice["id"], "status": "disabled", "reason": "离职"}
    )

    order_auditors = demo_owner.get("/api/backend/getOrderAuditors").data
    all_auditors = demo_owner.get("/api/backend/getAllAuditors").data
    salesmen = demo_owner.get("/api/platform/getShopSalesMan").data

    # `manager` (auditor and finance) is the active auditor; alice is disabled.
    assert [a["username"] for a in order_auditors] == ["manager"]
    assert {a["username"] for a in all_auditors} == {"manager", "alice"}
    assert salesmen == [{"id": salesmen[0]["id"], "name": "sam 员工", "username": "sam"}]


def test_staff_calls_need_staff_manage(demo_owner):
    staff_make(demo_owner, "fin", ["finance"])
    finance = sign_in("demo.localhost", "fin")

    assert finance.get("/api/backend/getStaffList").code == 403
    assert finance.post("/api/backend/createStaff", {}).code == 403
    # Finance may view orders, so it may read the pickers.
    assert finance.get("/api/backend/getOrderAuditors").code == 200
