"""A real lease's device through the calls (issue 63): its shipping baseline recorded with
its own call, the return inspected by checklist against it, the inspection's damage total
charged by the existing after-sale inspection (one money path), the inspection on the
order's timeline, in the unit's page and in the evidence pack, its photos hashed."""

from __future__ import annotations

import base64
from decimal import Decimal

import pytest
from django.db import connection
from django_tenants.utils import tenant_context

from apps.assets.models import Unit
from apps.disputes.parts import PackSubject
from apps.disputes.sources import inspection_files
from apps.orders.tests.test_ship_by_scan import tracked_offer
from tests.leases import detail_of, in_lease
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.files.models import StoredFile
from zulin.files.services import private_path

DEAL = "/api/platform/dealAfterSale"
INSPECT = "/api/backend/createInspection"
PHOTO = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64).decode()


def _lines(**changed: dict) -> list[dict]:
    rows = {
        code: {"code": code, "passed": True}
        for code in (
            "account_lock",
            "imei_match",
            "power_on",
            "screen_display",
            "touch",
            "camera",
            "face_id",
        )
    }
    rows["battery_health"] = {"code": "battery_health", "value": "95"}
    rows["screen_glass"] = {"code": "screen_glass", "choice": "完好"}
    rows["frame"] = {"code": "frame", "choice": "完好"}
    for code, line in changed.items():
        rows[code] = {"code": code, **line}
    return list(rows.values())


def _returned(app, owner, order) -> None:
    assert app.post("/api/applet/applyAfterSale", {"order_no": order.no, "kind": "return"}).ok
    assert owner.post(DEAL, {"order_id": order.id, "decision": "approve"}).ok
    assert app.post(
        "/api/applet/returnShipment",
        {"order_no": order.no, "company_code": "SF", "tracking_no": "SF8000000063"},
    ).ok


def test_a_return_inspected_against_its_baseline_charges_its_priced_total(demo, demo_owner, app):
    offer, (unit, _) = tracked_offer(demo, demo_owner, units=2)
    order = in_lease(demo, demo_owner, app, offer, serial=unit.imei1, key="insp-0063", seed=63)

    baseline = demo_owner.post(
        INSPECT,
        {
            "occasion": "ship_baseline",
            "order_id": order.id,
            "cosmetic_grade": "A",
            "lines": _lines(),
            "photos_base64": [PHOTO],
        },
    )
    assert baseline.ok, baseline
    assert (baseline.data["unit_id"], baseline.data["photo_count"]) == (unit.pk, 1)

    _returned(app, demo_owner, order)
    # Before the device is back it cannot be inspected as a return.
    early = demo_owner.post(
        INSPECT,
        {"occasion": "return", "unit_id": unit.pk, "cosmetic_grade": "B", "lines": _lines()},
    )
    assert early.code == ErrorCode.CONFLICT, early
    assert demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "receive", "device_serial": unit.imei1}
    ).ok

    request = {
        "occasion": "return",
        "unit_id": unit.pk,
        "cosmetic_grade": "C",
        "lines": _lines(
            screen_glass={"choice": "明显划痕", "severity": "moderate"},
            battery_health={"value": "90"},
        ),
        "photos_base64": [PHOTO, PHOTO],
        "idempotency_key": "inspect-0063-ret",
    }
    inspected = demo_owner.post(INSPECT, request)
    assert inspected.ok, inspected
    data = inspected.data
    # The phone default's list: screen glass, moderate: ¥400.00.
    assert (data["damage_computed"], data["damage_total"]) == ("400.00", "400.00")
    assert (data["functional_pass"], data["fineness"]) == (True, "90")
    assert data["baseline"]["id"] == baseline.data["id"]
    changed = {line["code"]: line for line in data["lines"] if line["changed"]}
    assert set(changed) == {"screen_glass", "battery_health"}
    assert changed["screen_glass"]["baseline"]["choice"] == "完好"
    assert data["changed_count"] == 2 and len(data["photos"]) == 2
    assert all(photo["url"] for photo in data["photos"] + data["baseline"]["photos"])
    # The same request again answers the same inspection (one, not two).
    again = demo_owner.post(INSPECT, request)
    assert again.ok and again.data["id"] == data["id"], again
    with tenant_context(demo):
        assert Unit.objects.get(pk=unit.pk).inspections.count() == 2
    connection.set_schema_to_public()

    # The existing inspection step charges the checklist's total, whatever is typed beside it.
    charged = demo_owner.post(
        DEAL,
        {
            "order_id": order.id,
            "decision": "inspect",
            "inspection_id": data["id"],
            "damage_amount": "1.00",
        },
    )
    assert charged.ok, charged
    assert charged.data["damage_amount"] == "400.00", charged.data
    detail = detail_of(demo_owner, order.id)
    assert any(row["action"] == "order.inspection" for row in detail["timeline"])
    assert detail["unit"]["status"] == "inspecting"

    page = demo_owner.get("/api/backend/getUnitDetail", {"id": unit.pk})
    assert page.ok, page
    assert [row["occasion"] for row in page.data["inspections"]] == ["return", "ship_baseline"]
    assert page.data["inspections"][0]["after_sale_id"] is not None
    assert any(row["action"] == "inspect" for row in page.data["history"])
    restock = next(a for a in page.data["actions"] if a["action"] == "restock")
    assert restock["allowed"] is True

    # The evidence pack's part: the inspections and their photos, each hashed as stored.
    with tenant_context(demo):
        files = inspection_files(PackSubject(order_id=order.id, order_no=order.no))
        names = [file.name for file in files]
        assert names[0] == "inspections.json" and len(names) == 4  # 1 + 2 photos
        photo = StoredFile.objects.get(
            pk=Unit.objects.get(pk=unit.pk).inspections.first().photo_file_ids[0]
        )
        assert files[-1].sha256 == photo.sha256 or files[-2].sha256 == photo.sha256
        # A photo changed on disk fails the pack, never ships.
        private_path(photo.path).write_bytes(b"\x89PNG\r\n\x1a\nchanged")
        with pytest.raises(ApplicationError) as altered:
            inspection_files(PackSubject(order_id=order.id, order_no=order.no))
        assert altered.value.code == ErrorCode.NOTARY_EVIDENCE_ALTERED
    connection.set_schema_to_public()


def test_a_return_inspection_settles_once_and_only_for_its_order(demo, demo_owner, app):
    offer, (unit, other) = tracked_offer(demo, demo_owner, units=2)
    order = in_lease(demo, demo_owner, app, offer, serial=unit.imei1, key="insp-0064", seed=64)
    _returned(app, demo_owner, order)
    assert demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "receive", "device_serial": unit.imei1}
    ).ok
    inspected = demo_owner.post(
        INSPECT,
        {"occasion": "return", "unit_id": unit.pk, "cosmetic_grade": "A", "lines": _lines()},
    )
    assert inspected.ok, inspected
    wrong = demo_owner.post(
        DEAL,
        {"order_id": order.id, "decision": "inspect", "inspection_id": inspected.data["id"] + 999},
    )
    assert wrong.code == ErrorCode.VALIDATION and "inspection_id" in wrong.data["fields"], wrong
    assert detail_of(demo_owner, order.id)["status"] == "inspecting"  # nothing charged
    assert demo_owner.post(
        DEAL,
        {"order_id": order.id, "decision": "inspect", "inspection_id": inspected.data["id"]},
    ).ok
    with tenant_context(demo):
        assert Unit.objects.get(pk=unit.pk).inspections.get().damage_total == Decimal("0.00")
    connection.set_schema_to_public()
