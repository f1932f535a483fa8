"""The sandbox e-contract service: flows, the signer it plays, callbacks through the outbox
to our callback route, failures on demand."""

import hashlib
from datetime import UTC, datetime
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection

from zulin.celery import app
from zulin.providers.callbacks import register_callback_handler, unregister_callback_handler
from zulin.providers.econtract import (
    SandboxEContractProvider,
    get_econtract_provider,
    sandbox_econtract_reject,
    sandbox_econtract_sign,
)
from zulin.providers.interfaces import EContractStatus, ProviderError
from zulin.providers.models import SandboxCallback, SandboxEContractFlow
from zulin.providers.sandbox import (
    sandbox_callback_replay,
    sandbox_callbacks_deliver,
    sandbox_failure_add,
)

DOCUMENT = b"%PDF-1.4\n% a lease contract\n"
SIGNED_AT = datetime(2026, 2, 1, 10, 0, tzinfo=UTC)


class SignedContracts:
    """A handler as the orders domain would write it: it re-queries the flow."""

    def __init__(self) -> None:
        self.seen: list[dict] = []

    def __call__(self, event) -> None:
        flow = get_econtract_provider(merchant=event.merchant).query_contract(
            reference=event.data["reference"]
        )
        self.seen.append(
            {
                "event_type": event.event_type,
                "reference": flow.reference,
                "status": str(flow.status),
                "data": event.data,
                "schema": connection.schema_name,
            }
        )


@pytest.fixture
def handler():
    recording = SignedContracts()
    for kind in ("econtract.signed", "econtract.rejected"):
        register_callback_handler("econtract", kind, recording)
    yield recording
    for kind in ("econtract.signed", "econtract.rejected"):
        unregister_callback_handler("econtract", kind, recording)


@pytest.fixture
def service(demo):
    return SandboxEContractProvider("demo")


def _create(service, **changes):
    fields = {
        "out_no": "HT20260131000017",
        "order_no": "ZL20260131000017",
        "document": DOCUMENT,
        "document_name": "商品租赁合同 HT20260131000017.pdf",
        "signer_name": "李晓梅",
        "signer_phone": "13900000731",
        "signer_id_number": "330106199001012046",
    } | changes
    return service.create_contract(**fields)


def test_a_flow_waits_for_the_signer_and_names_its_document(service):
    flow = _create(service)

    assert flow.status is EContractStatus.SIGNING
    assert (flow.out_no, flow.order_no) == ("HT20260131000017", "ZL20260131000017")
    assert flow.document_sha256 == hashlib.sha256(DOCUMENT).hexdigest()
    assert flow.signed_at is None
    assert service.query_contract(reference=flow.reference) == flow
    row = SandboxEContractFlow.objects.get(reference=flow.reference)
    # The sandbox keeps the signer's numbers masked, as screens show them.
    assert "199001" not in row.signer_id_number_masked
    assert row.signer_id_number_masked.endswith("2046")


def test_the_same_request_number_answers_the_same_flow(service):
    first = _create(service)

    assert _create(service) == first
    with pytest.raises(ProviderError) as caught:
        _create(service, document=DOCUMENT + b"changed")
    assert caught.value.code == "OUT_NO_REUSED"
    assert SandboxEContractFlow.objects.count() == 1


def test_flows_belong_to_their_merchant(service, acme):
    flow = _create(service)
    other = SandboxEContractProvider("acme")

    with pytest.raises(ProviderError) as caught:
        other.query_contract(reference=flow.reference)

    assert caught.value.code == "NOT_FOUND"
    assert _create(other).reference != flow.reference  # same out_no, another merchant


def test_the_signing_link_names_the_flow_and_a_token(service):
    flow = _create(service)

    link = service.signing_link(reference=flow.reference)

    assert f"/sign/{flow.reference}?token=" in link
    assert link != service.signing_link(reference=_create(service, out_no="HT2").reference)


def test_a_signature_reaches_the_merchants_handler_as_a_signed_callback(service, handler):
    flow = _create(service)

    signed = sandbox_econtract_sign(flow.reference, at=SIGNED_AT)
    [delivery] = sandbox_callbacks_deliver(provider="econtract")

    assert signed.status is EContractStatus.SIGNED
    assert signed.signed_at == SIGNED_AT
    assert delivery.delivered and delivery.event_type == "econtract.signed"
    [seen] = handler.seen
    assert seen["reference"] == flow.reference
    assert seen["status"] == "signed"
    assert seen["schema"] == "m_demo"
    assert seen["data"] == {
        "reference": flow.reference,
        "out_no": "HT20260131000017",
        "order_no": "ZL20260131000017",
        "status": "signed",
        "occurred_at": SIGNED_AT.isoformat(),
    }


def test_signing_twice_sends_nothing_new(service, handler):
    flow = _create(service)
    sandbox_econtract_sign(flow.reference, at=SIGNED_AT)

    again = sandbox_econtract_sign(flow.reference)

    assert again.signed_at == SIGNED_AT
    assert SandboxCallback.objects.filter(provider="econtract").count() == 1


def test_a_replayed_signature_is_handled_once(service, handler):
    flow = _create(service)
    sandbox_econtract_sign(flow.reference)
    sandbox_callbacks_deliver(provider="econtract")
    [event_id] = SandboxEContractFlow.objects.get(reference=flow.reference).event_ids

    replayed = sandbox_callback_replay(event_id=event_id)

    assert replayed.delivered and replayed.answer == "duplicate"
    assert len(handler.seen) == 1


def test_a_signed_flow_has_no_signing_link_and_cannot_be_cancelled(service):
    flow = _create(service)
    sandbox_econtract_sign(flow.reference)

    for call, code in (
        (service.signing_link, "NOT_SIGNABLE"),
        (service.cancel_contract, "NOT_CANCELLABLE"),
    ):
        with pytest.raises(ProviderError) as caught:
            call(reference=flow.reference)
        assert caught.value.code == code
    assert service.query_contract(reference=flow.reference).status is EContractStatus.SIGNED


def test_a_signer_who_declines_rejects_the_flow(service, handler):
    flow = _create(service)

    rejected = sandbox_econtract_reject(flow.reference)
    sandbox_callbacks_deliver(provider="econtract")

    assert rejected.status is EContractStatus.REJECTED
    assert rejected.signed_at is None
    assert handler.seen[0]["event_type"] == "econtract.rejected"
    with pytest.raises(ProviderError) as caught:
        sandbox_econtract_sign(flow.reference)
    assert caught.value.code == "NOT_SIGNABLE"


def test_a_cancelled_flow_cannot_be_signed(service):
    flow = _create(service)

    cancelled = service.cancel_contract(reference=flow.reference)

    assert cancelled.status is EContractStatus.CANCELLED
    assert service.cancel_contract(reference=flow.reference).status is EContractStatus.CANCELLED
    with pytest.raises(ProviderError) as caught:
        sandbox_econtract_sign(flow.reference)
    assert caught.value.code == "NOT_SIGNABLE"
    assert not SandboxCallback.objects.filter(provider="econtract").exists()


def test_an_unknown_reference_is_not_found(service):
    for call in (service.query_contract, service.cancel_contract, service.signing_link):
        with pytest.raises(ProviderError) as caught:
            call(reference="ec_missing")
        assert caught.value.code == "NOT_FOUND"
    with pytest.raises(ProviderError):
        sandbox_econtract_sign("ec_missing")


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"signer_phone": "13900000000"}, "SIGNER_UNVERIFIED"),
        ({"document": b"<html>not a contract</html>"}, "INVALID_DOCUMENT"),
        ({"signer_name": " "}, "INVALID_SIGNER"),
        ({"signer_id_number": ""}, "INVALID_SIGNER"),
        ({"out_no": ""}, "INVALID_OUT_NO"),
    ],
)
def test_a_flow_the_service_refuses_is_not_kept(service, changes, code):
    with pytest.raises(ProviderError) as caught:
        _create(service, **changes)

    assert caught.value.code == code
    assert not SandboxEContractFlow.objects.exists()


def test_a_failure_rule_fails_the_next_creation_only(service):
    sandbox_failure_add(service="econtract", operation="create", reason="SYSTEM_ERROR")

    with pytest.raises(ProviderError) as caught:
        _create(service)

    assert caught.value.code == "SYSTEM_ERROR"
    assert not SandboxEContractFlow.objects.exists()
    assert _create(service).status is EContractStatus.SIGNING


def test_a_failed_signature_leaves_the_flow_open_and_sends_nothing(service):
    flow = _create(service)
    sandbox_failure_add(service="econtract", operation="sign", reason="SYSTEM_ERROR")

    with pytest.raises(ProviderError):
        sandbox_econtract_sign(flow.reference)

    assert service.query_contract(reference=flow.reference).status is EContractStatus.SIGNING
    assert not SandboxCallback.objects.exists()
    assert sandbox_econtract_sign(flow.reference).status is EContractStatus.SIGNED


def test_a_lost_signature_callback_is_never_delivered_but_the_query_tells_the_truth(
    service, handler
):
    flow = _create(service)
    sandbox_failure_add(service="econtract", operation="sign", reason="CALLBACK_LOST")

    sandbox_econtract_sign(flow.reference)

    assert sandbox_callbacks_deliver(provider="econtract") == []
    assert handler.seen == []
    assert service.query_contract(reference=flow.reference).status is EContractStatus.SIGNED


def test_a_rule_can_make_the_signer_decline(service):
    flow = _create(service)
    sandbox_failure_add(
        service="econtract", operation="sign", reason="REJECTED", subject=flow.reference
    )

    assert sandbox_econtract_sign(flow.reference).status is EContractStatus.REJECTED


def test_a_failing_query_is_a_provider_error_until_cleared(service):
    flow = _create(service)
    sandbox_failure_add(service="econtract", operation="query", reason="SYSTEM_ERROR", times=None)

    for _ in range(3):
        with pytest.raises(ProviderError):
            service.query_contract(reference=flow.reference)


def test_in_make_run_the_lessee_signs_by_itself(
    service, settings, django_capture_on_commit_callbacks
):
    settings.SANDBOX_AUTO_COMPLETE = True
    with django_capture_on_commit_callbacks() as queued:
        flow = _create(service)
    assert service.query_contract(reference=flow.reference).status is EContractStatus.SIGNING

    app.conf.task_always_eager = True
    try:
        queued[0]()  # the transaction commits: the signing task runs
    finally:
        app.conf.task_always_eager = False

    assert service.query_contract(reference=flow.reference).status is EContractStatus.SIGNED
    assert SandboxCallback.objects.get(provider="econtract").event_type == "econtract.signed"


def test_the_command_signs_and_lists_flows(service):
    flow = _create(service)
    out = StringIO()

    call_command("sandbox_econtract", "sign", flow.reference, stdout=out)
    call_command("sandbox_econtract", "--merchant", "demo", stdout=out)

    assert f"{flow.reference}: signed" in out.getvalue()
    assert "[signed]" in out.getvalue()


def test_the_provider_is_chosen_by_settings_for_a_merchant(demo, settings):
    provider = get_econtract_provider(merchant="demo")
    assert isinstance(provider, SandboxEContractProvider)
    assert provider.merchant == "demo"

    settings.ECONTRACT_PROVIDER = "esign"
    with pytest.raises(ProviderError):
        get_econtract_provider(merchant="demo")
