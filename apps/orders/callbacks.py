"""Handlers of the providers' signed callbacks for orders (registered in `apps.py`): the
e-contract's signature, re-read from the provider and idempotent (the callback route already
drops an event received twice). The payment provider's are billing's
(`apps/billing/callbacks.py`)."""

from __future__ import annotations

from zulin.providers.callbacks import CallbackEvent, register_callback_handler

from .contracts import contract_signed
from .waybills import waybill_on_push


def on_contract_signed(event: CallbackEvent) -> None:
    reference = str(event.data.get("reference", ""))
    if reference:
        contract_signed(reference=reference)


def register() -> None:
    register_callback_handler("econtract", "econtract.signed", on_contract_signed)
    # The carrier's pushes about a waybill or a door pickup (docs/logistics.md).
    for kind in ("waybill.route", "waybill.pickup", "waybill.freight"):
        register_callback_handler("express", kind, waybill_on_push)
