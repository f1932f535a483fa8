"""Handlers of the payment provider's signed callbacks (registered in `apps.py`). Each
re-queries the provider (`confirmations.payment_result_sync`) and is idempotent: the callback
route already drops an event received twice."""

from __future__ import annotations

from zulin.providers.callbacks import CallbackEvent, register_callback_handler

from .confirmations import payment_result_sync

PAYMENT_EVENTS = ("freeze", "thaw", "transfer", "withhold", "pay", "refund")


def on_payment_event(event: CallbackEvent) -> None:
    out_no = str(event.data.get("out_no", ""))
    if out_no:
        payment_result_sync(out_no=out_no)


def register() -> None:
    for event_type in PAYMENT_EVENTS:
        register_callback_handler("payment", event_type, on_payment_event)
