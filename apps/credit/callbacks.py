"""The credit bureau's `credit.report` callbacks (the dispatcher runs them in the merchant's
schema): each asks the bureau again and applies its feedback; a replay changes nothing."""

from __future__ import annotations

from zulin.providers.callbacks import CallbackEvent, register_callback_handler


def on_credit_report(event: CallbackEvent) -> None:
    from .services import file_sync

    out_no = str(event.data.get("out_no", ""))
    if out_no:
        file_sync(file_no=out_no)


def register() -> None:
    register_callback_handler("credit", "credit.report", on_credit_report)
