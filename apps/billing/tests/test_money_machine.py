"""One lease's money under random sequences of everything that moves it (a Hypothesis
`RuleBasedStateMachine`), with the rules of docs/money.md checked after every step.

The lease is the demo shop's, made once per test through the real calls (`in_lease`: bill 1
paid with 12.00 of shipping fee, bills 2… unpaid, 500.00 frozen, the customer's withhold
agreement; the shop writes debts off 5 days past due); each example
starts from it inside a savepoint rolled back when the example ends, so every example has
the same fresh lease. The shop's rows and the sandbox provider's (public schema, the same
connection) go back together: the provider never remembers a trade our books forgot.
Nothing the money paths read is cached outside the database (the cache holds accounts and
hosts only), so nothing of an example survives it.

The steps go through the API the shop, its collectors and the customer's app use (and, for
the night and the provider, the functions their tasks and the sandbox run):
- payments by each way: the customer paying a bill in the app (paying at the cashier or
  not), the shop's withhold, the night's auto-debit, a deposit transfer for bills, an
  offline repayment, an early settlement (provider or offline), a buyout (asked, approved
  or rejected; charged at once), a payment link a collector sends for the open recovery
  case (the customer paying through it or not);
- the provider's outcomes: settling (all or one; a long result on demand: 0.01 more than
  asked), short results (`AMOUNT_DIFFERS`), lost callbacks, failures on demand, callbacks
  delivered, held, replayed or lost ones arriving at last, `queryPayResult`;
- the deposit: the shop's thaw (what is left, all of it named, or a cent), a refund of rent
  the deposit paid (`refundDeposit`);
- refunds of each kind of payment (`refundBillPayment` of a withheld, customer or link
  payment; of an offline or deposit-paid bill it is refused, those go back another way),
  and of the shipping fee (`refundSfAmount`, no commission back);
- waivers: a late fee in whole or in part (`waiveLateFee`), a bill or charge whole or a
  part of its principal (`waiveOrderCharge`); recovery's write-off of the open case
  (`writeOffDebt`);
- renewals, and returns: asked, approved and received today (early, or after the lease
  end) or on a bill's due day, inspected at once or later, with no damage, some, or damage
  above what the deposit has left, with the customer's payment just started (in flight:
  the inspection closes it at the provider first, or refuses 1305);
- time: the night (`rent_run_night` then recovery's night, a day, a month or a year later,
  or the same night again) and the clock at China midnight (23:59:00 or 00:00:30
  Asia/Shanghai, where the UTC day is the day before), the night run there or not;
- a money call made again with a key already used: the same request, or another one;
- orders that never became a deal (issue 60), made once beside the lease: one awaiting
  audit, one audited and signed awaiting bill 1, a purchase awaiting payment. The customer
  opens bill 1's cashier on them (paying at once or not), and each ends by every path that
  ends a non-deal: the unsigned/unpaid job after `unpaid_cancel_minutes`, the shop's close,
  the platform's close (of the lease in force too, whatever it has in flight), the audit's
  refusal, the purchase cancelled; the customer pays an open cashier after the end;
- the shop's settings and money out: late-fee rates of 0 (or back), a withdrawal of part or
  all of the withdrawable balance; each example settles T+1 or T+3, and the night closes
  the statements (refunds making a day's net negative hold it).
A call refused with an envelope error is part of the game (noted and counted, not a
failure); an answer of 500, any other exception, or a callback handler that crashed
(rather than refused) is a failure.

Days pass by moving the clock: `django.utils.timezone.now` runs whole days ahead (and, at
China midnight, to the minute chosen), so the night, the quote, the offline receipt's day,
a renewal's dates and `created_at` all agree on what today is (`rent_run_night(today=…)`
alone would run the night on a day the rest of the shop has not reached). Tokens and the
app's signatures read `time.time()` and stay in real time.

The rules are sums over rows and ledger balances, whatever the status of a bill says (a
bill may end partly paid), checked after every step:
1. nothing is paid twice: a bill's succeeded payments never add up to more than it asked,
   no bill has two collections in flight at once, and the money the provider took for the
   order's trades is the money our books booked for the order;
2. every bill adds up (asked = paid + discount + waived + still owed, each part from its
   rows: late fee waivers and whole waivers), no late fee vanishes (cancelled bills owe
   none, waivers are rows) and none accrues for a day the bill was not overdue (nor is a
   bill born overdue);
3. the deposit never goes below zero, nor is more of it in flight than is left;
4. the merchant's books balance;
5. what is owed is asked one way: per bill, charged = paid + discount + waived + still owed
   from its rows (a written-off bill's remainder still owed; a paid or waived bill owes
   nothing, its late fee included), and `bill_owed` / `order_owed` answer exactly that —
   the selector is what is checked, never the source of the expected figures (a bill
   cancelled with a part of it waived is not a waived bill: the rest went with rent a
   return cancelled);
6. nothing is thawed while the deposit could pay something: every thaw asked of the
   provider, by any path (the shop's, a return's, a buyout's, after a transfer or a
   waiver), is recorded at its request with what the rows say the deposit could pay then
   (owed by today, written off included; a payment or a transfer in flight), which must
   be nothing; the shop's thaw is refused (1409) whenever it is not;
7. an ended lease's owed amount is what its bills' rows leave owed; ended owing nothing,
   `order_owed` is 0 and no bill is left written off; `finished` means nothing owed;
8. every refund gives back exactly the commission of what it returns: per payment (per
   deposit transfer, its payments together) the commission in proportion to the
   commissionable money refunded so far (within a cent of the rate x that money), each in
   a reversal journal of its own; a shipping-fee or damage refund none; no other reversal
   booked. Each payment's commission is the rate x its commission base.
9. money a customer paid on an order that ended without a deal is given back: every trade
   of it that took money (a bill's payment, an early settlement, a deposit transfer) has
   refunds succeeded or in flight for all of it, and none of its bills is left collectable;
10. the deposit of an ended order is thawed (or its thaw in flight) unless something it
   could pay is owed or in flight;
11. every settlement day the night reached is closed or held (at most one held span, only
   while the withdrawable balance does not cover its negative net);
12. the provider's trades equal the books, trade by trade, for every order of the example:
   what our rows say succeeded the provider took or gave back with the same amount, what
   the provider did our rows know (succeeded, or still waiting for its word), what failed
   with us never succeeded there — taken, refunded, frozen and thawed alike;
13. every event of a state is written exactly once: `bill.paid` once for each paid bill and
   never for another, `bill.overdue` once for each bill the night found past due (late fee
   or not), a case's `write_off` once for each write-off.
In the steps themselves: a key used again for the same request answers what the first call
made and adds no row (nor changes anything while nothing is in flight); for another request
it is refused with 1101 and changes nothing (rows, bills, order, journals of both books,
the provider's trades). A return settled with a payment in flight closed it first.

The test prints what it ran (`money machine: {...}`: examples, steps, each action's count,
the calls answered and refused by code, the thaws asked; `MONEY_MACHINE_TALLY=<file>` writes
it as JSON), and under the default profile fails if an action never ran.
`HYPOTHESIS_PROFILE=long` runs many more examples (benchmark day); the default profile is
derandomized, so CI runs the same sequences every time.
"""

from __future__ import annotations

import base64
import functools
import json
import os
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import astuple, dataclass, field
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from io import BytesIO
from typing import Any
from zoneinfo import ZoneInfo

from django.db import connection, transaction
from django.db.models import Q
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

from apps.billing import deposits, statements
from apps.billing.models import (
    Bill,
    BillLateFee,
    BillPayment,
    BillRefund,
    BillStatus,
    BillWaiver,
    DepositOperation,
    EarlySettlement,
    LateFeeWaiver,
    Statement,
    StatementLine,
)
from apps.billing.order_figures import order_money
from apps.billing.rent_run import rent_run_night as collect_night  # (its old name: below)
from apps.billing.selectors import OWED_STATUSES, bill_owed, order_owed
from apps.billing.tasks import orders_refresh_overdue
from apps.orders import machine
from apps.orders.models import AfterSale, Order
from apps.orders.outcomes import MONEY_FIELDS
from apps.orders.services import order_cancel
from apps.orders.tasks import orders_cancel_unsigned
from apps.recovery.models import CaseState, RecoveryCase, RecoverySetting, WriteOff
from apps.recovery.services import recovery_night
from tenants.merchants.models import Merchant, SettlementTerms
from tests.fixtures import ApiClient, Envelope
from tests.leases import (
    DEMO,
    IntakeClient,
    Placed,
    books_balance,
    customer_signs,
    goods_on_shelf,
    in_lease,
    order_books,
    place,
    placed,
    provider_settles,
)
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.ledger.models import Entry, Journal
from zulin.ledger.selectors import account_balance
from zulin.money.commission import commission_of
from zulin.outbox.models import OutboxEvent
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

# The rent run is called by its old name, `collect_night`, inside the machine: the machine's
# class source is the seed of its derandomized runs, so it stays as it was (the same
# sequences as before the rename, issue 42).
ZERO = Decimal("0.00")
CENT = Decimal("0.01")
# What `a_key_is_used_again` may change in a body to make another valid request.
FREE_TEXT = frozenset({"reason", "remark", "note", "payer_name", "bank_reference"})
DEPOSIT_PURPOSES = ("bills", "damage")


def _is_amount(value: str) -> bool:
    """A money field's text (yuan, two places)."""
    try:
        return Decimal(value).as_tuple().exponent == -2
    except ArithmeticError:
        return False


CHINA = ZoneInfo("Asia/Shanghai")

# No explain phase: it reruns a failing example many times over to point at lines, which
# the failing rule's message already names.
PHASES = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink]
PROFILES = {
    "default": settings(
        max_examples=45,
        stateful_step_count=20,
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
APPLY_SHOP = "/api/platform/applyAfterSale"
DEAL = "/api/platform/dealAfterSale"


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
    """`django.utils.timezone.now`, whole days ahead of the real one (and `shift` more: the
    China midnight moves it to a minute before or after 00:00 in Asia/Shanghai)."""

    def __init__(self, real: Callable[[], datetime]) -> None:
        self.real = real
        self.days = 0
        self.shift = timedelta(0)

    def now(self) -> datetime:
        return self.real() + timedelta(days=self.days) + self.shift

    def reset(self) -> None:
        self.days, self.shift = 0, timedelta(0)


@dataclass
class Tally:
    """What the machine ran: examples, steps (rules run by Hypothesis, a rule another calls
    not counted again), each action, and the thaws requested of the provider by any path."""

    examples: int = 0
    steps: int = 0
    actions: Counter[str] = field(default_factory=Counter)
    answered: Counter[str] = field(default_factory=Counter)  # calls answered ok, by name
    refused: Counter[str] = field(default_factory=Counter)  # calls refused, by name and code
    checks: int = 0
    thaws: int = 0

    def answer(self) -> dict[str, Any]:
        return {
            "examples": self.examples,
            "steps": self.steps,
            "invariant_checks": self.checks,
            "thaws": self.thaws,
            "actions": dict(sorted(self.actions.items())),
            "answered": dict(sorted(self.answered.items())),
            "refused": dict(sorted(self.refused.items())),
        }


@dataclass
class Sent:
    """A money call made with an idempotency key, to be made again (`a_key_is_used_again`)."""

    what: str
    sender: str  # "owner" or "app"
    path: str
    body: dict[str, Any]
    answer: Envelope


@dataclass
class Shop:
    """What every example shares: made once per test, outside the examples' savepoints."""

    merchant: Merchant
    owner: ApiClient
    app: IntakeClient
    lease: Placed
    payer: str  # the lease's customer at the provider
    clock: Clock
    admin: ApiClient  # the platform's operator (its close of an order)
    # Orders that are not a deal yet: "auditing" (awaiting audit), "signing" (audited and
    # signed, bill 1 not paid), "purchase" (a purchase awaiting payment).
    others: dict[str, Placed]
    tally: Tally = field(default_factory=Tally)
    # What the deposit could pay at the moment of each thaw request of the example, by any
    # path (the spy on `deposits._request`): empty lists only.
    thaws: list[tuple[str, list[str]]] = field(default_factory=list)


def counted(function: Callable[..., None]) -> Callable[..., None]:
    """A rule counted in the tally when Hypothesis runs it (not when another rule calls it)."""

    @functools.wraps(function)
    def run(self: LeaseMoney, *args: Any, **kwargs: Any) -> None:
        if not self.depth:
            self.shop.tally.steps += 1
            self.shop.tally.actions[function.__name__] += 1
        self.depth += 1
        try:
            function(self, *args, **kwargs)
        finally:
            self.depth -= 1

    return run


def half_up(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def commission_due_back(commission: Decimal, base: Decimal, refunded: Decimal) -> Decimal:
    """The rule written in docs/money.md ("Refunds and commission"), not the code's: the
    commission comes back in proportion to the commissionable money refunded so far, money
    of the commissionable part first, never more than was taken."""
    if base <= 0:
        return ZERO
    return min(half_up(commission * min(refunded, base) / base), commission)


@dataclass
class BillFromRows:
    """One bill's parts, each summed from its own rows (never from the bill's own figures
    nor from `bill_owed`, which are what is checked)."""

    bill: Bill
    charged: Decimal  # amount + the late fee of its days
    paid_rent: Decimal
    paid_late_fee: Decimal
    waived_principal: Decimal  # BillWaiver rows
    waived_late_fee: Decimal  # LateFeeWaiver rows and BillWaiver rows' late fee
    late_fee: Decimal
    # Whole waivers only (`BillWaiver.whole`): rule 5 reads "paid or waived" as "nothing of
    # it is left". A waiver of a part leaves the bill open owing the rest (docs/money.md,
    # "Waivers"); an early return then cancels that rest with the other rent due after the
    # goods came back (`returns.return_quote`: unpaid instalments due after the return's
    # day, counted in the return's `rent_cancelled`), so a bill cancelled with a part waived
    # is rent a return cancelled — it has something left neither paid nor waived, by the
    # contract never owed — not a waived one. Counting every row (as before part waivers
    # existed) made rule 5 call that rest "closed neither paid nor waived" (the machine
    # found it: a part of bill 3 waived, then the goods came back early). Fixed here, not in
    # `LeaseMoney`: the class's source seeds its derandomized runs (the same sequences).
    waivers: int

    @property
    def principal_left(self) -> Decimal:
        b = self.bill
        return b.amount - self.paid_rent - b.discount - self.waived_principal

    @property
    def late_fee_left(self) -> Decimal:
        return self.late_fee - self.paid_late_fee - self.waived_late_fee

    @property
    def owed(self) -> Decimal:
        """Still owed, a written-off bill's included (a write-off forgives nothing); a bill
        paid or cancelled owes nothing."""
        if self.bill.status not in OWED_STATUSES:
            return ZERO
        return self.principal_left + self.late_fee_left


def bills_from_rows(order_id: int) -> list[BillFromRows]:
    """The order's bills, oldest period first, with their parts from rows (the caller is in
    the shop's schema)."""
    bills = list(Bill.objects.filter(order_id=order_id).order_by("period"))
    ids = [b.pk for b in bills]
    parts: dict[int, dict[str, Decimal]] = {b.pk: defaultdict(Decimal) for b in bills}
    waivers: Counter[int] = Counter()
    for payment in BillPayment.objects.filter(bill_id__in=ids, status="succeeded").exclude(
        pk__in=owed_back(ids)
    ):
        parts[payment.bill_id]["rent"] += payment.amount - payment.late_fee_amount
        parts[payment.bill_id]["late_fee_paid"] += payment.late_fee_amount
    for row in BillLateFee.objects.filter(bill_id__in=ids):
        parts[row.bill_id]["late_fee"] += row.amount
    for waiver in LateFeeWaiver.objects.filter(bill_id__in=ids):
        parts[waiver.bill_id]["late_fee_waived"] += waiver.amount
    for whole in BillWaiver.objects.filter(bill_id__in=ids):  # whole or a part
        parts[whole.bill_id]["principal_waived"] += whole.principal
        parts[whole.bill_id]["late_fee_waived"] += whole.late_fee
        if whole.whole:
            waivers[whole.bill_id] += 1
    return [
        BillFromRows(
            bill=b,
            charged=b.amount + parts[b.pk]["late_fee"],
            paid_rent=parts[b.pk]["rent"],
            paid_late_fee=parts[b.pk]["late_fee_paid"],
            waived_principal=parts[b.pk]["principal_waived"],
            waived_late_fee=parts[b.pk]["late_fee_waived"],
            late_fee=parts[b.pk]["late_fee"],
            waivers=waivers[b.pk],
        )
        for b in bills
    ]


def owed_back(bill_ids: list[int]) -> set[int]:
    """The succeeded payments of these bills whose money came after their order ended
    without a deal: never the bill's (no bill paid by it), owed back and refunded (purpose
    `unwound`: a refund of the payment, or of the deposit transfer it was part of)."""
    payments = BillPayment.objects.filter(bill_id__in=bill_ids, status="succeeded")
    found = set(payments.filter(refunds__purpose="unwound").values_list("pk", flat=True))
    for pk, number in payments.filter(method="deposit").values_list("pk", "out_trade_no"):
        if DepositOperation.objects.filter(
            kind="refund", purpose="unwound", out_request_no__startswith=f"{number}R"
        ).exists():
            found.add(pk)
    return found


def what_the_deposit_could_pay(order_id: int, today: date) -> list[str]:
    """From rows: what of the order the deposit could pay now — a bill owing (from its rows;
    written off included) due by `today`, a payment of one of its bills or a transfer of the
    deposit in flight. Empty: the deposit may be thawed."""
    found = [
        f"bill {row.bill.period} ({row.bill.status}) owes {row.owed}"
        for row in bills_from_rows(order_id)
        if row.owed > 0 and row.bill.due_date <= today
    ]
    found += [
        f"payment {number} in flight"
        for number in BillPayment.objects.filter(
            bill__order_id=order_id, status=BillPayment.Status.PROCESSING
        ).values_list("out_trade_no", flat=True)
    ]
    found += [
        f"transfer {number} in flight"
        for number in DepositOperation.objects.filter(
            order_id=order_id, kind="transfer", status="processing"
        ).values_list("out_request_no", flat=True)
    ]
    return found


class LeaseMoney(RuleBasedStateMachine):
    shop: Shop  # set by the test before it runs the machine

    def __init__(self) -> None:
        super().__init__()
        self.keys = 0
        self.depth = 0
        self.sent: list[Sent] = []
        # The day of the last night's run and the newest journal then (rule 11).
        self.night: tuple[date, int | None] | None = None
        self.order = self.shop.lease
        self.shop.clock.reset()
        self.shop.thaws.clear()
        self.shop.tally.examples += 1
        self.example = transaction.atomic()
        self.example.__enter__()

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self.example.__exit__(None, None, None)
        connection.set_schema_to_public()
        self.shop.clock.reset()

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
        if answer.ok:
            self.shop.tally.answered[what.split()[0]] += 1
        else:
            self.shop.tally.refused[f"{what.split()[0]} {answer.code}"] += 1
        return answer

    def _send(self, sender: str, what: str, path: str, body: dict[str, Any]) -> Envelope:
        client = self.shop.owner if sender == "owner" else self.shop.app
        answer = self._answer(what, client.post(path, body))
        if "idempotency_key" in body:
            self.sent.append(Sent(what, sender, path, dict(body), answer))
        return answer

    def _post(self, what: str, path: str, body: dict[str, Any]) -> Envelope:
        return self._send("owner", what, path, body)

    def _app(self, what: str, path: str, body: dict[str, Any]) -> Envelope:
        return self._send("app", what, path, {"order_no": self.order.no, **body})

    def _open_case(self) -> RecoveryCase | None:
        with self._in_shop():
            return RecoveryCase.objects.filter(order_id=self.order.id, state=CaseState.OPEN).first()

    def _in_flight(self) -> bool:
        """Anything of the order still waiting for the provider's outcome."""
        with self._in_shop():
            return any(
                query.exists()
                for query in (
                    BillPayment.objects.filter(bill__order_id=self.order.id, status="processing"),
                    BillRefund.objects.filter(order_id=self.order.id, status="processing"),
                    DepositOperation.objects.filter(order_id=self.order.id, status="processing"),
                    EarlySettlement.objects.filter(order_id=self.order.id, status="processing"),
                )
            )

    def _footprint(self) -> tuple[tuple[int, ...], tuple[Any, ...]]:
        """The rows of the order's money (how many of each record) and its state (bills,
        order, journals in both books, the provider's trades)."""
        order_id = self.order.id
        with self._in_shop():
            records = tuple(
                query.count()
                for query in (
                    BillPayment.objects.filter(bill__order_id=order_id),
                    BillRefund.objects.filter(order_id=order_id),
                    DepositOperation.objects.filter(order_id=order_id),
                    EarlySettlement.objects.filter(order_id=order_id),
                    LateFeeWaiver.objects.filter(bill__order_id=order_id),
                    BillWaiver.objects.filter(order_id=order_id),
                    BillLateFee.objects.filter(bill__order_id=order_id),
                    WriteOff.objects.filter(order_id=order_id),
                    AfterSale.objects.filter(order_id=order_id),
                    Bill.objects.filter(order_id=order_id),
                )
            )
            state: tuple[Any, ...] = (
                tuple(
                    Bill.objects.filter(order_id=order_id)
                    .order_by("id")
                    .values_list(
                        "id",
                        "status",
                        "paid_amount",
                        "late_fee",
                        "late_fee_paid",
                        "late_fee_waived",
                        "waived_amount",
                        "written_off_amount",
                    )
                ),
                Order.objects.filter(pk=order_id)
                .values_list(
                    "status",
                    "deposit_frozen",
                    "deposit_transferred",
                    "deposit_thawed",
                    "owed_amount",
                    "shipping_fee_refunded",
                )
                .get(),
                Journal.objects.count(),
            )
        provider = tuple(
            SandboxPaymentRecord.objects.filter(merchant=self.shop.merchant.slug)
            .order_by("id")
            .values_list("out_no", "status", "amount")
        )
        return records, (*state, Journal.objects.count(), provider)

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

    def _orders(self) -> list[Placed]:
        """Every order of the example: the lease, then those not a deal yet."""
        return [self.order, *self.shop.others.values()]

    def _provider_records(self) -> list[SandboxPaymentRecord]:
        """The provider's trades of every order of the example."""
        ours = Q()
        for placed_order in self._orders():
            ours |= Q(out_no__startswith=placed_order.no)
        return list(
            SandboxPaymentRecord.objects.filter(ours, merchant=self.shop.merchant.slug).order_by(
                "id"
            )
        )

    def _callbacks(self, *statuses: str) -> list[SandboxCallback]:
        ours = Q()
        for placed_order in self._orders():
            ours |= Q(body__contains=f'"out_no":"{placed_order.no}')
        return list(
            SandboxCallback.objects.filter(
                ours, merchant=self.shop.merchant.slug, provider="payment", status__in=statuses
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

    @initialize(without_ownership_transfer=st.booleans(), cycle=st.sampled_from(["T+1", "T+3"]))
    def lease(self, without_ownership_transfer: bool, cycle: str = "T+1") -> None:
        """A lease that transfers ownership (settling early buys it out), or one that does
        not (settled early, it runs to its end with nothing owed); the shop's money settles
        `cycle` (T+1 or T+3)."""
        SettlementTerms.objects.filter(merchant=self.shop.merchant).update(settlement_cycle=cycle)
        if without_ownership_transfer:
            with self._in_shop():
                Order.objects.filter(pk=self.order.id).update(ownership_transfer=False)

    # --- the customer -------------------------------------------------------------------

    @rule(pays=st.booleans(), failure=_failure(CHARGE_FAILURES))
    @counted
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
    @counted
    def customer_asks_to_buy_out(self, decides_now: bool, failure: str | None) -> None:
        """A buyout asked for in the app; the shop approves it now (charging bill 0 at
        once), or decides later."""
        asked = self._app("applyAfterSale buyout", APPLY, {"kind": "buyout", "reason": "想买断"})
        if asked.ok and decides_now:
            self.shop_decides_the_after_sale(approve=True, failure=failure)

    @rule(extra_term=st.integers(1, 3), decides_now=st.booleans())
    @counted
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
    @counted
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
    @counted
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
    @counted
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
    @counted
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
    @counted
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
    @counted
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
    @counted
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
    @counted
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
    @counted
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
            # The night's tasks in their schedule's order: the overdue refresh (01:10), the
            # collection (01:30), recovery (02:00).
            orders_refresh_overdue()
            try:
                night = collect_night(today=today)
            except ApplicationError as error:
                note(f"night of {today}: refused {error.code}")
                return
            # Recovery's night follows the money's: cases opened, refreshed and closed.
            cases = recovery_night(today=today)["cases"]
        note(f"night of {today}: {night['stale']} {night['late_fees']} {night['debit']} {cases}")
        with self._in_shop():
            newest = Journal.objects.order_by("-id").values_list("id", flat=True).first()
        self.night = (today, newest)

    # --- the provider -------------------------------------------------------------------

    @rule(nth=st.none() | st.integers(0, 2), callbacks_held=st.booleans(), longer=st.booleans())
    @counted
    def provider_settles(self, nth: int | None, callbacks_held: bool, longer: bool = False) -> None:
        """The provider finishes what it is processing for the order (all, or one), each
        writing its callback (a lost one is never sent); the callbacks arrive at once, or
        wait for `callbacks_arrive`. `longer`: the first charge it finishes took 0.01 more
        than asked (a long result; the sandbox makes short ones on demand)."""
        waiting = [
            r
            for r in self._provider_records()
            if r.status == PaymentStatus.PROCESSING and r.settle_after is not None
        ]
        if nth is not None:
            waiting = waiting[min(nth, len(waiting) - 1) :][:1]
        charges = [
            r
            for r in waiting
            if r.operation in (PaymentOperation.WITHHOLD, PaymentOperation.PAY)
            and r.requested_amount is None
        ]
        if longer and charges:
            record = charges[0]
            record.requested_amount, record.amount = record.amount, record.amount + CENT
            record.save(update_fields=["requested_amount", "amount"])
            note(f"the provider takes {record.amount} for {record.out_no}")
        for record in waiting:
            sandbox_payments_complete(merchant=self.shop.merchant.slug, out_no=record.out_no)
            note(f"the provider settles {record.operation} {record.out_no}")
        if not callbacks_held:
            self.callbacks_arrive(again=None)

    @rule(again=st.none() | st.integers(0, 3))
    @counted
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

    # --- the deposit, waivers, write-offs, links -----------------------------------------

    def _deposit_available(self) -> Decimal:
        with self._in_shop():
            order = Order.objects.get(pk=self.order.id)
            return deposits.deposit_available(order)

    @rule(share=st.sampled_from(["rest", "all", "0.01"]))
    @counted
    def shop_thaws_the_deposit(self, share: str) -> None:
        """depositThaw of what is left (no amount), all of it named, or a cent: refused
        (1409) while the deposit could pay something (from rows, at the call); every thaw
        by any path is checked at its request to the provider (the spy, rule 5)."""
        body: dict[str, Any] = {"order_id": self.order.id, "idempotency_key": self._key("thaw")}
        if share != "rest":
            available = self._deposit_available()
            body["amount"] = str(available if share == "all" and available > 0 else CENT)
        with self._in_shop():
            could = what_the_deposit_could_pay(self.order.id, timezone.localdate())
        answer = self._post(
            f"depositThaw {body.get('amount', 'rest')}", "/api/platform/depositThaw", body
        )
        if could:
            assert answer.code in (
                ErrorCode.DEPOSIT_OWED_FIRST,
                ErrorCode.DEPOSIT_EXCEEDS_FROZEN,
            ), f"depositThaw answered {answer.code} while the deposit could pay {could}"

    @rule(share=st.sampled_from(["0.01", "half", "all"]), failure=_failure(OTHER_FAILURES))
    @counted
    def shop_refunds_rent_the_deposit_paid(self, share: str, failure: str | None) -> None:
        """refundDeposit: part or all of what the newest transfer took gives back (its rent's
        commission back with it)."""
        with self._in_shop():
            transfer = (
                DepositOperation.objects.filter(
                    order_id=self.order.id, kind="transfer", status="succeeded"
                )
                .order_by("-id")
                .first()
            )
            given = (
                _sum(
                    op.amount
                    for op in DepositOperation.objects.filter(
                        order_id=self.order.id,
                        kind="refund",
                        out_request_no__startswith=transfer.out_request_no,
                    ).exclude(status="failed")
                )
                if transfer
                else ZERO
            )
        left = max((transfer.amount - given) if transfer else CENT, CENT)
        amount = {"0.01": CENT, "half": max(half_up(left / 2), CENT), "all": left}[share]
        with self._provider_does(failure, PaymentOperation.REFUND):
            self._post(
                f"refundDeposit {amount}",
                "/api/platform/refundDeposit",
                {
                    "order_id": self.order.id,
                    "amount": str(amount),
                    "idempotency_key": self._key("dref"),
                },
            )

    @rule(amount=st.sampled_from([None, "5.00", "0.01", "11.99"]), failure=_failure(OTHER_FAILURES))
    @counted
    def shop_refunds_the_shipping_fee(self, amount: str | None, failure: str | None) -> None:
        """refundSfAmount: all the shipping fee paid with bill 1 still left (None), or a part
        of it (no commission comes back; across bill 1's payments, newest first)."""
        body: dict[str, Any] = {"order_id": self.order.id, "idempotency_key": self._key("sf")}
        if amount is not None:
            body["amount"] = amount
        with self._provider_does(failure, PaymentOperation.REFUND):
            self._post(
                f"refundSfAmount {body.get('amount', 'all')}", "/api/merchant/refundSfAmount", body
            )

    @rule(nth=NTH, part=st.sampled_from([None, None, "1.00", "half"]))
    @counted
    def finance_waives_a_bill(self, nth: int, part: str | None) -> None:
        """waiveOrderCharge: everything one bill or charge still owes (principal and late
        fee), or a part of its principal (1.00, or half of what is left), the oldest owing
        half the time."""
        owing = [b for b in self._bills() if b.status in OWED_STATUSES]
        bill = owing[min(nth, len(owing) - 1)] if owing else None
        body: dict[str, Any] = {
            "order_id": self.order.id,
            "period": bill.period if bill else 2,
            "reason": "客户困难，减免整期" if part is None else "协商减免部分本金",
            "idempotency_key": self._key("waivebill"),
        }
        if part == "half" and bill is not None:
            left = bill.amount - bill.paid_amount - bill.waived_amount
            body["amount"] = str(max(left / 2, CENT).quantize(CENT))
        elif part is not None:
            body["amount"] = "1.00"
        self._post(
            f"waiveOrderCharge {body['period']} {body.get('amount', 'all')}",
            "/api/finance/waiveOrderCharge",
            body,
        )

    def _cases_follow_the_debt(self) -> RecoveryCase | None:
        """Recovery's part of the night (cases opened and refreshed as the debt stands),
        then the order's open case."""
        with self._in_shop():
            recovery_night(today=timezone.localdate())
        return self._open_case()

    def _nights_without_paying(self, days: int) -> None:
        """`days` later the night's auto-debit finds the customer without money (the
        provider answers its withhold so), and the provider's outcome arrives."""
        if days:
            self.night_passes(days=days, failure=INSUFFICIENT_BALANCE)
            self.provider_settles(nth=None, callbacks_held=False)

    @rule(days=st.sampled_from([0, 40]))
    @counted
    def recovery_writes_the_debt_off(self, days: int) -> None:
        """writeOffDebt of the order's open case (opened by the night once something is past
        due), once it is the shop's age for it (5 days here); `days`: the nights pass that
        many days on first, the customer's account empty."""
        self._nights_without_paying(days)
        case = self._cases_follow_the_debt()
        self._post(
            "writeOffDebt",
            "/api/backend/writeOffDebt",
            {
                "case_id": case.pk if case else 999_999,
                "reason": "失联，核销",
                "idempotency_key": self._key("writeoff"),
            },
        )

    @rule(days=st.sampled_from([0, 40]), pays=st.booleans(), failure=_failure(CHARGE_FAILURES))
    @counted
    def collector_sends_a_payment_link(self, days: int, pays: bool, failure: str | None) -> None:
        """sendPaymentLink of the open case (its oldest bill past due), the customer paying
        through it at the provider's cashier or not; `days`: the nights pass that many days
        on first, the customer's account empty."""
        self._nights_without_paying(days)
        case = self._cases_follow_the_debt()
        if case is None:
            return
        with self._provider_does(failure, PaymentOperation.PAY):
            answer = self._post(
                "sendPaymentLink",
                "/api/backend/sendPaymentLink",
                {"case_id": case.pk, "idempotency_key": self._key("link")},
            )
        if answer.ok and pays and answer.data["status"] == "processing":
            paid = sandbox_payer_pay(
                merchant=self.shop.merchant.slug, out_no=answer.data["out_trade_no"]
            )
            note(f"the customer pays {answer.data['out_trade_no']} by the link: {paid.status}")

    # --- the return ---------------------------------------------------------------------

    @rule(
        on_a_due_day=st.booleans(),
        inspected=st.none() | st.sampled_from(["none", "some", "above the deposit"]),
    )
    @counted
    def the_goods_come_back(self, on_a_due_day: bool, inspected: str | None) -> None:
        """A return asked, approved and the goods received: today (an early return, or one
        after the lease end), or on the next open bill's due day; inspected at once with
        `inspected` damage, or later."""
        if on_a_due_day:
            today = timezone.localdate()
            due = [
                b.due_date
                for b in self._bills()
                if b.status in OWED_STATUSES and b.due_date >= today
            ]
            if due:
                self.shop.clock.days += (min(due) - today).days
                note(f"the goods come back on {timezone.localdate()}, a bill's due day")
        for what, body in (
            ("applyAfterSale return", {"kind": "return", "reason": "不想租了"}),
            ("dealAfterSale approve", {"decision": "approve"}),
            ("dealAfterSale receive", {"decision": "receive", "device_serial": "IMEI-1"}),
        ):
            path = APPLY_SHOP if what.startswith("apply") else DEAL
            self._answer(what, self.shop.owner.post(path, {"order_id": self.order.id, **body}))
        if inspected is not None:
            self.shop_inspects_the_goods(damage=inspected, paying=False)

    @rule(damage=st.sampled_from(["none", "some", "above the deposit"]), paying=st.booleans())
    @counted
    def shop_inspects_the_goods(self, damage: str, paying: bool) -> None:
        """The inspection settles the return: `paying`, the customer has just started paying
        the oldest bill open (in flight at the cashier). Every payment in flight is given
        its outcome first (closed at the provider when it has none) or the inspection is
        refused (1305); damage above what the deposit has left stays owed."""
        if paying:
            self.customer_pays_a_bill(pays=False, failure=None)
        amount = {
            "none": ZERO,
            "some": Decimal("80.00"),
            "above the deposit": max(self._deposit_available(), ZERO) + Decimal("150.00"),
        }[damage]
        with self._in_shop():
            flying = list(
                BillPayment.objects.filter(
                    bill__order_id=self.order.id,
                    status="processing",
                    method__in=[BillPayment.Method.CUSTOMER, BillPayment.Method.WITHHOLD],
                ).values_list("pk", "out_trade_no")
            )
        answer = self._answer(
            f"dealAfterSale inspect {amount}",
            self.shop.owner.post(
                DEAL,
                {
                    "order_id": self.order.id,
                    "decision": "inspect",
                    "damage_amount": str(amount),
                    "idempotency_key": self._key("inspect"),
                },
            ),
        )
        if answer.ok and flying:
            with self._in_shop():
                still = BillPayment.objects.filter(
                    pk__in=[pk for pk, _ in flying], status="processing"
                ).count()
            assert not still, f"the return settled with payments {flying} still in flight"
            for _, out_no in flying:
                record = SandboxPaymentRecord.objects.filter(
                    merchant=self.shop.merchant.slug, out_no=out_no
                ).first()
                assert record is None or record.status != PaymentStatus.PROCESSING, (
                    f"the return settled while the provider may still take {out_no}"
                )

    # --- the clock ----------------------------------------------------------------------

    @rule(before=st.booleans(), night=st.booleans())
    @counted
    def the_clock_reaches_china_midnight(self, before: bool, night: bool) -> None:
        """The clock moves on to the next 23:59:00 or 00:00:30 in China (15:59 or 16:00 UTC:
        after midnight China's day is the next UTC day's), where the next steps happen;
        `night`: the night's run right then."""
        now = timezone.now().astimezone(CHINA)
        if before:
            target = now.replace(hour=23, minute=59, second=0, microsecond=0)
        else:
            target = (now + timedelta(days=1)).replace(hour=0, minute=0, second=30, microsecond=0)
        if target <= now:
            target += timedelta(days=1)
        self.shop.clock.shift += target - now
        china, utc = timezone.localdate(), timezone.now().astimezone(ZoneInfo("UTC")).date()
        note(f"the clock at {timezone.localtime():%Y-%m-%d %H:%M:%S} China, UTC day {utc}")
        assert (china != utc) == (not before), (china, utc)
        if night:
            self.night_passes(days=0, failure=None)

    # --- orders that end without a deal (issue 60) ---------------------------------------

    @rule(which=st.sampled_from(["signing", "purchase"]), pays=st.booleans())
    @counted
    def customer_opens_a_cashier_before_the_deal(self, which: str, pays: bool) -> None:
        """The customer of an order not yet a deal opens bill 1's cashier in the app (a
        customer payment `processing`), then pays there at once or not (later, maybe after
        the order ended: `customer_pays_after_the_end`)."""
        placed_order = self.shop.others[which]
        answer = self._send(
            "app",
            f"payBill 1 ({which})",
            "/api/applet/payBill",
            {"order_no": placed_order.no, "period": 1, "idempotency_key": self._key("pay1")},
        )
        if answer.ok and pays:
            self._cashiers_paid(placed_order)

    def _cashiers_paid(self, placed_order: Placed) -> None:
        waiting = [
            r.out_no
            for r in self._provider_records()
            if r.out_no.startswith(placed_order.no)
            and r.operation == PaymentOperation.PAY
            and r.status == PaymentStatus.PROCESSING
        ]
        for out_no in waiting:
            paid = sandbox_payer_pay(merchant=self.shop.merchant.slug, out_no=out_no)
            note(f"the customer pays {out_no} at the cashier: {paid.status}")

    @rule(which=st.sampled_from(["signing", "purchase"]))
    @counted
    def customer_pays_after_the_end(self, which: str) -> None:
        """The customer pays an open cashier of an order (after it ended, or not): a trade
        the end closed at the provider refuses it; one it did not reach takes the money,
        which comes back (rule 9)."""
        self._cashiers_paid(self.shop.others[which])

    @rule(
        path=st.sampled_from(
            ["job", "shop_close", "platform_close", "audit_refuse", "purchase_cancel"]
        ),
        which=st.sampled_from(["signing", "purchase", "lease"]),
    )
    @counted
    def a_non_deal_ends(self, path: str, which: str) -> None:
        """An order ends without a deal by `path`: the unsigned/unpaid job `unpaid_cancel_minutes`
        after its last move (signing or purchase), the shop's close, the platform's close
        (the lease in force too), the audit's refusal (the order awaiting audit), the
        purchase cancelled. Whatever is in flight is asked or closed at the provider first
        (`order_money_unwind`); rules 9-10 check what is given back."""
        if path == "audit_refuse":
            which = "auditing"
        elif path == "purchase_cancel":
            which = "purchase"
        elif which == "lease" and path != "platform_close":
            which = "signing"
        target = self.order if which == "lease" else self.shop.others[which]
        reason = "平台介入：关闭并退款" if path == "platform_close" else "未成交，关闭"
        if path == "job":
            with self._in_shop():
                Order.objects.filter(pk=target.id).update(
                    status_changed_at=timezone.now() - timedelta(minutes=31)
                )
                done = orders_cancel_unsigned()
            connection.set_schema_to_public()
            note(f"the unsigned/unpaid job ({which}): {done}")
        elif path == "purchase_cancel":
            try:
                with self._in_shop(), transaction.atomic():
                    order_cancel(order_id=target.id, reason="客户取消")
                note("the purchase cancelled")
            except ApplicationError as error:
                note(f"the purchase's cancel refused: {error.code}")
                self.shop.tally.refused[f"order_cancel {error.code}"] += 1
        elif path == "audit_refuse":
            self._post(
                "auditOrder refuse",
                "/api/backend/auditOrder",
                {"id": target.id, "passed": False, "reason": "资料不全"},
            )
        elif path == "shop_close":
            self._post(
                "closeOrders (shop)",
                "/api/platform/closeOrders",
                {"ids": [target.id], "reason": reason},
            )
        else:
            body = {"ids": [target.id], "merchant_id": self.shop.merchant.pk, "reason": reason}
            self._answer(
                f"closeOrders (platform, {which})",
                self.shop.admin.post("/api/platform/closeOrders", body),
            )

    # --- the shop's settings and money out ----------------------------------------------

    @rule(zero=st.booleans())
    @counted
    def shop_sets_the_late_fee_rates(self, zero: bool) -> None:
        """The shop charges no late fee (both rates 0), or 0.5 % and 1 % a day again: a bill
        past due is overdue all the same (`bill.overdue` once, rule 13)."""
        rates = ("0", "0") if zero else ("0.5000", "1.0000")
        self._post(
            f"saveFinanceSetting {rates[0]}",
            "/api/finance/saveFinanceSetting",
            {"late_fee_rate_early": rates[0], "late_fee_rate_late": rates[1]},
        )

    def _withdrawable(self) -> Decimal:
        with self._in_shop():
            return account_balance("merchant_cash")

    @rule(all_of_it=st.booleans())
    @counted
    def shop_withdraws(self, all_of_it: bool) -> None:
        """applyWithdraw of all the withdrawable balance, or 1.00: what statements made
        withdrawable leaves it (a later negative day is then held, rule 11)."""
        available = self._withdrawable()
        amount = available if all_of_it and available >= 1 else Decimal("1.00")
        self._post(
            f"applyWithdraw {amount}",
            "/api/finance/applyWithdraw",
            {"amount": str(amount), "idempotency_key": self._key("withdraw")},
        )

    # --- a key used again ---------------------------------------------------------------

    def _another_request(self, sent: Sent, field: int) -> dict[str, Any] | None:
        """The same key with another request: one field of the body (the `field`-th of
        those that can take another valid value) changed. The key's fingerprint covers
        every field, so whichever changes, the answer is 1101."""
        body = dict(sent.body)
        changes: list[tuple[str, Any]] = []
        for name, value in sorted(body.items()):
            if name == "idempotency_key":
                continue
            if name == "period" and isinstance(value, int):
                periods = [b.period for b in self._bills() if b.period != value]
                if periods:
                    changes.append((name, min(periods, key=lambda p: abs(p - value))))
            elif isinstance(value, bool):
                changes.append((name, not value))
            elif isinstance(value, int):
                changes.append((name, value + 1))
            elif isinstance(value, str) and _is_amount(value):
                changes.append((name, str(Decimal(value) + CENT)))
            elif name in FREE_TEXT and isinstance(value, str):
                changes.append((name, value + " 另"))
            elif name == "purpose" and value in DEPOSIT_PURPOSES:
                changes.append((name, next(p for p in DEPOSIT_PURPOSES if p != value)))
            elif name == "amount" and value is None:
                changes.append((name, "0.01"))
        if not changes:
            return None
        name, value = changes[field % len(changes)]
        body[name] = value
        return body

    @rule(nth=st.integers(0, 4), same=st.booleans(), field=st.integers(0, 7))
    @counted
    def a_key_is_used_again(self, nth: int, same: bool, field: int = 0) -> None:
        """A money call made again with a key already used (one whose first call was
        answered): the same request answers what the first made and changes nothing;
        another request under it is refused (1101) and changes nothing (rule 7)."""
        # A call answered without a record (a transfer with nothing to take) used no key.
        used = [
            s
            for s in self.sent
            if s.answer.ok
            and not s.path.endswith("AfterSale")
            and (not isinstance(s.answer.data, dict) or s.answer.data.get("id", 0) is not None)
        ]
        if not used:
            return
        sent = used[-1 - min(nth, len(used) - 1)]
        body = sent.body if same else self._another_request(sent, field)
        if body is None:
            return
        quiet = not self._in_flight()
        records, state = self._footprint()
        what = f"{sent.what} again ({'the same' if same else 'another'} request)"
        client = self.shop.owner if sent.sender == "owner" else self.shop.app
        answer = self._answer(what, client.post(sent.path, body))
        records_after, state_after = self._footprint()
        assert records_after == records, f"{what} made rows: {records} -> {records_after}"
        if same:
            assert answer.ok, f"{what}: {answer.code} {answer.data}, first {sent.answer.data}"
            for name in ("id", "out_no", "out_trade_no", "period", "settlement_no"):
                if name in sent.answer.data and name in answer.data:
                    assert answer.data[name] == sent.answer.data[name], (what, name)
            if quiet:
                assert state_after == state, f"{what} changed the order's money"
        else:
            assert answer.code == ErrorCode.IDEMPOTENCY_KEY_REUSED, (
                f"{what}: {answer.code} {answer.data}"
            )
            assert state_after == state, f"{what} changed the order's money"

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
            back = owed_back(list(bills))  # paid no bill: given back
            for payment in BillPayment.objects.filter(bill_id__in=bills).exclude(pk__in=back):
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
            if record.status != PaymentStatus.SUCCEEDED or not record.out_no.startswith(
                self.order.no
            ):
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
            for payment in BillPayment.objects.filter(bill_id__in=ids, status="succeeded").exclude(
                pk__in=owed_back(ids)
            ):
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
            # A bill waived (waiveOrderCharge) forgoes its principal, whole or a part of it,
            # and when whole its late fee.
            waived_whole: defaultdict[int, Decimal] = defaultdict(Decimal)
            for whole in BillWaiver.objects.filter(bill_id__in=ids):
                waived[whole.bill_id] += whole.late_fee
                waived_whole[whole.bill_id] += whole.principal
        for bill in bills:
            name = f"bill {bill.period} ({bill.status})"
            # What it asked = paid + discount + still owed, each from its own rows.
            assert bill.paid_amount == paid_rent[bill.pk], (
                f"{name}: paid_amount {bill.paid_amount}, its payments' rent {paid_rent[bill.pk]}"
            )
            assert bill.amount - bill.paid_amount - bill.discount - bill.waived_amount >= 0, (
                f"{name}: paid and forgiven more than it asked"
            )
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
            assert bill.waived_amount == waived_whole[bill.pk], (
                f"{name}: waived_amount {bill.waived_amount}, its waivers {waived_whole[bill.pk]}"
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
        # Cancelled without being forgiven (rent a return cancelled): `rent_owed` is what was
        # neither paid nor waived.
        given_up = _sum(b.rent_owed - b.discount for b in bills if b.status == "cancelled")
        settled = _sum(paid_rent.values()) + _sum(paid_late_fee.values())
        discounts = _sum(b.discount for b in bills)
        forgone = _sum(waived.values()) + _sum(waived_whole.values())
        assert asked == settled + discounts + forgone + owed + given_up, (
            f"billed {asked} = paid {settled} + discount {discounts} + waived "
            f"{forgone} + owed {owed} + no longer owed {given_up}?"
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

    @invariant()
    def what_is_owed_is_asked_one_way(self) -> None:
        """5. Per bill, from its rows: charged = paid + discount + waived + still owed, a
        written-off bill's remainder still owed; the one selector (`bill_owed`,
        `order_owed`) answers exactly that, principal and late fee."""
        self.shop.tally.checks += 1
        with self._in_shop():
            rows = bills_from_rows(self.order.id)
            owed = order_owed(self.order.id)
            answers = {row.bill.pk: bill_owed(row.bill) for row in rows}
        expected_total = written_off = ZERO
        for row in rows:
            bill = row.bill
            name = f"bill {bill.period} ({bill.status})"
            principal, late_fee = row.principal_left, row.late_fee_left
            assert principal >= 0 and late_fee >= 0, (
                f"{name}: charged {row.charged}, paid {row.paid_rent}+{row.paid_late_fee}, "
                f"discount {bill.discount}, waived {row.waived_principal}+{row.waived_late_fee}"
            )
            got = answers[bill.pk]
            got_parts = (got.principal, got.late_fee) if got else (ZERO, ZERO)
            if bill.status in OWED_STATUSES:
                assert got_parts == (principal, late_fee), (
                    f"{name}: bill_owed says {got_parts}, its rows leave {(principal, late_fee)}"
                )
                expected_total += principal + late_fee
                if bill.status == BillStatus.WRITTEN_OFF:
                    written_off += principal + late_fee
            else:
                assert got is None, f"{name}: bill_owed says it owes {got_parts}"
                if bill.status == BillStatus.PAID or row.waivers:
                    # Paid or waived whole: nothing of it is left, its late fee included.
                    assert (principal, late_fee) == (ZERO, ZERO), (
                        f"{name}: closed with {(principal, late_fee)} neither paid nor waived"
                    )
                else:  # rent a return cancelled: never overdue, so no late fee left
                    assert late_fee == 0, f"{name}: cancelled with {late_fee} of late fee"
        assert (owed.total, owed.written_off) == (expected_total, written_off), (
            f"order_owed says {owed.total} (written off {owed.written_off}), the bills' rows "
            f"{expected_total} (written off {written_off})"
        )

    @invariant()
    def the_orders_money_figures_are_billings(self) -> None:
        """The figures billing keeps on each order's row (`order_figures.py`: what orders'
        guards and actions read) are what billing's rows say now, after every step."""
        with self._in_shop():
            for placed_order in self._orders():
                order = Order.objects.get(pk=placed_order.id)
                kept = tuple(getattr(order, name) for name in MONEY_FIELDS)
                counted = order_money(order)
                assert kept == astuple(counted), (
                    f"order {order.order_no} keeps {dict(zip(MONEY_FIELDS, kept, strict=True))}"
                    f", billing counts {counted}"
                )

    @invariant()
    def nothing_is_thawed_while_the_deposit_could_pay(self) -> None:
        """6. Every thaw asked of the provider in the example (by the shop, at a return, a
        buyout, after a transfer or a waiver) was asked when nothing owed by then, no
        payment and no transfer was in flight (from rows, at the request)."""
        wrong = [(what, could) for what, could in self.shop.thaws if could]
        assert not wrong, f"thawed while the deposit could pay: {wrong}"

    @invariant()
    def an_ended_lease_owes_what_its_bills_owe(self) -> None:
        """7. An ended lease's owed amount is what its bills' rows leave owed (written off
        included); finished with nothing owed means order_owed is 0 and no bill is left
        written off."""
        with self._in_shop():
            order = Order.objects.get(pk=self.order.id)
            rows = bills_from_rows(self.order.id)
            owed = order_owed(self.order.id).total
        if order.status not in machine.ENDED:
            return
        expected = _sum(row.owed for row in rows)
        if order.status in machine.MAY_OWE_AFTER:
            assert order.owed_amount == expected, (
                f"{order.status} with owed_amount {order.owed_amount}, its bills owe {expected}"
            )
        if order.owed_amount == 0:
            left = [r.bill.period for r in rows if r.bill.status == BillStatus.WRITTEN_OFF]
            assert owed == 0 and not left, (
                f"{order.status} ({order.stage}) owing nothing, yet order_owed {owed}, "
                f"written off {left}"
            )
        if order.stage == "finished":
            assert owed == 0, f"finished while order_owed says {owed}"

    @invariant()
    def a_refund_gives_back_its_commission(self) -> None:
        """8. Every refund gives back exactly the commission of what it returns: per payment
        (per transfer of the deposit, its payments together) the commission reversed is the
        commission in proportion to the commissionable money refunded so far (within a cent
        of the rate x that money), each in a journal of its own; a shipping-fee refund and
        a refund of damage give none; no other reversal is booked."""
        with self._in_shop():
            refunds = list(
                BillRefund.objects.filter(order_id=self.order.id, status="succeeded")
                .select_related("payment")
                .order_by("id")
            )
            deposit_refunds = list(
                DepositOperation.objects.filter(
                    order_id=self.order.id, kind="refund", status="succeeded"
                )
            )
            by_transfer: defaultdict[str, list[BillPayment]] = defaultdict(list)
            for payment in BillPayment.objects.filter(
                bill__order_id=self.order.id, method="deposit", status="succeeded"
            ):
                by_transfer[payment.out_trade_no].append(payment)
            paid = list(
                BillPayment.objects.filter(bill__order_id=self.order.id, status="succeeded")
            )
            booked: defaultdict[str, Decimal] = defaultdict(Decimal)
            for reference, amount in Entry.objects.filter(
                journal__order_id=self.order.id,
                journal__kind="commission_reversal",
                side="debit",
            ).values_list("journal__reference", "amount"):
                booked[reference] += amount
        for payment in paid:
            assert payment.commission == commission_of(
                payment.commission_base, payment.commission_rate or ZERO
            ), f"payment {payment.out_trade_no}: commission {payment.commission}"
            assert payment.commission_base <= payment.amount - payment.late_fee_amount
        given: defaultdict[int, list[BillRefund]] = defaultdict(list)
        reversed_total = ZERO
        for refund in refunds:
            reference = f"commission-back:{refund.out_no}"
            assert booked.get(reference, ZERO) == refund.commission_reversed, (
                f"refund {refund.out_no}: {refund.commission_reversed} back, booked "
                f"{booked.get(reference)}"
            )
            reversed_total += refund.commission_reversed
            if refund.purpose == BillRefund.Purpose.SHIPPING_FEE:
                assert refund.commission_reversed == 0, f"shipping fee refund {refund.out_no}"
            else:
                given[refund.payment_id].append(refund)
        for payment_refunds in given.values():
            payment = payment_refunds[0].payment
            refunded = _sum(r.amount for r in payment_refunds)
            back = _sum(r.commission_reversed for r in payment_refunds)
            due = commission_due_back(payment.commission, payment.commission_base, refunded)
            assert back == due, (
                f"payment {payment.out_trade_no} (commission {payment.commission} on "
                f"{payment.commission_base}): {refunded} refunded, {back} back, {due} due"
            )
            rate_x = commission_of(
                min(refunded, payment.commission_base), payment.commission_rate or ZERO
            )
            assert abs(back - rate_x) <= CENT, (payment.out_trade_no, back, rate_x)
        per_transfer: defaultdict[str, list[DepositOperation]] = defaultdict(list)
        for op in deposit_refunds:
            reference = f"commission-back:{op.out_request_no}"
            assert booked.get(reference, ZERO) == op.commission_reversed, (
                f"deposit refund {op.out_request_no}: {op.commission_reversed} back, booked "
                f"{booked.get(reference)}"
            )
            reversed_total += op.commission_reversed
            if op.purpose == "bills":
                per_transfer[op.out_request_no.rsplit("R", 1)[0]].append(op)
            else:
                assert op.commission_reversed == 0, f"damage refund {op.out_request_no}"
        for transfer_no, ops in per_transfer.items():
            payments = by_transfer[transfer_no]
            commission = _sum(p.commission for p in payments)
            base = _sum(p.commission_base for p in payments)
            refunded = _sum(op.amount for op in ops)
            back = _sum(op.commission_reversed for op in ops)
            due = commission_due_back(commission, base, refunded)
            assert back == due, (
                f"transfer {transfer_no} (commission {commission} on {base}): {refunded} "
                f"refunded, {back} back, {due} due"
            )
        assert _sum(booked.values()) == reversed_total, (
            f"commission reversals booked {dict(booked)}, refunds gave back {reversed_total}"
        )

    @invariant()
    def a_non_deal_gives_back_what_the_customer_paid(self) -> None:
        """9. An order ended without a deal keeps none of the customer's money: each trade
        that took money (a bill's payment, an early settlement's, a deposit transfer) has
        refunds succeeded or in flight for all of it; none of its bills is collectable."""
        with self._in_shop():
            for placed_order in self._orders():
                order = Order.objects.get(pk=placed_order.id)
                if order.status not in machine.UNWOUND:
                    continue
                name = f"{order.status} order {placed_order.no}"
                flying = set(
                    BillPayment.objects.filter(
                        bill__order_id=order.pk, status=BillPayment.Status.PROCESSING
                    ).values_list("bill_id", flat=True)
                )
                collectable = [
                    (b.period, b.status)
                    for b in Bill.objects.filter(order_id=order.pk, status__in=OWED_STATUSES)
                    if b.status != BillStatus.PAYING or b.pk not in flying
                ]
                assert not collectable, f"{name}: bills still collectable {collectable}"
                for payment in BillPayment.objects.filter(
                    bill__order_id=order.pk, status=BillPayment.Status.SUCCEEDED
                ).exclude(method__in=[BillPayment.Method.OFFLINE, BillPayment.Method.DEPOSIT]):
                    back = _sum(
                        r.amount for r in payment.refunds.exclude(status=BillRefund.Status.FAILED)
                    )
                    assert back == payment.amount, (
                        f"{name}: payment {payment.out_trade_no} took {payment.amount}, "
                        f"{back} given back"
                    )
                for transfer in DepositOperation.objects.filter(
                    order_id=order.pk, kind="transfer", purpose="bills", status="succeeded"
                ):
                    back = _sum(
                        op.amount
                        for op in DepositOperation.objects.filter(
                            kind="refund", out_request_no__startswith=f"{transfer.out_request_no}R"
                        ).exclude(status="failed")
                    )
                    assert back == transfer.amount, (
                        f"{name}: transfer {transfer.out_request_no} took {transfer.amount}, "
                        f"{back} given back"
                    )

    @invariant()
    def an_ended_order_s_deposit_is_thawed(self) -> None:
        """10. The deposit of an ended order (a deal or not) is thawed, or its thaw in
        flight, unless something it could pay is owed or in flight (from rows)."""
        today = timezone.localdate()
        with self._in_shop():
            for placed_order in self._orders():
                order = Order.objects.get(pk=placed_order.id)
                if order.status not in machine.FINAL or deposits.deposit_available(order) <= 0:
                    continue
                could = what_the_deposit_could_pay(order.pk, today)
                assert could, (
                    f"{order.status} order {placed_order.no}: {deposits.deposit_available(order)} "
                    "of its deposit still frozen with nothing owed or in flight"
                )

    @invariant()
    def every_settlement_day_is_closed_or_held(self) -> None:
        """11. Every settlement day the last night reached is closed: each journal that moved
        money at the provider by then, whose period's settlement day has come, is in a
        closed statement, or in the one span held — held only while the withdrawable
        balance does not cover its negative net."""
        if self.night is None:
            return
        night, newest = self.night
        with self._in_shop():
            held = list(Statement.objects.filter(status=Statement.Status.HELD))
            assert len(held) <= 1, f"{len(held)} statements held"
            balance = account_balance("merchant_cash")
            if held:
                assert held[0].net < 0 and balance + held[0].net < 0, (
                    f"held {held[0].period_start}~{held[0].period_end} net {held[0].net} while "
                    f"{balance} is withdrawable"
                )
            cycle = statements._cycle()  # the terms in force
            last_closed = (
                Statement.objects.filter(status=Statement.Status.CLOSED)
                .order_by("-period_end")
                .values_list("period_end", flat=True)
                .first()
            )
            open_days = (
                Entry.objects.filter(account__code="provider_clearing", journal_id__lte=newest or 0)
                .exclude(journal__kind="settlement")
                .exclude(journal_id__in=StatementLine.objects.values("journal_id"))
                .values_list("journal_id", "journal__counted_on")
            )
            for journal_id, counted_on in open_days:
                day = counted_on
                if last_closed is not None and day <= last_closed:
                    day = last_closed + timedelta(days=1)
                closes_on = statements._period(day, cycle)[2]
                if closes_on > night:
                    continue
                assert held and held[0].period_start <= day, (
                    f"journal {journal_id} of {counted_on} (settles {closes_on}) neither closed "
                    f"nor held after the night of {night}"
                )

    def _our_trades(self) -> dict[str, tuple[str, Decimal]]:
        """Each request number we sent the provider for the example's orders, with what our
        rows say of it: (succeeded / failed / processing, amount)."""
        ours: dict[str, tuple[str, Decimal]] = {}
        ids = [placed_order.id for placed_order in self._orders()]
        with self._in_shop():
            for number, status, amount in (
                BillPayment.objects.filter(bill__order_id__in=ids)
                .exclude(method__in=["early", "offline", "deposit"])
                .values_list("out_trade_no", "status", "amount")
            ):
                ours[number] = (status, amount)
            for number, status, received, method in EarlySettlement.objects.filter(
                order_id__in=ids
            ).values_list("settlement_no", "status", "received", "method"):
                if method == "provider":
                    done = "succeeded" if status in ("succeeded", "short") else status
                    ours[number] = (done, received or ZERO)
            for number, status, amount in DepositOperation.objects.filter(
                order_id__in=ids
            ).values_list("out_request_no", "status", "amount"):
                ours[number] = (status, amount)
            for number, status, amount in BillRefund.objects.filter(order_id__in=ids).values_list(
                "out_no", "status", "amount"
            ):
                ours[number] = (status, amount)
        return ours

    @invariant()
    def the_provider_s_trades_equal_the_books(self) -> None:
        """12. Trade by trade, for every order of the example (taken, refunded, frozen,
        thawed): what our rows say succeeded the provider did, with the same amount; what
        the provider did our rows know (succeeded, or awaiting its word); what failed with
        us never succeeded there."""
        ours = self._our_trades()
        theirs = {
            r.out_no: r
            for r in self._provider_records()
            if r.operation not in (PaymentOperation.WITHHOLD_SIGN, PaymentOperation.PAYOUT)
        }
        for number, (status, amount) in ours.items():
            record = theirs.get(number)
            if status == "succeeded":
                assert record is not None and record.status == PaymentStatus.SUCCEEDED, (
                    f"{number}: succeeded in our books, at the provider "
                    f"{record.status if record else 'unknown'}"
                )
                assert record.amount == amount, f"{number}: ours {amount}, theirs {record.amount}"
            elif status == "failed" and record is not None:
                assert record.status != PaymentStatus.SUCCEEDED, (
                    f"{number}: failed in our books, the provider took {record.amount}"
                )
        for number, record in theirs.items():
            if record.status != PaymentStatus.SUCCEEDED:
                continue
            status, amount = ours.get(number, ("unknown", ZERO))
            assert status in ("succeeded", "processing"), (
                f"{number}: the provider's {record.operation} of {record.amount} succeeded, "
                f"our books say {status}"
            )

    @invariant()
    def each_state_s_event_is_written_once(self) -> None:
        """13. `bill.paid` once for each paid bill and for no other; `bill.overdue` once for
        each bill the night found past due (`overdue_noted_on`), whatever its late fee; a
        case's `write_off` once per write-off."""
        ids = [placed_order.id for placed_order in self._orders()]
        with self._in_shop():
            bills = list(Bill.objects.filter(order_id__in=ids))
            written_off = set(
                WriteOff.objects.filter(order_id__in=ids).values_list("case_id", flat=True)
            )
            cases = list(RecoveryCase.objects.filter(order_id__in=ids).values_list("pk", flat=True))
            # The shop's own outbox (each merchant's schema keeps one).
            events = Counter(
                (kind, object_id, (data or {}).get("action"))
                for kind, object_id, data in OutboxEvent.objects.filter(
                    type__in=["bill.paid", "bill.overdue", "recovery.case_changed"],
                ).values_list("type", "object_id", "data")
            )
        for bill in bills:
            name = f"bill {bill.order_no} #{bill.period} ({bill.status})"
            paid = events[("bill.paid", str(bill.pk), None)]
            assert paid == (1 if bill.status == BillStatus.PAID else 0), (
                f"{name}: bill.paid written {paid} times"
            )
            overdue = events[("bill.overdue", str(bill.pk), None)]
            assert overdue == (1 if bill.overdue_noted_on else 0), (
                f"{name}: bill.overdue written {overdue} times (noted {bill.overdue_noted_on})"
            )
        for case_id in cases:
            times = events[("recovery.case_changed", str(case_id), "write_off")]
            assert times == (1 if case_id in written_off else 0), (
                f"case {case_id}: write_off written {times} times"
            )


def test_a_lease_s_money_holds_whatever_happens_to_it(demo, demo_owner, admin_client, monkeypatch):
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
    # The customer paid 12.00 of shipping fee with bill 1 (refundSfAmount gives it back).
    offer = goods_on_shelf(demo_owner)
    lease = in_lease(demo, demo_owner, app, offer, shipping_fee="12.00")
    # Orders not a deal yet, beside it: awaiting audit, audited and signed (bill 1 not
    # paid), a purchase awaiting payment.
    auditing = placed(demo, place(app, offer, key="machine-auditing", seed=81))
    signing = placed(demo, place(app, offer, key="machine-signing", seed=82))
    assert demo_owner.post("/api/backend/auditOrder", {"id": signing.id, "passed": True}).ok
    customer_signs(demo, signing.id)
    purchase = placed(demo, place(app, offer, key="machine-purchase", seed=83, rent_plan_id=None))
    provider_settles(demo)  # the deposits' freezes confirmed
    others = {"auditing": auditing, "signing": signing, "purchase": purchase}
    with tenant_context(demo):
        payer = f"cust-{Order.objects.get(pk=lease.id).customer_id}"
        states = {name: Order.objects.get(pk=o.id).status for name, o in others.items()}
        assert states == {
            "auditing": machine.AWAITING_AUDIT,
            "signing": machine.AWAITING_SIGNING,
            "purchase": machine.AWAITING_PAYMENT,
        }, states
        # Recovery may write a debt off 5 days past due.
        setting = RecoverySetting.objects.get_or_create(pk=1)[0]
        setting.write_off_after_days = 5
        setting.save(update_fields=["write_off_after_days"])
    connection.set_schema_to_public()
    clock = Clock(timezone.now)
    monkeypatch.setattr(timezone, "now", clock.now)
    shop = Shop(demo, demo_owner, app, lease, payer, clock, admin_client, others)
    monkeypatch.setattr(LeaseMoney, "shop", shop, raising=False)

    # Every thaw asked of the provider, by any path, with what the deposit could pay then.
    request = deposits._request

    def watched(order: Order, *, kind: str, **rest: Any) -> DepositOperation:
        if kind == DepositOperation.Kind.THAW:
            shop.tally.thaws += 1
            could = what_the_deposit_could_pay(order.pk, timezone.localdate())
            shop.thaws.append((f"thaw of {rest.get('amount')} on {timezone.localdate()}", could))
        return request(order, kind=kind, **rest)

    monkeypatch.setattr(deposits, "_request", watched)
    name = os.environ.get("HYPOTHESIS_PROFILE", "")
    profile = PROFILES.get(name, PROFILES["default"])
    started = time.monotonic()
    run_state_machine_as_test(LeaseMoney, settings=profile)
    figures = {"profile": name or "default", **shop.tally.answer()}
    figures["seconds"] = round(time.monotonic() - started, 1)
    print("money machine:", json.dumps(figures, ensure_ascii=False))
    if os.environ.get("MONEY_MACHINE_TALLY"):
        with open(os.environ["MONEY_MACHINE_TALLY"], "w", encoding="utf-8") as out:
            json.dump(figures, out, ensure_ascii=False, indent=1)
    # The default profile runs every action (it is derandomized: the same ones every time).
    rules = {
        rule_name
        for rule_name, value in vars(LeaseMoney).items()
        if callable(value) and hasattr(value, "hypothesis_stateful_rule")
    }
    assert rules, "no rules found"
    if not name:
        assert not rules - set(shop.tally.actions), f"never ran: {rules - set(shop.tally.actions)}"
