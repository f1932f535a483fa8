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

Electronic waybills (SF's open platform: create order, cancel, cloud print, pickup, route
push): the sandbox carrier takes an order per our order number (`out_no`, one per attempt),
mints an SF-like waybill number, draws its 76 × 130 mm label and offers 2-hour pickup slots.
Its clock is `sandbox_waybill_walk`: one step a call (pickup: requested → accepted → picked
up; the parcel: accepted → picked up → in transit → delivered), each step a signed push
(provider "express": WAYBILL_ROUTE, WAYBILL_PICKUP, WAYBILL_FREIGHT; data names `out_no`)
through the outbox. Failure rules (service "express"): operation "create" or "pickup" —
SYSTEM_ERROR (no answer, nothing made), ANSWER_LOST (made, the answer lost: a retry must
find it), ADDRESS_UNREACHABLE, WAYBILL_REFUSED, DUPLICATE_ORDER; "cancel", "label",
"query", "slots" — any code; "walk" (subject the waybill number) — PICKUP_CANCELLED (the
carrier cancels the pickup), RETURNED (sent back to the sender), CALLBACK_LOST (the step is
taken, its push is sent only by a replay).
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from zulin.documents.waybill_label import WaybillLabel, waybill_labels_pdf

from .interfaces import (
    ExpressCompany,
    ExpressProvider,
    Pickup,
    PickupSlot,
    PickupStatus,
    ProviderError,
    ProviderReceipt,
    TrackingEvent,
    TrackingResult,
    TrackingStatus,
    Waybill,
    WaybillParcel,
    WaybillParty,
    WaybillRoute,
    WaybillStatus,
)
from .models import SandboxShipment, SandboxWaybill
from .sandbox import CALLBACK_LOST, SYSTEM_ERROR, SandboxService, merchant_adapter, out_no_check

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


# --- electronic waybills: what the sandbox carrier offers and answers ----------------------

CHINA = ZoneInfo("Asia/Shanghai")
# The carrier's products (code, zh, en): SF's service codes are its own wire names.
_SERVICES: dict[str, tuple[tuple[str, str, str], ...]] = {
    "SF": (
        ("standard", "顺丰标快", "SF Standard Express"),
        ("priority", "顺丰特快", "SF Priority Express"),
        ("economy", "顺丰卡航", "SF Economy Freight"),
    ),
}
_DEFAULT_SERVICES = (("standard", "标准快递", "Standard express"),)
PAY_METHODS = ("shipper", "receiver", "monthly")
# Door pickups: 2-hour windows from 9:00 to 19:00 China time, booked an hour ahead at least.
PICKUP_SLOT_STARTS = (9, 11, 13, 15, 17)
PICKUP_SLOT_HOURS = 2
PICKUP_NOTICE = timedelta(hours=1)

DUPLICATE_ORDER = "DUPLICATE_ORDER"
ANSWER_LOST = "ANSWER_LOST"
PICKUP_CANCELLED = "PICKUP_CANCELLED"
RETURNED = "RETURNED"

EVENT_ROUTE = "waybill.route"
EVENT_PICKUP = "waybill.pickup"
EVENT_FREIGHT = "waybill.freight"

# SF's route operation codes for each step the sandbox parcel takes.
_ROUTE_CODES = {
    WaybillStatus.PICKED_UP: ("50", "顺丰速运 已收取快件", "Picked up by the courier"),
    WaybillStatus.IN_TRANSIT: (
        "30",
        "快件在【{city}转运中心】完成分拣",
        "Sorted at the {city} hub",
    ),
    WaybillStatus.DELIVERED: ("80", "已签收，感谢使用顺丰", "Delivered and signed for"),
    WaybillStatus.RETURNED: ("99", "快件已退回寄件人", "Returned to the sender"),
    WaybillStatus.CANCELLED: ("70", "订单已取消", "Order cancelled"),
}
_COURIERS = (("王师傅", "13800000001"), ("李师傅", "13800000002"), ("张师傅", "13800000003"))


def _party_check(party: WaybillParty, field: str) -> None:
    missing = [
        name
        for name in ("name", "mobile", "province", "city", "detail")
        if not str(getattr(party, name)).strip()
    ]
    if missing:
        raise ProviderError(
            SERVICE, f"{field} lacks {', '.join(missing)}", code="ADDRESS_INCOMPLETE"
        )


@dataclass(frozen=True)
class _Request:
    out_no: str
    company_code: str
    service: str
    pay_method: str
    monthly_account: str
    sender: WaybillParty
    receiver: WaybillParty
    parcel: WaybillParcel

    def check(self, slot: PickupSlot | None) -> None:
        out_no_check(SERVICE, self.out_no)
        company = _company(self.company_code)
        if self.service not in {
            code for code, _, _ in _SERVICES.get(company.code, _DEFAULT_SERVICES)
        }:
            raise ProviderError(SERVICE, f"no service {self.service!r}", code="UNKNOWN_SERVICE")
        if self.pay_method not in PAY_METHODS:
            raise ProviderError(SERVICE, "unknown pay method", code="INVALID_PAY_METHOD")
        if self.pay_method == "monthly" and not self.monthly_account.strip():
            raise ProviderError(SERVICE, "no monthly account", code="MONTHLY_ACCOUNT_MISSING")
        _party_check(self.sender, "sender")
        _party_check(self.receiver, "receiver")
        if self.parcel.weight_kg <= 0 or self.parcel.declared_value < 0:
            raise ProviderError(SERVICE, "weight or declared value", code="INVALID_PARCEL")
        if slot is not None and slot.ends_at <= slot.starts_at:
            raise ProviderError(SERVICE, "an empty pickup window", code="SLOT_UNAVAILABLE")

    def digest(self, order_no: str, unit_serial: str, slot: PickupSlot | None) -> str:
        fields = {
            "company": _company(self.company_code).code,
            "service": self.service,
            "pay_method": self.pay_method,
            "sender": asdict(self.sender),
            "receiver": asdict(self.receiver),
            "parcel": [self.parcel.description, str(self.parcel.weight_kg)],
            "declared": str(self.parcel.declared_value),
            "order_no": order_no,
            "unit_serial": unit_serial,
            "slot": [slot.starts_at.isoformat(), slot.ends_at.isoformat()] if slot else None,
        }
        return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()


def _waybill_no(company_code: str) -> str:
    """SF-like: the carrier's letters and 12 or 13 digits (never the failing suffix)."""
    code = _company(company_code).code
    digits = 13 if code == "SF" else 12
    while True:
        number = f"{code}{secrets.randbelow(10**digits):0{digits}d}"
        if not number.endswith(SANDBOX_FAILING_SUFFIX):
            return number


def _routes(row: SandboxWaybill) -> tuple[WaybillRoute, ...]:
    return tuple(
        WaybillRoute(
            code=route["code"],
            status=WaybillStatus(route["status"]),
            occurred_at=datetime.fromisoformat(route["occurred_at"]),
            place=route["place"],
            text=route["text"],
        )
        for route in row.routes
    )


def _waybill(row: SandboxWaybill) -> Waybill:
    return Waybill(
        out_no=row.out_no,
        waybill_no=row.waybill_no,
        company_code=row.company_code,
        service=row.service,
        status=WaybillStatus(row.status),
        freight=row.freight,
        weight_kg=row.weight_kg,
        routes=_routes(row),
        reason=row.reason,
    )


def _pickup(row: SandboxWaybill) -> Pickup:
    assert row.pickup_starts_at is not None and row.pickup_ends_at is not None
    return Pickup(
        out_no=row.out_no,
        reference=row.pickup_reference,
        waybill_no=row.waybill_no,
        status=PickupStatus(row.pickup_status),
        starts_at=row.pickup_starts_at,
        ends_at=row.pickup_ends_at,
        courier_name=row.courier_name,
        courier_phone=row.courier_phone,
        reason=row.reason,
    )


def _cancel(row: SandboxWaybill, pickup: PickupStatus) -> None:
    """A locked order cancelled (again: nothing changes); only before pickup."""
    if row.status == WaybillStatus.CANCELLED:
        return
    if row.status != WaybillStatus.ACCEPTED:
        raise SANDBOX.error("NOT_CANCELLABLE", f"a {row.status} waybill cannot be cancelled")
    row.status = WaybillStatus.CANCELLED
    if row.pickup_status:
        row.pickup_status = pickup
    row.save()


def sandbox_waybill_label(row: SandboxWaybill) -> WaybillLabel:
    company = _COMPANIES_BY_CODE[row.company_code]
    service = dict((code, zh) for code, zh, _ in _SERVICES.get(row.company_code, _DEFAULT_SERVICES))
    sender, receiver = WaybillParty(**row.sender), WaybillParty(**row.receiver)
    return WaybillLabel(
        waybill_no=row.waybill_no,
        carrier=f"{company.name_zh} · {service.get(row.service, row.service)}",
        receiver_name=receiver.name,
        receiver_mobile=receiver.mobile,
        receiver_address=receiver.one_line(),
        sender_name=sender.name,
        sender_mobile=sender.mobile,
        sender_address=sender.one_line(),
        order_no=row.order_no,
        unit_serial=row.unit_serial,
        pay_method={"shipper": "寄付", "receiver": "到付", "monthly": "寄付月结"}[row.pay_method],
        declared_value=f"保价 ¥{row.parcel.get('declared_value', '0')}",
    )


_TRACKING = {
    WaybillStatus.PICKED_UP: TrackingStatus.COLLECTED,
    WaybillStatus.IN_TRANSIT: TrackingStatus.IN_TRANSIT,
    WaybillStatus.DELIVERED: TrackingStatus.DELIVERED,
    WaybillStatus.RETURNED: TrackingStatus.IN_TRANSIT,
    WaybillStatus.CANCELLED: TrackingStatus.PENDING,
}


def _waybill_tracking(row: SandboxWaybill) -> TrackingResult:
    """A waybill's scans as the tracking query answers them."""
    events = tuple(
        TrackingEvent(
            occurred_at=route.occurred_at,
            status=_TRACKING[route.status],
            location=route.place,
            description_zh=route.text,
            description_en=_ROUTE_CODES[route.status][2].format(city=route.place),
        )
        for route in _routes(row)
    )
    delivered = row.status == WaybillStatus.DELIVERED
    return TrackingResult(
        company_code=row.company_code,
        tracking_no=row.waybill_no,
        status=events[-1].status if events else TrackingStatus.PENDING,
        events=events,
        delivered=delivered,
        delivered_at=events[-1].occurred_at if delivered and events else None,
    )


# --- the sandbox carrier's clock -----------------------------------------------------------


def _push(row: SandboxWaybill, event_type: str, data: dict[str, str], *, lost: bool) -> None:
    callback = SANDBOX.callback(
        merchant=row.merchant,
        event_type=event_type,
        data={"out_no": row.out_no, "waybill_no": row.waybill_no, **data},
        lost=lost,
    )
    row.event_ids = [*row.event_ids, callback.event_id]


def _route_add(row: SandboxWaybill, status: WaybillStatus, at: datetime, *, lost: bool) -> None:
    code, text_zh, _ = _ROUTE_CODES[status]
    party = row.receiver if status == WaybillStatus.DELIVERED else row.sender
    city = str(party.get("city", ""))
    route = {
        "code": code,
        "status": str(status),
        "occurred_at": at.isoformat(),
        "place": city,
        "text": text_zh.format(city=city),
    }
    row.routes = [*row.routes, route]
    row.status = status
    _push(row, EVENT_ROUTE, {"code": code, "occurred_at": route["occurred_at"]}, lost=lost)


_NEXT = {
    WaybillStatus.ACCEPTED: WaybillStatus.PICKED_UP,
    WaybillStatus.PICKED_UP: WaybillStatus.IN_TRANSIT,
    WaybillStatus.IN_TRANSIT: WaybillStatus.DELIVERED,
}


def sandbox_waybill_walk(waybill_no: str, *, at: datetime | None = None) -> Waybill:
    """One step of the carrier's: a pickup booked gets its courier, then the parcel is picked
    up (freight settled), in transit, delivered. Each step is a signed push. A failure rule
    on "walk" (subject the waybill number) makes this step PICKUP_CANCELLED (by the
    carrier) or RETURNED (to the sender); CALLBACK_LOST takes the step without its push.
    A finished order (delivered, cancelled, returned) does not move."""
    row = SANDBOX.row(
        SandboxWaybill.objects.filter(waybill_no=waybill_no), missing=f"no waybill {waybill_no}"
    )
    if row.status not in _NEXT:
        return _waybill(row)
    failure = SANDBOX.failure("walk", merchant=row.merchant, subjects=[waybill_no])
    lost = failure.callback_lost
    now = at or timezone.now()
    with transaction.atomic():
        row = SandboxWaybill.objects.select_for_update().get(pk=row.pk)
        if row.status not in _NEXT:
            return _waybill(row)
        if failure.reason == PICKUP_CANCELLED and row.pickup_status in (
            PickupStatus.REQUESTED,
            PickupStatus.ACCEPTED,
        ):
            row.reason = PICKUP_CANCELLED
            row.status, row.pickup_status = (
                WaybillStatus.CANCELLED,
                PickupStatus.CANCELLED_BY_CARRIER,
            )
            _push(row, EVENT_PICKUP, {"status": row.pickup_status}, lost=lost)
        elif failure.reason == RETURNED:
            row.reason = RETURNED
            _route_add(row, WaybillStatus.RETURNED, now, lost=lost)
        elif row.pickup_status == PickupStatus.REQUESTED:
            courier = _COURIERS[int(hashlib.sha256(row.waybill_no.encode()).hexdigest(), 16) % 3]
            row.pickup_status = PickupStatus.ACCEPTED
            row.courier_name, row.courier_phone = courier
            _push(row, EVENT_PICKUP, {"status": row.pickup_status}, lost=lost)
        else:
            step = _NEXT[WaybillStatus(row.status)]
            _route_add(row, step, now, lost=lost)
            if step == WaybillStatus.PICKED_UP:
                if row.pickup_status:
                    row.pickup_status = PickupStatus.PICKED_UP
                    _push(row, EVENT_PICKUP, {"status": row.pickup_status}, lost=lost)
                row.weight_kg = Decimal(str(row.parcel.get("weight_kg", "1")))
                # First kilo 23.00, each further one started 6.00 (SF standard, in province).
                extra = max(0, int((row.weight_kg - 1).to_integral_value(rounding="ROUND_CEILING")))
                row.freight = Decimal("23.00") + Decimal("6.00") * extra
                _push(row, EVENT_FREIGHT, {"freight": str(row.freight)}, lost=lost)
        row.save()
    return _waybill(row)


def sandbox_waybill_walk_to(
    waybill_no: str, status: WaybillStatus, *, at: datetime | None = None
) -> Waybill:
    """Steps until the order is `status` or finished (demo, tests)."""
    answer = sandbox_waybill_walk(waybill_no, at=at)
    while answer.status != status and answer.status in _NEXT:
        answer = sandbox_waybill_walk(waybill_no, at=at)
    return answer


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
        # A parcel already known keeps its journey: subscribing twice changes nothing (a
        # waybill of ours is followed by its own scans).
        if SandboxWaybill.objects.filter(waybill_no=number).exists():
            return ProviderReceipt(reference=f"{company.code}:{number}", status="subscribed")
        SandboxShipment.objects.get_or_create(
            company_code=company.code, tracking_no=number, defaults={"shipped_at": timezone.now()}
        )
        return ProviderReceipt(reference=f"{company.code}:{number}", status="subscribed")

    def track(
        self, *, company_code: str, tracking_no: str, now: datetime | None = None
    ) -> TrackingResult:
        self._fail_on_demand("track", _tracking_no(tracking_no))
        waybill = SandboxWaybill.objects.filter(waybill_no=_tracking_no(tracking_no)).first()
        if waybill is not None:
            return _waybill_tracking(waybill)
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

    # --- electronic waybills and door pickups ---------------------------------------------

    def services(self, *, company_code: str) -> list[tuple[str, str, str]]:
        return list(_SERVICES.get(_company(company_code).code, _DEFAULT_SERVICES))

    def waybill_create(
        self,
        *,
        out_no: str,
        company_code: str,
        service: str,
        pay_method: str,
        monthly_account: str,
        sender: WaybillParty,
        receiver: WaybillParty,
        parcel: WaybillParcel,
        order_no: str,
        unit_serial: str,
    ) -> Waybill:
        request = _Request(
            out_no, company_code, service, pay_method, monthly_account, sender, receiver, parcel
        )
        return _waybill(self._order(request, order_no, unit_serial, slot=None))

    def waybill_query(self, *, out_no: str) -> Waybill:
        SANDBOX.fail_on_demand(
            "query", merchant=self.merchant, subjects=[out_no], refused="the query failed"
        )
        return _waybill(self._row(out_no))

    def waybill_cancel(self, *, out_no: str) -> Waybill:
        SANDBOX.fail_on_demand(
            "cancel", merchant=self.merchant, subjects=[out_no], refused="the carrier refused"
        )
        with transaction.atomic():
            row = self._row(out_no, lock=True)
            _cancel(row, PickupStatus.CANCELLED_BY_SHOP)
        return _waybill(row)

    def waybill_label(self, *, out_no: str) -> bytes:
        SANDBOX.fail_on_demand(
            "label", merchant=self.merchant, subjects=[out_no], refused="no label printed"
        )
        row = self._row(out_no)
        if row.status in (WaybillStatus.CANCELLED, WaybillStatus.RETURNED):
            raise SANDBOX.error("LABEL_UNAVAILABLE", f"the waybill is {row.status}")
        return waybill_labels_pdf([sandbox_waybill_label(row)])

    def pickup_slots(self, *, address: WaybillParty, day: date) -> list[PickupSlot]:
        SANDBOX.fail_on_demand(
            "slots",
            merchant=self.merchant,
            subjects=[address.mobile, address.city],
            refused="no courier serves the address",
        )
        _party_check(address, "address")
        earliest = timezone.now() + PICKUP_NOTICE
        return [
            slot
            for slot in (
                PickupSlot(
                    starts_at=datetime.combine(day, time(hour), CHINA),
                    ends_at=datetime.combine(day, time(hour + PICKUP_SLOT_HOURS), CHINA),
                )
                for hour in PICKUP_SLOT_STARTS
            )
            if slot.starts_at >= earliest
        ]

    def pickup_book(
        self,
        *,
        out_no: str,
        company_code: str,
        service: str,
        monthly_account: str,
        sender: WaybillParty,
        receiver: WaybillParty,
        parcel: WaybillParcel,
        order_no: str,
        unit_serial: str,
        slot: PickupSlot,
    ) -> Pickup:
        request = _Request(
            out_no, company_code, service, "monthly", monthly_account, sender, receiver, parcel
        )
        return _pickup(self._order(request, order_no, unit_serial, slot=slot))

    def pickup_query(self, *, out_no: str) -> Pickup:
        SANDBOX.fail_on_demand(
            "query", merchant=self.merchant, subjects=[out_no], refused="the query failed"
        )
        return _pickup(self._row(out_no, pickup=True))

    def pickup_cancel(self, *, out_no: str) -> Pickup:
        SANDBOX.fail_on_demand(
            "cancel", merchant=self.merchant, subjects=[out_no], refused="the carrier refused"
        )
        with transaction.atomic():
            row = self._row(out_no, lock=True, pickup=True)
            _cancel(row, PickupStatus.CANCELLED_BY_SHOP)
        return _pickup(row)

    def _order(
        self, request: _Request, order_no: str, unit_serial: str, *, slot: PickupSlot | None
    ) -> SandboxWaybill:
        """What our adapter does for a carrier's order: check it, ask the carrier whether the
        order number is known (an earlier attempt may have been made and its answer lost),
        and only then create; the carrier's DUPLICATE_ORDER is answered by asking again."""
        request.check(slot)
        digest = request.digest(order_no, unit_serial, slot)
        kept = self._kept(request.out_no)
        if kept is not None:
            return self._same_request(kept, request.out_no, digest)
        try:
            return self._carrier_create(request, order_no, unit_serial, slot, digest)
        except ProviderError as error:
            if error.code != DUPLICATE_ORDER:
                raise
            kept = self._kept(request.out_no)
            if kept is None:
                raise
            return self._same_request(kept, request.out_no, digest)

    def _carrier_create(
        self,
        request: _Request,
        order_no: str,
        unit_serial: str,
        slot: PickupSlot | None,
        digest: str,
    ) -> SandboxWaybill:
        """The carrier's side of the wire (SF's EXP_RECE_CREATE_ORDER)."""
        operation = "pickup" if slot else "create"
        failure = SANDBOX.failure(
            operation,
            merchant=self.merchant,
            subjects=[request.out_no, request.receiver.mobile, request.sender.mobile],
        )
        if failure.reason not in (None, ANSWER_LOST, CALLBACK_LOST):
            raise SANDBOX.error(str(failure.reason), f"the carrier refused the {operation}")
        if slot is not None and slot not in self.pickup_slots(
            address=request.sender, day=timezone.localtime(slot.starts_at, CHINA).date()
        ):
            raise SANDBOX.error("SLOT_UNAVAILABLE", "the carrier offers no such pickup slot")
        now = timezone.now()
        try:
            with transaction.atomic():
                row = SandboxWaybill.objects.create(
                    merchant=self.merchant,
                    out_no=request.out_no,
                    waybill_no=_waybill_no(request.company_code),
                    company_code=_company(request.company_code).code,
                    service=request.service,
                    pay_method=request.pay_method,
                    monthly_account=request.monthly_account,
                    sender=asdict(request.sender),
                    receiver=asdict(request.receiver),
                    parcel={
                        "description": request.parcel.description,
                        "weight_kg": str(request.parcel.weight_kg),
                        "declared_value": str(request.parcel.declared_value),
                    },
                    order_no=order_no,
                    unit_serial=unit_serial,
                    request_sha256=digest,
                    status=WaybillStatus.ACCEPTED,
                    pickup_reference=SANDBOX.reference("pk") if slot else "",
                    pickup_status=PickupStatus.REQUESTED if slot else "",
                    pickup_starts_at=slot.starts_at if slot else None,
                    pickup_ends_at=slot.ends_at if slot else None,
                    created_at=now,
                )
        except IntegrityError:
            raise SANDBOX.error(DUPLICATE_ORDER, f"order {request.out_no} exists") from None
        if failure.reason == ANSWER_LOST:
            raise SANDBOX.error(SYSTEM_ERROR, SANDBOX.unanswered)
        return row

    def _same_request(self, kept: SandboxWaybill, out_no: str, digest: str) -> SandboxWaybill:
        return SANDBOX.same_request(
            kept,
            out_no,
            same=lambda row: row.request_sha256 == digest,
            what="waybill",
            other="parcel",
        )

    def _kept(self, out_no: str) -> SandboxWaybill | None:
        return SandboxWaybill.objects.filter(merchant=self.merchant, out_no=out_no).first()

    def _row(self, out_no: str, *, lock: bool = False, pickup: bool = False) -> SandboxWaybill:
        rows = SandboxWaybill.objects.filter(merchant=self.merchant, out_no=out_no)
        if pickup:
            rows = rows.exclude(pickup_status="")
        return SANDBOX.row(rows, lock=lock, missing=f"no carrier's order {out_no!r}")

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
