"""Risk adapters. `get_risk_provider(merchant=…)` picks one from settings.RISK_PROVIDER.

The sandbox is deterministic: the score is a hash of the ID number (0-1000, higher is
safer), so one person gets the same grade every time and on every query type; the hit rules
depend on the grade, the person and the query type. A phone ending in REFUSED_PHONE_SUFFIX
is refused (grade E, on a blacklist), one ending in FAILING_PHONE_SUFFIX makes the provider
fail; failure rules (service "risk", operation "assess", reason REFUSE or SYSTEM_ERROR) do
the same on demand. `sandbox_id_number_for(grade=…)` makes a valid ID number of a grade.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict
from datetime import date

from django.conf import settings
from django.db import IntegrityError, transaction

from zulin.core.crypto import mask_id_number, mask_phone
from zulin.core.identity import id_number_check_character, id_number_normalise, id_number_valid

from .interfaces import ProviderError, RiskAssessment, RiskDecision, RiskGrade, RiskProvider
from .interfaces import RiskRuleHit as Hit
from .models import SandboxRiskAssessment
from .sandbox import (
    SYSTEM_ERROR,
    merchant_adapter,
    out_no_check,
    sandbox_failure_take,
    sandbox_reference,
)

SERVICE = "risk"
REFUSED_PHONE_SUFFIX = "4444"
FAILING_PHONE_SUFFIX = "5555"
REFUSE = "REFUSE"

# Lowest score of each grade, best first.
GRADE_FLOORS = (
    (RiskGrade.A, 800),
    (RiskGrade.B, 650),
    (RiskGrade.C, 500),
    (RiskGrade.D, 350),
    (RiskGrade.E, 0),
)
DECISIONS = {
    RiskGrade.A: RiskDecision.PASS,
    RiskGrade.B: RiskDecision.PASS,
    RiskGrade.C: RiskDecision.REVIEW,
    RiskGrade.D: RiskDecision.REFUSE,
    RiskGrade.E: RiskDecision.REFUSE,
}
# How many rules a grade hits.
HITS_PER_GRADE = {RiskGrade.A: 0, RiskGrade.B: 1, RiskGrade.C: 1, RiskGrade.D: 2, RiskGrade.E: 3}
RULES = (
    Hit("R101", "近7天在多个平台申请借贷", "Applied on several lending platforms in 7 days"),
    Hit("R102", "手机号在网时长不足6个月", "Phone number in use for under 6 months"),
    Hit("R103", "近12个月有逾期记录", "Overdue payments in the last 12 months"),
    Hit("R104", "收货地址与常用地址不符", "Delivery address unlike the usual ones"),
    Hit("R105", "同一设备关联多个身份", "One device linked to several identities"),
    Hit("R106", "租赁订单集中下单", "Many lease orders within a short time"),
)
BLACKLIST = Hit("R199", "命中风险名单", "On a risk list")


def risk_score_of(id_number: str) -> int:
    digest = hashlib.sha256(id_number_normalise(id_number).encode()).digest()
    return int.from_bytes(digest[:8], "big") % 1001


def risk_grade_of(score: int) -> RiskGrade:
    return next(grade for grade, floor in GRADE_FLOORS if score >= floor)


def _hits(id_number: str, query_type: str, grade: RiskGrade) -> tuple[Hit, ...]:
    seed = hashlib.sha256(f"{id_number_normalise(id_number)}:{query_type}".encode()).digest()
    order = sorted(range(len(RULES)), key=lambda index: (seed[index], index))
    return tuple(RULES[index] for index in sorted(order[: HITS_PER_GRADE[grade]]))


def sandbox_id_number_for(
    *, grade: RiskGrade, seed: int = 0, region: str = "110101", born: date = date(1990, 1, 1)
) -> str:
    """A valid ID number the sandbox grades `grade` (the `seed`-th one found), for demo
    customers and tests."""
    found = -1
    for sequence in range(1000):
        first17 = f"{region}{born:%Y%m%d}{sequence:03d}"
        number = first17 + id_number_check_character(first17)
        if risk_grade_of(risk_score_of(number)) == grade:
            found += 1
            if found == seed:
                return number
    raise ValueError(f"no {seed}-th ID number of grade {grade} born {born} in {region}")


def _assessment(record: SandboxRiskAssessment) -> RiskAssessment:
    return RiskAssessment(
        reference=record.reference,
        out_no=record.out_no,
        query_type=record.query_type,
        score=record.score,
        grade=RiskGrade(record.grade),
        decision=RiskDecision(record.decision),
        hit_rules=tuple(Hit(**hit) for hit in record.hit_rules),
        created_at=record.created_at,
    )


class SandboxRiskProvider:
    name = "sandbox"

    def __init__(self, merchant: str) -> None:
        self.merchant = merchant

    def assess(
        self, *, out_no: str, name: str, id_number: str, phone: str, query_type: str = "standard"
    ) -> RiskAssessment:
        out_no_check(SERVICE, out_no)
        if not query_type or len(query_type) > 30:
            raise ProviderError(SERVICE, "unknown query type", code="INVALID_QUERY_TYPE")
        if not id_number_valid(id_number):
            raise ProviderError(SERVICE, "not a valid ID number", code="INVALID_ID_NUMBER")
        kept = SandboxRiskAssessment.objects.filter(merchant=self.merchant, out_no=out_no).first()
        if kept is not None:
            return _assessment(kept)
        failure = sandbox_failure_take(
            service=SERVICE,
            operation="assess",
            merchant=self.merchant,
            subjects=[phone, id_number_normalise(id_number)],
        )
        if failure == SYSTEM_ERROR or phone.endswith(FAILING_PHONE_SUFFIX):
            raise ProviderError(SERVICE, "the provider did not answer", code=SYSTEM_ERROR)
        score = risk_score_of(id_number)
        grade = risk_grade_of(score)
        hits = _hits(id_number, query_type, grade)
        if failure == REFUSE or phone.endswith(REFUSED_PHONE_SUFFIX):
            score, grade = min(score, 199), RiskGrade.E
            hits = (*_hits(id_number, query_type, grade)[:2], BLACKLIST)
        try:
            with transaction.atomic():
                record = SandboxRiskAssessment.objects.create(
                    merchant=self.merchant,
                    out_no=out_no,
                    reference=sandbox_reference("rsk"),
                    query_type=query_type,
                    id_number_masked=mask_id_number(id_number),
                    phone_masked=mask_phone(phone)[:20],
                    score=score,
                    grade=grade,
                    decision=DECISIONS[grade],
                    hit_rules=[asdict(hit) for hit in hits],
                )
        except IntegrityError:
            # The same request number answered concurrently: its assessment stands.
            return self.query(out_no=out_no)
        return _assessment(record)

    def query(self, *, out_no: str) -> RiskAssessment:
        kept = SandboxRiskAssessment.objects.filter(merchant=self.merchant, out_no=out_no).first()
        if kept is None:
            raise ProviderError(SERVICE, f"no assessment {out_no}", code="NOT_FOUND")
        return _assessment(kept)


def get_risk_provider(*, merchant: str | None = None) -> RiskProvider:
    return merchant_adapter(SERVICE, settings.RISK_PROVIDER, SandboxRiskProvider, merchant)
