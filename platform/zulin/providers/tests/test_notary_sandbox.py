"""The sandbox notary service: tokens, cases under our request number, evidence, submission,
the outcome it plays (notary and customer), cancelling, failures on demand."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from zulin.providers.interfaces import NotaryCaseStatus, ProviderError
from zulin.providers.models import SandboxCallback, SandboxNotaryToken
from zulin.providers.notary import (
    SandboxNotaryProvider,
    get_notary_provider,
    sandbox_notary_complete,
    sandbox_notary_refuse,
)
from zulin.providers.sandbox import sandbox_failure_add

CUSTOMER = {
    "customer_name": "张三",
    "customer_id_number": "110101199001011234",
    "customer_phone": "13912345678",
}
ORG = {"org_name": "演示租赁", "org_code": "91330100MA2AXXXX1X"}


@pytest.fixture
def notary(db) -> SandboxNotaryProvider:
    provider = get_notary_provider(merchant="demo")
    assert isinstance(provider, SandboxNotaryProvider)
    return provider


@pytest.fixture
def token(notary) -> str:
    return notary.issue_token(app_key="demo-app", app_secret="secret-0001").token


def _case(notary, token, out_no="NT1N1", **customer):
    return notary.create_case(
        token=token, out_no=out_no, order_no="ZL1", **ORG, **{**CUSTOMER, **customer}
    )


def _ready(notary, token, reference):
    for name in ("id_card_front", "id_card_back", "contract"):
        notary.upload_evidence(
            token=token, reference=reference, name=name, content=name.encode(), content_type="x"
        )


def _code(call) -> str:
    with pytest.raises(ProviderError) as raised:
        call()
    return raised.value.code


def test_a_token_works_for_its_merchant_until_it_expires(notary, token):
    assert _code(lambda: notary.issue_token(app_key="demo-app", app_secret="short")) == (
        "INVALID_CREDENTIALS"
    )
    other = get_notary_provider(merchant="acme")
    assert _code(lambda: _case(other, token)) == "TOKEN_INVALID"
    SandboxNotaryToken.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert _code(lambda: _case(notary, token)) == "TOKEN_EXPIRED"


def test_a_request_number_answers_its_own_case_only(notary, token):
    case = _case(notary, token)
    assert _case(notary, token).reference == case.reference
    assert _code(lambda: _case(notary, token, customer_name="李四")) == "OUT_NO_REUSED"


def test_submission_needs_the_evidence_and_ends_as_the_notary_decides(notary, token):
    case = _case(notary, token)
    assert _code(lambda: notary.submit_case(token=token, reference=case.reference)) == (
        "EVIDENCE_INCOMPLETE"
    )
    assert _code(lambda: notary.signing_link(token=token, reference=case.reference)) == (
        "CASE_NOT_PROCESSING"
    )
    _ready(notary, token, case.reference)
    submitted = notary.submit_case(token=token, reference=case.reference)
    assert submitted.status == NotaryCaseStatus.PROCESSING
    assert set(submitted.evidence) >= {"customer", "id_card_front", "id_card_back", "contract"}
    assert (
        _code(
            lambda: notary.upload_evidence(
                token=token,
                reference=case.reference,
                name="contract",
                content=b"other",
                content_type="x",
            )
        )
        == "CASE_NOT_OPEN"
    )

    done = sandbox_notary_complete(case.reference)
    assert done.status == NotaryCaseStatus.NOTARIZED and "证字" in done.certificate_no
    assert sandbox_notary_complete(case.reference) == done  # ended: nothing new
    events = SandboxCallback.objects.filter(provider="notary", event_type="notary.finished")
    assert events.count() == 1
    assert _code(lambda: notary.cancel_case(token=token, reference=case.reference)) == (
        "NOT_CANCELLABLE"
    )


def test_the_customers_face_check_and_the_notary_can_fail_a_case(notary, token):
    face = _case(notary, token, out_no="NT2N1", customer_phone="13900007777")
    _ready(notary, token, face.reference)
    notary.submit_case(token=token, reference=face.reference)
    failed = sandbox_notary_complete(face.reference)
    assert (failed.status, failed.reason) == (NotaryCaseStatus.FAILED, "FACE_CHECK_FAILED")

    refused = _case(notary, token, out_no="NT3N1")
    _ready(notary, token, refused.reference)
    notary.submit_case(token=token, reference=refused.reference)
    assert sandbox_notary_refuse(refused.reference).reason == "REFUSED"


def test_a_case_is_cancelled_before_it_ends_and_stays_so(notary, token):
    case = _case(notary, token)
    _ready(notary, token, case.reference)
    notary.submit_case(token=token, reference=case.reference)
    assert notary.cancel_case(token=token, reference=case.reference).status == "cancelled"
    assert notary.cancel_case(token=token, reference=case.reference).status == "cancelled"
    assert sandbox_notary_complete(case.reference).status == "cancelled"
    assert not SandboxCallback.objects.filter(provider="notary").exists()


def test_failures_on_demand(notary, token):
    case = _case(notary, token)
    _ready(notary, token, case.reference)
    sandbox_failure_add(
        service="notary", operation="submit", reason="SYSTEM_ERROR", merchant="demo"
    )
    assert _code(lambda: notary.submit_case(token=token, reference=case.reference)) == (
        "SYSTEM_ERROR"
    )
    assert notary.query_case(token=token, reference=case.reference).status == "open"
    notary.submit_case(token=token, reference=case.reference)
    sandbox_failure_add(service="notary", operation="complete", reason="CALLBACK_LOST")
    assert sandbox_notary_complete(case.reference).status == NotaryCaseStatus.NOTARIZED
    assert SandboxCallback.objects.get(provider="notary").status == "lost"


def test_the_command_lists_and_ends_cases(notary, token):
    case = _case(notary, token)
    _ready(notary, token, case.reference)
    notary.submit_case(token=token, reference=case.reference)
    out = StringIO()
    call_command("sandbox_notary", "complete", case.reference, stdout=out)
    assert "notarized" in out.getvalue()
    call_command("sandbox_notary", "list", "--merchant", "demo", stdout=out)
    assert case.reference in out.getvalue() and "张*" in out.getvalue()
