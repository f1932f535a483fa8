"""Access and copy: one ZIP of everything the shop holds on the customer of an access
request — the identity whole in the file and masked in the preview, their orders with every
evidence part, a manifest and SHA256SUMS that match the files, a Chinese PDF summary — a
private file behind the export machinery's short-lived link."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile

from apps.subshops.tests.factories import sign_in, staff_make
from tests.leases import awaiting_shipment, customer

CREATE = "/api/backend/createPrivacyRequest"
COPY = "/api/backend/createPrivacyCopy"
STATUS = "/api/platform/exportStatus"
PHONE = "13700000068"


def _request(owner, id_number: str, kind: str = "access") -> int:
    answer = owner.post(
        CREATE,
        {
            "kind": kind,
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


def test_the_copy_holds_the_customers_data_with_hashes_that_match(
    celery_eager, django_capture_on_commit_callbacks, demo, demo_owner, app, offer
):
    order = awaiting_shipment(demo, demo_owner, app, offer, key="copy-0001", phone=PHONE, seed=68)
    id_number = customer(seed=68, phone=PHONE)["id_number"]
    request_id = _request(demo_owner, id_number)

    with django_capture_on_commit_callbacks(execute=True):
        created = demo_owner.post(COPY, {"id": request_id})
    assert created.ok, created
    assert created.data["orders"] == 1
    assert created.data["customer"]["id_number"] != id_number  # the preview is masked
    status = demo_owner.get(STATUS, {"id": created.data["job_id"]})
    assert status.ok and status.data["status"] == "done", status
    response = demo_owner.client.get(status.data["download_url"], HTTP_HOST=demo_owner.host)
    assert response.status_code == 200
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    names = archive.namelist()
    assert names[:3] == ["00_summary.pdf", "manifest.json", "SHA256SUMS"]
    profile = json.loads(archive.read("01_profile/profile.json"))
    assert (profile["id_number"], profile["phone"]) == (id_number, PHONE)  # whole in the file
    consents = json.loads(archive.read("91_consents/consents.json"))
    assert [row["purpose"] for row in consents] == [
        "marketing",
        "face_check",
        "credit_query",
        "location",
    ]
    orders_csv = archive.read("02_orders/orders.csv").decode("utf-8-sig")
    assert order.no in orders_csv and orders_csv.startswith("订单号")
    folder = f"03_orders/{order.no}/"
    assert any(name.startswith(folder + "01_order/") for name in names)
    assert any(name.startswith(folder + "07_bills/") for name in names)
    manifest = json.loads(archive.read("manifest.json"))
    assert manifest["orders"] == [order.no]
    for row in manifest["files"]:
        assert hashlib.sha256(archive.read(row["path"])).hexdigest() == row["sha256"], row["path"]
    summary = archive.read("00_summary.pdf")
    assert (
        summary.startswith(b"%PDF")
        and manifest["summary"]["sha256"] == hashlib.sha256(summary).hexdigest()
    )


def test_only_an_access_request_about_a_customer_the_shop_holds_has_a_copy(
    demo, demo_owner, app, offer
):
    awaiting_shipment(demo, demo_owner, app, offer, key="copy-0002", phone=PHONE, seed=69)
    id_number = customer(seed=69, phone=PHONE)["id_number"]
    deletion = _request(demo_owner, id_number, kind="delete")
    refused = demo_owner.post(COPY, {"id": deletion})
    assert refused.code == 400 and "id" in str(refused.data), refused
    staff_make(demo_owner, "shen", ["auditor"])
    assert sign_in("demo.localhost", "shen").post(COPY, {"id": deletion}).code == 403
