"""The notary service's `notary.finished` callback (the dispatcher runs it in the merchant's
schema): it re-queries the case; a replay changes nothing."""

from __future__ import annotations

from zulin.providers.callbacks import CallbackEvent, register_callback_handler


def on_notary_finished(event: CallbackEvent) -> None:
    from .services import notarization_sync

    reference = str(event.data.get("reference", ""))
    if reference:
        notarization_sync(reference=reference)


def register() -> None:
    register_callback_handler("notary", "notary.finished", on_notary_finished)
