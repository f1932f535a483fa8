"""A write-off and another writer of the same case at once, on real PostgreSQL connections,
committed (no test transaction hides the race); every row committed is removed at the end
(`committed_demo`).

The write-off locks the order and its bills, then the case; a collector's assignment locks
the case alone. Whatever the assignment commits while the write-off waits for the case must
still be there after the write-off: the write-off reads the case only once it holds it."""

from __future__ import annotations

import threading
import time
from typing import Any

from django.db import connection, transaction
from django_tenants.utils import tenant_context

from apps.recovery.models import RecoveryCase
from apps.recovery.services import cases_assign
from apps.subshops.tests.factories import staff_make
from tests.committed import committed_demo  # noqa: F401 — the fixture
from tests.fixtures import login, session_of
from tests.leases import DEMO, IntakeClient, goods_on_shelf
from zulin.ledger.tests.test_ledger_concurrency import committed, in_threads

from .support import case_of, night, overdue_lease

WRITE_OFF = "/api/backend/writeOffDebt"
WAIT_SECONDS = 120


def _old_case(demo: Any) -> tuple[int, int]:
    """A lease 200 days past due with its open case, and a collector; committed."""

    def work() -> tuple[int, int]:
        owner = login(DEMO, "owner")
        app = IntakeClient(demo, DEMO)
        order = overdue_lease(demo, owner, app, goods_on_shelf(owner), days=200, n=77)
        night(demo)
        case = case_of(demo, order.id)
        assert case.assignee_account_id is None  # no collector yet to give it to
        collector = staff_make(owner, "coll-race", ["collector"])
        return case.pk, collector["id"]

    return committed(demo, work)


def _recovery_waits_for_a_lock() -> bool:
    """True once another connection of this database waits for a lock on a recovery table
    (reading the case for update, or writing what points at it); bounded."""
    deadline = time.monotonic() + WAIT_SECONDS
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            # The activity view is read once per transaction unless its snapshot is cleared.
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
                " AND query LIKE '%%recovery_%%'"
            )
            if cursor.fetchone()[0]:
                return True
            time.sleep(0.05)
    return False


def test_an_assignment_made_while_the_write_off_waits_for_the_case_survives_it(
    committed_demo,  # noqa: F811
):
    demo = committed_demo
    case_id, collector_id = _old_case(demo)
    signed_in, holding = threading.Event(), threading.Event()
    seen: dict[str, bool] = {}

    def work(number: int) -> Any:
        owner = login(DEMO, "owner")
        if number == 0:
            # The assignment holds the case (uncommitted) until the write-off waits for it.
            session = session_of(owner)
            assert signed_in.wait(timeout=WAIT_SECONDS)
            connection.set_tenant(demo)
            with transaction.atomic():
                cases_assign(actor=session, case_ids=[case_id], assignee_id=collector_id)
                holding.set()
                seen["write-off waited"] = _recovery_waits_for_a_lock()
            return "assigned"
        signed_in.set()
        assert holding.wait(timeout=WAIT_SECONDS)
        body = {
            "case_id": case_id,
            "reason": "失联逾期超半年，核销",
            "idempotency_key": "race-wo-0001",
        }
        return owner.post(WRITE_OFF, body).code

    results = in_threads(demo, 2, work, timeout=2 * WAIT_SECONDS + 60)

    assert results == ["assigned", 200], results
    assert seen == {"write-off waited": True}
    with tenant_context(demo):
        case = RecoveryCase.objects.get(pk=case_id)
    connection.set_schema_to_public()
    assert case.state == "written_off"
    # The assignment committed while the write-off waited is kept, not overwritten by what
    # the case was before.
    assert (case.assignee_account_id, bool(case.assignee_name)) == (collector_id, True)
