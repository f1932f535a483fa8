"""Handlers of the providers' signed callbacks for orders (registered in `apps.py`). Each
re-queries the provider (`confirmations.payment_result_sync`, the e-contract's status) and is
idempotent: the callback route already drops an event received twice."""

from __future__ import annotations

from zulin.providers.callbacks import CallbackEvent, register_callback_handler

from .confirmations import payment_result_sync
from .contracts import contract_signed

PAYMENT_EVENTS = ("freeze", "thaw", "transfer", "withhold", "pay", "refund")


def on_payment_event(event: CallbackEvent) -> None:
    out_no = str(event.data.get("out_no", ""))
    if out_no:
        payment_result_sync(out_no=out_no)


def on_contract_signed(event: CallbackEvent) -> None:
    reference = str(event.data.get("reference", ""))
    if reference:
        contract_signed(reference=reference)


def register() -> None:
    for event_type in PAYMENT_EVENTS:
        register_callback_handler("payment", event_type, on_payment_event)
    register_callback_handler("econtract", "econtract.signed", on_contract_signed)
