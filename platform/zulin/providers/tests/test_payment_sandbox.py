"""The payment sandbox behaves like the provider: idempotent request numbers, its own
bounds on frozen and paid money, asynchronous outcomes, failures on demand."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from django_tenants.utils import tenant_context

from zulin.providers.callbacks import callback_signature_valid
from zulin.providers.interfaces import PaymentOperation, PaymentStatus, ProviderError
from zulin.providers.models import SandboxCallback, SandboxPaymentRecord
from zulin.providers.payment import (
    get_payment_provider,
    sandbox_payer_pay,
    sandbox_payment_unknown,
    sandbox_payment_void,
    sandbox_payments_complete,
)
from zulin.providers.sandbox import sandbox_failure_add

D = Decimal


def refused(call, code: str) -> ProviderError:
    with pytest.raises(ProviderError) as caught:
        call()
    assert caught.value.code == code, caught.value
    return caught.value


def test_trade_numbers_carry_the_china_day(pay, agreement, monkeypatch):
    # 17:30 UTC on the 24th is 01:30 on the 25th in China.
    monkeypatch.setattr(timezone, "now", lambda: datetime(2026, 11, 24, 17, 30, tzinfo=UTC))
    made = pay.withhold(out_no="bill-tz", agreement_no=agreement, amount=D("9.50"), subject="1期")
    assert made.trade_no.startswith("T20261125")


def test_a_request_number_sent_again_answers_the_same_record_and_charges_once(pay, agreement):
    first = pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("99.50"), subject="1期")
    again = pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("99.50"), subject="1期")

    assert again.trade_no == first.trade_no
    assert SandboxPaymentRecord.objects.filter(out_no="bill-1").count() == 1
    sandbox_payments_complete()
    after = pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("99.50"), subject="1期")
    assert (after.trade_no, after.status) == (first.trade_no, PaymentStatus.SUCCEEDED)
    assert SandboxPaymentRecord.objects.filter(operation="withhold").count() == 1


def test_a_request_number_sent_with_other_parameters_is_refused(pay):
    pay.freeze(out_no="dep-1", payer="customer-1", amount=D("500.00"), subject="押金")

    refused(
        lambda: pay.freeze(out_no="dep-1", payer="customer-1", amount=D("400.00"), subject="押金"),
        "OUT_NO_REUSED",
    )
    refused(lambda: pay.withhold_sign(out_no="dep-1", payer="customer-1"), "OUT_NO_REUSED")


def test_request_numbers_belong_to_one_merchant(pay, acme):
    pay.freeze(out_no="dep-1", payer="customer-1", amount=D("500.00"), subject="押金")
    acme_pay = get_payment_provider(merchant="acme")

    refused(lambda: acme_pay.query(out_no="dep-1"), "NOT_FOUND")
    mine = acme_pay.freeze(out_no="dep-1", payer="customer-9", amount=D("20.00"), subject="押金")
    assert mine.amount == D("20.00")
    assert pay.query(out_no="dep-1").amount == D("500.00")


def test_a_transfer_never_takes_more_than_remains_frozen(pay):
    freeze = pay.freeze(out_no="dep-1", payer="customer-1", amount=D("100.00"), subject="押金")
    assert (freeze.status, freeze.frozen_remaining) == (PaymentStatus.SUCCEEDED, D("100.00"))

    taken = pay.transfer_to_pay(
        out_no="tr-1", auth_no=freeze.auth_no, amount=D("60.00"), subject="赔偿"
    )
    assert taken.status == PaymentStatus.PROCESSING
    # A transfer under way counts against what remains.
    refused(
        lambda: pay.transfer_to_pay(
            out_no="tr-2", auth_no=freeze.auth_no, amount=D("40.01"), subject="租金"
        ),
        "AMOUNT_EXCEEDS_FROZEN",
    )
    pay.transfer_to_pay(out_no="tr-3", auth_no=freeze.auth_no, amount=D("40.00"), subject="租金")
    refused(
        lambda: pay.transfer_to_pay(
            out_no="tr-4", auth_no=freeze.auth_no, amount=D("0.01"), subject="租金"
        ),
        "AMOUNT_EXCEEDS_FROZEN",
    )
    refused(lambda: pay.thaw(out_no="th-1", auth_no=freeze.auth_no), "AMOUNT_EXCEEDS_FROZEN")
    assert not SandboxPaymentRecord.objects.filter(out_no__in=["tr-2", "tr-4", "th-1"]).exists()
    sandbox_payments_complete()
    assert pay.query(out_no="dep-1").frozen_remaining == D("0.00")


def test_thaw_releases_part_then_all_that_remains(pay):
    freeze = pay.freeze(out_no="dep-1", payer="customer-1", amount=D("300.00"), subject="押金")

    part = pay.thaw(out_no="th-1", auth_no=freeze.auth_no, amount=D("100.00"))
    rest = pay.thaw(out_no="th-2", auth_no=freeze.auth_no)

    assert (part.status, part.amount) == (PaymentStatus.SUCCEEDED, D("100.00"))
    assert (rest.status, rest.amount) == (PaymentStatus.SUCCEEDED, D("200.00"))
    assert pay.query(out_no="dep-1").frozen_remaining == D("0.00")
    assert pay.thaw(out_no="th-2", auth_no=freeze.auth_no).trade_no == rest.trade_no


def test_a_failed_transfer_leaves_the_money_frozen(pay):
    freeze = pay.freeze(out_no="dep-1", payer="customer-1", amount=D("100.00"), subject="押金")
    sandbox_failure_add(service="payment", operation="transfer", reason="TRANSFER_FAILED")

    pay.transfer_to_pay(out_no="tr-1", auth_no=freeze.auth_no, amount=D("100.00"), subject="x")
    [settled] = sandbox_payments_complete()

    assert (settled.status, settled.reason) == (PaymentStatus.FAILED, "TRANSFER_FAILED")
    assert pay.query(out_no="dep-1").frozen_remaining == D("100.00")
    again = pay.transfer_to_pay(
        out_no="tr-2", auth_no=freeze.auth_no, amount=D("100.00"), subject="x"
    )
    assert again.status == PaymentStatus.PROCESSING


def test_refunds_never_add_up_beyond_what_was_paid(pay, agreement):
    pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("100.00"), subject="1期")
    # Not paid yet: nothing to refund.
    refused(
        lambda: pay.refund(out_no="rf-0", original_out_no="bill-1", amount=D("1.00")),
        "TRADE_NOT_REFUNDABLE",
    )
    sandbox_payments_complete()

    pay.refund(out_no="rf-1", original_out_no="bill-1", amount=D("60.00"))
    refused(
        lambda: pay.refund(out_no="rf-2", original_out_no="bill-1", amount=D("40.01")),
        "REFUND_EXCEEDS_PAID",
    )
    pay.refund(out_no="rf-3", original_out_no="bill-1", amount=D("40.00"))
    sandbox_payments_complete()

    trade = pay.query(out_no="bill-1")
    assert (trade.refunded_amount, trade.refundable_amount) == (D("100.00"), D("0.00"))
    assert pay.query(out_no="rf-3").original_out_no == "bill-1"
    refused(
        lambda: pay.refund(out_no="rf-4", original_out_no="bill-1", amount=D("0.01")),
        "REFUND_EXCEEDS_PAID",
    )


def test_a_failed_refund_gives_nothing_back_and_can_be_tried_again(pay, agreement):
    pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("100.00"), subject="1期")
    sandbox_payments_complete()
    sandbox_failure_add(service="payment", operation="refund", reason="REFUND_FAILED")

    pay.refund(out_no="rf-1", original_out_no="bill-1", amount=D("100.00"))
    [failed] = sandbox_payments_complete()

    assert (failed.status, failed.reason) == (PaymentStatus.FAILED, "REFUND_FAILED")
    assert pay.query(out_no="bill-1").refunded_amount == D("0.00")
    pay.refund(out_no="rf-2", original_out_no="bill-1", amount=D("100.00"))
    [done] = sandbox_payments_complete()
    assert done.status == PaymentStatus.SUCCEEDED


def test_the_next_withholds_fail_on_demand_for_one_merchant_only(pay, agreement, acme):
    sandbox_failure_add(
        service="payment",
        operation="withhold",
        reason="INSUFFICIENT_BALANCE",
        merchant="demo",
        times=2,
    )
    acme_pay = get_payment_provider(merchant="acme")
    acme_agreement = acme_pay.withhold_sign(out_no="s", payer="c").agreement_no

    for number in range(3):
        pay.withhold(out_no=f"b{number}", agreement_no=agreement, amount=D("10.00"), subject="")
    acme_pay.withhold(out_no="b0", agreement_no=acme_agreement, amount=D("10.00"), subject="")
    settled = {(r.out_no, r.status, r.reason) for r in sandbox_payments_complete(merchant="demo")}

    assert settled == {
        ("b0", PaymentStatus.FAILED, "INSUFFICIENT_BALANCE"),
        ("b1", PaymentStatus.FAILED, "INSUFFICIENT_BALANCE"),
        ("b2", PaymentStatus.SUCCEEDED, ""),
    }
    [acme_result] = sandbox_payments_complete(merchant="acme")
    assert acme_result.status == PaymentStatus.SUCCEEDED


def test_a_payer_ending_in_0000_has_no_balance(pay):
    agreement = pay.withhold_sign(out_no="sign-9", payer="13800000000").agreement_no

    pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("10.00"), subject="")
    [result] = sandbox_payments_complete()

    assert (result.status, result.reason) == (PaymentStatus.FAILED, "INSUFFICIENT_BALANCE")


def test_a_refused_freeze_fails_at_once(pay):
    sandbox_failure_add(
        service="payment", operation="freeze", reason="FREEZE_REFUSED", subject="customer-7"
    )

    other = pay.freeze(out_no="dep-0", payer="customer-1", amount=D("50.00"), subject="押金")
    result = pay.freeze(out_no="dep-1", payer="customer-7", amount=D("50.00"), subject="押金")

    assert other.status == PaymentStatus.SUCCEEDED
    assert (result.status, result.reason) == (PaymentStatus.FAILED, "FREEZE_REFUSED")
    assert result.frozen_remaining is None
    refused(
        lambda: pay.thaw(out_no="th-1", auth_no=result.auth_no, amount=D("1.00")),
        "AUTH_NOT_FOUND",
    )


def test_an_unreachable_provider_records_nothing_and_the_number_can_be_sent_again(pay):
    sandbox_failure_add(service="payment", operation="freeze", reason="SYSTEM_ERROR")

    refused(
        lambda: pay.freeze(out_no="dep-1", payer="c", amount=D("50.00"), subject=""),
        "SYSTEM_ERROR",
    )
    assert not SandboxPaymentRecord.objects.filter(out_no="dep-1").exists()
    again = pay.freeze(out_no="dep-1", payer="c", amount=D("50.00"), subject="")
    assert again.status == PaymentStatus.SUCCEEDED


def test_bad_amounts_and_unknown_references_are_refused(pay):
    for amount in (D("0"), D("-1.00"), D("1.001"), D("NaN"), "abc"):
        refused(
            lambda amount=amount: pay.freeze(out_no="d", payer="c", amount=amount, subject=""),
            "INVALID_AMOUNT",
        )
    refused(
        lambda: pay.withhold(out_no="b", agreement_no="G0", amount=D("1.00"), subject=""),
        "AGREEMENT_NOT_FOUND",
    )
    refused(
        lambda: pay.refund(out_no="r", original_out_no="nothing", amount=D("1.00")),
        "TRADE_NOT_REFUNDABLE",
    )
    refused(lambda: pay.query(out_no="nothing"), "NOT_FOUND")
    assert not SandboxPaymentRecord.objects.exists()


def test_asynchronous_outcomes_arrive_as_signed_callbacks(pay, agreement):
    pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("88.00"), subject="1期")
    assert not SandboxCallback.objects.exists()

    sandbox_payments_complete()

    [callback] = SandboxCallback.objects.all()
    assert (callback.provider, callback.event_type, callback.merchant) == (
        "payment",
        "withhold",
        "demo",
    )
    assert callback_signature_valid("payment", callback.body.encode(), callback.signature)
    assert '"out_no":"bill-1"' in callback.body and '"status":"succeeded"' in callback.body
    assert sandbox_payments_complete() == []  # settled once


def test_the_operations_that_settle_later_are_configurable(pay, agreement, settings):
    settings.SANDBOX_PAYMENT_ASYNC_OPERATIONS = ["freeze"]

    freeze = pay.freeze(out_no="dep-1", payer="c", amount=D("10.00"), subject="")
    withhold = pay.withhold(out_no="b-1", agreement_no=agreement, amount=D("10.00"), subject="")

    assert freeze.status == PaymentStatus.PROCESSING
    assert withhold.status == PaymentStatus.SUCCEEDED
    [settled] = sandbox_payments_complete()
    assert (settled.operation, settled.status) == (PaymentOperation.FREEZE, "succeeded")


def test_a_direct_payment_waits_for_the_payer(pay):
    created = pay.pay(out_no="recharge-1", payer="merchant-demo", amount=D("200.00"), subject="")
    assert created.status == PaymentStatus.PROCESSING
    assert created.qr_code.endswith(f"/sandbox/cashier/{created.trade_no}")
    assert sandbox_payments_complete() == []

    paid = sandbox_payer_pay(trade_no=created.trade_no)
    again = sandbox_payer_pay(merchant="demo", out_no="recharge-1")

    assert paid.status == again.status == PaymentStatus.SUCCEEDED
    assert SandboxCallback.objects.filter(event_type="pay").count() == 1


def test_the_sandbox_cashier_answers_any_host(pay):
    from tests.fixtures import ApiClient

    created = pay.pay(out_no="recharge-1", payer="m", amount=D("200.00"), subject="")
    client = ApiClient("payer-phone.example")

    answer = client.post(f"/api/sandbox/payments/{created.trade_no}/pay")
    unknown = client.post("/api/sandbox/payments/T000/pay")

    assert answer.ok and answer.data["status"] == "succeeded"
    assert unknown.code == 404


def test_the_adapter_serves_the_merchant_whose_schema_is_active(demo):
    with tenant_context(demo):
        assert get_payment_provider().merchant == "demo"
    with pytest.raises(ProviderError):
        get_payment_provider()


# --- the daily statement and mismatches on demand -------------------------------------------


def test_the_statement_lists_the_days_ended_money_operations_of_one_merchant(pay, agreement, acme):
    today = timezone.localdate()
    freeze = pay.freeze(out_no="dep-1", payer="customer-1", amount=D("300.00"), subject="押金")
    pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("99.50"), subject="1期")
    pay.withhold(out_no="bill-2", agreement_no=agreement, amount=D("20.00"), subject="2期")
    pay.pay(out_no="pay-1", payer="customer-1", amount=D("5.00"), subject="运费")  # waits
    get_payment_provider(merchant="acme").freeze(
        out_no="acme-dep", payer="customer-9", amount=D("1.00"), subject="押金"
    )
    sandbox_failure_add(service="payment", operation="withhold", reason="INSUFFICIENT_BALANCE")
    pay.withhold(out_no="bill-3", agreement_no=agreement, amount=D("30.00"), subject="3期")
    sandbox_payments_complete(merchant="demo")
    pay.refund(out_no="bill-1R1", original_out_no="bill-1", amount=D("9.50"))
    sandbox_payments_complete(merchant="demo")

    lines = pay.statement(day=today)

    assert [(r.operation, r.out_no, r.status, r.amount) for r in lines] == [
        ("freeze", "dep-1", "succeeded", D("300.00")),
        ("withhold", "bill-1", "succeeded", D("99.50")),
        ("withhold", "bill-2", "succeeded", D("20.00")),
        ("withhold", "bill-3", "failed", D("30.00")),
        ("refund", "bill-1R1", "succeeded", D("9.50")),
    ]
    assert lines[0].trade_no == freeze.trade_no and lines[3].reason == "INSUFFICIENT_BALANCE"
    assert lines[4].original_out_no == "bill-1"
    assert pay.statement(day=today - timedelta(days=1)) == []
    refused(lambda: pay.statement(day=today + timedelta(days=1)), "BILL_NOT_READY")


def test_an_unreachable_statement_is_a_failure_on_demand(pay):
    sandbox_failure_add(service="payment", operation="statement", reason="SYSTEM_ERROR")

    refused(lambda: pay.statement(day=timezone.localdate()), "SYSTEM_ERROR")
    assert pay.statement(day=timezone.localdate()) == []


def test_an_amount_differs_on_demand_and_a_resent_request_still_answers_it(pay, agreement):
    sandbox_failure_add(
        service="payment", operation="withhold", reason="AMOUNT_DIFFERS", subject="bill-1"
    )
    pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("99.50"), subject="1期")
    sandbox_payments_complete()

    again = pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("99.50"), subject="1期")

    assert (again.status, again.amount) == (PaymentStatus.SUCCEEDED, D("99.49"))
    (line,) = pay.statement(day=timezone.localdate())
    assert (line.out_no, line.amount) == ("bill-1", D("99.49"))


def test_a_voided_trade_reads_failed_and_an_unknown_one_succeeded(pay, agreement):
    pay.withhold(out_no="bill-1", agreement_no=agreement, amount=D("99.50"), subject="1期")
    sandbox_payments_complete()

    voided = sandbox_payment_void(merchant="demo", out_no="bill-1")
    unknown = sandbox_payment_unknown(merchant="demo", amount=D("66.00"), out_no="X-1")

    assert (voided.status, voided.reason) == (PaymentStatus.FAILED, "REVERSED")
    assert pay.query(out_no="bill-1").status == PaymentStatus.FAILED
    assert sandbox_payment_unknown(merchant="demo", amount=D("66.00"), out_no="X-1") == unknown
    assert {(r.out_no, r.status, r.amount) for r in pay.statement(day=timezone.localdate())} == {
        ("bill-1", "failed", D("99.50")),
        ("X-1", "succeeded", D("66.00")),
    }
    refused(lambda: sandbox_payment_void(merchant="demo", out_no="bill-1"), "NOT_FOUND")
