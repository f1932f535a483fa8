"""One lease's money under random sequences of everything that moves it (a Hypothesis
`RuleBasedStateMachine`), with the rules of docs/money.md checked after every step.

The lease is the demo shop's, made once per test through the real calls (`in_lease`: bill 1
paid, bills 2… unpaid, 500.00 frozen, the customer's withhold agreement); each example
starts from it inside a savepoint rolled back when the example ends, so every example has
the same fresh lease. The shop's rows and the sandbox provider's (public schema, the same
connection) go back together: the provider never remembers a trade our books forgot.
Nothing the money paths read is cached outside the database (the cache holds accounts and
hosts only), so nothing of an example survives it.

The steps go through the API the shop and the customer's app use (and, for the night and
the provider, the functions their tasks and the sandbox run): the customer paying a bill
(paying at the cashier or not), the shop's withhold, the night (`collect_night` on a later
day), a deposit transfer, an offline repayment, an early settlement (provider or offline),
a buyout and a renewal (asked, approved or rejected), a refund, a late-fee waiver, the
provider settling, its callbacks delivered, replayed or lost, its failures on demand, and
`queryPayResult`. A call refused with an envelope error is part of the game (noted, not a
failure); an answer of 500, any other exception, or a callback handler that crashed
(rather than refused) is a failure.

Days pass by moving the clock: `django.utils.timezone.now` runs whole days ahead, so the
night, the quote, the offline receipt's day, a renewal's dates and `created_at` all agree
on what today is (`collect_night(today=…)` alone would run the night on a day the rest of
the shop has not reached). Tokens and the app's signatures read `time.time()` and stay in
real time.

The rules are sums over rows and ledger balances, whatever the status of a bill says (a
bill may end partly paid):
1. nothing is paid twice: a bill's succeeded payments never add up to more than it asked,
   no bill has two collections in flight at once, and the money the provider took for the
   order's trades is the money our books booked for the order;
2. every bill adds up (asked = paid + discount + waived + still owed, each part from its
   rows), no late fee vanishes (cancelled bills owe none, waivers are rows) and none
   accrues for a day the bill was not overdue (nor is a bill born overdue);
3. the deposit never goes below zero, nor is more of it in flight than is left;
4. the merchant's books balance.

`HYPOTHESIS_PROFILE=long` runs many more examples (benchmark day); the default profile is
derandomized, so CI runs the same sequences every time.
"""

from __future__ import annotations

import base64
import os
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from io import BytesIO
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django_tenants.utils import tenant_context
from hypothesis import HealthCheck, Phase, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)
from PIL import Image

from apps.billing.models import (
    Bill,
    BillLateFee,
    BillPayment,
    BillRefund,
    BillStatus,
    EarlySettlement,
    LateFeeWaiver,
)
from apps.orders.collection import collect_night
from apps.orders.models import DepositOperation, Order
from apps.orders.tests.support import (
    DEMO,
    IntakeClient,
    Placed,
    books_balance,
    goods_on_shelf,
    in_lease,
    order_books,
)
from tenants.merchants.models import Merchant, SettlementTerms
from tests.fixtures import ApiClient, Envelope
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.providers.interfaces import PaymentOperation, PaymentStatus
from zulin.providers.models import (
    ProviderCallbackLog,
    SandboxCallback,
    SandboxCallbackStatus,
    SandboxPaymentRecord,
)
from zulin.providers.payment import (
    AMOUNT_DIFFERS,
    INSUFFICIENT_BALANCE,
    sandbox_payer_pay,
    sandbox_payments_complete,
)
from zulin.providers.sandbox import (
    CALLBACK_LOST,
    SYSTEM_ERROR,
    CallbackDelivery,
    in_process_transport,
    sandbox_callback_replay,
    sandbox_callback_send,
    sandbox_failure_add,
    sandbox_failures_clear,
)

ZERO = Decimal("0.00")
CENT = Decimal("0.01")

# No explain phase: it reruns a failing example many times over to point at lines, which
# the failing rule's message already names.
PHASES = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink]
PROFILES = {
    "default": settings(
        max_examples=50,
        stateful_step_count=15,
        deadline=None,
        derandomize=True,
        database=None,
        phases=PHASES,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    ),
    "long": settings(
        max_examples=300,
        stateful_step_count=40,
        deadline=None,
        database=None,
        phases=PHASES,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    ),
}

# What the provider may do to the next request of an operation (None: nothing unusual).
CHARGE_FAILURES = (CALLBACK_LOST, AMOUNT_DIFFERS, INSUFFICIENT_BALANCE, SYSTEM_ERROR)
OTHER_FAILURES = (CALLBACK_LOST, INSUFFICIENT_BALANCE, SYSTEM_ERROR)
MONEY_IN = (PaymentOperation.PAY, PaymentOperation.WITHHOLD, PaymentOperation.TRANSFER)

QUOTE = "/api/finance/getEarlySettlementQuote"
APPLY = "/api/applet/applyAfterSale"


def _voucher() -> str:
    """A real PNG (a photographed bank slip, as far as the server can tell), base64."""
    out = BytesIO()
    Image.new("RGB", (32, 20), (30, 120, 200)).save(out, "PNG")
    return base64.b64encode(out.getvalue()).decode()


VOUCHER = _voucher()


# Which bill owing a late fee a waiver picks: the oldest half the time.
NTH = st.just(0) | st.integers(1, 2)


def _failure(reasons: tuple[str, ...]) -> st.SearchStrategy[str | None]:
    return st.none() | st.sampled_from(reasons)


def _sum(values: Any) -> Decimal:
    return sum(values, ZERO)


class Clock:
    """`django.utils.timezone.now`, whole days ahead of the real one."""

    def __init__(self, real: Callable[[], datetime]) -> None:
        self.real = real
        self.days = 0

    def now(self) -> datetime:
        return self.real() + timedelta(days=self.days)


@dataclass
class Shop:
    """What every example shares: made once per test, outside the examples' savepoints."""

    merchant: Merchant
    owner: ApiClient
    app: IntakeClient
    lease: Placed
    payer: str  # the lease's customer at the provider
    clock: Clock


class LeaseMoney(RuleBasedStateMachine):
    shop: Shop  # set by the test before it runs the machine

    def __init__(self) -> None:
        super().__init__()
        self.keys = 0
        self.order = self.shop.lease
        self.shop.clock.days = 0
        self.example = transaction.atomic()
        self.example.__enter__()

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self.example.__exit__(None, None, None)
        connection.set_schema_to_public()
        self.shop.clock.days = 0

    # --- helpers ------------------------------------------------------------------------

    @contextmanager
    def _in_shop(self) -> Iterator[None]:
        with tenant_context(self.shop.merchant):
            yield
        connection.set_schema_to_public()

    def _key(self, what: str) -> str:
        self.keys += 1
        return f"machine-{what}-{self.keys:04d}"

    def _answer(self, what: str, answer: Envelope) -> Envelope:
        connection.set_schema_to_public()
        assert answer.status < 500 and answer.code != ErrorCode.SERVER_ERROR, (what, answer)
        note(f"{what}: {answer.code}" + ("" if answer.ok else f" {answer.data}"))
        return answer

    def _post(self, what: str, path: str, body: dict[str, Any]) -> Envelope:
        return self._answer(what, self.shop.owner.post(path, body))

    def _app(self, what: str, path: str, body: dict[str, Any]) -> Envelope:
        return self._answer(what, self.shop.app.post(path, {"order_no": self.order.no, **body}))

    @contextmanager
    def _provider_does(self, failure: str | None, *operations: str) -> Iterator[None]:
        """The provider answers the lease's customer's next request of `operations` with
        `failure` (once; the night charges other customers too); whatever was not used is
        forgotten after the step."""
        if failure:
            note(f"the provider's next {'/'.join(operations)}: {failure}")
            for operation in operations:
                sandbox_failure_add(
                    service="payment",
                    operation=operation,
                    reason=failure,
                    merchant=self.shop.merchant.slug,
                    subject=self.shop.payer,
                )
        try:
            yield
        finally:
            sandbox_failures_clear(service="payment")

    def _bills(self) -> list[Bill]:
        with self._in_shop():
            return list(Bill.objects.filter(order_id=self.order.id).order_by("period"))

    def _open_period(self, *, first: int = 0) -> int:
        """The oldest bill from period `first` still open (unpaid or being paid; the buyout
        bill is period 0): the one a payment may take, older bills being paid first. Bill 2
        if none is."""
        open_bills = [
            b
            for b in self._bills()
            if b.status in (BillStatus.UNPAID, BillStatus.PAYING) and b.period >= first
        ]
        return open_bills[0].period if open_bills else 2

    def _our_numbers(self) -> dict[str, set[str]]:
        """Each request number of the order we sent the provider, and what our rows say of
        it."""
        found: dict[str, set[str]] = defaultdict(set)
        with self._in_shop():
            rows = [
                BillPayment.objects.filter(bill__order_id=self.order.id)
                .exclude(method__in=["early", "offline", "deposit"])
                .values_list("out_trade_no", "status"),
                EarlySettlement.objects.filter(order_id=self.order.id).values_list(
                    "settlement_no", "status"
                ),
                DepositOperation.objects.filter(order_id=self.order.id).values_list(
                    "out_request_no", "status"
                ),
                BillRefund.objects.filter(order_id=self.order.id).values_list("out_no", "status"),
            ]
            for query in rows:
                for number, status in query:
                    found[number].add(status)
        return found

    def _provider_records(self) -> list[SandboxPaymentRecord]:
        return list(
            SandboxPaymentRecord.objects.filter(
                merchant=self.shop.merchant.slug, out_no__startswith=self.order.no
            ).order_by("id")
        )

    def _callbacks(self, *statuses: str) -> list[SandboxCallback]:
        return list(
            SandboxCallback.objects.filter(
                merchant=self.shop.merchant.slug,
                provider="payment",
                status__in=statuses,
                body__contains=f'"out_no":"{self.order.no}',
            ).order_by("id")
        )

    def _told(self, out_no: str) -> bool:
        """The provider's callback about `out_no` reached our route at least once."""
        return SandboxCallback.objects.filter(
            merchant=self.shop.merchant.slug,
            provider="payment",
            attempts__gt=0,
            body__contains=f'"out_no":"{out_no}"',
        ).exists()

    # --- the lease ----------------------------------------------------------------------

    @initialize(without_ownership_transfer=st.booleans())
    def lease(self, without_ownership_transfer: bool) -> None:
        """A lease that transfers ownership (settling early buys it out), or one that does
        not (settled early, it runs to its end with nothing owed)."""
        if without_ownership_transfer:
            with self._in_shop():
                Order.objects.filter(pk=self.order.id).update(ownership_transfer=False)

    # --- the customer -------------------------------------------------------------------

    @rule(pays=st.booleans(), failure=_failure(CHARGE_FAILURES))
    def customer_pays_a_bill(self, pays: bool, failure: str | None) -> None:
        """The customer pays the oldest bill open in the app, then pays at the provider's
        cashier or not."""
        period = self._open_period(first=1)
        with self._provider_does(failure, PaymentOperation.PAY):
            answer = self._app(
                f"payBill {period}",
                "/api/applet/payBill",
                {"period": period, "idempotency_key": self._key("pay")},
            )
        if answer.ok and pays:
            with self._in_shop():
                waiting = list(
                    BillPayment.objects.filter(
                        bill__order_id=self.order.id,
                        bill__period=period,
                        method=BillPayment.Method.CUSTOMER,
                        status=BillPayment.Status.PROCESSING,
                    ).values_list("out_trade_no", flat=True)
                )
            for out_no in waiting:
                paid = sandbox_payer_pay(merchant=self.shop.merchant.slug, out_no=out_no)
                note(f"the customer pays {out_no} at the cashier: {paid.status}")

    @rule(decides_now=st.booleans(), failure=_failure(CHARGE_FAILURES))
    def customer_asks_to_buy_out(self, decides_now: bool, failure: str | None) -> None:
        """A buyout asked for in the app; the shop approves it now (charging bill 0 at
        once), or decides later."""
        asked = self._app("applyAfterSale buyout", APPLY, {"kind": "buyout", "reason": "想买断"})
        if asked.ok and decides_now:
            self.shop_decides_the_after_sale(approve=True, failure=failure)

    @rule(extra_term=st.integers(1, 3), decides_now=st.booleans())
    def customer_asks_to_renew(self, extra_term: int, decides_now: bool) -> None:
        """A renewal of `extra_term` more months; approved now (its bills added), or later."""
        asked = self._app(
            f"applyAfterSale renewal +{extra_term}",
            APPLY,
            {"kind": "renewal", "reason": "续租", "extra_term": extra_term},
        )
        if asked.ok and decides_now:
            self.shop_decides_the_after_sale(approve=True, failure=None)

    # --- the shop -----------------------------------------------------------------------

    @rule(failure=_failure(CHARGE_FAILURES))
    def shop_withholds_a_bill(self, failure: str | None) -> None:
        """`BillPayment` of the oldest bill open (the buyout bill first)."""
        period = self._open_period()
        with self._provider_does(failure, PaymentOperation.WITHHOLD):
            self._post(
                f"BillPayment {period}",
                "/api/v2/BillPayment",
                {"order_id": self.order.id, "period": period, "idempotency_key": self._key("wh")},
            )

    @rule(one_bill=st.booleans(), failure=_failure(OTHER_FAILURES))
    def shop_takes_the_deposit_for_bills(self, one_bill: bool, failure: str | None) -> None:
        body: dict[str, Any] = {
            "order_id": self.order.id,
            "purpose": "bills",
            "idempotency_key": self._key("transfer"),
        }
        unpaid = [b for b in self._bills() if b.status == BillStatus.UNPAID and b.period >= 1]
        if one_bill and unpaid:
            body["amount"] = str(unpaid[0].amount)
        with self._provider_does(failure, PaymentOperation.TRANSFER):
            self._post("depositTransferPay", "/api/platform/depositTransferPay", body)

    @rule()
    def finance_records_an_offline_repayment(self) -> None:
        """The oldest instalment open repaid at the bank, exactly what it owes, with a
        voucher."""
        period = self._open_period(first=1)
        bill = next((b for b in self._bills() if b.period == period), None)
        owed = bill.late_fee_owed + bill.rent_owed if bill else Decimal("399.00")
        self._post(
            f"recordOfflineRepayment {period} {owed}",
            "/api/finance/recordOfflineRepayment",
            {
                "order_id": self.order.id,
                "period": period,
                "amount": str(owed),
                "channel": "bank_transfer",
                "paid_on": timezone.localdate().isoformat(),
                "payer_name": "张三",
                "bank_reference": "CMB20261124000123",
                "remark": "客户到店转账",
                "voucher_base64": VOUCHER,
                "idempotency_key": self._key("offline"),
            },
        )

    @rule(offline=st.booleans(), failure=_failure(CHARGE_FAILURES))
    def finance_settles_the_lease_early(self, offline: bool, failure: str | None) -> None:
        quote = self._answer(
            "getEarlySettlementQuote", self.shop.owner.get(QUOTE, {"order_id": self.order.id})
        )
        if not quote.ok:
            return
        body: dict[str, Any] = {
            "order_id": self.order.id,
            "total": quote.data["total"],
            "method": "offline" if offline else "provider",
            "idempotency_key": self._key("early"),
        }
        if offline:
            body["offline"] = {
                "channel": "cash",
                "paid_on": timezone.localdate().isoformat(),
                "payer_name": "张三",
                "remark": "到店现金结清",
                "voucher_base64": VOUCHER,
            }
        with self._provider_does(failure, PaymentOperation.WITHHOLD):
            self._post(f"settleEarly {body['method']}", "/api/finance/settleEarly", body)

    @rule(approve=st.booleans(), failure=_failure(CHARGE_FAILURES))
    def shop_decides_the_after_sale(self, approve: bool, failure: str | None) -> None:
        """The open business approved (a buyout is charged at once, by withhold of its bill
        0; a renewal adds its bills) or rejected."""
        body: dict[str, Any] = {"order_id": self.order.id, "idempotency_key": self._key("deal")}
        if approve:
            body["decision"] = "approve"
        else:
            body |= {"decision": "reject", "reject_code": "other", "reason": "请先结清账单"}
        with self._provider_does(failure, PaymentOperation.WITHHOLD):
            self._post(f"dealAfterSale {body['decision']}", "/api/platform/dealAfterSale", body)

    @rule(
        nth=st.integers(0, 2),
        share=st.sampled_from(["0.01", "half", "all"]),
        failure=_failure(OTHER_FAILURES),
    )
    def shop_refunds_part_of_a_payment(self, nth: int, share: str, failure: str | None) -> None:
        with self._in_shop():
            paid = list(
                BillPayment.objects.filter(
                    bill__order_id=self.order.id, status=BillPayment.Status.SUCCEEDED
                )
                .select_related("bill")
                .order_by("bill__period", "id")
            )
            left = {
                p.pk: p.amount
                - _sum(r.amount for r in p.refunds.exclude(status=BillRefund.Status.FAILED))
                for p in paid
            }
        if not paid:
            return
        payment = paid[min(nth, len(paid) - 1)]
        refundable = max(left[payment.pk], CENT)
        amount = {
            "0.01": CENT,
            "half": max((refundable / 2).quantize(CENT, rounding=ROUND_HALF_UP), CENT),
            "all": refundable,
        }[share]
        with self._provider_does(failure, PaymentOperation.REFUND):
            self._post(
                f"refundBillPayment {payment.bill.period} {amount}",
                "/api/finance/refundBillPayment",
                {
                    "order_id": self.order.id,
                    "period": payment.bill.period,
                    "amount": str(amount),
                    "reason": "客户投诉，部分退款",
                    "idempotency_key": self._key("refund"),
                },
            )

    @rule(nth=NTH, all_of_it=st.booleans())
    def finance_waives_a_late_fee(self, nth: int, all_of_it: bool) -> None:
        owing = [b for b in self._bills() if b.late_fee_owed > 0 and b.period >= 1]
        bill = owing[min(nth, len(owing) - 1)] if owing else None
        body: dict[str, Any] = {
            "order_id": self.order.id,
            "period": bill.period if bill else 2,
            "reason": "客户住院，减免",
            "idempotency_key": self._key("waive"),
        }
        if not all_of_it:
            body["amount"] = "0.01"
        self._post(f"waiveLateFee {body['period']}", "/api/finance/waiveLateFee", body)

    @rule(nth=st.integers(0, 3))
    def shop_asks_the_provider_again(self, nth: int) -> None:
        """queryPayResult of one of the order's requests, those still in flight first."""
        ours = self._our_numbers()
        numbers = sorted(ours, key=lambda n: ("processing" not in ours[n], n))
        if numbers:
            out_no = numbers[min(nth, len(numbers) - 1)]
            self._answer(
                f"queryPayResult {out_no}",
                self.shop.owner.get("/api/platform/queryPayResult", {"out_no": out_no}),
            )

    # --- the night ----------------------------------------------------------------------

    @rule(
        days=st.sampled_from([0, 1, 35, 65, 95, 370]),
        failure=_failure(CHARGE_FAILURES),
    )
    def night_passes(self, days: int, failure: str | None) -> None:
        """`days` later (0: the same night again; 35: bill 2 a few days overdue; 370: past
        the lease's end), the night's collection runs: stale payments, late fees, the
        auto-debit, reminders, statements. A day later the provider has long finished what
        it was processing (it takes seconds) and its callbacks have arrived, but for the
        lost ones and the customer's payments still waiting at the cashier."""
        if days:
            self.provider_settles(nth=None, callbacks_held=False)
        self.shop.clock.days += days
        today = timezone.localdate()
        with self._provider_does(failure, PaymentOperation.WITHHOLD), self._in_shop():
            try:
                night = collect_night(today=today)
            except ApplicationError as error:
                note(f"night of {today}: refused {error.code}")
                return
        note(f"night of {today}: {night['stale']} {night['late_fees']} {night['debit']}")

    # --- the provider -------------------------------------------------------------------

    @rule(nth=st.none() | st.integers(0, 2), callbacks_held=st.booleans())
    def provider_settles(self, nth: int | None, callbacks_held: bool) -> None:
        """The provider finishes what it is processing for the order (all, or one), each
        writing its callback (a lost one is never sent); the callbacks arrive at once, or
        wait for `callbacks_arrive`."""
        waiting = [
            r
            for r in self._provider_records()
            if r.status == PaymentStatus.PROCESSING and r.settle_after is not None
        ]
        if nth is not None:
            waiting = waiting[min(nth, len(waiting) - 1) :][:1]
        for record in waiting:
            sandbox_payments_complete(merchant=self.shop.merchant.slug, out_no=record.out_no)
            note(f"the provider settles {record.operation} {record.out_no}")
        if not callbacks_held:
            self.callbacks_arrive(again=None)

    @rule(again=st.none() | st.integers(0, 3))
    def callbacks_arrive(self, again: int | None) -> None:
        """Every callback of the order waiting to be sent arrives (one our route refused is
        sent again), each handled in process by the function the route calls; or, `again`,
        the nth callback already sent arrives once more, or a lost one arrives at last."""
        if again is None:
            for callback in self._callbacks(SandboxCallbackStatus.PENDING):
                delivery = sandbox_callback_send(callback, transport=in_process_transport)
                self._handled(f"callback {callback.event_type}", delivery)
            return
        sent = self._callbacks(SandboxCallbackStatus.DELIVERED, SandboxCallbackStatus.LOST)
        if sent:
            callback = sent[min(again, len(sent) - 1)]
            delivery = sandbox_callback_replay(event_id=callback.event_id)
            self._handled(f"callback {callback.event_type} ({callback.status}) again", delivery)

    def _handled(self, what: str, delivery: CallbackDelivery) -> None:
        """Our route refuses a callback its handler could not process (the provider sends it
        again later): fine when the handler refused it, a failure when it crashed."""
        connection.set_schema_to_public()
        note(f"{what}: {delivery.code}")
        if delivery.code == ErrorCode.CALLBACK_NOT_PROCESSED:
            log = ProviderCallbackLog.objects.get(provider="payment", event_id=delivery.event_id)
            assert log.error.startswith(ApplicationError.__name__), f"{what}: {log.error}"

    # --- the rules ----------------------------------------------------------------------

    @invariant()
    def nothing_is_paid_twice(self) -> None:
        """1. No bill collected twice, and no money taken that is in no book."""
        with self._in_shop():
            bills = {b.pk: b for b in Bill.objects.filter(order_id=self.order.id)}
            rent_parts: defaultdict[int, Decimal] = defaultdict(Decimal)
            late_fee_parts: defaultdict[int, Decimal] = defaultdict(Decimal)
            # Each bill's collections in flight, by their request numbers (a deposit
            # transfer's and an early settlement's payments carry the request's own).
            in_flight: defaultdict[int, set[str]] = defaultdict(set)
            for payment in BillPayment.objects.filter(bill_id__in=bills):
                if payment.status == BillPayment.Status.SUCCEEDED:
                    rent_parts[payment.bill_id] += payment.amount - payment.late_fee_amount
                    late_fee_parts[payment.bill_id] += payment.late_fee_amount
                elif payment.status == BillPayment.Status.PROCESSING:
                    in_flight[payment.bill_id].add(payment.out_trade_no)
            for op in DepositOperation.objects.filter(
                order_id=self.order.id, kind="transfer", status="processing"
            ):
                for bill_id in op.bill_ids:
                    in_flight[bill_id].add(op.out_request_no)
            for settlement in EarlySettlement.objects.filter(
                order_id=self.order.id, status="processing"
            ):
                for line in settlement.lines:
                    in_flight[int(line["bill_id"])].add(settlement.settlement_no)
        for bill_id, bill in bills.items():
            assert rent_parts[bill_id] + bill.discount <= bill.amount, (
                f"bill {bill.period} asked {bill.amount} (discount {bill.discount}), "
                f"its payments took {rent_parts[bill_id]} of rent"
            )
            assert late_fee_parts[bill_id] + bill.late_fee_waived <= bill.late_fee, (
                f"bill {bill.period} accrued {bill.late_fee} of late fee (waived "
                f"{bill.late_fee_waived}), its payments took {late_fee_parts[bill_id]}"
            )
            assert len(in_flight[bill_id]) <= 1, (
                f"bill {bill.period} has collections {sorted(in_flight[bill_id])} in flight"
            )
            settled = (
                rent_parts[bill_id] + bill.discount == bill.amount
                and late_fee_parts[bill_id] + bill.late_fee_waived == bill.late_fee
            )
            assert not (settled and in_flight[bill_id]), (
                f"bill {bill.period} owes nothing and is still being collected"
            )

        # Money the provider took for the order (less what it gave back) is money booked:
        # at the provider's clearing account, less the commission booked against it. A
        # trade counts on neither side while we have not heard of its outcome (ours still
        # processing, its callback not sent yet); once told, it must be in the books.
        ours = self._our_numbers()
        taken = ZERO
        for record in self._provider_records():
            if record.status != PaymentStatus.SUCCEEDED:
                continue
            if "processing" in ours[record.out_no] and not self._told(record.out_no):
                continue
            if record.operation in MONEY_IN:
                taken += record.amount
            elif record.operation == PaymentOperation.REFUND:
                taken -= record.amount
        books = order_books(self.shop.merchant, self.order.id)
        booked = books.get("provider_clearing", ZERO) + books.get("commission_expense", ZERO)
        assert taken == booked, (
            f"the provider took {taken} net for the order's trades, the books have {booked}"
        )

    @invariant()
    def every_bill_adds_up(self) -> None:
        """2. Billed = paid + discount + waived + still owed, per bill and in total; no late
        fee vanishes, none is charged for a day the bill was not overdue."""
        with self._in_shop():
            bills = list(Bill.objects.filter(order_id=self.order.id).order_by("period"))
            ids = [b.pk for b in bills]
            paid_rent: defaultdict[int, Decimal] = defaultdict(Decimal)
            paid_late_fee: defaultdict[int, Decimal] = defaultdict(Decimal)
            for payment in BillPayment.objects.filter(bill_id__in=ids, status="succeeded"):
                paid_rent[payment.bill_id] += payment.amount - payment.late_fee_amount
                paid_late_fee[payment.bill_id] += payment.late_fee_amount
            accrued: defaultdict[int, Decimal] = defaultdict(Decimal)
            fee_days: dict[int, list[date]] = defaultdict(list)
            for row in BillLateFee.objects.filter(bill_id__in=ids):
                accrued[row.bill_id] += row.amount
                fee_days[row.bill_id].append(row.day)
            waived: defaultdict[int, Decimal] = defaultdict(Decimal)
            for waiver in LateFeeWaiver.objects.filter(bill_id__in=ids):
                waived[waiver.bill_id] += waiver.amount
        for bill in bills:
            name = f"bill {bill.period} ({bill.status})"
            # What it asked = paid + discount + still owed, each from its own rows.
            assert bill.paid_amount == paid_rent[bill.pk], (
                f"{name}: paid_amount {bill.paid_amount}, its payments' rent {paid_rent[bill.pk]}"
            )
            assert bill.amount - bill.paid_amount - bill.discount >= 0, f"{name}: overpaid"
            assert bill.late_fee == accrued[bill.pk], (
                f"{name}: late_fee {bill.late_fee}, its days add up to {accrued[bill.pk]}"
            )
            assert bill.late_fee_paid == paid_late_fee[bill.pk], (
                f"{name}: late_fee_paid {bill.late_fee_paid}, its payments' late fee "
                f"{paid_late_fee[bill.pk]}"
            )
            assert bill.late_fee_waived == waived[bill.pk], (
                f"{name}: late_fee_waived {bill.late_fee_waived}, its waivers {waived[bill.pk]}"
            )
            assert bill.late_fee_owed >= 0, f"{name}: late fee owed {bill.late_fee_owed}"
            # No late fee vanishes: a bill no longer owed owes no late fee either.
            if bill.status == BillStatus.CANCELLED:
                assert bill.late_fee_owed == 0, (
                    f"{name}: cancelled with {bill.late_fee_owed} of late fee neither paid "
                    "nor waived"
                )
            # A late fee only for a day the bill existed and was overdue.
            born = timezone.localdate(bill.created_at)
            assert bill.due_date >= born, f"{name}: made on {born}, already due {bill.due_date}"
            early = [d for d in fee_days[bill.pk] if d <= bill.due_date or d < born]
            assert not early, f"{name} (due {bill.due_date}, made {born}): late fee on {early}"
        asked = _sum(b.amount + b.late_fee for b in bills)
        owed = _sum(
            b.rent_owed - b.discount + b.late_fee_owed
            for b in bills
            if b.status != BillStatus.CANCELLED
        )
        given_up = _sum(b.rent_owed - b.discount for b in bills if b.status == "cancelled")
        settled = _sum(paid_rent.values()) + _sum(paid_late_fee.values())
        discounts = _sum(b.discount for b in bills)
        assert asked == settled + discounts + _sum(waived.values()) + owed + given_up, (
            f"billed {asked} = paid {settled} + discount {discounts} + waived "
            f"{_sum(waived.values())} + owed {owed} + no longer owed {given_up}?"
        )

    @invariant()
    def the_deposit_never_goes_negative(self) -> None:
        """3. Frozen - transferred - thawed >= what is in flight >= 0, each figure the sum of
        its operations."""
        with self._in_shop():
            order = Order.objects.get(pk=self.order.id)
            ops = list(DepositOperation.objects.filter(order_id=self.order.id))
        done: defaultdict[str, Decimal] = defaultdict(Decimal)
        in_flight = ZERO
        for op in ops:
            if op.status == "succeeded":
                done[op.kind] += op.amount
            elif op.status == "processing" and op.kind in ("thaw", "transfer"):
                in_flight += op.amount
        remaining = order.deposit_frozen - order.deposit_transferred - order.deposit_thawed
        assert (order.deposit_frozen, order.deposit_transferred, order.deposit_thawed) == (
            done["freeze"],
            done["transfer"],
            done["thaw"],
        ), "the order's deposit figures are not its operations' sums"
        assert remaining >= 0, f"deposit remaining {remaining}"
        assert in_flight <= remaining, f"{in_flight} in flight of {remaining} remaining"

    @invariant()
    def the_books_balance(self) -> None:
        """4. The merchant's ledger check finds nothing wrong."""
        assert books_balance(self.shop.merchant) == []


def test_a_lease_s_money_holds_whatever_happens_to_it(demo, demo_owner, monkeypatch):
    # The shop takes 5 % commission, gives 10 % off early settlements and charges late fees
    # high enough to see (0.5 % a day, 1 % after 15 days).
    SettlementTerms.objects.create(
        merchant=demo,
        commission_rate=Decimal("5.00"),
        settlement_cycle="T+1",
        bank_name="招商银行",
        account_name="演示租赁",
        account_number="6225880000000001",
    )
    for path, body in (
        (
            "/api/backend/saveOrderSetting",
            {
                "unpaid_cancel_minutes": 30,
                "auto_receive_days": 7,
                "early_buyout_discount_rate": "0.1000",
                "buyout_from_period": 1,
            },
        ),
        (
            "/api/finance/saveFinanceSetting",
            {"late_fee_rate_early": "0.5000", "late_fee_rate_late": "1.0000"},
        ),
    ):
        saved = demo_owner.post(path, body)
        assert saved.ok, saved
    app = IntakeClient(demo, DEMO)
    lease = in_lease(demo, demo_owner, app, goods_on_shelf(demo_owner))
    with tenant_context(demo):
        payer = f"cust-{Order.objects.get(pk=lease.id).customer_id}"
    clock = Clock(timezone.now)
    monkeypatch.setattr(timezone, "now", clock.now)
    shop = Shop(demo, demo_owner, app, lease, payer, clock)
    monkeypatch.setattr(LeaseMoney, "shop", shop, raising=False)
    profile = PROFILES.get(os.environ.get("HYPOTHESIS_PROFILE", ""), PROFILES["default"])
    run_state_machine_as_test(LeaseMoney, settings=profile)
