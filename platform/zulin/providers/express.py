"""Express tracking. `get_express_provider(merchant=…)` picks the adapter from
settings.EXPRESS_PROVIDER.

The sandbox carrier behaves like a tracking service over time: a parcel registered as
shipped at t0 is collected at t0, leaves the origin city +6 h, reaches the destination hub
+24 h, is out for delivery +40 h and delivered +48 h (the milestones are a constructor
argument). `track(..., now=...)` answers as of that moment, so tests need no clock.

Failures on demand: a tracking number ending in "0000" makes the carrier's query fail (an
outage, SYSTEM_ERROR), and failure rules (service "express", operation "track" or
"subscribe", subject a tracking number; reason SYSTEM_ERROR or any code the call should
fail with, e.g. NOT_FOUND) fail the next calls.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from .interfaces import (
    ExpressCompany,
    ExpressProvider,
    ProviderError,
    ProviderReceipt,
    TrackingEvent,
    TrackingResult,
    TrackingStatus,
)
from .models import SandboxShipment
from .sandbox import SYSTEM_ERROR, SandboxService, merchant_adapter

SERVICE = "express"
SANDBOX = SandboxService(SERVICE, "the carrier did not answer")

EXPRESS_COMPANIES: tuple[ExpressCompany, ...] = (
    ExpressCompany("SF", "顺丰速运", "SF Express"),
    ExpressCompany("JD", "京东物流", "JD Logistics"),
    ExpressCompany("EMS", "中国邮政EMS", "China Post EMS"),
    ExpressCompany("ZTO", "中通快递", "ZTO Express"),
    ExpressCompany("YTO", "圆通速递", "YTO Express"),
    ExpressCompany("STO", "申通快递", "STO Express"),
    ExpressCompany("YD", "韵达快递", "Yunda Express"),
    ExpressCompany("JTSD", "极兔速递", "J&T Express"),
    ExpressCompany("DBL", "德邦快递", "Deppon Express"),
)
_COMPANIES_BY_CODE = {company.code: company for company in EXPRESS_COMPANIES}

# Tracking numbers ending in this suffix make the sandbox carrier's query fail.
SANDBOX_FAILING_SUFFIX = "0000"
TRACKING_NO_PATTERN = re.compile(r"[A-Z0-9]{8,32}")

# (zh, en) cities a sandbox parcel travels between, picked from its tracking number.
_CITIES = (
    ("深圳", "Shenzhen"),
    ("杭州", "Hangzhou"),
    ("上海", "Shanghai"),
    ("北京", "Beijing"),
    ("广州", "Guangzhou"),
    ("成都", "Chengdu"),
    ("武汉", "Wuhan"),
    ("南京", "Nanjing"),
)


@dataclass(frozen=True)
class ExpressMilestone:
    """One event of a sandbox parcel's journey, `after` its registration. The texts may
    name {company_zh}/{company_en}, {origin_zh}/{origin_en}, {destination_zh}/{destination_en}."""

    after: timedelta
    status: TrackingStatus
    at_destination: bool
    text_zh: str
    text_en: str


DEFAULT_MILESTONES: tuple[ExpressMilestone, ...] = (
    ExpressMilestone(
        timedelta(0),
        TrackingStatus.COLLECTED,
        False,
        "【{origin_zh}】{company_zh} 已揽收",
        "Collected by {company_en} in {origin_en}",
    ),
    ExpressMilestone(
        timedelta(hours=6),
        TrackingStatus.IN_TRANSIT,
        False,
        "快件已从【{origin_zh}】发出，正在运往【{destination_zh}】",
        "Departed {origin_en} for {destination_en}",
    ),
    ExpressMilestone(
        timedelta(hours=24),
        TrackingStatus.ARRIVED,
        True,
        "快件已到达【{destination_zh}】转运中心",
        "Arrived at the {destination_en} hub",
    ),
    ExpressMilestone(
        timedelta(hours=40),
        TrackingStatus.DELIVERING,
        True,
        "快件正在派送中，请保持电话畅通",
        "Out for delivery in {destination_en}",
    ),
    ExpressMilestone(
        timedelta(hours=48),
        TrackingStatus.DELIVERED,
        True,
        "快件已签收，签收人：本人",
        "Delivered in {destination_en}; signed for by the addressee",
    ),
)


def _company(company_code: str) -> ExpressCompany:
    company = _COMPANIES_BY_CODE.get(company_code.strip().upper())
    if company is None:
        raise ProviderError(SERVICE, f"no carrier {company_code!r}", code="UNKNOWN_COMPANY")
    return company


def _tracking_no(tracking_no: str) -> str:
    normalized = tracking_no.strip().upper()
    if not TRACKING_NO_PATTERN.fullmatch(normalized):
        raise ProviderError(
            SERVICE,
            f"{tracking_no!r} is not a tracking number (8-32 letters or digits)",
            code="INVALID_TRACKING_NO",
        )
    return normalized


def _route(tracking_no: str) -> tuple[tuple[str, str], tuple[str, str]]:
    digest = hashlib.sha256(tracking_no.encode()).digest()
    origin = digest[0] % len(_CITIES)
    destination = (origin + 1 + digest[1] % (len(_CITIES) - 1)) % len(_CITIES)
    return _CITIES[origin], _CITIES[destination]


class SandboxExpressProvider:
    name = "sandbox"

    def __init__(
        self, merchant: str, *, milestones: Sequence[ExpressMilestone] = DEFAULT_MILESTONES
    ) -> None:
        # Parcels are the carrier's, seen alike by every merchant; the merchant only
        # narrows failure rules, as its account at a real tracking service would.
        self.merchant = merchant
        if not milestones or milestones[-1].status is not TrackingStatus.DELIVERED:
            raise ValueError("the last milestone must be the delivery")
        self.milestones = tuple(sorted(milestones, key=lambda milestone: milestone.after))

    def companies(self) -> list[ExpressCompany]:
        return list(EXPRESS_COMPANIES)

    # --- what the sandbox offers beyond a real carrier ---------------------------------

    def register_shipment(
        self, *, company_code: str, tracking_no: str, shipped_at: datetime
    ) -> SandboxShipment:
        """The parcel exists from `shipped_at` (again registered: the new time counts)."""
        company = _company(company_code)
        number = _tracking_no(tracking_no)
        shipment, _ = SandboxShipment.objects.update_or_create(
            company_code=company.code, tracking_no=number, defaults={"shipped_at": shipped_at}
        )
        return shipment

    def deliver_now(
        self, *, company_code: str, tracking_no: str, now: datetime | None = None
    ) -> SandboxShipment:
        """Moves a known parcel's journey back so it is delivered at `now` (demo, browser
        tests), keeping the events' spacing."""
        shipment = self._shipment(company_code, tracking_no)
        shipment.shipped_at = (now or timezone.now()) - self.milestones[-1].after
        shipment.save(update_fields=["shipped_at"])
        return shipment

    # --- the carrier's interface ---------------------------------------------------------

    def subscribe(self, *, company_code: str, tracking_no: str) -> ProviderReceipt:
        company = _company(company_code)
        number = _tracking_no(tracking_no)
        self._fail_on_demand("subscribe", number)
        # A parcel already known keeps its journey: subscribing twice changes nothing.
        SandboxShipment.objects.get_or_create(
            company_code=company.code, tracking_no=number, defaults={"shipped_at": timezone.now()}
        )
        return ProviderReceipt(reference=f"{company.code}:{number}", status="subscribed")

    def track(
        self, *, company_code: str, tracking_no: str, now: datetime | None = None
    ) -> TrackingResult:
        self._fail_on_demand("track", _tracking_no(tracking_no))
        shipment = self._shipment(company_code, tracking_no)
        if shipment.tracking_no.endswith(SANDBOX_FAILING_SUFFIX):
            raise ProviderError(
                SERVICE, "the carrier's tracking service is unavailable", code=SYSTEM_ERROR
            )
        company = _COMPANIES_BY_CODE[shipment.company_code]
        (origin_zh, origin_en), (destination_zh, destination_en) = _route(shipment.tracking_no)
        names = {
            "company_zh": company.name_zh,
            "company_en": company.name_en,
            "origin_zh": origin_zh,
            "origin_en": origin_en,
            "destination_zh": destination_zh,
            "destination_en": destination_en,
        }
        as_of = now or timezone.now()
        events = tuple(
            TrackingEvent(
                occurred_at=shipment.shipped_at + milestone.after,
                status=milestone.status,
                location=destination_zh if milestone.at_destination else origin_zh,
                description_zh=milestone.text_zh.format(**names),
                description_en=milestone.text_en.format(**names),
            )
            for milestone in self.milestones
            if shipment.shipped_at + milestone.after <= as_of
        )
        delivered = bool(events) and events[-1].status is TrackingStatus.DELIVERED
        return TrackingResult(
            company_code=company.code,
            tracking_no=shipment.tracking_no,
            status=events[-1].status if events else TrackingStatus.PENDING,
            events=events,
            delivered=delivered,
            delivered_at=events[-1].occurred_at if delivered else None,
        )

    def _fail_on_demand(self, operation: str, tracking_no: str) -> None:
        SANDBOX.fail_on_demand(
            operation,
            merchant=self.merchant,
            subjects=[tracking_no],
            refused=f"{operation} failed on demand",
        )

    def _shipment(self, company_code: str, tracking_no: str) -> SandboxShipment:
        company = _company(company_code)
        number = _tracking_no(tracking_no)
        shipment = SandboxShipment.objects.filter(
            company_code=company.code, tracking_no=number
        ).first()
        if shipment is None:
            raise ProviderError(
                SERVICE,
                f"{company.name_en} has no tracking information for {number}",
                code="NOT_FOUND",
            )
        return shipment


def get_express_provider(*, merchant: str | None = None) -> ExpressProvider:
    return merchant_adapter(SERVICE, settings.EXPRESS_PROVIDER, SandboxExpressProvider, merchant)
