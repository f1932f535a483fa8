"""The sandbox's sweep (`providers.sandbox_sweep`, beat every 15 s): what a lost COMMIT left
unqueued still settles and still notifies, as a real provider does. In these tests no
transaction commits, so nothing is queued at commit: exactly what the switchover drill once
met (a withhold acknowledged on its retry, never settled)."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from zulin.providers import tasks
from zulin.providers.credit import get_credit_provider
from zulin.providers.econtract import get_econtract_provider
from zulin.providers.interfaces import (
    CreditQueryStatus,
    CreditReportStatus,
    EContractStatus,
    NotaryCaseStatus,
    PaymentStatus,
)
from zulin.providers.models import (
    SandboxCallback,
    SandboxCallbackStatus,
    SandboxCreditQuery,
    SandboxCreditReportFile,
    SandboxEContractFlow,
    SandboxNotaryCase,
    SandboxPaymentRecord,
)
from zulin.providers.notary import get_notary_provider
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


def test_a_callback_never_tried_19_seconds_old_waits_and_21_seconds_old_is_queued(
    pay, agreement, queued
):
    """The callbacks' grace is the operations' 20 s, in seconds here too: its task queued at
    commit has its turn first, and only one written 20 s ago and never tried is queued."""
    pay.withhold(out_no="bill-c", agreement_no=agreement, amount=Decimal("8.00"), subject="")
    SandboxPaymentRecord.objects.filter(out_no="bill-c").update(settle_after=_ago(60))
    assert sandbox_sweep() == {"settled": 1, "callbacks": 0}
    callback = SandboxCallback.objects.get(provider="payment")

    SandboxCallback.objects.filter(pk=callback.pk).update(created_at=_ago(19))
    assert sandbox_sweep() == {"settled": 0, "callbacks": 0}
    assert queued == []

    SandboxCallback.objects.filter(pk=callback.pk).update(created_at=_ago(21))
    assert sandbox_sweep() == {"settled": 0, "callbacks": 1}
    assert queued == [callback.pk]


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


# --- every sandbox that settles later: its operations 19 s past due wait, 21 s are settled ---


def _settles_past_the_grace_only(rows, set_due, provider: str, status) -> None:
    """`rows` (one operation still processing) left 19 s past due waits for the task queued
    at commit; 21 s past due the sweep settles it with its one callback, and a second sweep
    changes nothing."""
    set_due(rows, 19)
    assert sandbox_sweep() == {"settled": 0, "callbacks": 0}
    assert not SandboxCallback.objects.filter(provider=provider).exists()

    set_due(rows, 21)
    assert sandbox_sweep() == {"settled": 1, "callbacks": 0}
    settled = rows.get()
    assert status(settled) != "processing"
    assert SandboxCallback.objects.filter(provider=provider).count() == 1

    assert sandbox_sweep() == {"settled": 0, "callbacks": 0}
    assert status(rows.get()) == status(settled)
    assert SandboxCallback.objects.filter(provider=provider).count() == 1


def _settle_after_ago(rows, seconds: float) -> None:
    rows.update(settle_after=_ago(seconds))


def test_a_credit_query_nothing_queued_is_settled_past_the_grace_only(demo, queued):
    get_credit_provider(merchant="demo").apply_query(
        out_no="CQ-1", name="李晓梅", id_number="11010519491231002X", phone="13900000731"
    )
    rows = SandboxCreditQuery.objects.filter(merchant="demo", out_no="CQ-1")
    assert rows.get().status == CreditQueryStatus.PROCESSING

    _settles_past_the_grace_only(rows, _settle_after_ago, "credit", lambda row: row.status)
    assert rows.get().status == CreditQueryStatus.DONE


def test_a_credit_report_file_nothing_queued_is_checked_past_the_grace_only(demo, queued):
    get_credit_provider(merchant="demo").submit_report_file(
        out_no="CRF-1", file_name="report.xml", content=b"not the format's XML"
    )
    rows = SandboxCreditReportFile.objects.filter(merchant="demo", out_no="CRF-1")
    assert rows.get().status == CreditReportStatus.PROCESSING

    _settles_past_the_grace_only(rows, _settle_after_ago, "credit", lambda row: row.status)
    assert rows.get().status == CreditReportStatus.FAILED  # checked: not the format


def test_a_notary_case_nothing_queued_ends_past_the_grace_only(demo, queued):
    notary = get_notary_provider(merchant="demo")
    token = notary.issue_token(app_key="demo-app", app_secret="secret-0001").token
    case = notary.create_case(
        token=token,
        out_no="NT-1",
        order_no="ZL1",
        org_name="演示租赁",
        org_code="91330100MA2AXXXX1X",
        customer_name="张三",
        customer_id_number="110101199001011234",
        customer_phone="13912345678",
    )
    for part in ("id_card_front", "id_card_back", "contract"):
        notary.upload_evidence(
            token=token, reference=case.reference, name=part, content=b"x", content_type="x"
        )
    notary.submit_case(token=token, reference=case.reference)
    rows = SandboxNotaryCase.objects.filter(reference=case.reference)
    assert rows.get().status == NotaryCaseStatus.PROCESSING

    _settles_past_the_grace_only(rows, _settle_after_ago, "notary", lambda row: row.status)
    assert rows.get().status == NotaryCaseStatus.NOTARIZED


def test_an_econtract_flow_nothing_queued_is_signed_past_the_grace_only(demo, queued, settings):
    """A flow keeps no settling time: it is due SANDBOX_COMPLETE_SECONDS after it was made."""
    settings.SANDBOX_COMPLETE_SECONDS = 3
    flow = get_econtract_provider(merchant="demo").create_contract(
        out_no="HT-1",
        order_no="ZL-1",
        document=b"%PDF-1.4\n% a lease contract\n",
        document_name="contract.pdf",
        signer_name="李晓梅",
        signer_phone="13900000731",
        signer_id_number="330106199001012046",
    )
    rows = SandboxEContractFlow.objects.filter(reference=flow.reference)
    assert rows.get().status == EContractStatus.SIGNING

    def made_ago(rows, past_due: float) -> None:
        rows.update(created_at=_ago(3 + past_due))

    _settles_past_the_grace_only(rows, made_ago, "econtract", lambda row: row.status)
    assert rows.get().status == EContractStatus.SIGNED
