"""A customer's request about their personal information, logged and answered: found by
phone or ID number, due 15 working days later on China's calendar (or the shop's longer
setting), given to a handler, completed or refused with its reason; its event for the shop's
systems; overdue requests on the workbench, counted with the list's own filter; the log is
the shop's and its privacy roles' only."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.privacy.models import PrivacyRequest
from apps.subshops.tests.factories import (
    sign_in,
    staff_make,
    sub_shop_account_make,
    sub_shop_make,
)
from tests.leases import customer, place, placed
from zulin.audit.models import AuditEntry
from zulin.core.workdays import add_working_days, working_days_between
from zulin.outbox.models import OutboxEvent

HOST = "demo.localhost"
LIST = "/api/backend/getPrivacyRequests"
DETAIL = "/api/backend/getPrivacyRequest"
CREATE = "/api/backend/createPrivacyRequest"
ASSIGN = "/api/backend/assignPrivacyRequest"
ANSWER = "/api/backend/answerPrivacyRequest"
SETTING = "/api/backend/savePrivacySetting"
WORKBENCH = "/api/v2/getWorkbenchData"
PHONE = "13700000067"


def _body(**over) -> dict:
    return {
        "kind": "access",
        "requester_name": "张三",
        "requester_phone": PHONE,
        "lookup_by": "phone",
        "lookup": PHONE,
        "channel": "phone",
        "verification": "sms_code",
        "verification_note": "预留手机号验证码核对一致",
        "detail": "请提供贵司持有的我的全部个人信息副本",
        **over,
    }


def _customer(demo, app, offer, seed=67):
    order = placed(demo, place(app, offer, key=f"privacy-{seed:04d}", phone=PHONE, seed=seed))
    return order, customer(seed=seed, phone=PHONE)["id_number"]


def test_a_request_found_by_id_number_is_due_fifteen_china_working_days_later(
    demo, demo_owner, app, offer
):
    order, id_number = _customer(demo, app, offer)
    answer = demo_owner.post(CREATE, _body(lookup_by="id_number", lookup=id_number.lower()))
    assert answer.ok, answer
    row = answer.data
    today = timezone.localdate()
    assert row["status"] == "received"
    assert row["received_on"] == today.isoformat()
    assert row["due_on"] == add_working_days(today, 15).isoformat()
    assert row["working_days_left"] == 15
    assert row["customer"]["id_number"] != id_number  # masked
    assert row["customer"]["id_number"][-4:] == id_number[-4:]
    assert row["requester_phone"] == "137****0067"
    assert row["request_no"].startswith(f"PR{today:%Y%m%d}")
    assert [h["to_status"] for h in row["history"]] == ["received"]
    with tenant_context(demo):
        saved = PrivacyRequest.objects.get(pk=row["id"])
        assert saved.customer_id is not None
        assert id_number not in str(PrivacyRequest.objects.filter(pk=row["id"]).values().get())
        event = OutboxEvent.objects.get(type="privacy.request.created", object_id=str(row["id"]))
        # The event names the customer by opaque id, never by name, phone or ID number.
        assert event.data["customer_id"] == saved.customer_id
        assert event.data["kind"] == "access"
        assert PHONE not in str(event.data) and "张三" not in str(event.data)
        assert AuditEntry.objects.filter(
            action="privacy_request.create", target_id=str(row["id"])
        ).exists()


def test_a_phone_the_shop_does_not_hold_logs_a_request_about_no_one(demo_owner):
    answer = demo_owner.post(CREATE, _body(lookup="13800000000", kind="delete"))
    assert answer.ok, answer
    assert (answer.data["customer_id"], answer.data["customer"]) == (None, None)


def test_bad_input_is_refused_and_logs_nothing(demo, demo_owner):
    cases = [
        (_body(lookup_by="id_number", lookup="110101199001011234"), "lookup"),
        (_body(received_on=(timezone.localdate() + timedelta(days=1)).isoformat()), "received_on"),
        (_body(received_on=(timezone.localdate() - timedelta(days=31)).isoformat()), "received_on"),
        (_body(kind="rectify"), "kind"),
    ]
    for body, field in cases:
        answer = demo_owner.post(CREATE, body)
        assert answer.code == 400, (field, answer)
        assert field in str(answer.data), (field, answer)
    with tenant_context(demo):
        assert not PrivacyRequest.objects.exists()


def test_assigned_then_refused_with_its_reason_and_answered_once(demo, demo_owner):
    staff_make(demo_owner, "kefu", ["customer_service"])
    shen_id = staff_make(demo_owner, "shen", ["auditor"])["id"]
    handlers = demo_owner.get("/api/backend/getPrivacyHandlers").data
    kefu = next(h["id"] for h in handlers if h["username"] == "kefu")
    assert "shen" not in {h["username"] for h in handlers}  # an auditor may not handle them
    row = demo_owner.post(CREATE, _body(kind="delete")).data

    refused = demo_owner.post(ASSIGN, {"id": row["id"], "handler_id": shen_id})
    assert refused.code == 400 and "handler_id" in str(refused.data), refused
    assigned = demo_owner.post(ASSIGN, {"id": row["id"], "handler_id": kefu})
    assert assigned.ok, assigned
    assert (assigned.data["status"], assigned.data["handler_name"]) == ("in_progress", "kefu 员工")

    clerk = sign_in(HOST, "kefu")
    assert clerk.get(LIST, {"mine": True}).data["total"] == 1
    no_reason = clerk.post(ANSWER, {"id": row["id"], "result": "refused"})
    assert no_reason.code == 400 and "refusal_reason" in str(no_reason.data), no_reason
    assert clerk.get(DETAIL, {"id": row["id"]}).data["status"] == "in_progress"
    reason = "该客户尚有在租订单，合同履行所必需的信息依法暂不能删除"
    done = clerk.post(ANSWER, {"id": row["id"], "result": "refused", "refusal_reason": reason})
    assert done.ok, done
    assert (done.data["status"], done.data["refusal_reason"]) == ("refused", reason)
    assert done.data["working_days_left"] is None and done.data["answered_at"]
    assert [h["to_status"] for h in done.data["history"]] == [  # newest first
        "refused",
        "in_progress",
        "received",
    ]
    again = clerk.post(ANSWER, {"id": row["id"], "result": "completed", "outcome": "已删除"})
    assert again.code == 409, again
    assert again.data == {"from": "refused", "to": "completed"}


def test_the_shop_may_lengthen_the_time_to_answer_never_shorten_it(demo_owner):
    short = demo_owner.post(SETTING, {"due_working_days": 14})
    assert short.code == 400 and "due_working_days" in str(short.data), short
    assert demo_owner.post(SETTING, {"due_working_days": 20}).ok
    row = demo_owner.post(CREATE, _body()).data
    today = timezone.localdate()
    assert row["due_on"] == add_working_days(today, 20).isoformat()
    assert demo_owner.get("/api/backend/getPrivacySetting").data["due_working_days"] == 20


def test_overdue_requests_are_the_workbench_to_do_counted_with_the_list(demo_owner):
    today = timezone.localdate()
    late = demo_owner.post(CREATE, _body(received_on=(today - timedelta(days=30)).isoformat()))
    demo_owner.post(CREATE, _body())  # today's: not due yet
    assert late.ok, late
    assert late.data["overdue"] is True
    assert late.data["working_days_left"] == working_days_between(
        today, add_working_days(today - timedelta(days=30), 15)
    )
    assert late.data["working_days_left"] < 0
    listed = demo_owner.get(LIST, {"attention": "overdue"}).data
    todos = {t["key"]: t["count"] for t in demo_owner.get(WORKBENCH).data["todos"]}
    assert todos["privacy_overdue"] == listed["total"] == 1
    assert [r["id"] for r in listed["list"]] == [late.data["id"]]
    assert demo_owner.get(LIST).data["total"] == 2


def test_the_log_is_the_shops_and_its_privacy_roles_only(demo, demo_owner, acme_owner):
    row = demo_owner.post(CREATE, _body()).data
    staff_make(demo_owner, "shen", ["auditor"])
    assert sign_in(HOST, "shen").get(LIST).code == 403
    assert acme_owner.get(DETAIL, {"id": row["id"]}).code == 404
    assert acme_owner.get(LIST).data["total"] == 0
    sub_shop_account_make(demo_owner, sub_shop_make(demo_owner)["id"], "east")
    east = sign_in(HOST, "east")
    assert east.get(DETAIL, {"id": row["id"]}).code in (403, 404)
    workbench = {t["key"] for t in sign_in(HOST, "shen").get(WORKBENCH).data["todos"]}
    assert "privacy_overdue" not in workbench


def test_a_correction_changes_the_phone_with_its_trail_and_refuses_identity_data(
    demo, demo_owner, app, offer
):
    order, id_number = _customer(demo, app, offer, seed=70)
    row = demo_owner.post(
        CREATE, _body(kind="correct", lookup_by="id_number", lookup=id_number)
    ).data
    correct = "/api/backend/correctPrivacyData"
    identity = demo_owner.post(correct, {"id": row["id"], "id_number": "110101199001011237"})
    assert identity.code == 400 and "id_number" in str(identity.data), identity
    assert "实名核验" in identity.msg + str(identity.data)
    name = demo_owner.post(correct, {"id": row["id"], "name": "李四"})
    assert name.code == 400 and "name" in str(name.data), name
    done = demo_owner.post(correct, {"id": row["id"], "phone": "13900000070"})
    assert done.ok, done
    assert done.data["customer"]["phone"] == "139****0070"
    with tenant_context(demo):
        entry = AuditEntry.objects.get(action="customer.phone_correct")
        # The trail shows what changed, masked, never the number itself.
        assert entry.before["phone"] == "137****0067" and entry.after["phone"] == "139****0070"
        assert "13900000070" not in str(entry.after) and PHONE not in str(entry.before)
        assert AuditEntry.objects.filter(
            action="privacy_request.correct", target_id=str(row["id"])
        ).exists()
    access = demo_owner.post(CREATE, _body(lookup="13900000070")).data
    refused = demo_owner.post(correct, {"id": access["id"], "phone": "13900000071"})
    assert refused.code == 400 and "id" in str(refused.data), refused
