"""The one idempotency rule at its helper (`keyed_run`), on connections of their own where a
race needs it: two requests with one key at once never both run different bodies."""

from __future__ import annotations

import time
import uuid
from decimal import Decimal

import pytest
from django.db import connection

from zulin.core.errors import ApplicationError, ErrorCode
from zulin.idempotency.models import IdempotencyKey
from zulin.idempotency.services import keyed_run, request_fingerprint
from zulin.ledger.tests.test_ledger_concurrency import committed, in_threads


@pytest.fixture
def own_key(demo):
    key = f"race-{uuid.uuid4().hex[:12]}"
    connection.set_tenant(demo)
    yield key
    committed(demo, lambda: IdempotencyKey.objects.filter(key=key).delete())


def test_the_fingerprint_counts_every_field_and_amounts_by_value():
    first = request_fingerprint("waiveLateFee", {"amount": Decimal("0.01"), "period": 2})
    assert first == request_fingerprint("waiveLateFee", {"amount": Decimal("0.010"), "period": 2})
    assert first != request_fingerprint("waiveLateFee", {"amount": Decimal("0.05"), "period": 2})
    assert first != request_fingerprint("waiveLateFee", {"amount": Decimal("0.01"), "period": 3})
    assert first != request_fingerprint(
        "waiveOrderCharge", {"amount": Decimal("0.01"), "period": 2}
    )
    # A field counts by its type too: nothing, 0 and their texts are four requests; a
    # value of any other type counts by its text (two ids, two requests).
    plain = [request_fingerprint("x", {"remark": v}) for v in (None, "None", 0, "0")]
    assert len(set(plain)) == 4
    assert request_fingerprint("x", {"ref": uuid.UUID(int=1)}) != request_fingerprint(
        "x", {"ref": uuid.UUID(int=2)}
    )
    # The key itself is no part of the request, wherever it is.
    assert request_fingerprint("x", {"a": {"idempotency_key": "k1", "b": 1}}) == (
        request_fingerprint("x", {"a": {"idempotency_key": "k2", "b": 1}})
    )


def test_two_requests_with_one_key_at_once_run_one_body(demo, own_key):
    ran: list[int] = []

    def request(number: int) -> int:
        def work() -> int:
            ran.append(number)
            time.sleep(1.5)  # the claim is held while the first request works
            return number

        return keyed_run(own_key, operation="race", fields={"amount": number}, work=work)

    results = in_threads(demo, 2, request)

    assert sorted(results) == sorted([ran[0], int(ErrorCode.IDEMPOTENCY_KEY_REUSED)])
    assert len(ran) == 1


def test_the_same_request_at_once_runs_again_after_the_first_commits(demo, own_key):
    def request(number: int) -> float:
        def work() -> float:
            time.sleep(1.0)
            return time.monotonic()

        return keyed_run(own_key, operation="race", fields={"amount": "1.00"}, work=work)

    first, second = sorted(in_threads(demo, 2, request))

    assert second - first >= 0.9  # the second waited for the first's commit, then ran


def test_a_refusal_rolls_its_claim_back(demo, own_key):
    def refused() -> None:
        raise ApplicationError(ErrorCode.VALIDATION)

    with pytest.raises(ApplicationError):
        keyed_run(own_key, operation="race", fields={"amount": 1}, work=refused)

    assert not IdempotencyKey.objects.filter(key=own_key).exists()
    assert keyed_run(own_key, operation="race", fields={"amount": 2}, work=lambda: "ran") == "ran"
