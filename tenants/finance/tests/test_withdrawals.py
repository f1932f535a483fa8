"""Withdrawals: applied and frozen by the shop, approved by one or two platform finance
accounts, paid out through the provider's callback, rejected, cancelled or failed with the
amount given back; every step balanced in both books. The payout is requested once the
approval has committed (tests run in a transaction that never commits: the approval's
on_commit callbacks run where a test says so), and a withdrawal left paying with nothing at
the provider is requested again under its number."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection, transaction
from django.test import override_settings
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context, tenant_context

from apps.billing.statements import statements_close
from apps.goods.tests.factories import goods_payload
from tenants.accounts.tests.test_api_platform_staff import STAFF_PASSWORD, staff_make
from tenants.finance import services
from tenants.finance.models import Withdrawal
from tenants.finance.services import withdrawal_operate
from tenants.finance.tasks import finance_payouts_resume
from tenants.merchants.models import SettlementTerms
from tests.committed import committed_demo  # noqa: F401 (a fixture)
from tests.fixtures import login, session_of
from tests.leases import DEMO, IntakeClient, goods_on_shelf, in_lease
from zulin.audit.models import StatusChange
from zulin.core.errors import ErrorCode
from zulin.ledger.selectors import account_balance, ledger_check
from zulin.ledger.tests.test_ledger_concurrency import committed, in_threads
from zulin.providers.models import SandboxCallback, SandboxPaymentRecord
from zulin.providers.payment import SandboxPaymentProvider, sandbox_payments_complete
from zulin.providers.sandbox import (
    sandbox_callback_replay,
    sandbox_callbacks_deliver,
    sandbox_failure_add,
)

from .support import APPLY, DETAIL, OPERATE, settled_cash


@pytest.fixture
def provider_outside(demo, monkeypatch) -> Iterator[list[str]]:
    """The sandbox's payouts made the way a real provider makes them: on a connection of
    their own, committed at once, whatever our transaction does afterwards (the sandbox
    otherwise keeps its books in our database, so a rollback of ours would take its record
    back too). Answers the numbers requested; their records are removed at the end."""
    requested: list[str] = []
    payout = SandboxPaymentProvider.payout

    def outside(self: SandboxPaymentProvider, **request: Any) -> Any:
        requested.append(request["out_no"])
        return committed(demo, lambda: payout(self, **request))

    monkeypatch.setattr(SandboxPaymentProvider, "payout", outside)
    yield requested
    monkeypatch.undo()
    committed(
        demo,
        lambda: SandboxPaymentRecord.objects.filter(
            merchant=demo.slug, out_no__in=requested
        ).delete(),
    )


def _payouts(number: str) -> list[tuple[str, Decimal, str]]:
    """The sandbox provider's records under a withdrawal's number."""
    return list(
        SandboxPaymentRecord.objects.filter(merchant="demo", out_no=number).values_list(
            "operation", "amount", "status"
        )
    )


def _payout_sends(callbacks: list[Any]) -> list[Any]:
    """The payout requests among what ran after a commit (its events' forwarder aside)."""
    return [c for c in callbacks if getattr(c, "func", None) is services._payout_send]


def _books(merchant) -> dict[str, Decimal]:
    with tenant_context(merchant):
        found = {
            code: account_balance(code)
            for code in ("merchant_cash", "withdrawals_in_transit", "bank")
        }
        assert ledger_check() == []
    with schema_context(get_public_schema_name()):
        found["payable"] = account_balance("merchant_payable", sub_key=f"merchant:{merchant.pk}")
        assert ledger_check() == []
    connection.set_schema_to_public()
    return found


def _settle(merchant) -> None:
    sandbox_payments_complete(merchant=merchant.slug)
    sandbox_callbacks_deliver(merchant=merchant.slug)
    connection.set_schema_to_public()


def test_applying_freezes_never_more_than_withdrawable_and_the_key_answers_once(
    demo, demo_owner, cash
):
    too_much = demo_owner.post(
        APPLY, {"amount": str(cash + Decimal("0.01")), "idempotency_key": "wd-key-0001"}
    )
    assert too_much.code == ErrorCode.WITHDRAWAL_EXCEEDS_BALANCE
    body = {"amount": "100.00", "idempotency_key": "wd-key-0002"}
    applied = demo_owner.post(APPLY, body)
    assert applied.ok, applied
    assert (applied.data["status"], applied.data["account_number"][-4:]) == ("pending", "1234")
    assert "6225880000001234" not in str(applied.data)
    again = demo_owner.post(APPLY, body)
    assert again.data["id"] == applied.data["id"]
    other_amount = demo_owner.post(APPLY, {**body, "amount": "50.00"})
    assert other_amount.code == ErrorCode.IDEMPOTENCY_KEY_REUSED
    books = _books(demo)
    assert (books["merchant_cash"], books["withdrawals_in_transit"]) == (
        cash - 100,
        Decimal("100.00"),
    )

    counts = demo_owner.get("/api/v2/getWithdrawalCount").data
    assert {s["value"]: s["count"] for s in counts["statuses"]}["pending"] == 1
    assert Decimal(counts["withdrawable"]) == cash - 100
    assert demo_owner.get("/api/finance/withdrawList").data["total"] == 1

    cancelled = demo_owner.post("/api/finance/cancelWithdraw", {"id": applied.data["id"]})
    assert cancelled.data["status"] == "cancelled"
    assert demo_owner.post("/api/finance/cancelWithdraw", {"id": applied.data["id"]}).code == 409
    assert _books(demo)["merchant_cash"] == cash
    timeline = demo_owner.get(DETAIL, {"id": applied.data["id"]}).data["timeline"]
    assert [row["to_status"] for row in timeline][-2:] in (
        ["pending", "cancelled"],
        ["cancelled", "pending"],
    )


def test_one_approval_requests_the_payout_once_committed_and_the_callback_pays_it_once(
    demo, demo_owner, cash, admin_client, django_capture_on_commit_callbacks
):
    applied = demo_owner.post(APPLY, {"amount": "80.00", "idempotency_key": "wd-key-0101"}).data
    before = _books(demo)
    with django_capture_on_commit_callbacks(execute=True) as after_commit:
        approved = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
        assert approved.ok and approved.data["status"] == "paying", approved
        # Nothing asked of the provider while the approval's transaction is open.
        assert _payouts(applied["withdrawal_no"]) == []
    assert len(_payout_sends(after_commit)) == 1
    assert _payouts(applied["withdrawal_no"]) == [("payout", Decimal("80.00"), "processing")]
    _settle(demo)
    paid = admin_client.get(DETAIL, {"id": applied["id"]}).data
    assert paid["status"] == "paid" and paid["provider_trade_no"]
    after = _books(demo)
    assert after["withdrawals_in_transit"] == 0 and after["bank"] == before["bank"] + 80
    assert after["payable"] == before["payable"] - 80
    # The provider sends the callback again: nothing moves twice.
    sent = SandboxCallback.objects.filter(event_type="payout", merchant="demo").latest("id")
    assert sandbox_callback_replay(event_id=sent.event_id).delivered
    connection.set_schema_to_public()
    assert _books(demo) == after
    store = demo_owner.get("/api/v2/getBillList", {"type": "withdrawal"}).data["list"]
    assert [row["amount"] for row in store] == ["-80.00"]
    platform = admin_client.get(
        "/api/platform/getFinanceRecord", {"type": "withdrawal", "merchant_id": demo.pk}
    ).data["list"]
    assert [row["amount"] for row in platform] == ["-80.00"]


@override_settings(WITHDRAWAL_TWO_PERSON_ABOVE=Decimal("50.00"))
def test_above_the_threshold_two_different_platform_accounts_must_approve(
    demo, demo_owner, cash, admin_client, django_capture_on_commit_callbacks
):
    staff_make(admin_client, "fin2", ["platform_finance"])
    second = login("admin.localhost", "fin2", STAFF_PASSWORD)
    applied = demo_owner.post(APPLY, {"amount": "60.00", "idempotency_key": "wd-key-0201"}).data
    assert applied["needs_two"] and applied["approvals_needed"] == 2

    with django_capture_on_commit_callbacks(execute=True) as after_first:
        first = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"}).data
    assert (first["status"], first["approvals_needed"]) == ("reviewing", 1)
    assert _payout_sends(after_first) == []  # one approval of two asks nothing of the provider
    same = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
    assert same.code == ErrorCode.WITHDRAWAL_SAME_APPROVER
    # A finance account picks the merchant in the platform's lists.
    shops = second.get("/api/platform/getShopSelections")
    assert shops.ok and demo.pk in {shop["id"] for shop in shops.data}, shops
    with django_capture_on_commit_callbacks(execute=True):
        done = second.post(OPERATE, {"id": applied["id"], "action": "approve"}).data
    assert done["status"] == "paying"
    assert [a["name"] for a in done["approvals"]] == [
        first["approvals"][0]["name"],
        done["approvals"][1]["name"],
    ]
    assert len({a["account_id"] for a in done["approvals"]}) == 2
    _settle(demo)
    assert admin_client.get(DETAIL, {"id": applied["id"]}).data["status"] == "paid"
    # A store account can neither approve nor see the platform's list.
    assert demo_owner.post(OPERATE, {"id": applied["id"], "action": "approve"}).code == 1002


def test_a_rejection_needs_a_reason_and_gives_the_amount_back(demo, demo_owner, cash, admin_client):
    applied = demo_owner.post(APPLY, {"amount": "30.00", "idempotency_key": "wd-key-0301"}).data
    init = admin_client.get("/api/finance/initDetailForReject", {"id": applied["id"]}).data
    assert init["withdrawal"]["id"] == applied["id"] and init["reasons"]
    silent = admin_client.post(OPERATE, {"id": applied["id"], "action": "reject"})
    assert silent.code == ErrorCode.VALIDATION
    rejected = admin_client.post(
        OPERATE, {"id": applied["id"], "action": "reject", "reason": "结算账户信息有误"}
    ).data
    assert (rejected["status"], rejected["reject_reason"]) == ("rejected", "结算账户信息有误")
    assert _books(demo)["merchant_cash"] == cash
    again = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
    assert again.code == 409


def test_a_failed_payout_gives_the_amount_back(
    demo, demo_owner, cash, admin_client, django_capture_on_commit_callbacks
):
    sandbox_failure_add(
        service="payment", operation="payout", merchant="demo", reason="BANK_REJECTED"
    )
    applied = demo_owner.post(APPLY, {"amount": "40.00", "idempotency_key": "wd-key-0401"}).data
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
    _settle(demo)
    failed = demo_owner.get(DETAIL, {"id": applied["id"]}).data
    assert (failed["status"], failed["failure_reason"]) == ("failed", "BANK_REJECTED")
    books = _books(demo)
    assert (books["merchant_cash"], books["withdrawals_in_transit"]) == (cash, 0)


def test_another_merchant_neither_sees_nor_cancels_a_withdrawal(demo, demo_owner, cash, acme_owner):
    applied = demo_owner.post(APPLY, {"amount": "10.00", "idempotency_key": "wd-key-0501"}).data
    assert acme_owner.get(DETAIL, {"id": applied["id"]}).code == ErrorCode.NOT_FOUND
    assert acme_owner.post("/api/finance/cancelWithdraw", {"id": applied["id"]}).code == 404
    assert acme_owner.get("/api/finance/withdrawList").data["total"] == 0


# --- the payout after the approval's commit, and its recovery ------------------------------


@pytest.mark.parametrize("needs_two", [False, True], ids=["one-approval", "second-of-two"])
def test_a_failure_after_the_last_approval_in_its_transaction_leaves_no_payout_at_the_provider(
    demo, demo_owner, cash, admin_client, provider_outside, needs_two, settings
):
    settings.WITHDRAWAL_TWO_PERSON_ABOVE = Decimal("50.00") if needs_two else Decimal("10000.00")
    applied = demo_owner.post(APPLY, {"amount": "60.00", "idempotency_key": "wd-key-0601"}).data
    last = session_of(admin_client)
    if needs_two:
        staff_make(admin_client, "fin2", ["platform_finance"])
        first = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
        assert first.data["status"] == "reviewing", first
        last = session_of(login("admin.localhost", "fin2", STAFF_PASSWORD))
    before = (demo_owner.get(DETAIL, {"id": applied["id"]}).data, _books(demo))

    # The approval's transaction fails after its payout step (a later write, the process).
    with pytest.raises(RuntimeError), transaction.atomic():
        approved = withdrawal_operate(actor=last, withdrawal_id=applied["id"], approve=True)
        assert approved.status == "paying"
        raise RuntimeError("the approval's transaction fails after the payout step")

    # No payout at the provider (which a rollback of ours could never take back) …
    assert provider_outside == []
    assert _payouts(applied["withdrawal_no"]) == []
    # … and the withdrawal as it was: waiting for its (last) approval, the amount frozen.
    after = demo_owner.get(DETAIL, {"id": applied["id"]}).data
    assert after["status"] == ("reviewing" if needs_two else "pending")
    assert (after, _books(demo)) == before


def _left_paying(admin_client, demo_owner, key: str, amount: str = "70.00") -> dict[str, Any]:
    """A withdrawal approved and committed as paying whose on_commit never ran: the process
    ended between the commit and the payout's request. Made to look 11 minutes old."""
    applied = demo_owner.post(APPLY, {"amount": amount, "idempotency_key": key}).data
    approved = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
    assert approved.data["status"] == "paying", approved
    Withdrawal.objects.filter(pk=applied["id"]).update(
        updated_at=timezone.now() - timedelta(minutes=11)
    )
    return dict(applied)


def test_a_withdrawal_left_paying_with_no_payout_is_requested_again_under_its_number(
    demo, demo_owner, cash, admin_client
):
    left = _left_paying(admin_client, demo_owner, "wd-key-0701")
    before = _books(demo)
    assert _payouts(left["withdrawal_no"]) == []

    resumed = finance_payouts_resume()

    assert resumed == {"asked": 1, "paying": 1}
    assert _payouts(left["withdrawal_no"]) == [("payout", Decimal("70.00"), "processing")]
    # Asked again (the next run, the approval's own request arriving late): the same payout.
    Withdrawal.objects.filter(pk=left["id"]).update(
        updated_at=timezone.now() - timedelta(minutes=11)
    )
    assert finance_payouts_resume() == {"asked": 1, "paying": 1}
    services._payout_send(left["id"], None)
    assert len(_payouts(left["withdrawal_no"])) == 1
    _settle(demo)
    paid = demo_owner.get(DETAIL, {"id": left["id"]}).data
    assert paid["status"] == "paid" and paid["provider_trade_no"]
    after = _books(demo)
    assert after["withdrawals_in_transit"] == before["withdrawals_in_transit"] - 70
    assert after["bank"] == before["bank"] + 70
    assert finance_payouts_resume() == {"asked": 0, "paying": 0}


def test_a_provider_that_does_not_answer_leaves_the_approval_paying_until_the_resume(
    demo, demo_owner, cash, admin_client, django_capture_on_commit_callbacks
):
    sandbox_failure_add(
        service="payment", operation="payout", merchant="demo", reason="SYSTEM_ERROR"
    )
    applied = demo_owner.post(APPLY, {"amount": "30.00", "idempotency_key": "wd-key-0801"}).data
    with django_capture_on_commit_callbacks(execute=True):
        approved = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})

    # The approval stands (it committed); the payout waits for the resume job.
    assert approved.ok and approved.data["status"] == "paying", approved
    assert _payouts(applied["withdrawal_no"]) == []
    # A withdrawal paying for less than the resume's delay is left to its own request.
    assert finance_payouts_resume() == {"asked": 0, "paying": 0}
    Withdrawal.objects.filter(pk=applied["id"]).update(
        updated_at=timezone.now() - timedelta(minutes=11)
    )
    finance_payouts_resume()
    _settle(demo)
    assert demo_owner.get(DETAIL, {"id": applied["id"]}).data["status"] == "paid"


# --- an approval and a rejection of one withdrawal at once, committed ----------------------


def _pause_after_locking(monkeypatch, parties: int = 2, seconds: float = 3.0) -> None:
    """The first `parties` calls of the withdrawal's row lock each wait, once they have the
    row, until all have it or `seconds` pass. With the row lock the second caller cannot
    have it while the first waits (the first goes on alone, after `seconds`); without it
    both read the same status before either writes: the race made certain, not likely."""
    gate = threading.Barrier(parties, timeout=seconds)
    calls = iter(range(parties))
    locked = services._locked

    def pausing(withdrawal_id: int, merchant_id: int | None) -> Withdrawal:
        row = locked(withdrawal_id, merchant_id)
        if next(calls, None) is not None:
            with contextlib.suppress(threading.BrokenBarrierError):
                gate.wait()
        return row

    monkeypatch.setattr(services, "_locked", pausing)


@pytest.mark.usefixtures("committed_demo")  # every row committed here removed at the end
def test_an_approval_and_a_rejection_at_once_one_wins_and_the_balance_is_right(demo, monkeypatch):
    def applied() -> tuple[dict[str, Any], Decimal]:
        owner = login(DEMO, "owner")
        cash = settled_cash(demo, owner)
        answer = owner.post(APPLY, {"amount": "90.00", "idempotency_key": "wd-race-0001"})
        assert answer.ok, answer
        return answer.data, cash

    withdrawal, cash = committed(demo, applied)
    _pause_after_locking(monkeypatch)
    decisions = [{"action": "approve"}, {"action": "reject", "reason": "结算账户信息有误"}]

    def decide(number: int) -> int:
        finance = login("admin.localhost", "admin")
        return finance.post(OPERATE, {"id": withdrawal["id"], **decisions[number]}).code

    codes = in_threads(demo, 2, decide)
    monkeypatch.undo()

    assert sorted(codes) == [200, 409], codes
    approved = codes[0] == 200
    committed(demo, lambda: _settle(demo))

    def outcome() -> tuple[Any, ...]:
        row = Withdrawal.objects.get(pk=withdrawal["id"])
        with schema_context(get_public_schema_name()):
            moves = StatusChange.objects.filter(target_type="withdrawal", target_id=str(row.pk))
            count = moves.count()
        return row.status, count, _books(demo), _payouts(row.withdrawal_no)

    status, moves, books, payouts = committed(demo, outcome)
    assert moves == (3 if approved else 2)  # created, then approved and paid, or rejected
    if approved:
        assert status == "paid" and payouts == [("payout", Decimal("90.00"), "succeeded")]
        assert (books["merchant_cash"], books["withdrawals_in_transit"]) == (cash - 90, 0)
    else:
        assert status == "rejected" and payouts == []
        assert (books["merchant_cash"], books["withdrawals_in_transit"]) == (cash, 0)


def test_exactly_ten_thousand_needs_one_approver_and_a_cent_more_needs_two(
    demo, demo_owner, admin_client
):
    """WITHDRAWAL_TWO_PERSON_ABOVE as shipped (10,000.00): a withdrawal of exactly that much
    is approved by one platform account, one of a cent more waits for a second."""
    SettlementTerms.objects.create(
        merchant=demo,
        commission_rate=Decimal("5.00"),
        settlement_cycle="T+1",
        bank_name="招商银行",
        account_name="演示租赁",
        account_number="6225880000001234",
    )
    first, *others = goods_payload(0)["rent_list"]
    offer = goods_on_shelf(demo_owner, rent_list=[{**first, "rent": "11000.00"}, *others])
    in_lease(demo, demo_owner, IntakeClient(demo, DEMO), offer)
    with tenant_context(demo):
        statements_close(today=timezone.localdate() + timedelta(days=1))
    connection.set_schema_to_public()
    assert _books(demo)["merchant_cash"] == Decimal("10450.00")  # 11,000.00 less 5 %

    above = demo_owner.post(APPLY, {"amount": "10000.01", "idempotency_key": "wd-key-edge-1"})
    assert above.ok, above
    assert (above.data["needs_two"], above.data["approvals_needed"]) == (True, 2)
    first = admin_client.post(OPERATE, {"id": above.data["id"], "action": "approve"}).data
    assert (first["status"], first["approvals_needed"]) == ("reviewing", 1)
    rejected = admin_client.post(
        OPERATE, {"id": above.data["id"], "action": "reject", "reason": "金额有误，重新申请"}
    )
    assert rejected.ok and rejected.data["status"] == "rejected", rejected

    exactly = demo_owner.post(APPLY, {"amount": "10000.00", "idempotency_key": "wd-key-edge-2"})
    assert exactly.ok, exactly
    assert (exactly.data["needs_two"], exactly.data["approvals_needed"]) == (False, 1)
    approved = admin_client.post(OPERATE, {"id": exactly.data["id"], "action": "approve"}).data
    assert (approved["status"], approved["approvals_needed"]) == ("paying", 0)
    assert len(approved["approvals"]) == 1
