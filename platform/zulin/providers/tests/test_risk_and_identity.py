"""Risk and identity sandboxes: deterministic by the person, kept per request number, and
failing on demand."""

import pytest
from django.db import connection

from zulin.core.identity import id_number_valid
from zulin.ledger.tests.test_ledger_concurrency import committed
from zulin.providers.identity import get_identity_provider
from zulin.providers.interfaces import ProviderError, RiskDecision, RiskGrade
from zulin.providers.models import (
    SandboxFailureRule,
    SandboxIdentityVerification,
    SandboxRiskAssessment,
)
from zulin.providers.risk import get_risk_provider, risk_grade_of, sandbox_id_number_for
from zulin.providers.sandbox import sandbox_failure_add

PERSON = {"name": "张三", "id_number": "11010519491231002X", "phone": "13812345678"}


@pytest.fixture
def risk(demo):
    return get_risk_provider(merchant="demo")


@pytest.fixture
def identity(demo):
    return get_identity_provider(merchant="demo")


def test_one_person_gets_the_same_score_every_time_and_everywhere(risk, acme):
    first = risk.assess(out_no="q-1", **PERSON)
    second = risk.assess(out_no="q-2", **PERSON)
    elsewhere = get_risk_provider(merchant="acme").assess(out_no="q-1", **PERSON)

    assert 0 <= first.score <= 1000
    assert first.score == second.score == elsewhere.score
    assert first.grade == risk_grade_of(first.score)
    assert first.reference != second.reference


def test_a_request_number_sent_again_answers_the_kept_assessment(risk):
    first = risk.assess(out_no="q-1", **PERSON)
    again = risk.assess(out_no="q-1", **PERSON)

    assert again == first
    assert risk.query(out_no="q-1") == first
    assert SandboxRiskAssessment.objects.count() == 1


@pytest.mark.parametrize(
    ("grade", "decision", "hits"),
    [
        (RiskGrade.A, RiskDecision.PASS, 0),
        (RiskGrade.B, RiskDecision.PASS, 1),
        (RiskGrade.C, RiskDecision.REVIEW, 1),
        (RiskGrade.D, RiskDecision.REFUSE, 2),
        (RiskGrade.E, RiskDecision.REFUSE, 3),
    ],
)
def test_each_grade_has_its_decision_and_rules(risk, grade, decision, hits):
    number = sandbox_id_number_for(grade=grade)

    result = risk.assess(out_no="q-1", name="李四", id_number=number, phone="13900001111")

    assert id_number_valid(number)
    assert (result.grade, result.decision, len(result.hit_rules)) == (grade, decision, hits)
    assert all(hit.code and hit.name_zh and hit.name_en for hit in result.hit_rules)


def test_identity_is_kept_masked_only(risk):
    risk.assess(out_no="q-1", **PERSON)

    record = SandboxRiskAssessment.objects.get()
    assert (record.id_number_masked, record.phone_masked) == ("1101**********002X", "138****5678")


def test_refusals_and_failures_on_demand(risk):
    good = {**PERSON, "id_number": sandbox_id_number_for(grade=RiskGrade.A)}
    natural = risk.assess(out_no="q-0", **good)

    refused = risk.assess(out_no="q-1", **{**good, "phone": "13800004444"})
    with pytest.raises(ProviderError) as failed:
        risk.assess(out_no="q-2", **{**good, "phone": "13800005555"})
    sandbox_failure_add(service="risk", operation="assess", reason="REFUSE", subject=good["phone"])
    refused_on_demand = risk.assess(out_no="q-3", **good)
    normal_again = risk.assess(out_no="q-4", **good)

    assert (natural.grade, natural.decision) == (RiskGrade.A, RiskDecision.PASS)
    assert (refused.grade, refused.decision) == (RiskGrade.E, RiskDecision.REFUSE)
    assert refused.score < 200 and refused.hit_rules[-1].code == "R199"
    assert failed.value.code == "SYSTEM_ERROR"
    assert not SandboxRiskAssessment.objects.filter(out_no="q-2").exists()
    assert (refused_on_demand.grade, refused_on_demand.decision) == (RiskGrade.E, "refuse")
    assert (normal_again.score, normal_again.grade) == (natural.score, RiskGrade.A)


def test_an_invalid_id_number_is_refused_by_the_risk_provider(risk):
    with pytest.raises(ProviderError) as caught:
        risk.assess(out_no="q-1", **{**PERSON, "id_number": "110105194912310021"})
    assert caught.value.code == "INVALID_ID_NUMBER"


def test_identity_verification_passes_a_consistent_person(identity):
    result = identity.verify(out_no="v-1", **PERSON)

    assert result.verified and result.reason == ""
    assert identity.verify(out_no="v-1", **PERSON) == result
    assert identity.query(out_no="v-1") == result


def test_identity_mismatches_on_demand(identity):
    bad_number = identity.verify(out_no="v-1", **{**PERSON, "id_number": "110105194912310021"})
    wrong_phone = identity.verify(out_no="v-2", **{**PERSON, "phone": "13800006666"})
    sandbox_failure_add(
        service="identity", operation="verify", reason="NAME_MISMATCH", subject=PERSON["phone"]
    )
    wrong_name = identity.verify(out_no="v-3", **PERSON)
    fine_again = identity.verify(out_no="v-4", **PERSON)

    assert (bad_number.verified, bad_number.id_number_valid, bad_number.reason) == (
        False,
        False,
        "ID_NUMBER_INVALID",
    )
    assert (wrong_phone.verified, wrong_phone.phone_matches, wrong_phone.reason) == (
        False,
        False,
        "PHONE_MISMATCH",
    )
    assert (wrong_name.name_matches, wrong_name.reason) == (False, "NAME_MISMATCH")
    assert fine_again.verified
    assert SandboxIdentityVerification.objects.count() == 4


def test_an_unreachable_identity_provider_records_nothing(identity):
    sandbox_failure_add(service="identity", operation="verify", reason="SYSTEM_ERROR")

    with pytest.raises(ProviderError) as caught:
        identity.verify(out_no="v-1", **PERSON)

    assert caught.value.code == "SYSTEM_ERROR"
    assert not SandboxIdentityVerification.objects.exists()


def test_a_failure_on_demand_is_taken_outside_any_transaction(demo):
    """As served: a GET runs in autocommit (API tests run inside a transaction and would not
    see it), and taking a failure rule locks it. The rule is counted down and kept, in a
    transaction of its own; everything committed here is removed at the end."""
    subject = "13800009999"
    out_nos = ["served-v-1", "served-v-2"]

    def served() -> tuple[str, str, bool]:
        assert connection.get_autocommit()  # no transaction around the call, as served
        sandbox_failure_add(
            service="identity", operation="verify", reason="NAME_MISMATCH", subject=subject
        )
        provider = get_identity_provider(merchant="demo")
        first = provider.verify(out_no=out_nos[0], **{**PERSON, "phone": subject})
        second = provider.verify(out_no=out_nos[1], **{**PERSON, "phone": subject})
        return first.reason, second.reason, SandboxFailureRule.objects.exists()

    def remove() -> None:
        SandboxFailureRule.objects.filter(subject=subject).delete()
        SandboxIdentityVerification.objects.filter(out_no__in=out_nos).delete()

    try:
        assert committed(demo, served) == ("NAME_MISMATCH", "", False)
    finally:
        committed(demo, remove)
