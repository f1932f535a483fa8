"""Recovery's part of the evidence pack (docs/disputes.md, part 20): the case's contact log,
promises and state moves go to court with the rest of the order, and only work done on the
case changes them."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import timedelta

from django.utils import timezone

from apps.disputes.tests.test_evidence_pack import _download, _pack

from .support import case_of, night, overdue_lease

NOTE = "客户称下周一发工资后还款"


def _archive(client, order_id, capture) -> zipfile.ZipFile:
    status = _pack(client, order_id, capture)
    assert status["status"] == "done", status
    return zipfile.ZipFile(io.BytesIO(_download(client, status["download_url"])))


def test_the_pack_holds_the_cases_contacts_and_promises_and_only_new_work_changes_them(
    celery_eager, django_capture_on_commit_callbacks, demo, demo_owner, app, offer
):
    order = overdue_lease(demo, demo_owner, app, offer, days=20, n=31)
    night(demo)
    case = case_of(demo, order.id)
    contact = {"case_id": case.pk, "channel": "call", "outcome": "promised", "note": NOTE}
    assert demo_owner.post("/api/backend/addContactRecord", contact).ok
    promise = {
        "case_id": case.pk,
        "promised_on": (timezone.localdate() + timedelta(days=5)).isoformat(),
        "amount": "100.00",
        "idempotency_key": "evidence-promise-0001",
    }
    assert demo_owner.post("/api/backend/addPromiseToPay", promise).ok

    first = _archive(demo_owner, order.id, django_capture_on_commit_callbacks)
    manifest = json.loads(first.read("manifest.json"))
    [row] = [r for r in manifest["files"] if r["path"].startswith("20_recovery/")]
    assert row["path"] == "20_recovery/cases.json"
    cases = json.loads(first.read(row["path"]))
    assert cases["order_no"] == order.no
    [kept] = cases["cases"]
    assert kept["case_no"] == case.pk and kept["state"] == "open"
    assert [(c["channel_name"], c["outcome_name"], c["note"]) for c in kept["contacts"]] == [
        ("电话", "承诺还款", NOTE)
    ]
    assert [(p["amount"], p["state"]) for p in kept["promises"]] == [("100.00", "pending")]
    assert kept["contacts"][0]["contacted_at"].endswith("+08:00")
    assert "days_past_due" not in kept and "total_owed" not in kept

    # The next night ages the case: the pack does not change with the day.
    night(demo, timezone.localdate() + timedelta(days=1))
    again = _archive(demo_owner, order.id, django_capture_on_commit_callbacks)
    assert again.read(row["path"]) == first.read(row["path"])

    # A new contact does: that file and the pack's hash, not the other parts.
    contact["outcome"], contact["note"] = "no_answer", ""
    assert demo_owner.post("/api/backend/addContactRecord", contact).ok
    later = _archive(demo_owner, order.id, django_capture_on_commit_callbacks)
    changed = {
        name
        for name in later.namelist()
        if name.endswith(".json") and name != "manifest.json"
        if name not in first.namelist() or later.read(name) != first.read(name)
    }
    assert changed == {"20_recovery/cases.json"}
    assert len(json.loads(later.read(row["path"]))["cases"][0]["contacts"]) == 2


def test_an_order_never_past_due_has_no_recovery_part(
    celery_eager, django_capture_on_commit_callbacks, demo, demo_owner, app, offer
):
    order = overdue_lease(demo, demo_owner, app, offer, days=-5, n=32)
    night(demo)
    names = _archive(demo_owner, order.id, django_capture_on_commit_callbacks).namelist()
    assert not [name for name in names if name.startswith("20_recovery/")]
