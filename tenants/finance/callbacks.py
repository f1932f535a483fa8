"""The payment provider's payout callbacks (the dispatcher runs them in the merchant's
schema): each re-queries the provider; a replay changes nothing."""

from __future__ import annotations

from zulin.core.db import tenant_connection
from zulin.providers.callbacks import CallbackEvent, register_callback_handler


def on_payout(event: CallbackEvent) -> None:
    from .services import withdrawal_payout_sync

    out_no = str(event.data.get("out_no", ""))
    if out_no:
        withdrawal_payout_sync(merchant=tenant_connection.tenant, out_no=out_no)


def register() -> None:
    register_callback_handler("payment", "payout", on_payout)
