"""Notarization of an order's lease contract against the sandbox notary service: the shop's
settings and token, the steps in order (each idempotent, out of order refused), the outcome
by callback and by poll, a cancel, failures of the service, and who may see and act."""

from __future__ import annotations

import base64
import hashlib
import io
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context
from PIL import Image

from apps.credit.selectors import order_credit_file
from apps.notary.evidence import credit_file_part, evidence_hash
from apps.notary.models import NotarySetting
from apps.orders.models import Contract
from apps.subshops.tests.factories import sign_in, staff_make, sub_shop_account_make, sub_shop_make
from tests.fixtures import grant_sub_merchants, login
from tests.leases import (
    DEMO,
    DETAIL,
    IntakeClient,
    awaiting_shipment,
    goods_on_shelf,
    in_lease,
)
from zulin.audit.models import AuditEntry
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.providers.models import SandboxCallback, SandboxNotaryCase
from zulin.providers.notary import sandbox_notary_complete
from zulin.providers.sandbox import (
    sandbox_callback_replay,
    sandbox_callbacks_deliver,
    sandbox_failure_add,
)

N = "/api/notarization"
SECRET = "s3cret-notary-app-key-0001"
CONFIG = {
    "is_open": True,
    "org_name": "演示租赁有限公司",
    "org_code": "91330100MA2AXXXX1X",
    "app_key": "demo-notary-app",
    "app_secret": SECRET,
}


def picture(color: str) -> str:
    out = io.BytesIO()
    Image.new("RGB", (40, 25), color).save(out, format="PNG")
    return base64.b64encode(out.getvalue()).decode()


@pytest.fixture
def app(demo):
    return IntakeClient(demo, DEMO)


@pytest.fixture
def configured(demo_owner):
    answer = demo_owner.post(f"{N}/setNotaryConfig", CONFIG)
    assert answer.ok, answer
    return answer.data


def id_cards_uploaded(app, order) -> None:
    """Both ID card pictures of the order's customer, sent through intake."""
    for side, color in (("front", "red"), ("back", "blue")):
        sent = app.post(
            "/api/applet/uploadIdCard",
            {"order_no": order.no, "side": side, "image_base64": picture(color)},
        )
        assert sent.ok, sent


@pytest.fixture
def signed_order(demo, demo_owner, app, configured):
    """A lease whose contract the customer signed, with both ID card pictures from intake."""
    order = awaiting_shipment(demo, demo_owner, app, goods_on_shelf(demo_owner))
    id_cards_uploaded(app, order)
    return order


def notary_settles(merchant) -> None:
    """The sandbox notary ends every submitted case and its callbacks arrive."""
    for case in SandboxNotaryCase.objects.filter(merchant=merchant.slug, status="processing"):
        sandbox_notary_complete(case.reference)
    sandbox_callbacks_deliver(provider="notary", merchant=merchant.slug)
    connection.set_schema_to_public()


def to_submitted(owner, order_id: int) -> dict:
    for step in ("pushCustomerInfo", "pushIdCardInfo", "pushContractInfo", "readyNotary"):
        answer = owner.post(f"{N}/{step}", {"order_id": order_id})
        assert answer.ok, (step, answer)
    assert answer.data["status"] == "submitted"
    return answer.data


# --- settings and token ----------------------------------------------------------------------


def test_settings_are_saved_masked_and_need_every_field_to_open(demo, demo_owner):
    before = demo_owner.get(f"{N}/isSetNotary")
    assert before.ok and before.data["is_set"] is False and before.data["is_open"] is False
    assert demo_owner.get(f"{N}/isOpenNotary").data == {"is_open": False, "is_set": False}

    half = demo_owner.post(f"{N}/setNotaryConfig", {"is_open": True, "org_name": "演示租赁"})
    assert half.code == ErrorCode.VALIDATION
    assert {"org_code", "app_key", "app_secret"} <= set(half.data["fields"])
    assert demo_owner.get(f"{N}/isSetNotary").data["org_name"] == ""  # nothing saved

    # Nothing given: nothing saved, the settings answered as they are.
    assert demo_owner.get(f"{N}/setNotaryConfig").data["updated_at"] is None
    bad_code = demo_owner.post(f"{N}/setNotaryConfig", {**CONFIG, "org_code": "123"})
    assert bad_code.code == ErrorCode.VALIDATION and "org_code" in bad_code.data["fields"]

    # The contract's GET changes data; the same guards on POST.
    saved = demo_owner.get(f"{N}/setNotaryConfig", {**CONFIG, "is_open": "false"})
    assert saved.ok, saved
    assert saved.data["is_set"] is True and saved.data["is_open"] is False
    assert SECRET not in str(saved.data) and saved.data["app_secret_masked"].startswith("s3cr")
    opened = demo_owner.post(f"{N}/setNotaryConfig", {"is_open": True})  # secret kept
    assert opened.ok and opened.data["is_open"] is True
    assert demo_owner.get(f"{N}/isOpenNotary").data == {"is_open": True, "is_set": True}

    with tenant_context(demo):
        assert NotarySetting.objects.get().app_secret == SECRET
        trail = list(AuditEntry.objects.filter(action="notary.settings_update"))
        assert len(trail) == 2 and all(SECRET not in str(e.after) for e in trail)
    connection.set_schema_to_public()


def test_the_token_is_cached_until_it_expires_and_never_shown(demo, demo_owner, configured):
    first = demo_owner.get(f"{N}/getApiToken")
    assert first.ok, first
    assert first.data["cached"] is False and "****" in first.data["token_masked"]
    again = demo_owner.post(f"{N}/getApiToken", {})
    assert again.data["cached"] is True and again.data["expires_at"] == first.data["expires_at"]
    with tenant_context(demo):
        token = NotarySetting.objects.get().api_token
        assert token and token not in str(first.data)
        NotarySetting.objects.update(token_expires_at=timezone.now() - timedelta(seconds=1))
    connection.set_schema_to_public()
    renewed = demo_owner.get(f"{N}/getApiToken")
    assert renewed.data["cached"] is False and renewed.data["expires_at"] > first.data["expires_at"]
    # New credentials drop the cached token.
    demo_owner.post(f"{N}/setNotaryConfig", {"app_key": "another-app"})
    assert demo_owner.get(f"{N}/getApiToken").data["cached"] is False


def test_refused_credentials_answer_the_provider_failure(demo_owner, configured):
    sandbox_failure_add(
        service="notary", operation="token", reason="INVALID_CREDENTIALS", merchant="demo"
    )
    refused = demo_owner.get(f"{N}/getApiToken")
    assert refused.code == ErrorCode.PROVIDER_FAILED
    assert refused.data == {"provider_code": "INVALID_CREDENTIALS"}


def test_settings_are_the_owners_and_never_a_sub_shops(demo_owner, configured):
    staff_make(demo_owner, "audrey", ["auditor"])
    auditor = sign_in(DEMO, "audrey")
    assert auditor.get(f"{N}/isSetNotary").ok  # reads them, masked
    assert auditor.post(f"{N}/setNotaryConfig", CONFIG).code == ErrorCode.FORBIDDEN
    assert auditor.get(f"{N}/getApiToken").code == ErrorCode.FORBIDDEN
    east = sub_shop_make(demo_owner, "城东店")
    sub_shop_account_make(demo_owner, east["id"], "east")
    clerk = sign_in(DEMO, "east")
    assert clerk.get(f"{N}/isSetNotary").code == ErrorCode.FORBIDDEN
    assert clerk.get(f"{N}/setNotaryConfig", CONFIG).code == ErrorCode.FORBIDDEN


def test_steps_need_the_shop_to_have_notary_set_up_and_open(demo_owner, signed_order):
    demo_owner.post(f"{N}/setNotaryConfig", {"is_open": False})
    closed = demo_owner.post(f"{N}/pushCustomerInfo", {"order_id": signed_order.id})
    assert closed.code == ErrorCode.NOTARY_NOT_OPEN
    detail = demo_owner.get(DETAIL, {"id": signed_order.id}).data["notary"]
    assert detail["status"] == "none" and detail["actions"] == []


# --- the flow --------------------------------------------------------------------------------


def test_the_flow_end_to_end_with_steps_in_order_and_each_idempotent(
    demo, demo_owner, signed_order
):
    order_id = signed_order.id
    detail = demo_owner.get(DETAIL, {"id": order_id}).data
    assert detail["notary"]["status"] == "none"
    assert detail["notary"]["actions"] == ["push_customer"]

    # Out of order: nothing moves, nothing is made.
    early = demo_owner.post(f"{N}/pushIdCardInfo", {"order_id": order_id})
    assert early.code == ErrorCode.CONFLICT and early.data["to"] == "id_pushed"
    assert demo_owner.post(f"{N}/readyNotary", {"order_id": order_id}).code == ErrorCode.CONFLICT
    assert not SandboxNotaryCase.objects.filter(order_no=signed_order.no).exists()

    pushed = demo_owner.post(f"{N}/pushCustomerInfo", {"order_id": order_id})
    assert pushed.ok, pushed
    assert pushed.data["status"] == "customer_pushed" and pushed.data["attempt"] == 1
    again = demo_owner.post(f"{N}/pushCustomerInfo", {"order_id": order_id})
    assert again.data["case_reference"] == pushed.data["case_reference"]
    assert SandboxNotaryCase.objects.filter(order_no=signed_order.no).count() == 1
    skipped = demo_owner.post(f"{N}/pushContractInfo", {"order_id": order_id})
    assert skipped.code == ErrorCode.CONFLICT
    assert skipped.data == {"from": "customer_pushed", "to": "contract_pushed"}

    ids = demo_owner.post(f"{N}/pushIdCardInfo", {"order_id": order_id})
    assert ids.ok and ids.data["status"] == "id_pushed"
    assert [p["name"] for p in ids.data["evidence"]] == ["id_card_front", "id_card_back"]
    contract = demo_owner.post(f"{N}/pushContractInfo", {"order_id": order_id})
    assert contract.ok and contract.data["status"] == "contract_pushed"
    parts = contract.data["evidence"]
    assert [p["name"] for p in parts] == [
        "id_card_front",
        "id_card_back",
        "contract",
        "bill_schedule",
    ]
    with tenant_context(demo):
        signed = Contract.objects.get(order_id=order_id, status="signed")
    connection.set_schema_to_public()
    assert (
        parts[2]["sha256"] == signed.sha256 and contract.data["contract_no"] == signed.contract_no
    )
    assert contract.data["evidence_hash"] == evidence_hash(parts)
    case = SandboxNotaryCase.objects.get(reference=contract.data["case_reference"])
    assert {p["name"]: p["sha256"] for p in parts}.items() <= case.evidence.items()
    assert demo_owner.post(f"{N}/getNotaryLink", {"order_id": order_id}).code == ErrorCode.CONFLICT

    ready = demo_owner.post(f"{N}/readyNotary", {"order_id": order_id})
    assert ready.ok and ready.data["status"] == "submitted"
    assert ready.data["actions"] == ["link", "query", "cancel"]
    link = demo_owner.post(f"{N}/getNotaryLink", {"order_id": order_id})
    assert link.ok and link.data["url"].startswith("https://notary.sandbox.invalid/sign/")
    polled = demo_owner.post(f"{N}/queryNotary", {"order_id": order_id})
    assert polled.data["status"] == "submitted"  # the notary has not finished

    notary_settles(demo)
    done = demo_owner.get(DETAIL, {"id": order_id}).data
    notary = done["notary"]
    assert notary["status"] == "notarized" and "证字" in notary["certificate_no"]
    assert notary["evidence_hash"] == contract.data["evidence_hash"]
    assert notary["actions"] == [] and notary["steps"][-1]["done_at"] is not None
    moves = [h["action"] for h in reversed(notary["history"])]  # newest first
    assert moves == [
        "create",
        "push_customer",
        "push_id_card",
        "push_contract",
        "submit",
        "notarize",
    ]
    timeline = {row["action"] for row in done["timeline"]}
    assert {"notary.push_customer", "notary.submit", "notary.notarize"} <= timeline

    # A replayed callback changes nothing; a cancel after completion is refused.
    event = SandboxCallback.objects.filter(provider="notary", merchant="demo").latest("id")
    assert sandbox_callback_replay(event_id=event.event_id).delivered
    connection.set_schema_to_public()
    replayed = demo_owner.get(DETAIL, {"id": order_id}).data["notary"]
    assert len(replayed["history"]) == len(notary["history"])
    late = demo_owner.post(f"{N}/cancelNotary", {"order_id": order_id, "reason": "晚了"})
    assert late.code == ErrorCode.CONFLICT and late.data["from"] == "notarized"
    # Steps already done answer unchanged, even now.
    assert demo_owner.post(f"{N}/pushContractInfo", {"order_id": order_id}).data["status"] == (
        "notarized"
    )


def test_a_lease_reported_to_the_bureau_carries_its_credit_file_as_evidence(
    demo, demo_owner, app, configured
):
    """Once the lease has a credit account, the contract's evidence carries the order's credit
    file as the bureau would receive it, and the evidence hash covers it."""
    order = in_lease(demo, demo_owner, app, goods_on_shelf(demo_owner))
    id_cards_uploaded(app, order)
    assert demo_owner.post("/api/credit/userCreateSign", {"order_id": order.id}).ok
    assert demo_owner.post("/api/credit/accountOpeningCredit", {"order_id": order.id}).ok

    for step in ("pushCustomerInfo", "pushIdCardInfo", "pushContractInfo"):
        answer = demo_owner.post(f"{N}/{step}", {"order_id": order.id})
        assert answer.ok, (step, answer)

    parts = answer.data["evidence"]
    assert [p["name"] for p in parts] == [
        "id_card_front",
        "id_card_back",
        "contract",
        "bill_schedule",
        "credit_file",
    ]
    with tenant_context(demo):
        credit_file = order_credit_file(order.id)
    connection.set_schema_to_public()
    assert credit_file is not None
    assert parts[4]["sha256"] == credit_file["sha256"]
    assert answer.data["evidence_hash"] == evidence_hash(parts)
    case = SandboxNotaryCase.objects.get(reference=answer.data["case_reference"])
    assert case.evidence["credit_file"] == credit_file["sha256"]


def test_pictures_uploaded_here_are_kept_as_private_files(demo, demo_owner, app, configured):
    order = awaiting_shipment(demo, demo_owner, app, goods_on_shelf(demo_owner))
    demo_owner.post(f"{N}/pushCustomerInfo", {"order_id": order.id})
    missing = demo_owner.post(f"{N}/pushIdCardInfo", {"order_id": order.id})
    assert missing.code == ErrorCode.NOTARY_EVIDENCE_MISSING
    assert missing.data == {"missing": ["id_card_front", "id_card_back"]}
    bad = demo_owner.post(
        f"{N}/pushIdCardInfo", {"order_id": order.id, "front_base64": "bm90IGEgcGljdHVyZQ=="}
    )
    assert bad.code == ErrorCode.VALIDATION and "front_base64" in bad.data["fields"]
    front, back = picture("green"), picture("white")
    sent = demo_owner.post(
        f"{N}/pushIdCardInfo", {"order_id": order.id, "front_base64": front, "back_base64": back}
    )
    assert sent.ok, sent
    assert sent.data["evidence"][0]["sha256"] == hashlib.sha256(base64.b64decode(front)).hexdigest()
    revealed = demo_owner.post(
        "/api/backend/revealCustomerIdentity", {"order_id": order.id, "reason": "核对公证信息"}
    )
    assert revealed.data["id_card_front_url"].startswith("/api/files/")


def test_an_unsigned_contract_cannot_be_notarized(demo, demo_owner, app, configured):
    from tests.leases import place, placed

    order = placed(demo, place(app, goods_on_shelf(demo_owner), key="order-key-unsigned"))
    refused = demo_owner.post(f"{N}/pushCustomerInfo", {"order_id": order.id})
    assert refused.code == ErrorCode.NOTARY_CONTRACT_NOT_SIGNED


def test_a_cancel_before_completion_and_a_new_attempt(demo, demo_owner, signed_order):
    submitted = to_submitted(demo_owner, signed_order.id)
    # Notarization turned off meanwhile: nothing new starts, the case under way can still be
    # followed and withdrawn.
    demo_owner.post(f"{N}/setNotaryConfig", {"is_open": False})
    closed = demo_owner.get(DETAIL, {"id": signed_order.id}).data["notary"]
    assert closed["actions"] == ["link", "query", "cancel"]
    assert demo_owner.post(f"{N}/getNotaryLink", {"order_id": signed_order.id}).ok
    cancelled = demo_owner.post(
        f"{N}/cancelNotary", {"order_id": signed_order.id, "reason": "客户要求撤销"}
    )
    assert cancelled.ok and cancelled.data["status"] == "cancelled"
    assert cancelled.data["cancel_reason"] == "客户要求撤销"
    assert cancelled.data["actions"] == []  # closed: nothing starts again
    case = SandboxNotaryCase.objects.get(reference=submitted["case_reference"])
    assert case.status == "cancelled"
    # The notary can no longer finish it; cancelling again answers the same.
    assert sandbox_notary_complete(case.reference).status == "cancelled"
    assert demo_owner.post(f"{N}/cancelNotary", {"order_id": signed_order.id}).ok
    assert demo_owner.post(f"{N}/readyNotary", {"order_id": signed_order.id}).code == (
        ErrorCode.CONFLICT
    )

    assert demo_owner.post(f"{N}/pushCustomerInfo", {"order_id": signed_order.id}).code == (
        ErrorCode.NOTARY_NOT_OPEN
    )
    demo_owner.post(f"{N}/setNotaryConfig", {"is_open": True})
    restarted = demo_owner.post(f"{N}/pushCustomerInfo", {"order_id": signed_order.id})
    assert restarted.ok and restarted.data["attempt"] == 2
    assert restarted.data["case_reference"] != submitted["case_reference"]
    assert restarted.data["evidence"] == [] and restarted.data["evidence_hash"] == ""


def test_provider_failures_are_recorded_and_the_step_can_be_tried_again(
    demo, demo_owner, signed_order
):
    order_id = signed_order.id
    for step in ("pushCustomerInfo", "pushIdCardInfo", "pushContractInfo"):
        assert demo_owner.post(f"{N}/{step}", {"order_id": order_id}).ok
    sandbox_failure_add(
        service="notary", operation="submit", reason="SYSTEM_ERROR", merchant="demo"
    )
    failed = demo_owner.post(f"{N}/readyNotary", {"order_id": order_id})
    assert (
        failed.code == ErrorCode.PROVIDER_FAILED and failed.data["provider_code"] == "SYSTEM_ERROR"
    )
    kept = demo_owner.get(DETAIL, {"id": order_id}).data
    assert kept["notary"]["status"] == "contract_pushed"
    assert kept["notary"]["last_error"] == "SYSTEM_ERROR"
    assert "notary.provider_failed" in {row["action"] for row in kept["timeline"]}

    ready = demo_owner.post(f"{N}/readyNotary", {"order_id": order_id})
    assert ready.ok and ready.data["status"] == "submitted" and ready.data["last_error"] == ""

    # The notary refuses the case: failed with its reason, and a new attempt may start.
    sandbox_failure_add(service="notary", operation="complete", reason="REFUSED", merchant="demo")
    notary_settles(demo)
    refused = demo_owner.post(f"{N}/queryNotary", {"order_id": order_id})
    assert refused.data["status"] == "failed" and refused.data["failure_reason"] == "REFUSED"
    assert refused.data["actions"] == ["push_customer"]
    assert demo_owner.post(f"{N}/cancelNotary", {"order_id": order_id}).code == ErrorCode.CONFLICT


def test_a_lost_callback_is_caught_up_by_polling(demo, demo_owner, signed_order):
    submitted = to_submitted(demo_owner, signed_order.id)
    sandbox_failure_add(service="notary", operation="complete", reason="CALLBACK_LOST")
    notary_settles(demo)
    assert demo_owner.get(DETAIL, {"id": signed_order.id}).data["notary"]["status"] == "submitted"
    polled = demo_owner.post(f"{N}/queryNotary", {"order_id": signed_order.id})
    assert polled.ok and polled.data["status"] == "notarized"
    assert polled.data["case_reference"] == submitted["case_reference"]


def test_a_lapsed_token_is_renewed_within_a_step(demo, demo_owner, signed_order):
    assert demo_owner.post(f"{N}/pushCustomerInfo", {"order_id": signed_order.id}).ok
    with tenant_context(demo):
        first = NotarySetting.objects.get().api_token
        # The service's own clock says the token is over before ours does.
        from zulin.providers.models import SandboxNotaryToken

        SandboxNotaryToken.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    connection.set_schema_to_public()
    assert demo_owner.post(f"{N}/pushIdCardInfo", {"order_id": signed_order.id}).ok
    with tenant_context(demo):
        assert NotarySetting.objects.get().api_token != first
    connection.set_schema_to_public()


def test_the_credit_file_part_is_checked_against_its_hash():
    xml = "<credit><D1/></credit>"
    part = credit_file_part({"xml": xml, "sha256": hashlib.sha256(xml.encode()).hexdigest()})
    assert part.name == "credit_file" and part.content == xml.encode()
    # order_credit_file answers the file's bytes: taken as they are, not as their repr.
    as_bytes = credit_file_part({"xml": xml.encode(), "sha256": part.sha256})
    assert as_bytes.content == xml.encode()
    with pytest.raises(ApplicationError) as altered:
        credit_file_part({"xml": xml, "sha256": "0" * 64})
    assert altered.value.code == ErrorCode.NOTARY_EVIDENCE_ALTERED
    with pytest.raises(ApplicationError) as absent:
        credit_file_part(None)
    assert absent.value.code == ErrorCode.NOTARY_EVIDENCE_MISSING


# --- who may see and act ---------------------------------------------------------------------


def test_other_merchants_and_sub_shops_cannot_read_or_act_by_id(
    demo, demo_owner, acme_owner, admin_client, signed_order
):
    order_id = signed_order.id
    to_submitted(demo_owner, order_id)

    # Another merchant: its own host has no such order; its token is refused on ours.
    for step in ("queryNotary", "cancelNotary", "getNotaryLink", "pushCustomerInfo"):
        assert acme_owner.post(f"{N}/{step}", {"order_id": order_id}).code == ErrorCode.NOT_FOUND
    foreign = login("acme.localhost", "owner")
    foreign.host = DEMO
    assert foreign.post(f"{N}/queryNotary", {"order_id": order_id}).code == ErrorCode.NO_SESSION

    # A sub-shop's account: no notarization rights; granted them, only its own orders.
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店")
    sub_shop_account_make(demo_owner, east["id"], "east")
    allocated = demo_owner.post(
        "/api/backend/allocateToSubShop", {"ids": [order_id], "sub_shop_id": west["id"]}
    )
    assert allocated.ok, allocated
    clerk = sign_in(DEMO, "east")
    assert clerk.post(f"{N}/queryNotary", {"order_id": order_id}).code == ErrorCode.FORBIDDEN
    grant_sub_merchants("notary.manage")
    clerk = sign_in(DEMO, "east")
    for step in ("queryNotary", "cancelNotary", "getNotaryLink"):
        assert clerk.post(f"{N}/{step}", {"order_id": order_id}).code == ErrorCode.NOT_FOUND
    assert demo_owner.get(DETAIL, {"id": order_id}).data["notary"]["status"] == "submitted"

    # The sub-shop whose order it is reads its state on the detail, and may do nothing.
    sub_shop_account_make(demo_owner, west["id"], "west")
    west_clerk = sign_in(DEMO, "west")
    seen = west_clerk.get(DETAIL, {"id": order_id})
    assert seen.ok and seen.data["notary"]["status"] == "submitted"

    # The platform reads the state on its order detail, never credentials, and acts on none.
    platform = admin_client.get(DETAIL, {"id": order_id, "merchant_id": demo.pk}).data["notary"]
    assert platform["status"] == "submitted" and platform["actions"] == []
    assert SECRET not in str(platform) and "app_key" not in platform
    assert (
        admin_client.post(f"{N}/queryNotary", {"order_id": order_id}).code == ErrorCode.WRONG_SIDE
    )


def test_the_auditor_notarizes_and_sees_the_next_steps(demo_owner, signed_order):
    staff_make(demo_owner, "audrey", ["auditor"])
    auditor = sign_in(DEMO, "audrey")
    assert auditor.get(DETAIL, {"id": signed_order.id}).data["notary"]["actions"] == [
        "push_customer"
    ]
    pushed = auditor.post(f"{N}/pushCustomerInfo", {"order_id": signed_order.id})
    assert pushed.ok and pushed.data["actions"] == ["push_id_card", "cancel"]
    # A role without notary.manage reads the state on the detail and acts on nothing.
    staff_make(demo_owner, "fin", ["finance"])
    finance = sign_in(DEMO, "fin")
    seen = finance.get(DETAIL, {"id": signed_order.id}).data["notary"]
    assert seen["status"] == "customer_pushed" and seen["actions"] == []
    assert finance.post(f"{N}/pushIdCardInfo", {"order_id": signed_order.id}).code == (
        ErrorCode.FORBIDDEN
    )
