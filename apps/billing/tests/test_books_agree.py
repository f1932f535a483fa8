"""Each merchant's books and the platform's sub-ledger of that merchant mirror each other
(`tenants/finance/agreement.py`): after a lease's money moved they agree; a posting in one
schema alone is reported by the check, the nightly reconciliation and the command."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from tenants.finance.agreement import books_agreement
from tenants.finance.reconciliation import reconcile_day
from tests.leases import in_lease, provider_settles
from zulin.ledger.services import platform_ledger, post_event


def test_the_books_agree_after_a_lease_and_a_one_sided_posting_is_reported(
    demo, acme, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    paid = demo_owner.post(
        "/api/v2/BillPayment",
        {"order_id": order.id, "period": 2, "idempotency_key": "agree-withhold-2"},
    )
    assert paid.ok, paid
    provider_settles(demo)

    assert books_agreement(demo) == [] and books_agreement(acme) == []
    call_command("ledger_agreement")
    out = io.StringIO()
    call_command("ledger_check", "--all", stdout=out)
    assert "books agree: ok" in out.getvalue()

    # The platform books a commission the merchant's books never saw.
    with tenant_context(demo), platform_ledger():
        post_event(
            "commission",
            {"commission": Decimal("1.00")},
            reference="stray-commission",
            merchant_id=demo.pk,
        )
    connection.set_schema_to_public()

    problems = books_agreement(demo)
    assert len(problems) == 2
    assert any("merchant_payable" in p and "difference -1.00" in p for p in problems)
    assert any("commission_income" in p and "difference 1.00" in p for p in problems)
    assert books_agreement(acme) == []
    with pytest.raises(CommandError, match="2 difference"):
        call_command("ledger_agreement")
    # ledger_check --all proves each book alone and then that they agree.
    out = io.StringIO()
    with pytest.raises(CommandError, match="2 difference"):
        call_command("ledger_check", "--all", stdout=out)
    assert f"books agree: merchant {demo.slug}: platform commission_income" in out.getvalue()
    with tenant_context(demo):
        run = reconcile_day(day=timezone.localdate())
        found = list(run.mismatches.filter(kind="books_differ").values_list("detail", flat=True))
    connection.set_schema_to_public()
    assert run.status == "mismatched" and len(found) == 1 and "commission_income" in found[0]
