"""Reveals: a whole phone or ID number is shown (the identity reveal) or put in a file
(an evidence pack, a customer's copy) only with a reason, each an audit entry with who, when
and why; the owner reads them in one log, filtered; nobody else does."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.subshops.tests.factories import sign_in, staff_make
from tests.leases import awaiting_shipment, customer
from zulin.audit.models import AuditEntry
from zulin.exports.models import ExportJob

REVEAL = "/api/backend/revealCustomerIdentity"
PACK = "/api/backend/evidencePackCreate"
COPY = "/api/backend/createPrivacyCopy"
LOG = "/api/backend/getRevealLog"
PHONE = "13700000067"


def _access_request(owner, id_number: str) -> int:
    answer = owner.post(
        "/api/backend/createPrivacyRequest",
        {
            "kind": "access",
            "requester_name": "张三",
            "requester_phone": PHONE,
            "lookup_by": "id_number",
            "lookup": id_number,
            "channel": "online",
            "verification": "face_check",
        },
    )
    assert answer.ok, answer
    return answer.data["id"]


def test_a_reveal_without_a_reason_is_refused_and_leaves_no_trace(demo, demo_owner, app, offer):
    # given an order the owner may reveal and pack
    order = awaiting_shipment(demo, demo_owner, app, offer, key="reveal-0001", phone=PHONE, seed=67)
    with tenant_context(demo):
        jobs_before = ExportJob.objects.count()

    # when the owner asks without a reason, or with only blanks
    answers = [
        demo_owner.post(REVEAL, {"order_id": order.id}),
        demo_owner.post(REVEAL, {"order_id": order.id, "reason": "   "}),
        demo_owner.post(PACK, {"order_id": order.id}),
        demo_owner.post(PACK, {"order_id": order.id, "reason": " x "}),
    ]

    # then each is a clear field error on the reason, and nothing is shown, queued or logged
    for answer in answers:
        assert answer.code == 400 and "reason" in answer.data["fields"], answer
        assert "phone" not in (answer.data or {})
    with tenant_context(demo):
        assert ExportJob.objects.count() == jobs_before
        assert not AuditEntry.objects.filter(
            action__in=["order.identity_view", "order.identity_export"]
        ).exists()


def test_the_owner_reads_every_reveal_with_who_when_and_why(demo, demo_owner, app, offer):
    # given an order, an access request about its customer, and three reveals with reasons
    order = awaiting_shipment(demo, demo_owner, app, offer, key="reveal-0002", phone=PHONE, seed=77)
    id_number = customer(seed=77, phone=PHONE)["id_number"]
    request_id = _access_request(demo_owner, id_number)
    shown = demo_owner.post(REVEAL, {"order_id": order.id, "reason": "客户来电核对身份"})
    assert shown.ok and shown.data["id_number"] == id_number, shown
    assert demo_owner.post(PACK, {"order_id": order.id, "reason": "仲裁答辩需要"}).ok
    assert demo_owner.post(COPY, {"id": request_id}).ok

    # when the owner reads the log
    log = demo_owner.get(LOG, {})

    # then every reveal is there, newest first, with who, when and why, and no number itself
    assert log.ok, log
    rows = log.data["list"]
    assert [row["action"] for row in rows] == [
        "privacy.copy_identity",
        "order.identity_export",
        "order.identity_view",
    ]
    assert [row["reason"] for row in rows][1:] == ["仲裁答辩需要", "客户来电核对身份"]
    assert rows[0]["target_type"] == "privacy_request" and rows[0]["target_id"] == str(request_id)
    assert rows[1]["order_id"] == rows[2]["order_id"] == order.id
    assert all(row["actor"] and row["created_at"] for row in rows)
    assert rows[0]["customer_id"] is not None
    assert rows[0]["customer_id"] == rows[2]["customer_id"]
    assert id_number not in str(log.data) and PHONE not in str(log.data)

    # and its filters narrow it: by kind, by account, by China day
    only_views = demo_owner.get(LOG, {"action": "order.identity_view"}).data
    assert only_views["total"] == 1 and only_views["list"][0]["reason"] == "客户来电核对身份"
    actor = rows[0]["actor_account_id"]
    assert demo_owner.get(LOG, {"actor_account_id": actor}).data["total"] == 3
    assert demo_owner.get(LOG, {"actor_account_id": actor + 1000}).data["total"] == 0
    today = timezone.localdate()
    assert demo_owner.get(LOG, {"date_from": str(today), "date_to": str(today)}).data["total"] == 3
    yesterday = str(today - timedelta(days=1))
    assert demo_owner.get(LOG, {"date_to": yesterday}).data["total"] == 0


def test_only_the_owner_reads_the_reveal_log(demo, demo_owner, acme_owner, app, offer):
    # given a reveal in one shop, and customer service (who handles privacy requests)
    order = awaiting_shipment(demo, demo_owner, app, offer, key="reveal-0003", phone=PHONE, seed=87)
    assert demo_owner.post(REVEAL, {"order_id": order.id, "reason": "核对合同"}).ok
    staff_make(demo_owner, "carol", ["customer_service"])
    service = sign_in("demo.localhost", "carol")

    # when customer service and another shop's owner ask for the log
    denied = service.get(LOG, {})
    elsewhere = acme_owner.get(LOG, {})

    # then customer service is refused and the other shop sees none of this shop's reveals
    assert denied.code == 403
    assert elsewhere.ok and elsewhere.data["total"] == 0
