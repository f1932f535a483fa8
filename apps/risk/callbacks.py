"""The credit bureau's `credit.query` callbacks (the dispatcher runs them in the merchant's
schema): each re-queries the bureau; a replay changes nothing."""

from __future__ import annotations

from zulin.providers.callbacks import CallbackEvent, register_callback_handler


def on_credit_query(event: CallbackEvent) -> None:
    from .services import credit_query_sync

    out_no = str(event.data.get("out_no", ""))
    if out_no:
        credit_query_sync(apply_no=out_no)


def register() -> None:
    register_callback_handler("credit", "credit.query", on_credit_query)
