"""The sandboxes' clock in `make run`: operations settle and callbacks go out over HTTP.
Each task is defined beside the work it does, in the module that queues it; this module
names them for the worker (Celery's discovery imports every app's `tasks.py`). Every task is
a no-op on work already done, so a test or a person doing it by hand first
(`manage.py sandbox complete|deliver`) does not make them act twice."""

from __future__ import annotations

from .credit import sandbox_credit_report_settle, sandbox_credit_settle
from .econtract import sandbox_econtract_sign_later
from .notary import sandbox_notary_settle
from .payment import sandbox_payment_settle
from .sandbox import callback_deliver

__all__ = [
    "callback_deliver",
    "sandbox_credit_report_settle",
    "sandbox_credit_settle",
    "sandbox_econtract_sign_later",
    "sandbox_notary_settle",
    "sandbox_payment_settle",
]
