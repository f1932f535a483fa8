"""Private files (zulin.files): kept outside the media folder, read only through signed
short-lived links on the host they were issued for, every read audited."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django_tenants.utils import tenant_context

from tenants.accounts.models import Account
from tests.fixtures import login, session_of
from zulin.audit.models import AuditEntry
from zulin.files import links
from zulin.files.apps import private_root_check
from zulin.files.links import private_file_link
from zulin.files.models import StoredFile
from zulin.files.services import private_file_save

CONTRACT = b"%PDF-1.4 lease contract of order 42"


def _save(merchant, actor=None, name="合同 42.pdf", content=CONTRACT) -> StoredFile:
    with tenant_context(merchant):
        return private_file_save(
            kind="contracts",
            name=name,
            content=content,
            content_type="application/pdf",
            actor=actor,
        )


def _fetch(host: str, url: str):
    return Client().get(url, HTTP_HOST=host)


def _envelope_code(response) -> int:
    return response.json()["code"]


def _reads(merchant) -> list[AuditEntry]:
    with tenant_context(merchant):
        return list(AuditEntry.objects.filter(action="file.read"))


def test_saving_keeps_the_bytes_per_schema_and_records_size_hash_and_who(demo, demo_owner):
    owner = session_of(demo_owner)

    stored = _save(demo, actor=owner)

    assert re.fullmatch(r"m_demo/contracts/[0-9a-f]{32}\.pdf", stored.path)
    assert (Path(django_settings.PRIVATE_ROOT) / stored.path).read_bytes() == CONTRACT
    assert stored.size == len(CONTRACT)
    assert stored.sha256 == hashlib.sha256(CONTRACT).hexdigest()
    assert stored.schema_name == "m_demo"
    assert stored.created_by_account_id == owner.account.pk
    assert stored.name == "合同 42.pdf"
    with tenant_context(demo):
        assert StoredFile.objects.filter(pk=stored.pk).exists()


def test_a_file_object_is_copied_whole(demo, tmp_path):
    big = tmp_path / "export.xlsx"
    big.write_bytes(b"x" * (3 * 1024 * 1024 + 7))

    with big.open("rb") as source:
        stored = _save(demo, name="export.xlsx", content=source)

    assert stored.size == 3 * 1024 * 1024 + 7
    assert stored.sha256 == hashlib.sha256(big.read_bytes()).hexdigest()


def test_private_files_are_never_reachable_under_the_media_url(demo, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.PRIVATE_ROOT = tmp_path / "private"
    (tmp_path / "media").mkdir()
    stored = _save(demo)

    attempts = [
        f"/api/media/{stored.path}",
        f"/api/media/../private/{stored.path}",
        f"/api/media/%2e%2e/private/{stored.path}",
        f"/api/media/..%2fprivate/{stored.path}",
    ]
    for url in attempts:
        response = _fetch("demo.localhost", url)
        assert CONTRACT not in response.content, url
        assert _envelope_code(response) != 200, url


def test_private_root_inside_the_media_folder_is_refused_at_start(tmp_path):
    with pytest.raises(ImproperlyConfigured):
        private_root_check(
            private_root=tmp_path / "media" / "private", media_root=tmp_path / "media"
        )
    with pytest.raises(ImproperlyConfigured):
        private_root_check(private_root=tmp_path, media_root=tmp_path / "media")
    private_root_check(private_root=tmp_path / "private", media_root=tmp_path / "media")


def test_a_link_answers_the_file_and_the_read_is_audited(demo, demo_owner):
    owner = session_of(demo_owner)
    stored = _save(demo, actor=owner)
    url = private_file_link(stored, session=owner)

    response = _fetch("demo.localhost", url)

    assert response.status_code == 200
    assert b"".join(response.streaming_content) == CONTRACT
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("attachment;")
    assert "filename*=utf-8''%E5%90%88%E5%90%8C%2042.pdf" in response["Content-Disposition"]
    assert response["Cache-Control"] == "private, no-store"
    [read] = _reads(demo)
    assert read.actor_account_id == owner.account.pk
    assert read.actor_name == (owner.account.name or owner.account.username)
    assert read.target_type == "file"
    assert read.target_id == str(stored.pk)
    assert read.after["sha256"] == stored.sha256


def test_an_inline_link_shows_the_file_in_the_browser(demo, demo_owner):
    owner = session_of(demo_owner)
    stored = _save(demo, actor=owner)

    response = _fetch("demo.localhost", private_file_link(stored, session=owner, inline=True))

    assert response["Content-Disposition"].startswith("inline;")


def test_an_expired_link_is_refused(demo, demo_owner, monkeypatch):
    owner = session_of(demo_owner)
    stored = _save(demo, actor=owner)
    url = private_file_link(stored, session=owner, ttl_seconds=300)
    issued = links._now()

    monkeypatch.setattr(links, "_now", lambda: issued + 299)
    assert _fetch("demo.localhost", url).status_code == 200
    monkeypatch.setattr(links, "_now", lambda: issued + 300)
    late = _fetch("demo.localhost", url)

    assert _envelope_code(late) == 1802
    assert len(_reads(demo)) == 1


def test_a_tampered_link_is_refused(demo, demo_owner):
    owner = session_of(demo_owner)
    stored = _save(demo, actor=owner)
    other = _save(demo, actor=owner, name="other.pdf", content=b"%PDF other")
    url = private_file_link(stored, session=owner)
    payload, signature = url.removeprefix(links.LINK_PREFIX).split(".")
    other_payload = private_file_link(other, session=owner).removeprefix(links.LINK_PREFIX)
    flipped = payload[:-1] + ("A" if payload[-1] != "A" else "B")

    for token in (
        f"{flipped}.{signature}",  # a changed claim
        f"{other_payload.split('.')[0]}.{signature}",  # another file's claims, this signature
        f"{payload}.{signature[:-2]}",  # a cut signature
        payload,  # no signature
        "not-a-link",
    ):
        response = _fetch("demo.localhost", f"{links.LINK_PREFIX}{token}")
        assert _envelope_code(response) == 1801, token
    assert _reads(demo) == []


def test_a_merchants_link_is_refused_on_another_merchants_host_and_the_admin_host(
    demo, acme, demo_owner
):
    owner = session_of(demo_owner)
    url = private_file_link(_save(demo, actor=owner), session=owner)

    assert _envelope_code(_fetch("acme.localhost", url)) == 1803
    assert _envelope_code(_fetch("admin.localhost", url)) == 1803
    assert _reads(demo) == []
    assert _reads(acme) == []


def test_the_platform_reads_a_merchants_file_on_the_admin_host_and_the_merchant_sees_it(
    demo, admin_client
):
    platform = session_of(admin_client)
    stored = _save(demo)
    # Issued by the platform's own code for a merchant's file (e.g. its governance of an
    # order's contract).
    with tenant_context(demo):
        url = private_file_link(stored, session=platform)

    assert _envelope_code(_fetch("demo.localhost", url)) == 1803
    response = _fetch("admin.localhost", url)

    assert b"".join(response.streaming_content) == CONTRACT
    [read] = _reads(demo)
    assert read.actor_account_id == platform.account.pk
    assert read.actor_side == 0


def test_a_link_stops_working_once_its_account_is_disabled(demo):
    manager = login("demo.localhost", "manager")
    session = session_of(manager)
    url = private_file_link(_save(demo, actor=session), session=session)

    Account.objects.filter(pk=session.account.pk).update(is_active=False)

    assert _envelope_code(_fetch("demo.localhost", url)) == 1801


def test_a_link_to_a_file_gone_from_disk_answers_not_found(demo, demo_owner):
    owner = session_of(demo_owner)
    stored = _save(demo, actor=owner)
    (Path(django_settings.PRIVATE_ROOT) / stored.path).unlink()

    response = _fetch("demo.localhost", private_file_link(stored, session=owner))

    assert response.status_code == 200
    assert _envelope_code(response) == 404
