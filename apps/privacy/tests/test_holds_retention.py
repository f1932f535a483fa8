"""Legal holds, the nightly retention job on a compressed clock, and lifting a suppression.

A legal hold keeps a customer whom nothing else holds: the deletion answer names it and
until when, the customer is restricted, and the night leaves them; once lifted (or past its
end) the night erases them. A closed lease crosses each period of the table (the shop's
longer period included); the dry run shows what the run then does; a rerun changes
nothing. A suppressed customer comes back only with their fresh consent recorded."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.orders.models import Customer, Order, Suppression
from apps.privacy.models import PrivacyRequest, Restriction, RetentionRun
from apps.privacy.retention import retention_dry_run, retention_night
from apps.service.models import CustomerMessage
from tests.leases import customer, place, placed
from zulin.audit.models import AuditEntry, StatusChange
from zulin.outbox.models import OutboxEvent

CREATE = "/api/backend/createPrivacyRequest"
ERASE = "/api/backend/erasePrivacyData"
RESTRICT = "/api/backend/restrictPrivacyData"
HOLD = "/api/backend/createLegalHold"
LIFT = "/api/backend/liftLegalHold"
DRY = "/api/backend/getRetentionDryRun"


def _ended(demo, app, offer, *, seed: int, phone: str, days_ago: int):
    """A customer whose one order ended (completed, settled) `days_ago` days ago."""
    order = placed(demo, place(app, offer, key=f"keep-{seed:04d}", phone=phone, seed=seed))
    with tenant_context(demo):
        when = timezone.now() - timedelta(days=days_ago)
        Order.objects.filter(pk=order.id).update(
            status="completed",
            finished_at=when,
            status_changed_at=when,
            owed_amount=Decimal("0.00"),
        )
        customer_id = Order.objects.get(pk=order.id).customer_id
    return customer_id, customer(seed=seed, phone=phone)["id_number"]


def _delete_request(owner, id_number: str, phone: str) -> dict:
    answer = owner.post(
        CREATE,
        {
            "kind": "delete",
            "requester_name": "张三",
            "requester_phone": phone,
            "lookup_by": "id_number",
            "lookup": id_number,
            "channel": "letter",
            "verification": "id_document",
        },
    )
    assert answer.ok, answer
    return answer.data


def _hold(owner, customer_id: int, **extra) -> dict:
    answer = owner.post(
        HOLD,
        {
            "customer_id": customer_id,
            "authority": "court",
            "authority_name": "杭州市西湖区人民法院",
            "reference": "(2026)浙0106民保123号",
            "reason": "诉讼财产保全，保存交易记录",
            **extra,
        },
    )
    assert answer.ok, answer
    return answer.data


def _ids(found: dict, action: str) -> set[int]:
    return {c["customer_id"] for c in found["customers"] if c["action"] == action}


def test_a_legal_hold_blocks_erasure_until_lifted_then_the_night_erases_once(
    demo, demo_owner, app, offer
):
    phone = "13700000181"
    customer_id, id_number = _ended(demo, app, offer, seed=91, phone=phone, days_ago=4 * 366)
    request = _delete_request(demo_owner, id_number, phone)
    assert request["deletion"]["erasable"]  # nothing but the hold to come

    hold = _hold(demo_owner, customer_id)
    assert hold["status"] == "active" and hold["holding"] and hold["ends_on"] is None
    assert [h["action"] for h in hold["history"]] == ["create"]
    detail = demo_owner.get("/api/backend/getPrivacyRequest", {"id": request["id"]}).data
    (held,) = detail["deletion"]["holds"]
    assert held["code"] == "legal_hold" and held["until"] is None
    assert "(2026)浙0106民保123号" in held["label"]
    refused = demo_owner.post(ERASE, {"id": request["id"]})
    assert refused.code == 409 and refused.data["holds"] == ["legal_hold"], refused
    assert "司法或监管机关要求保存" in refused.msg and "民保123号" in refused.msg
    answered = demo_owner.post(RESTRICT, {"id": request["id"]})
    assert answered.ok, answered
    assert "民保123号" in answered.data["outcome"]

    # The night leaves a held customer as they are.
    with tenant_context(demo):
        retention_night()
        person = Customer.objects.get(pk=customer_id)
        assert person.restricted and person.erased_at is None and person.name == "张三"
        assert Restriction.objects.get(customer_id=customer_id).status == "restricted"

    listed = demo_owner.get("/api/backend/getLegalHolds", {"customer_id": customer_id}).data
    assert [row["id"] for row in listed["list"]] == [hold["id"]]
    lifted = demo_owner.post(
        LIFT, {"id": hold["id"], "reason": "法院解除保全裁定 (2026)浙0106民保123号之一"}
    )
    assert lifted.ok, lifted
    assert lifted.data["status"] == "lifted" and not lifted.data["holding"]
    assert lifted.data["lifted_by"] and "之一" in lifted.data["lift_reason"]
    assert demo_owner.post(LIFT, {"id": hold["id"], "reason": "again"}).code == 409

    dry = demo_owner.get(DRY, {})
    assert dry.ok, dry
    assert customer_id in _ids(dry.data, "erase")
    with tenant_context(demo):
        assert Customer.objects.get(pk=customer_id).erased_at is None  # the dry run changed nothing
        dry_counts = retention_dry_run()["counts"]
        done = retention_night()
        assert done["counts"] == dry_counts  # the dry run is what the run did
        person = Customer.objects.get(pk=customer_id)
        assert (person.name, person.phone, person.id_number) == ("张*", "", "")
        assert Restriction.objects.get(customer_id=customer_id).status == "erased"
        assert Suppression.objects.filter(customer_id=customer_id, status="active").count() == 2
        assert OutboxEvent.objects.filter(type="customer.redact", object_id=str(customer_id))
        assert AuditEntry.objects.filter(action="privacy_legal_hold.lift").exists()
        assert AuditEntry.objects.filter(action="privacy_legal_hold.create").exists()
        changed_at = person.updated_at

        redacts = OutboxEvent.objects.filter(type="customer.redact").count()
        rerun = retention_night()
        assert set(rerun["counts"].values()) == {0}
        assert Customer.objects.get(pk=customer_id).updated_at == changed_at
        assert OutboxEvent.objects.filter(type="customer.redact").count() == redacts
        run = RetentionRun.objects.get(run_on=timezone.localdate())
        assert run.runs >= 2 and run.counts["restricted_erased"] >= 1
        assert "张三" not in str(run.counts) and phone not in str(run.counts)

    runs = demo_owner.get("/api/backend/getRetention", {}).data["runs"]
    counted = {c["code"]: c["count"] for c in runs[0]["counts"]}
    assert counted["restricted_erased"] >= 1 and counted["contact_identity"] >= 1


def test_a_hold_with_an_end_holds_until_that_day_and_the_night_of_it_erases(
    demo, demo_owner, app, offer
):
    phone = "13700000182"
    customer_id, id_number = _ended(demo, app, offer, seed=92, phone=phone, days_ago=4 * 366)
    ends_on = timezone.localdate() + timedelta(days=30)
    _hold(demo_owner, customer_id, ends_on=ends_on.isoformat())
    request = _delete_request(demo_owner, id_number, phone)
    (held,) = request["deletion"]["holds"]
    assert held["until"] == ends_on.isoformat()
    assert demo_owner.post(RESTRICT, {"id": request["id"]}).ok
    with tenant_context(demo):
        assert Restriction.objects.get(customer_id=customer_id).until == ends_on
        eve = ends_on - timedelta(days=1)
        assert customer_id not in _ids(retention_dry_run(eve), "erase")
        retention_night(eve)
        assert Customer.objects.get(pk=customer_id).erased_at is None
        assert customer_id in _ids(retention_dry_run(ends_on), "erase")
        retention_night(ends_on)
        assert Customer.objects.get(pk=customer_id).erased_at is not None


def test_a_closed_lease_crosses_each_period_the_shop_lengthened_included(
    demo, demo_owner, app, offer
):
    phone = "13700000183"
    customer_id, id_number = _ended(demo, app, offer, seed=93, phone=phone, days_ago=1)
    # The shop keeps transaction records 5 years; never shorter than the law's 3.
    shorter = demo_owner.post("/api/backend/saveRetentionSetting", {"transaction_records": 2})
    assert shorter.code == 400 and "transaction_records" in str(shorter.data), shorter
    saved = demo_owner.post("/api/backend/saveRetentionSetting", {"transaction_records": 5})
    assert saved.ok and saved.data["years"]["transaction_records"] == 5, saved
    assert saved.data["law_years"]["transaction_records"] == 3
    answered = _delete_request(demo_owner, id_number, phone)
    with tenant_context(demo):
        order_id = Order.objects.get(customer_id=customer_id).pk
        CustomerMessage.objects.create(
            order_id=order_id,
            order_no="N1",
            customer_id=customer_id,
            customer_hash="h",
            phone_masked="137****0183",
            template_code="bill_due",
            template_name="账单到期",
            text="张三您好，您的账单明天到期",
        )
        PrivacyRequest.objects.filter(pk=answered["id"]).update(
            status="refused", refusal_reason="测试", answered_at=timezone.now()
        )
        today = timezone.localdate()

        def night_on(years: int, days: int = 1) -> dict:
            day = today.replace(year=today.year + years) + timedelta(days=days)
            dry = retention_dry_run(day)
            done = retention_night(day)
            assert done["counts"] == dry["counts"]
            return dry

        night = night_on(2)  # within every period: nothing of this customer
        assert customer_id not in _ids(night, "anonymise")
        assert CustomerMessage.objects.get(order_id=order_id).text

        night = night_on(3)  # messages and the request log cross their 3 years
        assert customer_id not in _ids(night, "anonymise")  # the shop's 5 years still hold
        message = CustomerMessage.objects.get(order_id=order_id)
        assert (message.text, message.phone_masked) == ("", "")
        request = PrivacyRequest.objects.get(pk=answered["id"])
        assert (request.requester_name, request.requester_phone) == ("", "")
        assert Customer.objects.get(pk=customer_id).name == "张三"

        night = night_on(5)  # the shop's 5 years: anonymised, not suppressed
        assert customer_id in _ids(night, "anonymise")
        person = Customer.objects.get(pk=customer_id)
        assert (person.name, person.phone, person.id_number) == ("张*", "", "")
        assert not Suppression.objects.filter(customer_id=customer_id).exists()
        assert night_on(5)["customers"] == []  # a rerun the same night: nothing


def test_a_suppression_is_lifted_only_with_fresh_consent_and_the_intake_takes_them_again(
    demo, demo_owner, app, offer
):
    phone = "13700000184"
    customer_id, id_number = _ended(demo, app, offer, seed=94, phone=phone, days_ago=4 * 366)
    request = _delete_request(demo_owner, id_number, phone)
    assert demo_owner.post(ERASE, {"id": request["id"]}).ok
    back = place(app, offer, key="keep-back-0184", phone="13800000184", seed=94)
    assert back.code == 1666, back  # suppressed

    lift = {
        "id_number": id_number,
        "phone": phone,
        "verification": "face_check",
        "verification_note": "到店人脸核验通过",
        "reason": "客户本人书面同意重新建立业务关系（2026-11-29 到店签字）",
    }
    unknown = demo_owner.post(
        "/api/backend/liftSuppression", {**lift, "id_number": customer(seed=95)["id_number"]}
    )
    assert unknown.code == 400 and "id_number" in str(unknown.data), unknown
    no_reason = demo_owner.post("/api/backend/liftSuppression", {**lift, "reason": ""})
    assert no_reason.code == 400, no_reason
    assert place(app, offer, key="keep-back-0185", phone="13800000184", seed=94).code == 1666

    lifted = demo_owner.post("/api/backend/liftSuppression", lift)
    assert lifted.ok and lifted.data["lifted"] == 2, lifted
    with tenant_context(demo):
        rows = Suppression.objects.filter(customer_id=customer_id)
        assert {row.status for row in rows} == {"lifted"}
        row = rows.get(kind="id_number")
        assert row.lifted_at and row.lifted_by_name and row.lift_verification == "face_check"
        assert "书面同意" in row.lift_reason
        assert StatusChange.objects.filter(target_type="suppression", action="lift").count() == 2
        assert AuditEntry.objects.filter(action="suppression.lift").count() == 2
    again = demo_owner.post("/api/backend/liftSuppression", lift)
    assert again.code == 400, again  # nothing left to lift

    returned = placed(demo, place(app, offer, key="keep-back-0186", phone="13800000184", seed=94))
    with tenant_context(demo):
        # A new customer: the erased row and its orders stay as the erasure left them.
        comer = Order.objects.get(pk=returned.id).customer
        assert comer.pk != customer_id and comer.erased_at is None
        assert (comer.name, comer.phone, comer.id_number) == ("张三", "13800000184", id_number)
        old = Customer.objects.get(pk=customer_id)
        assert (old.name, old.phone, old.id_number) == ("张*", "", "")
        assert old.id_number_hash == comer.id_number_hash  # matched for risk where allowed
    again = _delete_request(demo_owner, id_number, "13800000184")
    assert again["customer"]["id"] == comer.pk  # a new request is about the live customer
