"""The night's collection killed with SIGKILL halfway, run again, and run a third time:
nothing lost, nothing doubled, and the third run makes nothing new.

Everything here is committed (the worker is another process); `committed_demo` removes it
afterwards. The sandbox provider keeps its books in the same database and transaction as
the caller, so a kill also forgets the provider's side of the attempt in flight; what this
proves is our side: every step is its own transaction, and a re-run starts where the
killed one stopped."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

from django.db import connection
from django.db.models import Count
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill, BillLateFee, BillPayment, BillReminder
from tests.fixtures import login
from tests.leases import DEMO, IntakeClient, goods_on_shelf, in_lease
from zulin.ledger.models import Journal
from zulin.ledger.selectors import ledger_check
from zulin.ledger.tests.test_ledger_concurrency import committed
from zulin.providers.models import SandboxPaymentRecord

ROOT = Path(__file__).resolve().parents[3]
NIGHT = (
    "from django_tenants.utils import tenant_context\n"
    "from tenants.merchants.models import Merchant\n"
    "from apps.billing.rent_run import rent_run_night\n"
    "with tenant_context(Merchant.objects.get(slug='demo')):\n"
    "    print(rent_run_night())\n"
)


def _worker() -> subprocess.Popen[bytes]:
    """The night's collection in another process, on the test database; withholds answer
    at once (not `processing`), so one run charges every bill due."""
    db = connection.settings_dict
    url = f"postgresql://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "zulin.settings.test",
        "DATABASE_URL": url,
        "SANDBOX_PAYMENT_ASYNC_OPERATIONS": "transfer,refund",
    }
    return subprocess.Popen(
        [sys.executable, "manage.py", "shell", "-c", NIGHT],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _count(demo, model: type) -> int:
    def read() -> int:
        with tenant_context(demo):
            return int(model.objects.count())

    return int(committed(demo, read))


def _state(demo) -> dict[str, object]:
    def read() -> dict[str, object]:
        with tenant_context(demo):
            bills = Bill.objects.filter(period__gte=2, kind="lease")
            return {
                "payments": BillPayment.objects.count(),
                "late_fee_days": BillLateFee.objects.count(),
                "journals": Journal.objects.count(),
                "reminders": BillReminder.objects.count(),
                "provider": SandboxPaymentRecord.objects.filter(merchant="demo").count(),
                "unpaid": bills.exclude(status="paid").count(),
                "paid_twice": BillPayment.objects.filter(status="succeeded")
                .values("bill")
                .annotate(n=Count("id"))
                .filter(n__gt=1)
                .count(),
                "books": ledger_check(),
                "late_fee_left": sum(b.late_fee_owed for b in bills),
            }

    return dict(committed(demo, read))


def test_a_night_killed_halfway_and_run_again_loses_nothing_and_doubles_nothing(committed_demo):
    demo = committed_demo

    def leases() -> list[int]:
        owner = login(DEMO, "owner")
        app = IntakeClient(demo, DEMO)
        connection.set_tenant(demo)
        offer = goods_on_shelf(owner)
        ids = []
        for n in range(3):
            order = in_lease(
                demo,
                owner,
                app,
                offer,
                key=f"crash-order-{n:04d}",
                seed=n,
                tracking_no=f"SF77700000{n:02d}",
                serial=f"IMEI-CRASH-{n}",
            )
            ids.append(order.id)
        with tenant_context(demo):
            # Every later bill fell due long ago: 11 bills per order to collect, with fees.
            for bill in Bill.objects.filter(order_id__in=ids, period__gte=2):
                bill.due_date = timezone.localdate() - timedelta(days=400 - 30 * bill.period)
                bill.save(update_fields=["due_date"])
        return ids

    order_ids = committed(demo, leases)
    before = _state(demo)
    assert before["unpaid"] == 33

    worker = _worker()
    deadline = time.monotonic() + 60
    while _count(demo, BillPayment) < before["payments"] + 4:  # type: ignore[operator]
        assert worker.poll() is None, worker.communicate()
        assert time.monotonic() < deadline, "the worker never got going"
        time.sleep(0.01)
    worker.send_signal(signal.SIGKILL)
    worker.wait(timeout=10)
    killed = _state(demo)
    assert 0 < killed["unpaid"] < 33, killed  # killed halfway: some paid, some not
    assert killed["paid_twice"] == 0 and killed["books"] == []

    again = _worker()
    out, err = again.communicate(timeout=120)
    assert again.returncode == 0, err.decode()[-2000:]
    done = _state(demo)
    assert done["unpaid"] == 0 and done["paid_twice"] == 0, done
    assert done["books"] == [] and done["late_fee_left"] == 0
    # One succeeded withhold per bill at the provider, one journal per payment.
    with tenant_context(demo):
        numbers = list(
            BillPayment.objects.filter(bill__order_id__in=order_ids, status="succeeded")
            .exclude(method="customer")
            .values_list("out_trade_no", flat=True)
        )
    charged = SandboxPaymentRecord.objects.filter(
        merchant="demo", operation="withhold", status="succeeded", out_no__in=numbers
    ).count()
    assert (len(numbers), charged) == (33, 33)

    third = _worker()
    third.communicate(timeout=120)
    assert _state(demo) == done  # a re-run of the night makes nothing new
