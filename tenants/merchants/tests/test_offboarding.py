"""A merchant leaves (issue 67, docs/privacy.md): refused while it holds customers' money,
its full export and the round trip into an empty schema, the owner's download, the deletion
with `merchant.redact`, the certificate, and the platform's kept records free of personal data."""

from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from decimal import Decimal
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django_tenants.utils import schema_context, tenant_context
from pypdf import PdfReader
from standardwebhooks.webhooks import Webhook

from apps.orders.models import Customer
from apps.webhooks import services as webhooks
from tenants.accounts.models import Account
from tenants.finance.models import Withdrawal
from tenants.merchants import offboarding
from tenants.merchants.models import Merchant, MerchantOffboarding, SettlementTerms
from tenants.merchants.offboarding_export import export_build, export_import, ledger_summary
from tenants.orders.models import OrderIndex
from tests.fixtures import ApiClient, login
from tests.leases import app, in_lease, offer
from tests.webhook_receiver import receiver
from zulin.audit.models import AuditEntry, StatusChange
from zulin.files.models import StoredFile
from zulin.files.services import private_path
from zulin.ledger.models import Entry, Journal

START = "/api/platform/startMerchantOffboarding"
STATE = "/api/platform/getMerchantOffboarding"
DELETE = "/api/platform/deleteMerchantData"
CERTIFICATE = "/api/platform/getDeletionCertificate"
EXPORT = "/api/backend/getOffboardingExport"
SHOP = {
    "name": "退出商户",
    "slug": "leaving",
    "contact_name": "钱经理",
    "contact_phone": "13700000011",
    "owner_username": "boss",
    "owner_password": "Boss@2026x",
    "owner_name": "钱老板",
    "owner_phone": "13700000012",
    "settlement": {
        "commission_rate": "5.00",
        "settlement_cycle": "T+7",
        "bank_name": "招商银行",
        "account_name": "退出商户有限公司",
        "account_number": "6225880112340000",
    },
}


def _fetch(host: str, url: str) -> bytes:
    response = Client().get(url, HTTP_HOST=host)
    assert response.status_code == 200, response
    return b"".join(response.streaming_content)


def _leaving(admin_client: ApiClient) -> Merchant:
    answer = admin_client.post("/api/platform/createMerchant", SHOP)
    assert answer.ok, answer
    return Merchant.objects.get(slug="leaving")


__all__ = ["app", "offer"]


def test_a_merchant_holding_customers_money_is_refused_with_what_holds_it(
    admin_client, demo, demo_owner, app, offer
):
    in_lease(demo, demo_owner, app, offer)
    state = admin_client.get(STATE, {"id": demo.pk})
    assert state.ok and state.data["status"] == "none" and not state.data["can_start"]

    answer = admin_client.post(START, {"id": demo.pk})

    assert answer.code == 1013, answer
    holds = {hold["code"]: hold for hold in answer.data["holds"]}
    # The demo shop holds deposits owed back and leases running: each named with its count
    # and amount, in the message too.
    assert holds["deposit_held"]["count"] > 0
    assert Decimal(holds["deposit_held"]["amount"]) > 0
    assert holds["open_orders"]["count"] > 0
    assert "客户押金未退还" in answer.msg
    assert holds == {h["code"]: h for h in state.data["holds"]}
    # Nothing changed.
    assert not MerchantOffboarding.objects.filter(merchant=demo).exists()
    assert not StatusChange.objects.filter(target_type="merchant_offboarding").exists()
    deleted = admin_client.post(DELETE, {"id": demo.pk, "reason": "退出"})
    assert deleted.code == 409 and Merchant.objects.get(pk=demo.pk).status == demo.status


def test_the_export_reimported_into_an_empty_schema_gives_the_same_rows_and_balances(
    demo, demo_owner, app, offer, tmp_path
):
    in_lease(demo, demo_owner, app, offer)
    built = export_build(demo)
    with tenant_context(demo):
        books = ledger_summary()
    connection.set_schema_to_public()
    content = built.content.read()
    archive = zipfile.ZipFile(io.BytesIO(content))
    manifest = json.loads(archive.read("manifest.json"))
    assert hashlib.sha256(archive.read("manifest.json")).hexdigest() == built.manifest_sha256
    for listed in manifest["files"]:
        assert hashlib.sha256(archive.read(listed["path"])).hexdigest() == listed["sha256"]
    described = {t["table"]: t for t in json.loads(archive.read("schema.json"))}
    assert described["orders_order"]["rows"] > 0
    assert {"name": "order_no", "type": "character varying", "nullable": False} in described[
        "orders_order"
    ]["columns"]
    assert "tables/audit_auditentry.csv" in manifest["audit_tables"]
    assert manifest["ledger_balanced"] is True and books["balanced"]
    assert built.table_rows["ledger_entry"] > 0 and built.table_rows["billing_bill"] > 0

    exported = tmp_path / "export.zip"
    exported.write_bytes(content)
    printed = io.StringIO()
    call_command(
        "offboarding_import", str(exported), schema="offboarding_round_trip", stdout=printed
    )

    *tables, books_line = printed.getvalue().splitlines()
    counts = {table: int(rows) for table, rows in (line.split("\t") for line in tables)}
    assert counts == built.table_rows
    assert books_line.endswith("balanced=True")
    with schema_context("offboarding_round_trip"):
        again = ledger_summary()
    assert again == books
    connection.set_schema_to_public()


def test_an_altered_export_is_refused_by_the_importer(demo):
    built = export_build(demo)
    source = zipfile.ZipFile(built.content)
    altered = io.BytesIO()
    with zipfile.ZipFile(altered, "w") as target:
        for name in source.namelist():
            body = source.read(name)
            if name == "tables/ledger_entry.csv":
                body = body.replace(b"debit", b"credit", 1)
            target.writestr(name, body)
    with pytest.raises(ValueError, match="ledger_entry"):
        export_import(altered.getvalue(), schema="offboarding_altered")


def _kept_text(merchant: Merchant) -> str:
    """Every row the platform keeps of `merchant` once it has left, as text."""
    sub_key = f"merchant:{merchant.pk}"
    rows: list[Any] = [
        *Entry.objects.filter(account__sub_key=sub_key).values(),
        *Journal.objects.filter(entries__account__sub_key=sub_key).values(),
        *Withdrawal.objects.filter(merchant=merchant).values(),
        *SettlementTerms.objects.filter(merchant=merchant).values(),
        *Merchant.objects.filter(pk=merchant.pk).values(),
    ]
    return json.dumps(rows, default=str, ensure_ascii=False)


def test_the_platforms_kept_journals_hold_no_customers_personal_data(demo, demo_owner, app, offer):
    in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        people = [(c.name, c.phone, c.id_number) for c in Customer.objects.all()]
    connection.set_schema_to_public()
    kept = _kept_text(demo)
    assert people and Entry.objects.filter(account__sub_key=f"merchant:{demo.pk}")
    for name, phone, id_number in people:
        assert phone not in kept and id_number not in kept
        assert f'"{name}"' not in kept


@pytest.mark.usefixtures("celery_eager")
def test_a_merchant_leaves_export_download_redact_deletion_certificate(
    admin_client, django_capture_on_commit_callbacks
):
    merchant = _leaving(admin_client)
    schema = merchant.schema_name
    owner = login("leaving.localhost", "boss", "Boss@2026x")
    with receiver((204, {}, 0)) as (url, script):
        with tenant_context(merchant):
            endpoint = webhooks.endpoint_create(url=url, event_types=["merchant.redact"])
        connection.set_schema_to_public()

        # Deleting before an export is refused.
        early = admin_client.post(DELETE, {"id": merchant.pk, "reason": "商户申请退出"})
        assert early.code == 409, early

        with django_capture_on_commit_callbacks(execute=True):
            started = admin_client.post(START, {"id": merchant.pk})
        assert started.ok, started
        state = admin_client.get(STATE, {"id": merchant.pk}).data
        assert state["status"] == "exported" and state["can_delete"], state
        assert state["ledger_balanced"] is True and state["table_count"] > 20

        # The owner downloads it through a short-lived link; its bytes are the hashed ones.
        link = owner.get(EXPORT)
        assert link.ok, link
        content = _fetch("leaving.localhost", link.data["url"])
        assert hashlib.sha256(content).hexdigest() == state["export_sha256"]
        manifest = zipfile.ZipFile(io.BytesIO(content)).read("manifest.json")
        assert hashlib.sha256(manifest).hexdigest() == state["manifest_sha256"]
        with tenant_context(merchant):
            assert AuditEntry.objects.filter(action="merchant.offboarding_download").exists()
        connection.set_schema_to_public()

        without_reason = admin_client.post(DELETE, {"id": merchant.pk, "reason": " "})
        assert without_reason.code != 200
        with django_capture_on_commit_callbacks(execute=True):
            deleted = admin_client.post(DELETE, {"id": merchant.pk, "reason": "商户申请退出"})
        assert deleted.ok, deleted

    # merchant.redact reached the merchant's endpoint, signed, before the schema went.
    ((headers, body),) = script.seen
    payload = Webhook(endpoint.secret).verify(body, headers)
    assert payload["type"] == "merchant.redact" and payload["data"]["slug"] == "leaving"

    row = MerchantOffboarding.objects.get(merchant=merchant)
    merchant.refresh_from_db()
    assert (row.status, merchant.status, merchant.contact_phone) == ("deleted", "closed", "")
    assert row.deleted_reason == "商户申请退出" and row.deleted_summary["tables"]
    assert not Account.objects.filter(merchant=merchant).exists()
    assert not OrderIndex.objects.filter(merchant=merchant).exists()
    assert SettlementTerms.objects.filter(merchant=merchant).exists()  # the platform's own
    # The schema holds nothing of the merchant's: only what every new schema starts with.
    with tenant_context(merchant):
        assert not StoredFile.objects.exists() and not AuditEntry.objects.exists()
    connection.set_schema_to_public()
    assert not private_path(schema).exists()
    assert owner.get(EXPORT).code != 200

    # The certificate: its bytes hash to what the row says and it names the export's hashes.
    certificate = admin_client.get(CERTIFICATE, {"id": merchant.pk})
    assert certificate.ok, certificate
    pdf = _fetch("admin.localhost", certificate.data["url"])
    assert pdf.startswith(b"%PDF") and hashlib.sha256(pdf).hexdigest() == row.certificate_sha256
    assert certificate.data["manifest_sha256"] == state["manifest_sha256"]
    printed = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    printed = re.sub(r"\s", "", printed)
    assert state["manifest_sha256"] in printed and state["export_sha256"] in printed
    assert "数据删除证明" in printed and "会计档案管理办法" in printed
    stored = StoredFile.objects.get(pk=row.certificate_file_id)
    assert hashlib.sha256(private_path(stored.path).read_bytes()).hexdigest() == stored.sha256
    again = admin_client.post(DELETE, {"id": merchant.pk, "reason": "再删一次"})
    assert again.code == 409


@pytest.mark.usefixtures("celery_eager")
def test_a_failed_export_is_shown_and_started_again(
    admin_client, monkeypatch, django_capture_on_commit_callbacks
):
    merchant = _leaving(admin_client)
    real = offboarding.export_build

    def full_disk(_merchant: Merchant) -> Any:
        raise OSError("No space left on device")

    monkeypatch.setattr(offboarding, "export_build", full_disk)
    with django_capture_on_commit_callbacks(execute=True):
        assert admin_client.post(START, {"id": merchant.pk}).ok
    state = admin_client.get(STATE, {"id": merchant.pk}).data
    assert state["status"] == "requested" and "No space left" in state["export_error"]
    assert not admin_client.post(DELETE, {"id": merchant.pk, "reason": "退出"}).ok

    monkeypatch.setattr(offboarding, "export_build", real)
    with django_capture_on_commit_callbacks(execute=True):
        again = admin_client.post(START, {"id": merchant.pk})
    assert again.ok, again
    state = admin_client.get(STATE, {"id": merchant.pk}).data
    assert state["status"] == "exported" and not state["export_error"] and state["export_sha256"]
