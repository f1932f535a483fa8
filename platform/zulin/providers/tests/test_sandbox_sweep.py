"""The sandbox's sweep (`providers.sandbox_sweep`, beat every 15 s): what a lost COMMIT left
unqueued still settles and still notifies, as a real provider does. In these tests no
transaction commits, so nothing is queued at commit: exactly what the switchover drill once
met (a withhold acknowledged on its retry, never settled)."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from zulin.providers import tasks
from zulin.providers.interfaces import PaymentStatus
from zulin.providers.models import SandboxCallback, SandboxCallbackStatus, SandboxPaymentRecord
from zulin.providers.tasks import SWEEP_GRACE, sandbox_sweep


@pytest.fixture
def queued(settings, monkeypatch) -> list[int]:
    """The sandboxes move by themselves; the callbacks the sweep queues are recorded."""
    settings.SANDBOX_AUTO_COMPLETE = True
    sent: list[int] = []
    monkeypatch.setattr(tasks.callback_deliver, "delay", sent.append)
    return sent


def _ago(seconds: float):
    return timezone.now() - timedelta(seconds=seconds)


def test_a_withhold_nothing_queued_settles_once_past_due_and_its_callback_goes_out(
    pay, agreement, queued
):
    pay.withhold(out_no="bill-1", agreement_no=agreement, amount=Decimal("99.00"), subject="1期")
    record = SandboxPaymentRecord.objects.get(out_no="bill-1")

    # Not yet due (the task queued at commit has its turn first).
    assert sandbox_sweep() == {"settled": 0, "callbacks": 0}
    record.settle_after = timezone.now() - SWEEP_GRACE + timedelta(seconds=5)
    record.save(update_fields=["settle_after"])
    assert sandbox_sweep() == {"settled": 0, "callbacks": 0}
    assert pay.query(out_no="bill-1").status == PaymentStatus.PROCESSING

    record.settle_after = _ago(SWEEP_GRACE.total_seconds() + 1)
    record.save(update_fields=["settle_after"])
    assert sandbox_sweep() == {"settled": 1, "callbacks": 0}
    assert pay.query(out_no="bill-1").status == PaymentStatus.SUCCEEDED
    callback = SandboxCallback.objects.get(provider="payment")
    assert callback.status == SandboxCallbackStatus.PENDING and queued == []

    # Its callback, never tried, is queued once it is as old as the grace; settling twice
    # changes nothing.
    SandboxCallback.objects.filter(pk=callback.pk).update(created_at=_ago(30))
    assert sandbox_sweep() == {"settled": 0, "callbacks": 1}
    assert queued == [callback.pk]
    assert SandboxCallback.objects.filter(provider="payment").count() == 1


def test_a_withhold_19_seconds_past_due_waits_and_21_seconds_past_due_is_settled(
    pay, agreement, queued
):
    """The grace is 20 s, written here as seconds: a grace shortened or lengthened by one
    line fails this test instead of moving with it."""
    pay.withhold(out_no="bill-e", agreement_no=agreement, amount=Decimal("9.00"), subject="")
    record = SandboxPaymentRecord.objects.get(out_no="bill-e")

    SandboxPaymentRecord.objects.filter(pk=record.pk).update(settle_after=_ago(19))
    assert sandbox_sweep() == {"settled": 0, "callbacks": 0}
    assert pay.query(out_no="bill-e").status == PaymentStatus.PROCESSING

    SandboxPaymentRecord.objects.filter(pk=record.pk).update(settle_after=_ago(21))
    assert sandbox_sweep() == {"settled": 1, "callbacks": 0}
    assert pay.query(out_no="bill-e").status == PaymentStatus.SUCCEEDED
    assert sandbox_sweep() == {"settled": 0, "callbacks": 0}
    assert SandboxCallback.objects.filter(provider="payment").count() == 1


def test_a_callback_being_retried_or_delivered_is_left_to_its_task(pay, agreement, queued):
    pay.withhold(out_no="bill-2", agreement_no=agreement, amount=Decimal("10.00"), subject="")
    SandboxPaymentRecord.objects.filter(out_no="bill-2").update(settle_after=_ago(60))
    sandbox_sweep()
    callback = SandboxCallback.objects.get(provider="payment")
    for changes in (
        {"attempts": 1},  # its task is retrying it with backoff
        {"status": SandboxCallbackStatus.DELIVERED},
        {"status": SandboxCallbackStatus.LOST},  # a failure on demand: only a replay sends it
    ):
        SandboxCallback.objects.filter(pk=callback.pk).update(created_at=_ago(60), **changes)
        queued.clear()
        assert sandbox_sweep()["callbacks"] == 0 and queued == []
        SandboxCallback.objects.filter(pk=callback.pk).update(
            attempts=0, status=SandboxCallbackStatus.PENDING
        )


def test_with_the_sandboxes_moved_by_hand_the_sweep_does_nothing(pay, agreement, settings):
    settings.SANDBOX_AUTO_COMPLETE = False
    pay.withhold(out_no="bill-3", agreement_no=agreement, amount=Decimal("10.00"), subject="")
    SandboxPaymentRecord.objects.filter(out_no="bill-3").update(settle_after=_ago(60))

    assert sandbox_sweep() == {"settled": 0, "callbacks": 0}
    assert pay.query(out_no="bill-3").status == PaymentStatus.PROCESSING
