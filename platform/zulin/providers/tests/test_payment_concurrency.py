"""The payment sandbox's bounds on real PostgreSQL connections, committed: parallel
transfers against one freeze, and one request number sent many times at once.

`available_apps=["zulin.providers"]` limits the flush after the test to the providers'
tables (the session tenants' public rows stay)."""

import threading
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.db import connections

from zulin.providers.interfaces import PaymentStatus, ProviderError
from zulin.providers.models import SandboxPaymentRecord
from zulin.providers.payment import SandboxPaymentProvider

WORKERS = 20


def in_parallel(work: Callable[[int], object]) -> list[object]:
    barrier = threading.Barrier(WORKERS)
    outcomes: list[object] = []
    lock = threading.Lock()

    def run(number: int) -> None:
        try:
            barrier.wait(timeout=30)
            try:
                outcome = work(number)
            except ProviderError as error:
                outcome = error.code
            with lock:
                outcomes.append(outcome)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


@pytest.mark.django_db(transaction=True, available_apps=["zulin.providers"])
def test_parallel_transfers_never_take_more_than_is_frozen():
    pay = SandboxPaymentProvider("demo")
    freeze = pay.freeze(out_no="dep-1", payer="c", amount=Decimal("100.00"), subject="")

    outcomes = in_parallel(
        lambda n: (
            pay.transfer_to_pay(
                out_no=f"tr-{n}", auth_no=freeze.auth_no, amount=Decimal("30.00"), subject=""
            ).status
        )
    )

    assert outcomes.count(PaymentStatus.PROCESSING) == 3
    assert outcomes.count("AMOUNT_EXCEEDS_FROZEN") == WORKERS - 3
    assert pay.query(out_no="dep-1").frozen_remaining == Decimal("10.00")


@pytest.mark.django_db(transaction=True, available_apps=["zulin.providers"])
def test_one_request_number_sent_many_times_at_once_makes_one_record():
    pay = SandboxPaymentProvider("demo")
    agreement = pay.withhold_sign(out_no="sign-1", payer="c").agreement_no

    trade_numbers = in_parallel(
        lambda n: (
            pay.withhold(
                out_no="bill-1", agreement_no=agreement, amount=Decimal("50.00"), subject=""
            ).trade_no
        )
    )

    assert len(trade_numbers) == WORKERS and len(set(trade_numbers)) == 1
    assert SandboxPaymentRecord.objects.filter(operation="withhold").count() == 1


@pytest.mark.django_db(transaction=True, available_apps=["zulin.providers"])
def test_one_freeze_number_sent_many_times_at_once_freezes_once():
    # Nothing to lock before the insert here: the unique request number decides.
    pay = SandboxPaymentProvider("demo")

    trade_numbers = in_parallel(
        lambda n: (
            pay.freeze(out_no="dep-1", payer="c", amount=Decimal("80.00"), subject="").trade_no
        )
    )

    assert len(trade_numbers) == WORKERS and len(set(trade_numbers)) == 1
    assert SandboxPaymentRecord.objects.filter(operation="freeze").count() == 1
