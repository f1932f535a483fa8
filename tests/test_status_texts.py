"""Every status and preset reason reads in both languages (issue 64, item 5).

A status or a reason a screen shows comes from one of three places: an enum of a status, state,
kind, outcome, reason or resolution field in the exported OpenAPI document
(frontend/src/api/openapi.json), a model's choices a screen names by value (an order's status on
its recovery case, an after-sale's status), or a preset list of reasons the backend offers. Each
value needs a text in the front end's catalogues (frontend/messages and each feature's messages,
zh-CN and en) under the key the screen reads, or — for the preset lists the backend words itself —
a Chinese and an English label in the list.

A new enum field fails here until it is given the catalogue key its screen reads (or is named
in NOT_SHOWN with why no person reads it); a new value fails until both catalogues word it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from django.db import models

from apps.assets.models import StockReceipt, StockTransfer, UnitStatus
from apps.billing.models import BillKind, BillStatus, DepositOperation
from apps.credit.models import RecordKind, RecordState
from apps.goods import rules as goods_rules
from apps.notary.models import NotaryStatus
from apps.orders import rules as orders_rules
from apps.orders.models import AfterSale, Contract, DepositState
from apps.privacy.models import RequestChannel, RequestKind, RequestStatus, Verification
from apps.recovery.models import CaseState, ContactChannel, ContactOutcome, PromiseState
from apps.service.models import BlacklistStatus, MessageStatus
from apps.subshops.models import SubShopStatus
from apps.webhooks.models import WebhookDelivery
from tenants.catalog import rules as catalog_rules
from tenants.finance import selectors as finance_selectors
from tenants.finance.models import MismatchKind, Resolution, RunStatus, WithdrawalStatus
from tenants.merchants.models import MerchantStatus
from tenants.orders.rules import OrderStatus
from tenants.risk import selectors as risk_selectors
from tenants.risk.models import RechargeStatus
from zulin.audit.reasons import reason_text
from zulin.core.i18n import EN, ZH, use_language

FRONTEND = Path(__file__).resolve().parent.parent / "frontend"
OPENAPI = FRONTEND / "src" / "api" / "openapi.json"
LOCALES = ("zh-CN", "en")
HAN = re.compile(r"[\u3400-\u9fff]")

STATUS_FIELD = re.compile(r"(status|state|reason|kind|outcome|resolution)$")

# The catalogue key under which the screens word each enum field's values ("Schema.field", or
# "field" for every schema with a field of that name not named on its own).
FIELD_TEXTS: dict[str, str | tuple[str, ...]] = {
    "ApiKeyCreatedOut.status": "developers.apiKeys.status",
    "ApiKeyOut.status": "developers.apiKeys.status",
    "AppletAfterSaleIn.kind": "order.detail.afterSales.kinds",
    "ApplyAfterSaleIn.kind": "order.detail.afterSales.kinds",
    "BlacklistListIn.status": "service.blacklist.statuses",
    "BlacklistOut.status": "service.blacklist.statuses",
    "BlacklistWithHistoryOut.status": "service.blacklist.statuses",
    "PrivacyRequestListIn.status": "privacyRequests.status",
    "PrivacyRequestListIn.kind": "privacyRequests.kind",
    "PrivacyRequestCreateIn.kind": "privacyRequests.kind",
    "PrivacyRestrictionOut.status": "privacyRequests.deletion.status",
    "LegalHoldListIn.status": "privacyRequests.holds.status",
    "CaseFiltersIn.state": "recovery.state",
    "CaseListIn.state": "recovery.state",
    "ContactIn.outcome": "recovery.outcomes",
    "CreateMerchantIn.status": "merchant.status",
    "MerchantOffboardingOut.status": "merchant.offboarding.status",
    "CreditFileListIn.status": "credit.fileStatus",
    "CreditRecordListIn.kind": "credit.kind",
    "CreditRecordListIn.state": "credit.state",
    "CustomerMessageOut.status": "service.customers.messageStatus",
    "FinanceBillListIn.state": "finance.billList.states",
    "GoodsListIn.status": "goods.status",
    "PlatformGoodsListIn.status": "goods.status",
    "StatusIn.status": "goods.status",
    "MerchantListIn.status": "merchant.status",
    "MerchantRowOut.status": "merchant.status",
    "UpdateStatusIn.status": "merchant.status",
    "OrderCountIn.status": ("order.status", "kit.history.values.order_status"),
    "OrderListIn.status": ("order.status", "kit.history.values.order_status"),
    "ReceiptDetailOut.status": "assets.receipts.status",
    "ReceiptListIn.status": "assets.receipts.status",
    "ReceiptOut.status": "assets.receipts.status",
    "RechargeListIn.status": ("risk.status", "kit.history.values.recharge_status"),
    "ReconciliationRunsIn.status": "reconciliation.status",
    "ResolveMismatchIn.resolution": "reconciliation.resolution",
    "ShareLinkListIn.status": "promotion.status",
    "AccountOut.status": "staff.status",
    "PlatformStaffListIn.status": "staff.status",
    "StaffListIn.status": "staff.status",
    "StaffOut.status": "staff.status",
    "UpdateAccountIn.status": "staff.status",
    "UpdatePlatformStaffIn.status": "staff.status",
    "UpdateStaffIn.status": "staff.status",
    "SubShopListIn.status": "subshop.status",
    "SubShopOut.status": "subshop.status",
    "UpdateSubShopIn.status": "subshop.status",
    "TransferDetailOut.status": "assets.transfers.status",
    "TransferListIn.status": "assets.transfers.status",
    "TransferOut.status": "assets.transfers.status",
    "UnitDetailOut.status": "assets.status",
    "UnitListIn.status": "assets.status",
    "UnitOut.status": "assets.status",
    "ReportStatusCountOut.status": "assets.status",
    "UnwoundLineOut.kind": "order.detail.givenBack.kinds",
    "UnwoundLineOut.status": tuple(
        f"order.detail.givenBack.statuses.{kind}" for kind in ("payment", "refund", "deposit")
    ),
    # A returned device's second life (issue 63): work orders and the checklists' item kinds.
    "CreateWorkOrderIn.kind": "assets.second.woKind",
    "WorkOrderOut.kind": "assets.second.woKind",
    "WorkOrderOut.status": "assets.second.woStatus",
    "TemplateItemIn.kind": "assets.second.templates.kinds",
    "TemplateItemOut.kind": "assets.second.templates.kinds",
    "UnitTemplateItemOut.kind": "assets.second.templates.kinds",
    "WithdrawFiltersIn.status": ("withdrawal.status", "kit.history.values.withdrawal_status"),
    "WithdrawListIn.status": ("withdrawal.status", "kit.history.values.withdrawal_status"),
    "WithdrawalRecordIn.status": ("withdrawal.status", "kit.history.values.withdrawal_status"),
    "WithdrawalTypeIn.status": ("withdrawal.status", "kit.history.values.withdrawal_status"),
}

# Enum fields no person reads as a word, and why.
NOT_SHOWN = {
    # Whether a timeline entry is a status change or a field change: the entry's own text says it.
    "TimelineOut.kind",
    # The credit queries' filter (userCreditQuery): no screen lists the queries; an order's
    # risk section words each check by its own bilingual name.
    "CreditQueryListIn.status",
    # An order's place on the overdue ladder (orderInfo's overdue_state): the bill screen says it
    # in one sentence while the order is overdue (OverdueStateLine, the step's action worded from
    # finance.ladder.actions) and shows nothing when clear; the value itself is never shown.
    "OverdueStateOut.status",
}

# Values of a filter that are no state of a record ("all" of a list's filter).
FILTER_ONLY = {"all"}

# Model choices a screen names by value, and the catalogue keys that word them.
CHOICE_TEXTS: list[tuple[type[models.TextChoices], tuple[str, ...]]] = [
    (OrderStatus, ("order.status", "kit.history.values.order_status")),
    (
        AfterSale.Status,
        ("order.detail.afterSales.statuses", "kit.history.values.after_sale_status"),
    ),
    (AfterSale.Kind, ("order.detail.afterSales.kinds",)),
    (Contract.Status, ("order.detail.contract.statuses",)),
    (DepositState, ("order.detail.deposit.states",)),
    (DepositOperation.Kind, ("order.detail.deposit.opKind",)),
    (DepositOperation.Status, ("order.detail.deposit.opStatus",)),
    (BillStatus, ("order.bills.states",)),
    (BillKind, ("order.bills.kinds",)),
    (CaseState, ("recovery.state",)),
    (RequestStatus, ("privacyRequests.status",)),
    (RequestKind, ("privacyRequests.kind",)),
    (RequestChannel, ("privacyRequests.channel",)),
    (Verification, ("privacyRequests.verification",)),
    (ContactChannel, ("recovery.channels",)),
    (ContactOutcome, ("recovery.outcomes",)),
    (PromiseState, ("recovery.promiseStates",)),
    (UnitStatus, ("assets.status",)),
    (StockReceipt.Status, ("assets.receipts.status",)),
    (StockTransfer.Status, ("assets.transfers.status",)),
    (NotaryStatus, ("notary.statuses",)),
    (RecordKind, ("credit.kind",)),
    (RecordState, ("credit.state",)),
    (MessageStatus, ("service.customers.messageStatus",)),
    (BlacklistStatus, ("service.blacklist.statuses",)),
    (SubShopStatus, ("subshop.status",)),
    (WebhookDelivery.Status, ("developers.deliveries.status",)),
    (catalog_rules.GoodsStatus, ("goods.status", "kit.history.values.status")),
    (MerchantStatus, ("merchant.status", "kit.history.values.status")),
    (WithdrawalStatus, ("withdrawal.status", "kit.history.values.withdrawal_status")),
    (RechargeStatus, ("risk.status", "kit.history.values.recharge_status")),
    (RunStatus, ("reconciliation.status",)),
    (MismatchKind, ("reconciliation.kind",)),
    (Resolution, ("reconciliation.resolution",)),
]

# Preset reasons the screens word from the catalogue by their code.
PRESET_TEXTS: list[tuple[str, Iterable[str], tuple[str, ...]]] = [
    (
        "forced take-downs (getForceRefuseReasons)",
        catalog_rules.FORCE_DOWN_REASONS,
        ("kit.history.reasons",),
    ),
]

BACKEND = Path(__file__).resolve().parent.parent
# A reason the code writes itself: `reason="…"`, `reason=f"…"`, `reason = "…" if … else "…"`.
REASON_LITERAL = re.compile(
    r"""reason\s*=\s*(f?"[^"\n]*")(?:\s+if\s+[^\n]+?\s+else\s+(f?"[^"\n]*"))?"""
)
PLACEHOLDER = re.compile(r"\{[^}]*\}")


def _system_reasons() -> dict[str, str]:
    """Every Chinese reason the backend writes by itself, as a sample ("{…}" read as 7), by
    where it is written. Demo data (demo*.py, demo_stories.py among them: what a shop's staff
    would have typed) and tests are not the system's words."""
    found: dict[str, str] = {}
    for root in ("apps", "tenants", "platform"):
        for path in sorted((BACKEND / root).rglob("*.py")):
            if "tests" in path.parts or path.name.startswith("demo"):
                continue
            for match in REASON_LITERAL.finditer(path.read_text()):
                for literal in filter(None, match.groups()):
                    text = PLACEHOLDER.sub("7", literal.lstrip("f").strip('"'))
                    if HAN.search(text):
                        found[text] = f"{path.relative_to(BACKEND)}"
    return found


def _catalogue(locale: str) -> dict[str, Any]:
    """The catalogue the app is given: the app-wide file merged with every feature's."""
    merged: dict[str, Any] = json.loads((FRONTEND / "messages" / f"{locale}.json").read_text())
    for path in sorted((FRONTEND / "src" / "features").glob(f"*/messages/{locale}.json")):
        merged.update(json.loads(path.read_text()))
    return merged


CATALOGUES = {locale: _catalogue(locale) for locale in LOCALES}


def _text(locale: str, key: str) -> str:
    node: Any = CATALOGUES[locale]
    for part in key.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node if isinstance(node, str) else ""


def _missing(prefixes: str | tuple[str, ...], values: Iterable[Any]) -> list[str]:
    missing = []
    for prefix in (prefixes,) if isinstance(prefixes, str) else prefixes:
        for value in values:
            for locale in LOCALES:
                if not _text(locale, f"{prefix}.{value}"):
                    missing.append(f"{locale}: {prefix}.{value}")
    return missing


def _enum_of(node: Any) -> list[Any] | None:
    if not isinstance(node, dict):
        return None
    if "enum" in node:
        return list(node["enum"])
    for sub in (*node.get("anyOf", ()), *node.get("oneOf", ()), *node.get("allOf", ())):
        if (found := _enum_of(sub)) is not None:
            return found
    return _enum_of(node.get("items"))


def _status_fields() -> dict[str, list[Any]]:
    """Every status-like enum field of the exported document's schemas, "Schema.field": values."""
    document = json.loads(OPENAPI.read_text())
    fields: dict[str, list[Any]] = {}
    for schema_name, schema in document["components"]["schemas"].items():
        for field, node in schema.get("properties", {}).items():
            values = _enum_of(node)
            if values is not None and STATUS_FIELD.search(field):
                fields[f"{schema_name}.{field}"] = values
    return fields


def test_the_document_has_status_fields_to_check():
    fields = _status_fields()
    # Not vacuous: the order, unit and recovery case filters are among them.
    assert {"OrderListIn.status", "UnitOut.status", "CaseListIn.state"} <= set(fields)


def test_every_status_field_of_the_document_has_the_screens_texts_named():
    unnamed = sorted(set(_status_fields()) - set(FIELD_TEXTS) - NOT_SHOWN)
    assert unnamed == [], "enum fields with no catalogue key named in FIELD_TEXTS"


@pytest.mark.parametrize("field", sorted(FIELD_TEXTS))
def test_every_value_of_a_status_field_reads_in_both_languages(field):
    values = _status_fields().get(field)
    assert values is not None, f"{field} is no longer an enum field of the document"
    assert _missing(FIELD_TEXTS[field], [v for v in values if v not in FILTER_ONLY]) == []


@pytest.mark.parametrize(
    "choices, prefixes", CHOICE_TEXTS, ids=lambda c: getattr(c, "__qualname__", "")
)
def test_every_status_a_screen_names_by_value_reads_in_both_languages(choices, prefixes):
    assert _missing(prefixes, choices.values) == []


@pytest.mark.parametrize(
    "name, codes, prefixes", PRESET_TEXTS, ids=[row[0] for row in PRESET_TEXTS]
)
def test_every_preset_reason_worded_by_the_screens_reads_in_both_languages(name, codes, prefixes):
    codes = list(codes)
    assert codes, name
    assert _missing(prefixes, codes) == []


def test_the_scan_finds_the_reasons_the_system_writes():
    assert {"快递签收", "逾期未还，自动立案", "发货满7天自动确认收货"} <= set(_system_reasons())


def test_every_reason_the_system_writes_reads_in_english():
    untranslated = {
        text: where
        for text, where in _system_reasons().items()
        if HAN.search(reason_text(text, EN).replace("7", "")) or reason_text(text, ZH) != text
    }
    assert untranslated == {}, "add them to zulin/audit/reasons.py"


def test_a_reason_a_person_typed_reads_as_typed():
    assert reason_text("客户说下周一还", EN) == "客户说下周一还"
    assert reason_text("核销：客户失联", EN) == "Written off: 客户失联"


def test_every_after_sale_refusal_reads_in_the_readers_language():
    for row in orders_rules.AFTER_SALE_REJECT_REASONS:
        with use_language(EN):
            assert orders_rules.after_sale_reject_text(row["label"]) == row["label_en"]
        with use_language(ZH):
            assert orders_rules.after_sale_reject_text(row["label"]) == row["label"]


def _bilingual(rows: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """The rows whose Chinese is missing or whose English is missing or still Chinese."""
    return [(zh, en) for zh, en in rows if not zh or not HAN.search(zh) or not en or HAN.search(en)]


@pytest.mark.parametrize(
    "name, rows",
    [
        (
            "after-sale refusals",
            [(r["label"], r["label_en"]) for r in orders_rules.AFTER_SALE_REJECT_REASONS],
        ),
        (
            "forced take-downs",
            [
                (zh, catalog_rules.FORCE_DOWN_REASONS_EN.get(code, ""))
                for code, zh in catalog_rules.FORCE_DOWN_REASONS.items()
            ],
        ),
        ("risk recharge refusals", list(risk_selectors.REJECT_REASONS)),
        ("withdrawal refusals", list(finance_selectors.REJECT_REASONS)),
        ("goods not ready to list", list(goods_rules.INCOMPLETE_REASONS.values())),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_every_preset_reason_list_of_the_backend_has_both_languages(name, rows):
    assert rows, name
    assert _bilingual(rows) == []
