"""Deposit-free leases on Zhima credit (docs/zhima.md): the freeze's credit and fund parts
kept apart (only the fund part is money: the ledger never books credit), the credit order's
machine walked through the one state-change helper (every move, every refusal, replays),
and its sync log (its own request numbers, retries under the same number, a replayed
answer changing nothing)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.credit_orders import credit_sync_apply
from apps.billing.models import CreditOrder, CreditOrderNotice, CreditOrderSync, DepositOperation
from apps.billing.order_figures import orders_money_keep
from apps.billing.tests.support import overdue_with_late_fee
from apps.goods.models import RentPlan
from tests.leases import (
    books_balance,
    deposit_of,
    detail_of,
    in_lease,
    order_books,
    place,
    placed,
    provider_settles,
)
from zulin.audit.models import StatusChange
from zulin.core.errors import ErrorCode
from zulin.ledger.models import Entry
from zulin.providers.models import SandboxPaymentRecord, SandboxSmsMessage
from zulin.providers.payment import SandboxPaymentProvider
from zulin.providers.risk import sandbox_id_number_for
from zulin.providers.sandbox import sandbox_failure_add, sandbox_failures_clear

SETTINGS = "/api/backend/saveOrderSetting"
TRANSFER = "/api/platform/depositTransferPay"
THAW = "/api/platform/depositThaw"
DEAL = "/api/platform/dealAfterSale"
DEPOSIT_ACCOUNTS = ("deposit_frozen", "deposit_held")
RISK_LIST = "/api/general/chartRiskListDetail"


def deposit_free(owner, merchant, offer, *, credit_max: str = "1000.00", grace: int = 7) -> None:
    """The shop offers deposit-free with its credit service; the plan lets credit cover up to
    `credit_max` of the deposit."""
    saved = owner.post(
        SETTINGS,
        {
            "unpaid_cancel_minutes": 30,
            "auto_receive_days": 7,
            "early_buyout_discount_rate": "0",
            "buyout_from_period": 1,
            "zhima_deposit_free": True,
            "zhima_service_id": "2026112900000000000001",
            "zhima_category": "RENT_PHONE",
            "zhima_deposit_mode": "POSTPAY",
            "zhima_violation_grace_days": grace,
        },
    )
    assert saved.ok, saved
    with tenant_context(merchant):
        RentPlan.objects.filter(pk=offer.rent_plan_id).update(
            credit_deposit_max=Decimal(credit_max)
        )
    connection.set_schema_to_public()


def credit_order(merchant, order_id: int) -> CreditOrder:
    with tenant_context(merchant):
        row = CreditOrder.objects.get(order_id=order_id)
    connection.set_schema_to_public()
    return row


def syncs(merchant, order_id: int) -> list[tuple[str, str, str, int]]:
    with tenant_context(merchant):
        rows = [
            (s.out_request_no, s.sync_status, s.result, s.attempts)
            for s in CreditOrderSync.objects.filter(credit_order__order_id=order_id)
        ]
    connection.set_schema_to_public()
    return rows


def history(merchant, row: CreditOrder) -> list[tuple[str, str, str]]:
    with tenant_context(merchant):
        found = list(
            StatusChange.objects.filter(target_type="credit_order", target_id=str(row.pk))
            .order_by("id")
            .values_list("action", "from_status", "to_status")
        )
    connection.set_schema_to_public()
    return found


def deposit_journal_amounts(merchant, order_id: int) -> list[Decimal]:
    """Every amount any journal of the order moved on the deposit's accounts."""
    with tenant_context(merchant):
        found = [
            e.amount
            for e in Entry.objects.filter(
                journal__order_id=order_id, account__code__in=DEPOSIT_ACCOUNTS
            )
        ]
    connection.set_schema_to_public()
    return found


def test_a_deposit_all_credit_books_nothing_and_its_credit_order_is_frozen(
    demo, demo_owner, app, offer
):
    deposit_free(demo_owner, demo, offer)
    order = placed(demo, place(app, offer))  # grade B: 500.00 of deposit

    row = credit_order(demo, order.id)
    assert (row.status, row.credit_amount, row.fund_amount) == (
        "frozen",
        Decimal("500.00"),
        Decimal("0.00"),
    )
    assert (row.service_id, row.category, row.deposit_mode) == (
        "2026112900000000000001",
        "RENT_PHONE",
        "POSTPAY",
    )
    # The freeze carried the plan's later payments: every instalment after the first.
    assert row.post_payment_count == 11 and row.post_payment_amount > 0
    assert deposit_of(demo_owner, order.id)["frozen"] == "500.00"
    # Zhima's guarantee is no money: no journal touches the deposit's accounts.
    assert deposit_journal_amounts(demo, order.id) == []
    with tenant_context(demo):
        freeze = SandboxPaymentRecord.objects.get(merchant="demo", operation="freeze")
        statement = SandboxPaymentProvider("demo").statement(day=timezone.localdate())
    connection.set_schema_to_public()
    assert (freeze.credit_asked, freeze.credit_amount) == (True, Decimal("500.00"))
    assert [r.out_no for r in statement if r.operation == "freeze"] == []
    assert books_balance(demo) == []


def test_a_shop_without_deposit_free_freezes_money_as_before(demo, demo_owner, app, offer):
    order = placed(demo, place(app, offer))
    with tenant_context(demo):
        assert not CreditOrder.objects.filter(order_id=order.id).exists()
    connection.set_schema_to_public()
    assert deposit_journal_amounts(demo, order.id) == [Decimal("500.00")] * 2


def test_a_split_deposit_books_its_fund_part_only_to_the_cent_across_freeze_and_return(
    demo, demo_owner, app, offer
):
    deposit_free(demo_owner, demo, offer, credit_max="333.33")
    sandbox_failure_add(service="payment", operation="freeze", reason="CREDIT_SPLIT")
    order = in_lease(demo, demo_owner, app, offer)

    row = credit_order(demo, order.id)
    # Half of what credit could cover (333.33 / 2, down to the cent) is credit.
    assert (row.status, row.credit_amount, row.fund_amount) == (
        "performing",
        Decimal("166.66"),
        Decimal("333.34"),
    )
    assert order_books(demo, order.id)["deposit_frozen"] == Decimal("333.34")

    # Damage of 400.00 taken from the deposit: the customer's money first (333.34), then
    # 66.66 of the guarantee, which the provider charges the customer: 400.00 is money.
    taken = demo_owner.post(
        TRANSFER,
        {
            "order_id": order.id,
            "purpose": "damage",
            "amount": "400.00",
            "idempotency_key": "zhima-damage-1",
        },
    )
    assert taken.ok, taken
    provider_settles(demo)
    # The rest (100.00, all credit) thawed: no money moves, nothing booked.
    thawed = demo_owner.post(THAW, {"order_id": order.id, "idempotency_key": "zhima-thaw-01"})
    assert thawed.ok, thawed

    with tenant_context(demo):
        ops = {
            op.kind: (op.amount, op.credit_amount)
            for op in DepositOperation.objects.filter(order_id=order.id)
        }
    connection.set_schema_to_public()
    assert ops == {
        "freeze": (Decimal("500.00"), Decimal("166.66")),
        "transfer": (Decimal("400.00"), Decimal("66.66")),
        "thaw": (Decimal("100.00"), Decimal("100.00")),
    }
    books = order_books(demo, order.id)
    assert "deposit_frozen" not in books and "deposit_held" not in books
    assert books["damage_income"] == Decimal("400.00")
    # Every amount booked on the deposit's accounts is the customer's money, never credit.
    assert sorted(deposit_journal_amounts(demo, order.id)) == [Decimal("333.34")] * 4
    assert deposit_of(demo_owner, order.id)["remaining"] == "0.00"
    assert books_balance(demo) == []


def test_a_lease_refused_before_any_payment_closes_its_credit_order_and_a_retry_reuses_the_number(
    demo, demo_owner, app, offer
):
    deposit_free(demo_owner, demo, offer)
    order = placed(demo, place(app, offer))
    # The service does not answer, until it does.
    sandbox_failure_add(
        service="payment", operation="credit_sync", reason="SYSTEM_ERROR", times=None
    )

    refused = demo_owner.post(
        "/api/backend/auditOrder", {"id": order.id, "passed": False, "reason": "资料不实"}
    )
    assert refused.ok, refused

    assert credit_order(demo, order.id).status == "frozen"
    [(out_no, status, result, attempts)] = syncs(demo, order.id)
    assert (status, result) == ("CLOSED", "processing") and attempts >= 1
    # The night's refresh of the order's figures sends it again, under the same number.
    sandbox_failures_clear(service="payment")
    with tenant_context(demo):
        orders_money_keep([order.id])
    connection.set_schema_to_public()
    assert syncs(demo, order.id) == [(out_no, "CLOSED", "succeeded", attempts + 1)]
    row = credit_order(demo, order.id)
    assert row.status == "closed"
    assert history(demo, row) == [
        ("create", "", "created"),
        ("freeze", "created", "frozen"),
        ("close", "frozen", "closed"),
    ]
    with tenant_context(demo):
        sync = CreditOrderSync.objects.get(out_request_no=out_no)
        assert sync.request == {
            "out_request_no": out_no,
            "auth_no": row.auth_no,
            "order_status": "CLOSED",
        }
        assert sync.answer["sync_status"] == "CLOSED" and sync.answered_at is not None
        # A replayed answer changes nothing: no second move, no second history row.
        answer = SandboxPaymentProvider("demo").query(out_no=out_no)
        assert credit_sync_apply(sync, answer, None) is False
        # Nothing after a final status: the night's refresh sends nothing more.
        orders_money_keep([order.id])
        assert CreditOrderSync.objects.count() == 1
    connection.set_schema_to_public()
    assert len(history(demo, row)) == 3


def test_a_bought_out_lease_syncs_complete_and_thaws_with_fulfilment(demo, demo_owner, app, offer):
    deposit_free(demo_owner, demo, offer)
    order = in_lease(demo, demo_owner, app, offer)
    assert credit_order(demo, order.id).status == "performing"
    opened = app.post(
        "/api/applet/applyAfterSale", {"order_no": order.no, "kind": "buyout", "reason": "留下"}
    )
    assert opened.ok, opened
    approved = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "approve", "idempotency_key": "zhima-buyout-1"}
    )
    assert approved.ok, approved
    provider_settles(demo)

    assert detail_of(demo_owner, order.id)["status"] == "bought_out"
    row = credit_order(demo, order.id)
    assert row.status == "completed"
    assert [(s, r) for _, s, r, _ in syncs(demo, order.id)] == [("COMPLETE", "succeeded")]
    assert [a for a, _, _ in history(demo, row)] == [
        "create",
        "freeze",
        "perform",
        "complete",
    ]
    with tenant_context(demo):
        thaw = SandboxPaymentRecord.objects.get(merchant="demo", operation="thaw")
    connection.set_schema_to_public()
    assert (thaw.subject, thaw.amount, thaw.credit_amount) == (
        "bizComplete",
        Decimal("500.00"),
        Decimal("500.00"),
    )
    assert deposit_journal_amounts(demo, order.id) == []
    assert books_balance(demo) == []


def _notice(owner, order_id):
    return owner.post("/api/merchant/noticeCreditViolation", {"order_id": order_id})


def _confirm(owner, order_id, reason="逾期 30 天未还，多次联系未果"):
    return owner.post(
        "/api/merchant/confirmCreditViolation", {"order_id": order_id, "reason": reason}
    )


def test_a_violation_needs_the_notice_the_grace_and_a_persons_reason(demo, demo_owner, app, offer):
    deposit_free(demo_owner, demo, offer, grace=7)
    order = in_lease(demo, demo_owner, app, offer)
    # Nothing past due: no notice, no violation.
    assert _notice(demo_owner, order.id).code == ErrorCode.CONFLICT
    assert _confirm(demo_owner, order.id).code == ErrorCode.CONFLICT
    overdue_with_late_fee(demo, order.id, days=10)

    # Not noticed yet: a violation cannot be confirmed.
    assert _confirm(demo_owner, order.id).code == ErrorCode.CONFLICT
    noticed = _notice(demo_owner, order.id)
    assert noticed.ok, noticed
    assert noticed.data["status"] == "violation_pending"
    with tenant_context(demo):
        notice = CreditOrderNotice.objects.get(credit_order__order_id=order.id)
        sms = SandboxSmsMessage.objects.filter(template="credit_violation_notice").get()
    connection.set_schema_to_public()
    assert notice.amount_owed > Decimal("399.00")  # the rent with its late fee
    assert f"{notice.amount_owed:.2f}" in sms.text and order.no in sms.text
    # A second notice is refused: already pending.
    assert _notice(demo_owner, order.id).code == ErrorCode.CONFLICT

    # Within the grace: refused, naming the earliest day; nothing synced.
    early = _confirm(demo_owner, order.id)
    assert early.code == ErrorCode.CONFLICT and early.data["earliest"], early
    assert syncs(demo, order.id) == []
    with tenant_context(demo):
        CreditOrderNotice.objects.filter(pk=notice.pk).update(
            sent_at=timezone.now() - timedelta(days=7, minutes=1)
        )
    connection.set_schema_to_public()
    # No reason: refused.
    assert _confirm(demo_owner, order.id, reason="  ").code == ErrorCode.VALIDATION
    confirmed = _confirm(demo_owner, order.id)
    assert confirmed.ok, confirmed
    assert confirmed.data["status"] == "violated"
    assert confirmed.data["violation_reason"] == "逾期 30 天未还，多次联系未果"
    assert [(s, r) for _, s, r, _ in syncs(demo, order.id)] == [("VIOLATED", "succeeded")]
    # Confirmed once: again is refused and sends nothing.
    assert _confirm(demo_owner, order.id).code == ErrorCode.CONFLICT
    assert len(syncs(demo, order.id)) == 1
    row = credit_order(demo, order.id)
    assert [a for a, _, _ in history(demo, row)] == [
        "create",
        "freeze",
        "perform",
        "notice",
        "violate",
    ]


def test_a_debt_paid_while_a_violation_is_pending_returns_to_performing(
    demo, demo_owner, app, offer
):
    deposit_free(demo_owner, demo, offer)
    order = in_lease(demo, demo_owner, app, offer)
    overdue_with_late_fee(demo, order.id, days=10)
    assert _notice(demo_owner, order.id).ok
    paid = app.post(
        "/api/applet/payBill",
        {"order_no": order.no, "period": 2, "idempotency_key": "zhima-pay-0002"},
    )
    assert paid.ok, paid
    provider_settles(demo, customer_pays=f"{order.no}B002")

    row = credit_order(demo, order.id)
    assert row.status == "performing"
    assert [a for a, _, _ in history(demo, row)][-2:] == ["notice", "debt_paid"]
    assert _confirm(demo_owner, order.id).code == ErrorCode.CONFLICT


@pytest.mark.parametrize("reason", ["CREDIT_NONE"])
def test_a_deposit_the_service_does_not_cover_is_money_whole(demo, demo_owner, app, offer, reason):
    deposit_free(demo_owner, demo, offer)
    sandbox_failure_add(service="payment", operation="freeze", reason=reason)
    order = placed(demo, place(app, offer))
    row = credit_order(demo, order.id)
    assert (row.status, row.credit_amount, row.fund_amount) == (
        "frozen",
        Decimal("0.00"),
        Decimal("500.00"),
    )
    assert deposit_journal_amounts(demo, order.id) == [Decimal("500.00")] * 2


def test_the_risk_list_shows_the_deposits_money_and_zhimas_guarantee_apart(
    demo, demo_owner, app, offer
):
    # Given a deposit-free lease frozen half as Zhima's guarantee, and an ordinary one whose
    # deposit is the customer's money only (grade C: no credit asked of a plan without it)
    deposit_free(demo_owner, demo, offer, credit_max="333.33")
    sandbox_failure_add(service="payment", operation="freeze", reason="CREDIT_SPLIT")
    split = placed(demo, place(app, offer))
    with tenant_context(demo):
        RentPlan.objects.filter(pk=offer.rent_plan_id).update(credit_deposit_max=Decimal("0"))
    connection.set_schema_to_public()
    money_only = placed(demo, place(app, offer, key="order-key-0002", seed=1))

    # When the risk list is read
    def cover(order_no: str) -> list[tuple[str | None, str | None]]:
        rows = demo_owner.post(RISK_LIST, {"order_no": order_no}).data["list"]
        return [(row["deposit_fund"], row["deposit_credit"]) for row in rows]

    # Then each query row shows its order's deposit apart: the customer's money, Zhima's
    # guarantee (the same 500.00 frozen either way)
    assert cover(split.no) == [("333.34", "166.66")]
    assert cover(money_only.no) == [("500.00", "0.00")]
    # a query about a person with no order froze nothing
    asked = demo_owner.post(
        "/api/general/getRisk",
        {
            "query_type": "deep",
            "name": "李四",
            "id_number": sandbox_id_number_for(grade="B", seed=3),
            "phone": "13900000009",
            "idempotency_key": "risk-cover-1",
        },
    )
    assert asked.ok, asked
    rows = demo_owner.post(RISK_LIST, {"source": "manual"}).data["list"]
    assert [(r["order_id"], r["deposit_fund"], r["deposit_credit"]) for r in rows] == [
        (None, None, None)
    ]
