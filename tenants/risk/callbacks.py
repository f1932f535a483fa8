"""The payment provider's `pay` callbacks for QR recharges (the dispatcher runs them in the
merchant's schema, beside the orders' handler of the same kind): each re-queries the
provider; a replay, or a payment that is no recharge, changes nothing."""

from __future__ import annotations

from zulin.core.db import tenant_connection
from zulin.providers.callbacks import CallbackEvent, register_callback_handler


def on_recharge_paid(event: CallbackEvent) -> None:
    from .services import recharge_payment_sync

    out_no = str(event.data.get("out_no", ""))
    if out_no:
        recharge_payment_sync(merchant=tenant_connection.tenant, out_no=out_no)


def register() -> None:
    register_callback_handler("payment", "pay", on_recharge_paid)
