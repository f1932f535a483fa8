"""A report file's XML holds every reported customer's name and ID number whole: its page
shows them masked and holds no link; the file is taken away only with a reason, by those who
send the reports, and each download is a reveal in the owner's log (docs/privacy.md)."""

from __future__ import annotations

import pytest
from django_tenants.utils import tenant_context

from apps.orders.models import Order
from apps.subshops.tests.factories import sign_in, staff_make
from tests.leases import DEMO, IntakeClient, goods_on_shelf, in_lease
from zulin.audit.models import AuditEntry
from zulin.core.errors import ErrorCode

P = "/api/credit/"
LOG = "/api/backend/getRevealLog"


@pytest.fixture
def made(demo, demo_owner):
    lease = in_lease(demo, demo_owner, IntakeClient(demo, DEMO), goods_on_shelf(demo_owner))
    assert demo_owner.post(P + "userCreateSign", {"order_id": lease.id}).ok
    assert demo_owner.post(P + "accountOpeningCredit", {"order_id": lease.id}).ok
    generated = demo_owner.post(P + "generateFileData", {})
    assert generated.ok, generated
    with tenant_context(demo):
        customer = Order.objects.select_related("customer").get(pk=lease.id).customer
    return generated.data, customer


def _download(client, url) -> bytes:
    response = client.client.get(url, HTTP_HOST=client.host)
    assert response.status_code == 200, response.content
    return b"".join(response.streaming_content)


def _exports(demo) -> list[AuditEntry]:
    with tenant_context(demo):
        return list(AuditEntry.objects.filter(action="credit.file_export").order_by("id"))


def test_the_file_page_shows_identities_masked_and_holds_no_link(demo, demo_owner, made):
    file, customer = made
    detail = demo_owner.get(P + "getCreditFileDetail", {"id": file["id"]})
    assert detail.ok, detail
    assert "download_url" not in detail.data
    # Names masked as in every list (the family name and stars), the ID numbers too.
    assert customer.id_number not in str(detail.data)
    assert customer.name not in str(detail.data)
    assert {row["customer_name"] for row in detail.data["records"]} == {
        customer.name[0] + "*" * (len(customer.name) - 1)
    }
    listed = demo_owner.get(P + "getCreditRecordList", {}).data["list"]
    assert listed and customer.name not in str(listed)
    values = []
    stack = list(detail.data["tree"])
    while stack:
        node = stack.pop()
        values.append((node["type"], node.get("value")))
        stack.extend(node.get("children") or [])
    id_numbers = [value for kind, value in values if kind == "IdNumber"]
    assert id_numbers and all("*" in value for value in id_numbers)


def test_the_file_is_taken_whole_only_with_a_reason_and_each_download_is_logged(
    demo, demo_owner, made
):
    file, customer = made
    for reason in (None, "", "  ", "x"):
        body = {"id": file["id"]} if reason is None else {"id": file["id"], "reason": reason}
        refused = demo_owner.post(P + "exportCreditFile", body)
        assert refused.code == ErrorCode.VALIDATION, (reason, refused)
    assert _exports(demo) == []

    given = demo_owner.post(P + "exportCreditFile", {"id": file["id"], "reason": "人行检查调阅"})
    assert given.ok, given
    content = _download(demo_owner, given.data["download_url"])
    assert customer.id_number.encode() in content  # the file the bureau takes, whole

    [entry] = _exports(demo)
    assert (entry.reason, entry.target_type, entry.target_id) == (
        "人行检查调阅",
        "credit_file",
        str(file["id"]),
    )
    log = demo_owner.get(LOG, {"action": "credit.file_export"})
    assert log.ok, log
    assert [(row["reason"], row["target_id"]) for row in log.data["list"]] == [
        ("人行检查调阅", str(file["id"]))
    ]
    assert customer.id_number not in str(log.data)


def test_only_those_who_send_reports_take_the_file_and_only_their_shops(
    demo, demo_owner, acme_owner, made
):
    file, _ = made
    body = {"id": file["id"], "reason": "核对报送内容"}
    assert acme_owner.post(P + "exportCreditFile", body).code == ErrorCode.NOT_FOUND
    staff_make(demo_owner, "cs", roles=["customer_service"])
    assert sign_in("demo.localhost", "cs").post(P + "exportCreditFile", body).code == (
        ErrorCode.FORBIDDEN
    )
    assert demo_owner.post(P + "exportCreditFile", {**body, "id": file["id"] + 999}).code == (
        ErrorCode.NOT_FOUND
    )
    assert _exports(demo) == []
