from __future__ import annotations

import pytest

from tests.leases import app, offer  # noqa: F401 — the fixtures (a lease for the migrations' rows)
from zulin.providers.callbacks import register_callback_handler, unregister_callback_handler
from zulin.providers.payment import SandboxPaymentProvider, get_payment_provider

from .helpers import RecordingHandler


@pytest.fixture
def pay(demo) -> SandboxPaymentProvider:
    provider = get_payment_provider(merchant="demo")
    assert isinstance(provider, SandboxPaymentProvider)
    return provider


@pytest.fixture
def agreement(pay) -> str:
    return pay.withhold_sign(out_no="sign-1", payer="customer-1").agreement_no


@pytest.fixture
def handler():
    recording = RecordingHandler()
    for kind in ("withhold", "refund", "transfer", "pay"):
        register_callback_handler("payment", kind, recording)
    yield recording
    for kind in ("withhold", "refund", "transfer", "pay"):
        unregister_callback_handler("payment", kind, recording)
