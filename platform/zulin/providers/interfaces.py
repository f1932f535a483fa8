"""One interface per outside service. Real adapters and sandbox adapters implement these.

Each call returns the provider's reference so the caller can match the asynchronous
callback that follows; failures raise `ProviderError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Protocol


class ProviderError(Exception):
    def __init__(self, provider: str, reason: str) -> None:
        super().__init__(f"{provider}: {reason}")
        self.provider = provider
        self.reason = reason


@dataclass(frozen=True)
class ProviderReceipt:
    reference: str
    status: str
    extra: dict[str, Any] = field(default_factory=dict)


class SmsProvider(Protocol):
    def send(self, *, phone: str, template: str, params: dict[str, str]) -> ProviderReceipt: ...


class PaymentProvider(Protocol):
    def create_payment(
        self, *, out_trade_no: str, amount: Decimal, subject: str, notify_url: str
    ) -> ProviderReceipt: ...

    def query_payment(self, *, out_trade_no: str) -> ProviderReceipt: ...

    def refund(self, *, out_trade_no: str, refund_no: str, amount: Decimal) -> ProviderReceipt: ...

    def verify_webhook(self, *, body: bytes, signature: str) -> dict[str, Any]: ...


class ExpressProvider(Protocol):
    def track(self, *, company_code: str, tracking_no: str) -> ProviderReceipt: ...


class CreditBureauProvider(Protocol):
    def report(self, *, record_type: str, payload: dict[str, Any]) -> ProviderReceipt: ...

    def query(self, *, id_number: str, name: str) -> ProviderReceipt: ...


class NotaryProvider(Protocol):
    def apply(self, *, order_no: str, sections: dict[str, Any]) -> ProviderReceipt: ...

    def query(self, *, reference: str) -> ProviderReceipt: ...

    def cancel(self, *, reference: str) -> ProviderReceipt: ...


class RiskProvider(Protocol):
    def assess(self, *, id_number: str, name: str, phone: str) -> ProviderReceipt: ...


class EContractProvider(Protocol):
    def create_contract(
        self, *, order_no: str, signer_name: str, signer_id_number: str, document: bytes
    ) -> ProviderReceipt: ...

    def signing_link(self, *, reference: str) -> str: ...
