"""The evidence pack of an order (docs/disputes.md) through its calls: built by the export
task, downloaded through its short-lived link, each file's hash in the manifest and the
index, the same bytes for an unchanged order, and nobody outside the order's scope."""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import zipfile
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django_tenants.utils import tenant_context
from pypdf import PdfReader

from apps.billing.charges import bill_waive
from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill, BillStatus
from apps.disputes.pack import CHECK_FILES, PACK_HASH_COMMAND
from apps.notary.tests.test_notary import CONFIG, N, id_cards_uploaded, notary_settles, to_submitted
from apps.orders.models import Order
from apps.subshops.tests.factories import sign_in, staff_make, sub_shop_account_make, sub_shop_make
from tests.fixtures import grant_sub_merchants, session_of
from tests.leases import DEMO, IntakeClient, awaiting_shipment, goods_on_shelf
from zulin.core.errors import ErrorCode

WAIVER_REASON = "客户已归还设备，协商减免最后一期"
CREATE = "/api/backend/evidencePackCreate"
REASON = "仲裁答辩需要"
STATUS = "/api/backend/evidencePackStatus"
PARTS = (
    "01_order",
    "02_contract",
    "03_esign",
    "04_notary",
    "05_identity",
    "06_shipping",
    "07_bills",
    "08_charges",
    "09_ledger",
    "90_timeline",
)


@pytest.fixture
def disputed(demo, demo_owner) -> int:
    """What a dispute is about: a lease notarized (ID cards, contract, certificate), shipped
    with a device serial and received, a bill overdue with late fees, and one bill waived.
    Its id."""
    app = IntakeClient(demo, DEMO)
    assert demo_owner.post(f"{N}/setNotaryConfig", CONFIG).ok
    order = awaiting_shipment(demo, demo_owner, app, goods_on_shelf(demo_owner))
    id_cards_uploaded(app, order)
    to_submitted(demo_owner, order.id)
    notary_settles(demo)
    parcel = {
        "order_id": order.id,
        "company_code": "SF",
        "tracking_no": "SF5550001111",
        "device_serial": "IMEI-EVIDENCE-1",
    }
    assert demo_owner.post("/api/merchant/addExpress", parcel).ok
    assert app.post("/api/applet/confirmReceipt", {"order_no": order.no}).ok
    with tenant_context(demo):
        bills = Bill.objects.filter(order_id=order.id, status=BillStatus.UNPAID).order_by("period")
        second, last = bills.first(), bills.last()
        assert second is not None and last is not None and second.pk != last.pk
        late_fees_accrue(today=second.due_date + timedelta(days=3))
        bill_waive(actor=session_of(demo_owner), bill=last, reason=WAIVER_REASON)
    connection.set_schema_to_public()
    return int(order.id)


def _pack(client, order_id, capture) -> dict:
    with capture(execute=True):
        created = client.post(CREATE, {"order_id": order_id, "reason": REASON})
    assert created.ok, created
    status = client.get(STATUS, {"id": created.data["id"]})
    assert status.ok, status
    return status.data


def _download(client, url) -> bytes:
    response = client.client.get(url, HTTP_HOST=client.host)
    assert response.status_code == 200, response.content
    return b"".join(response.streaming_content)


def test_the_pack_holds_each_part_and_its_manifest_hashes_match_the_files(
    celery_eager, django_capture_on_commit_callbacks, demo_owner, disputed
):
    status = _pack(demo_owner, disputed, django_capture_on_commit_callbacks)

    assert status["status"] == "done" and status["progress"] == 100, status
    assert status["order_id"] == disputed
    assert status["file_name"] == f"证据包_{status['order_no']}.zip"
    assert 0 < status["download_expires_in"] <= 600
    archive = zipfile.ZipFile(io.BytesIO(_download(demo_owner, status["download_url"])))
    names = archive.namelist()
    manifest = json.loads(archive.read("manifest.json"))
    assert names[:3] == ["00_index.pdf", "manifest.json", "SHA256SUMS"]
    assert names[3:] == [row["path"] for row in manifest["files"]]
    for row in manifest["files"]:
        assert hashlib.sha256(archive.read(row["path"])).hexdigest() == row["sha256"], row
        assert len(archive.read(row["path"])) == row["size"]
    index = archive.read("00_index.pdf")
    assert hashlib.sha256(index).hexdigest() == manifest["index"]["sha256"]
    assert {row["path"].split("/")[0] for row in manifest["files"]} >= set(PARTS)
    assert manifest["order_no"] == status["order_no"]
    assert manifest["as_of"].endswith("+08:00")
    # The index: one page, the embedded font, every file's hash in its text.
    reader = PdfReader(io.BytesIO(index))
    assert len(reader.pages) == 1
    assert b"FontFile2" in index
    text = reader.pages[0].extract_text().replace("\n", "")
    assert status["order_no"] in text
    for row in manifest["files"]:
        assert row["sha256"] in text, row["path"]
    # Hashes print in the monospaced font; the index says exactly how the pack hash is made.
    assert b"/Courier" in index
    assert "每个文件一行“路径:该文件哈希”（行末一个换行符 LF，UTF-8）" in text
    # The contract is the signed PDF whose hash the order keeps.
    contract = next(r for r in manifest["files"] if r["path"].startswith("02_contract/"))
    assert archive.read(contract["path"]).startswith(b"%PDF")
    notary = json.loads(archive.read("04_notary/notarization.json"))
    assert notary["status"] == "notarized" and notary["certificate_no"]
    shipping = json.loads(archive.read("06_shipping/shipping.json"))
    assert shipping["shipments"] and "device_serial" in shipping
    # Money as Decimal text, the late fee's arithmetic day by day, China time in every date.
    bills = json.loads(archive.read("07_bills/bills.json"))["bills"]
    assert bills and all(isinstance(b["amount"], str) for b in bills)
    assert any(bill["late_fee_days"] for bill in bills)
    for bill in bills:
        days = bill["late_fee_days"]
        assert bill["late_fee_days_match"] is True, bill
        assert sum(Decimal(day["amount"]) for day in days) == Decimal(bill["late_fee"])
        for day in days:
            assert day["arithmetic"].endswith(f"= {day['computed']}")
        for payment in bill["payments"]:
            assert payment["created_at"].endswith("+08:00")
    waivers = json.loads(archive.read("08_charges/charges_and_waivers.json"))["waivers"]
    assert [w["reason"] for w in waivers] == [WAIVER_REASON]
    ledger = json.loads(archive.read("09_ledger/ledger.json"))
    assert ledger["totals"]["debit"] == ledger["totals"]["credit"]


def test_the_commands_the_index_prints_check_the_unpacked_pack_with_the_machines_own_tools(
    celery_eager, django_capture_on_commit_callbacks, demo_owner, disputed, tmp_path
):
    """Unpacked, `sha256sum -c SHA256SUMS` passes, and the printed pack-hash command gives the
    manifest's pack hash; a file changed after packing fails the check."""
    status = _pack(demo_owner, disputed, django_capture_on_commit_callbacks)
    archive = zipfile.ZipFile(io.BytesIO(_download(demo_owner, status["download_url"])))
    archive.extractall(tmp_path)
    manifest = json.loads(archive.read("manifest.json"))
    text = PdfReader(io.BytesIO(archive.read("00_index.pdf"))).pages[0].extract_text()
    assert CHECK_FILES in text and PACK_HASH_COMMAND in text

    def run(command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", "-c", command], cwd=tmp_path, capture_output=True, text=True, timeout=30
        )

    checked = run(CHECK_FILES)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.count(": OK") == len(manifest["files"])
    assert run(PACK_HASH_COMMAND).stdout.split()[0] == manifest["pack_sha256"]

    changed = tmp_path / manifest["files"][0]["path"]
    changed.write_bytes(changed.read_bytes() + b" ")
    assert run(CHECK_FILES).returncode != 0


def test_a_second_pack_of_the_unchanged_order_is_the_same_bytes(
    celery_eager, django_capture_on_commit_callbacks, demo_owner, disputed
):
    first = _pack(demo_owner, disputed, django_capture_on_commit_callbacks)
    second = _pack(demo_owner, disputed, django_capture_on_commit_callbacks)

    assert first["id"] != second["id"]
    assert _download(demo_owner, first["download_url"]) == _download(
        demo_owner, second["download_url"]
    )


def test_finance_may_pack_and_read_the_owners_pack_a_role_without_the_right_may_not(
    celery_eager, django_capture_on_commit_callbacks, demo_owner, disputed
):
    staff_make(demo_owner, "fin", ["finance"])
    staff_make(demo_owner, "cs", ["customer_service"])
    finance, service = sign_in("demo.localhost", "fin"), sign_in("demo.localhost", "cs")
    owners = _pack(demo_owner, disputed, django_capture_on_commit_callbacks)

    assert finance.get(STATUS, {"id": owners["id"]}).data["status"] == "done"
    assert service.get(STATUS, {"id": owners["id"]}).code == 403
    assert service.post(CREATE, {"order_id": disputed, "reason": REASON}).code == 403


def test_another_merchant_or_a_sibling_sub_shop_cannot_create_or_read_a_pack(
    celery_eager, django_capture_on_commit_callbacks, demo, acme, demo_owner, acme_owner, disputed
):
    owners = _pack(demo_owner, disputed, django_capture_on_commit_callbacks)
    grant_sub_merchants("dispute.evidence")
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店", phone="13600000011")
    sub_shop_account_make(demo_owner, east["id"], "east")
    sub_shop_account_make(demo_owner, west["id"], "west")
    moved = demo_owner.post(
        "/api/backend/allocateToSubShop", {"ids": [disputed], "sub_shop_id": west["id"]}
    )
    assert moved.ok, moved
    east_clerk, west_clerk = sign_in("demo.localhost", "east"), sign_in("demo.localhost", "west")

    # A sibling sub-shop: the same not-found as a missing order or pack.
    assert east_clerk.post(CREATE, {"order_id": disputed, "reason": REASON}).code == 404
    assert east_clerk.get(STATUS, {"id": owners["id"]}).code == 404
    assert east_clerk.post(CREATE, {"order_id": 99_999_999, "reason": REASON}).code == 404
    # The order's own sub-shop may.
    assert west_clerk.get(STATUS, {"id": owners["id"]}).data["order_id"] == disputed
    # Another merchant: its schema has neither the pack nor (by this id) the order.
    with tenant_context(acme):
        assert not Order.objects.filter(pk=disputed).exists()
    assert acme_owner.get(STATUS, {"id": owners["id"]}).code == 404
    assert acme_owner.post(CREATE, {"order_id": disputed, "reason": REASON}).code == 404
    # The pack's link works on the merchant's own host only.
    stolen = acme_owner.client.get(owners["download_url"], HTTP_HOST=acme_owner.host)
    assert json.loads(stolen.content)["code"] == ErrorCode.FILE_LINK_WRONG_HOST


def test_a_restricted_customer_is_in_the_pack_masked_without_the_id_card_pictures(
    celery_eager, django_capture_on_commit_callbacks, demo, demo_owner, disputed
):
    # given the customer restricted (a deletion request something holds, apps.privacy)
    with tenant_context(demo):
        customer = Order.objects.select_related("customer").get(pk=disputed).customer
        whole = (customer.name, customer.phone, customer.id_number)
        type(customer).objects.filter(pk=customer.pk).update(restricted=True)
    connection.set_schema_to_public()

    # when the pack is made
    status = _pack(demo_owner, disputed, django_capture_on_commit_callbacks)
    archive = zipfile.ZipFile(io.BytesIO(_download(demo_owner, status["download_url"])))

    # then its identity part says so and holds the masks only, and no ID card picture
    identity_paths = [name for name in archive.namelist() if name.startswith("05_identity/")]
    assert [name.rsplit("/", 1)[-1] for name in identity_paths] == ["identity.json"]
    identity = json.loads(archive.read(identity_paths[0]))
    assert identity["restricted"] is True and identity["note"]
    assert identity["id_number"] == whole[2][:4] + "*" * (len(whole[2]) - 8) + whole[2][-4:]
    assert identity["phone"] == whole[1][:3] + "****" + whole[1][-4:]
    assert identity["name"] == whole[0][0] + "*" * (len(whole[0]) - 1)
    # and nothing else holds them but the instruments argued, as their providers keep them:
    # the signed contract, the e-signature's record and the notary's
    instruments = ("02_contract/", "03_esign/", "04_notary/")
    for name in archive.namelist():
        if name.endswith((".json", ".csv", ".txt")) and not name.startswith(instruments):
            text = archive.read(name).decode()
            assert whole[2] not in text and whole[1] not in text, name
