"""The sandboxes' clock in `make run`: operations settle and callbacks go out over HTTP.
Each task is defined beside the work it does, in the module that queues it; this module
names them for the worker (Celery's discovery imports every app's `tasks.py`). Every task is
a no-op on work already done, so a test or a person doing it by hand first
(`manage.py sandbox complete|deliver`) does not make them act twice.

A task is queued when the caller's transaction commits. When the connection is lost during
that COMMIT (a switchover), the rows may be committed while the caller saw an error and
queued nothing: a real provider still settles what it was asked and still notifies. So the
sweep (beat, every 15 s) settles an operation of any sandbox that settles later (payment,
credit bureau, notary, e-contract) and queues a callback that nothing moved SWEEP_GRACE
after it was due."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from zulin.celery import app

from .credit import (
    sandbox_credit_complete,
    sandbox_credit_report_settle,
    sandbox_credit_reports_complete,
    sandbox_credit_settle,
)
from .econtract import sandbox_econtract_sign_later, sandbox_econtract_sweep
from .models import SandboxCallback, SandboxCallbackStatus
from .notary import sandbox_notary_settle, sandbox_notary_sweep
from .payment import sandbox_payment_settle, sandbox_payments_complete
from .sandbox import callback_deliver

# Past the task queued at commit (SANDBOX_COMPLETE_SECONDS) and a busy queue's wait.
SWEEP_GRACE = timedelta(seconds=20)
SWEEP_CALLBACKS_AT_MOST = 500


@app.task(name="providers.sandbox_sweep")
def sandbox_sweep() -> dict[str, int]:
    """Settles what every sandbox that settles later still holds processing SWEEP_GRACE
    after it was due (payment operations, credit queries and report files, notary cases,
    e-contract flows), and queues the callbacks written SWEEP_GRACE ago that were never
    tried. Answers how many of each; nothing when the sandboxes do not move by themselves
    (SANDBOX_AUTO_COMPLETE off). A sweep run again changes nothing: what it settled no
    longer waits."""
    if not settings.SANDBOX_AUTO_COMPLETE:
        return {"settled": 0, "callbacks": 0}
    before = timezone.now() - SWEEP_GRACE
    settled = [
        *sandbox_payments_complete(due_by=before),
        *sandbox_credit_complete(due_by=before),
        *sandbox_credit_reports_complete(due_by=before),
        *sandbox_notary_sweep(due_by=before),
        *sandbox_econtract_sweep(due_by=before),
    ]
    stranded = list(
        SandboxCallback.objects.filter(
            status=SandboxCallbackStatus.PENDING, attempts=0, created_at__lte=before
        )
        .order_by("id")
        .values_list("pk", flat=True)[:SWEEP_CALLBACKS_AT_MOST]
    )
    for callback_id in stranded:
        callback_deliver.delay(callback_id)
    return {"settled": len(settled), "callbacks": len(stranded)}


__all__ = [
    "callback_deliver",
    "sandbox_credit_report_settle",
    "sandbox_credit_settle",
    "sandbox_econtract_sign_later",
    "sandbox_notary_settle",
    "sandbox_payment_settle",
    "sandbox_sweep",
]
