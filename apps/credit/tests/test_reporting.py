"""Credit-bureau reporting of a lease: the D1 account's records from start to close (one
overdue month), the report file against the shipped XSD, the bureau's feedback by signed
callback, a correction that replaces the rejected record, month-end settlement batches, and
isolation from another merchant and from sub-shops."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill
from apps.credit import derive
from apps.credit.models import CreditRecord
from apps.credit.selectors import order_credit_file
from apps.credit.xmlfile import xml_errors
from apps.orders.models import Order
from apps.subshops.tests.factories import sign_in, sub_shop_account_make, sub_shop_make
from tests.fixtures import grant_sub_merchants
from tests.leases import DEMO, IntakeClient, goods_on_shelf, in_lease
from zulin.core.errors import ErrorCode
from zulin.providers.credit import sandbox_credit_reports_complete
from zulin.providers.models import SandboxCallback
from zulin.providers.sandbox import (
    sandbox_callback_replay,
    sandbox_callbacks_deliver,
    sandbox_failure_add,
)

P = "/api/credit/"


def _months_after(start: date, months: int) -> date:
    month = start.month - 1 + months
    return date(start.year + month // 12, month % 12 + 1, min(start.day, 28))


def _lease_history(merchant, order_id: int, *, start: date, late: dict[int, int]) -> None:
    """Given: the lease started on `start` with a bill due each month from it; every bill
    was paid on its due date except those in `late` (period → days late)."""
    with tenant_context(merchant):
        Order.objects.filter(pk=order_id).update(lease_start=start)
        for bill in Bill.objects.filter(order_id=order_id).order_by("period"):
            due = _months_after(start, bill.period - 1)
            paid_on = due + timedelta(days=late.get(bill.period, 0))
            Bill.objects.filter(pk=bill.pk).update(
                due_date=due,
                status="paid",
                paid_amount=bill.amount,
                paid_at=timezone.make_aware(datetime.combine(paid_on, time(10))),
            )
    connection.set_schema_to_public()


def _bureau_answers(merchant) -> None:
    sandbox_credit_reports_complete(merchant=merchant.slug)
    sandbox_callbacks_deliver(merchant=merchant.slug)
    connection.set_schema_to_public()


@pytest.fixture
def lease(demo, demo_owner):
    return in_lease(demo, demo_owner, IntakeClient(demo, DEMO), goods_on_shelf(demo_owner))


def _reported(owner, order_id: int) -> dict:
    answer = owner.get(P + "getOrderCredit", {"order_id": order_id})
    assert answer.ok, answer
    return dict(answer.data)


def test_status_codes_follow_the_oldest_unpaid_instalment():
    start = date(2026, 1, 10)
    instalments = [
        derive.Instalment(
            period=k,
            due_on=_months_after(start, k - 1),
            amount=Decimal("100.00"),
            paid_amount=Decimal("100.00"),
            paid_on=_months_after(start, k - 1) + timedelta(days=45 if k == 2 else 0),
        )
        for k in (1, 2, 3)
    ]
    records = derive.d1_records(
        opened_on=start, instalments=instalments, ended_on=None, today=date(2026, 6, 1)
    )
    codes = {record.key: record.status_code for record in records}
    assert codes == {
        "open": "N",
        "repayment:1": "N",
        "overdue:2:1": "1",
        "overdue:2:2": "2",
        "repayment:2": "N",
        # Instalment 3 was paid on time while instalment 2 was still 28 days late: the
        # account stayed overdue (1) until instalment 2 was paid.
        "repayment:3": "1",
        "close": "C",
    }
    overdue = next(record for record in records if record.key == "overdue:2:2")
    assert (overdue.overdue_amount, overdue.overdue_periods, overdue.balance) == (
        Decimal("100.00"),
        1,
        Decimal("100.00"),  # instalment 3 was paid on its day, 2 still unpaid
    )
    assert [derive.overdue_code(days) for days in (1, 30, 31, 180, 181, 900)] == list("112677")
    unpaid = [
        instalments[0],
        derive.Instalment(2, date(2026, 2, 10), Decimal("5"), Decimal(0), None),
    ]
    assert derive.close_record(instalments=unpaid, ended_on=None, opened_on=start) is None
    # A lease that ended owing stays open, reported as owed ...
    owing = derive.close_record(instalments=unpaid, ended_on=date(2026, 3, 1), opened_on=start)
    assert owing is None
    standing = derive.standing_on(unpaid, date(2026, 3, 20))
    assert (standing.status_code, standing.balance) == ("2", Decimal("5"))
    # ... until what it owes is written off: G on the waiver's day, nothing owed after it.
    written_off = [
        unpaid[0],
        derive.Instalment(
            2, date(2026, 2, 10), Decimal("5"), Decimal(0), None, written_off_on=date(2026, 4, 2)
        ),
    ]
    ended = derive.close_record(instalments=written_off, ended_on=date(2026, 3, 1), opened_on=start)
    assert ended is not None and (ended.status_code, ended.occurred_on) == ("G", date(2026, 4, 2))
    assert derive.standing_on(written_off, date(2026, 4, 2)).balance == 0


def test_a_lease_from_start_to_close_is_reported_corrected_and_accepted(demo, demo_owner, lease):
    # Reporting needs the customer's authorisation first.
    refused = demo_owner.post(P + "accountOpeningCredit", {"order_id": lease.id})
    assert refused.code == ErrorCode.CREDIT_NOT_AUTHORISED
    signed = demo_owner.post(P + "userCreateSign", {"order_id": lease.id, "channel": "alipay"})
    assert signed.ok, signed
    again = demo_owner.post(P + "userCreateSign", {"order_id": lease.id, "channel": "alipay"})
    assert again.data["sign_no"] == signed.data["sign_no"]
    contract = demo_owner.post(P + "applyContractLeasing", {"order_id": lease.id})
    assert contract.ok and contract.data["contract_no"], contract

    start = timezone.localdate() - timedelta(days=400)
    _lease_history(demo, lease.id, start=start, late={3: 20})
    opened = demo_owner.post(P + "accountOpeningCredit", {"order_id": lease.id})
    assert opened.ok, opened
    assert [(r["key"], r["status_code"]) for r in opened.data["records"]] == [("open", "N")]
    assert opened.data["accounts"][0]["account_type"] == "D1"

    # Not closable before its records catch up? It is: every bill is paid, so it closes C,
    # appending what came before.
    appended = demo_owner.post(P + "appendRepaymentTurnover", {"order_id": lease.id})
    assert appended.ok, appended
    codes = {r["key"]: r["status_code"] for r in appended.data["records"]}
    assert codes["overdue:3:1"] == "1"
    assert all(codes[f"repayment:{k}"] == "N" for k in range(1, 13))
    assert "close" not in codes and len(appended.data["appended"]) == 13
    # Asked again: nothing new.
    assert (
        demo_owner.post(P + "appendRepaymentTurnover", {"order_id": lease.id}).data["appended"]
        == []
    )
    one = demo_owner.post(P + "repayment", {"order_id": lease.id, "period": 3})
    assert (one.data["key"], one.data["state"]) == ("repayment:3", "pending")
    closed = demo_owner.post(P + "accountClose", {"order_id": lease.id})
    assert closed.ok, closed
    assert closed.data["accounts"][0]["state"] == "closed"
    keys = [r["key"] for r in closed.data["records"]]
    assert keys[0] == "open" and keys[-1] == "close" and len(keys) == len(set(keys)) == 15
    assert closed.data["records"][-1]["status_code"] == "C"

    # The file of the month: every pending record, validated against the XSD.
    generated = demo_owner.post(P + "generateFileData", {})
    assert generated.ok, generated
    assert generated.data["record_count"] == 15 and generated.data["status"] == "generated"
    with tenant_context(demo):
        evidence = order_credit_file(lease.id)
    connection.set_schema_to_public()
    assert evidence is not None and xml_errors(evidence["xml"]) == []
    assert b'<Section code="D1">' in evidence["xml"]
    root = generated.data["tree"][0]
    assert (root["type"], root["parentKey"]) == ("CreditReport", "")
    section = next(node for node in root["children"] if node["type"] == "Section")
    assert section["parentName"] == "CreditReport" and section["label"].endswith("D1")
    account = section["children"][0]
    id_node = next(node for node in account["children"] if node["type"] == "IdNumber")
    assert "*" in id_node["value"]  # masked for people; in full in the file
    name_node = next(node for node in account["children"] if node["type"] == "Name")
    assert name_node["value"].endswith("*") and b"<Name>" in evidence["xml"]
    assert demo_owner.post(P + "generateFileData", {}).code == ErrorCode.CREDIT_NOTHING_TO_REPORT

    # The bureau rejects the repayment of instalment 5.
    rejected_no = next(r["record_no"] for r in closed.data["records"] if r["key"] == "repayment:5")
    sandbox_failure_add(
        service="credit",
        operation="record",
        reason="E_AMOUNT",
        merchant="demo",
        subject=rejected_no,
    )
    sent = demo_owner.post(P + "submitUploadFile", {"id": generated.data["id"]})
    assert sent.ok and sent.data["status"] == "submitted", sent
    _bureau_answers(demo)
    answered = demo_owner.get(P + "getCreditFileDetail", {"id": generated.data["id"]}).data
    assert (answered["status"], answered["accepted_count"], answered["rejected_count"]) == (
        "partial",
        14,
        1,
    )
    assert answered["intact"] is True
    bad = next(r for r in answered["records"] if r["record_no"] == rejected_no)
    assert bad["state"] == "rejected" and bad["errors"][0]["code"] == "E_AMOUNT"
    # The bureau sends it again: nothing changes.
    callback = SandboxCallback.objects.filter(event_type="credit.report").latest("id")
    assert sandbox_callback_replay(event_id=callback.event_id).delivered
    connection.set_schema_to_public()
    again = demo_owner.get(P + "getCreditFileDetail", {"id": generated.data["id"]}).data
    assert [r["state"] for r in again["records"]] == [r["state"] for r in answered["records"]]

    # The correction replaces the rejected record; it never duplicates it.
    corrected = demo_owner.post(
        P + "cancelReportCredit", {"record_id": bad["id"], "reason": "金额已核对"}
    )
    assert corrected.ok, corrected
    assert (corrected.data["replaces_no"], corrected.data["state"]) == (rejected_no, "pending")
    with tenant_context(demo):
        live = CreditRecord.objects.filter(
            account__order_id=lease.id, key="repayment:5"
        ).values_list("state", flat=True)
        assert sorted(live) == ["pending", "replaced"]
    connection.set_schema_to_public()
    twice = demo_owner.post(P + "cancelReportCredit", {"record_id": bad["id"], "reason": "again"})
    assert twice.code == ErrorCode.CONFLICT

    second = demo_owner.post(P + "generateFileData", {}).data
    assert second["record_count"] == 1
    assert second["records"][0]["replaces_no"] == rejected_no
    assert demo_owner.post(P + "submitUploadFile", {"id": second["id"]}).ok
    _bureau_answers(demo)
    final = demo_owner.get(P + "getCreditFileDetail", {"id": second["id"]}).data
    assert (final["status"], final["records"][0]["state"]) == ("accepted", "accepted")
    corrects = [
        node
        for node in final["tree"][0]["children"][1]["children"][0]["children"]
        if node["type"] == "Record"
    ][0]["children"]
    assert {"type": "Corrects", "value": rejected_no} in [
        {"type": n["type"], "value": n["value"]} for n in corrects
    ]


def test_numbers_carry_the_china_day_when_utc_is_still_on_the_day_before(
    demo, demo_owner, lease, monkeypatch
):
    # 17:30 UTC is 01:30 the next day in China: the file is that China day's, as its reader
    # (and the bureau) count days.
    utc_day = datetime.now(UTC).date()
    late_evening = datetime.combine(utc_day, time(17, 30), tzinfo=UTC)
    china_day = utc_day + timedelta(days=1)
    assert timezone.localdate(late_evening) == china_day
    monkeypatch.setattr(timezone, "now", lambda: late_evening)

    signed = demo_owner.post(P + "userCreateSign", {"order_id": lease.id, "channel": "alipay"})
    assert signed.ok, signed
    assert signed.data["sign_no"].startswith(f"CAU{china_day:%Y%m%d}0130")
    assert demo_owner.post(P + "applyContractLeasing", {"order_id": lease.id}).ok
    assert demo_owner.post(P + "accountOpeningCredit", {"order_id": lease.id}).ok
    made = demo_owner.post(P + "generateFileData", {})
    assert made.ok, made
    assert made.data["file_no"].startswith(f"CRF{china_day:%Y%m%d}0130")
    assert made.data["period"] == f"{china_day:%Y-%m}"
    with tenant_context(demo):
        evidence = order_credit_file(lease.id)
    connection.set_schema_to_public()
    assert evidence is not None
    assert (
        f"<GeneratedAt>{china_day.isoformat()}T01:30:00+08:00</GeneratedAt>".encode()
        in (evidence["xml"])
    )


def test_collection_and_month_end_settlement(demo, demo_owner, lease):
    demo_owner.post(P + "userCreateSign", {"order_id": lease.id})
    today = timezone.localdate()
    start = today - timedelta(days=100)
    _lease_history(demo, lease.id, start=start, late={})
    with tenant_context(demo):  # bills 2 on were never paid
        Bill.objects.filter(order_id=lease.id, period__gte=2).update(
            status="unpaid", paid_amount=0, paid_at=None
        )
    connection.set_schema_to_public()
    assert demo_owner.post(P + "accountOpeningCredit", {"order_id": lease.id}).ok
    assert demo_owner.post(P + "accountClose", {"order_id": lease.id}).code == (
        ErrorCode.CREDIT_ACCOUNT_NOT_CLOSABLE
    )
    codes = {
        r["key"]: r["status_code"]
        for r in demo_owner.post(P + "appendRepaymentTurnover", {"order_id": lease.id}).data[
            "records"
        ]
    }
    assert codes["overdue:2:1"] == "1" and codes["overdue:2:3"] == "3"

    handed = demo_owner.post(
        P + "collectionReportCredit", {"order_id": lease.id, "collector": "信达催收"}
    )
    assert handed.ok and handed.data["account_type"] == "C1", handed
    assert handed.data["status_code"] == "3" and Decimal(handed.data["overdue_amount"]) > 0
    again = demo_owner.post(
        P + "collectionReportCredit", {"order_id": lease.id, "collector": "信达催收"}
    )
    assert again.data["record_no"] == handed.data["record_no"]

    period = f"{today:%Y-%m}"
    batch = demo_owner.post(P + "settleDataReport", {"period": period})
    assert batch.ok and batch.data["record_count"] == 1, batch
    assert (
        demo_owner.post(P + "settleDataReport", {"period": period}).data["id"] == batch.data["id"]
    )
    recovered = demo_owner.post(P + "settleRecovery", {"id": batch.data["id"], "reason": "重算"})
    assert recovered.data["status"] == "recovered"
    redone = demo_owner.post(P + "settleDataReport", {"period": period}).data
    assert redone["id"] != batch.data["id"]
    assert demo_owner.post(P + "settleReportConfirm", {"id": redone["id"]}).data["status"] == (
        "confirmed"
    )
    result = demo_owner.get(P + "getSettleResult", {"id": redone["id"]}).data
    assert result["state_counts"]["pending"] == 1 and result["records"][0]["kind"] == "settle"
    made = demo_owner.post(P + "generateFileData", {"period": period}).data
    sections = [n["label"] for n in made["tree"][0]["children"] if n["type"] == "Section"]
    assert [label[-2:] for label in sections] == ["D1", "C1"]
    assert demo_owner.post(P + "settleRecovery", {"id": redone["id"], "reason": "x"}).code == (
        ErrorCode.CONFLICT
    )
    statuses = demo_owner.get(P + "getRepaymentStatusMap").data
    assert [s["code"] for s in statuses][:9] == list("N1234567C")


def test_the_nightly_pick_up_opens_and_appends_once(demo, demo_owner, lease):
    from apps.credit.tasks import credit_refresh_reporting

    with tenant_context(demo):
        assert credit_refresh_reporting() == {"opened": 0, "records": 0, "closed": 0}
    connection.set_schema_to_public()
    demo_owner.post(P + "userCreateSign", {"order_id": lease.id})
    with tenant_context(demo):
        first = credit_refresh_reporting()
        second = credit_refresh_reporting()
    connection.set_schema_to_public()
    assert first["opened"] == 1 and second == {"opened": 0, "records": 0, "closed": 0}
    assert [r["key"] for r in _reported(demo_owner, lease.id)["records"]][:2] == [
        "open",
        "repayment:1",
    ]


def test_other_merchants_and_sub_shops_cannot_read_or_act(demo, demo_owner, acme_owner, lease):
    demo_owner.post(P + "userCreateSign", {"order_id": lease.id})
    demo_owner.post(P + "accountOpeningCredit", {"order_id": lease.id})
    made = demo_owner.post(P + "generateFileData", {}).data
    record_id = made["records"][0]["id"]

    for client in (acme_owner,):
        assert client.get(P + "getOrderCredit", {"order_id": lease.id}).code == ErrorCode.NOT_FOUND
        assert client.post(P + "accountClose", {"order_id": lease.id}).code == ErrorCode.NOT_FOUND
        assert client.get(P + "getCreditFileDetail", {"id": made["id"]}).code == (
            ErrorCode.NOT_FOUND
        )
        assert client.post(P + "submitUploadFile", {"id": made["id"]}).code == ErrorCode.NOT_FOUND
        assert (
            client.post(P + "cancelReportCredit", {"record_id": record_id, "reason": "x"}).code
            == ErrorCode.NOT_FOUND
        )
        assert client.get(P + "getCreditRecordList").data["total"] == 0

    east = sub_shop_make(demo_owner, "城东店")
    sub_shop_account_make(demo_owner, east["id"], "east")
    clerk = sign_in("demo.localhost", "east")
    assert clerk.get(P + "getOrderCredit", {"order_id": lease.id}).code == ErrorCode.FORBIDDEN
    # Even granted the actions, a sub-shop reaches only its own orders and no shop file.
    grant_sub_merchants("credit.view", "credit.manage")
    clerk = sign_in("demo.localhost", "east")
    assert clerk.get(P + "getOrderCredit", {"order_id": lease.id}).code == ErrorCode.NOT_FOUND
    assert clerk.get(P + "getCreditFileDetail", {"id": made["id"]}).code == ErrorCode.NOT_FOUND
    assert clerk.post(P + "submitUploadFile", {"id": made["id"]}).code == ErrorCode.NOT_FOUND
    assert (
        clerk.post(P + "cancelReportCredit", {"record_id": record_id, "reason": "x"}).code
        == ErrorCode.NOT_FOUND
    )
    assert clerk.get(P + "getCreditRecordList").data["total"] == 0


def test_the_xsd_refuses_what_the_format_does_not_allow(demo, demo_owner, lease):
    demo_owner.post(P + "userCreateSign", {"order_id": lease.id})
    demo_owner.post(P + "accountOpeningCredit", {"order_id": lease.id})
    with tenant_context(demo):
        xml = order_credit_file(lease.id)["xml"]
    connection.set_schema_to_public()
    assert xml_errors(xml) == []
    assert xml_errors(xml.replace(b"<StatusCode>N</StatusCode>", b"<StatusCode>Q</StatusCode>"))
    assert xml_errors(xml.replace(b'<Section code="D1">', b'<Section code="X9">'))
    assert xml_errors(b"<CreditReport version='2.0'>")  # not even well-formed


def test_a_silent_bureau_changes_nothing_and_a_lost_callback_is_made_good_by_asking_again(
    demo, demo_owner, lease
):
    demo_owner.post(P + "userCreateSign", {"order_id": lease.id})
    demo_owner.post(P + "accountOpeningCredit", {"order_id": lease.id})
    made = demo_owner.post(P + "generateFileData", {}).data

    sandbox_failure_add(
        service="credit", operation="submit", reason="SYSTEM_ERROR", merchant="demo"
    )
    silent = demo_owner.post(P + "submitUploadFile", {"id": made["id"]})
    assert silent.code == ErrorCode.PROVIDER_FAILED
    assert demo_owner.get(P + "getCreditFileDetail", {"id": made["id"]}).data["status"] == (
        "generated"
    )

    sandbox_failure_add(
        service="credit", operation="submit", reason="CALLBACK_LOST", merchant="demo"
    )
    lost = demo_owner.get(P + "submitUploadFile", {"id": made["id"]})
    assert lost.ok and lost.data["status"] == "submitted", lost
    _bureau_answers(demo)
    assert demo_owner.get(P + "getCreditFileDetail", {"id": made["id"]}).data["status"] == (
        "submitted"
    )
    asked = demo_owner.get(P + "submitUploadFile", {"id": made["id"]})
    assert (asked.data["status"], asked.data["accepted_count"]) == ("accepted", 1), asked
    assert [r["state"] for r in asked.data["records"]] == ["accepted"]
