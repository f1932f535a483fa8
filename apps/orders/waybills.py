"""Electronic waybills and door pickups through the carrier (docs/logistics.md): the order's
parcel booked with the carrier, its label printed, a return collected at the customer's
door, and the carrier's pushes moving the shipment (and, by the shop's setting, stopping the
rent at the pickup scan).

Each carrier request is a provider operation (`Shipment`, `operation_sync`): the row is
written and committed first with our order number `out_no` (one per attempt), then the
carrier is asked. A request that got no answer leaves the row `created`; asked again (the
same idempotency key) the adapter asks the carrier before creating, so one waybill is made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from datetime import datetime
from decimal import Decimal
from io import BytesIO
from typing import Any

from django.db import transaction
from django.utils import timezone
from pypdf import PdfReader, PdfWriter

from zulin.audit.services import audit_record
from zulin.audit.state import Machine, move, status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.files.links import private_file_link
from zulin.files.models import StoredFile
from zulin.files.services import private_file_save
from zulin.providers.callbacks import CallbackEvent
from zulin.providers.express import get_express_provider
from zulin.providers.interfaces import (
    ExpressProvider,
    Pickup,
    PickupStatus,
    ProviderError,
    Waybill,
    WaybillParcel,
    WaybillParty,
    WaybillStatus,
    provider_failed,
)
from zulin.providers.operations import operation_id_next, operation_sync

from . import devices, lease, machine
from .guards import order_setting
from .models import (
    AfterSale,
    Order,
    OrderSetting,
    PickupBooking,
    SenderAddress,
    Shipment,
    ShipmentEvent,
)
from .scope import order_in_scope

St = Shipment.Status
Pk = PickupBooking.Status
# An answer of the carrier that is no answer: the row stays as it was, to be asked again.
UNANSWERED = "SYSTEM_ERROR"

SHIPMENT_MACHINE: Machine[Shipment] = Machine(
    model=Shipment,
    target_type="shipment",
    moves=(
        move(St.CREATED, "accept", St.LABEL_READY),
        move(St.CREATED, "refuse", St.FAILED),
        move(St.LABEL_READY, "cancel", St.CANCELLED, right="order.ship"),
        move(St.LABEL_READY, "pick_up", St.PICKED_UP),
        move([St.LABEL_READY, St.PICKED_UP], "transit", St.IN_TRANSIT),
        move([St.LABEL_READY, St.PICKED_UP, St.IN_TRANSIT, St.EXCEPTION], "deliver", St.DELIVERED),
        move([St.LABEL_READY, St.PICKED_UP, St.IN_TRANSIT], "exception", St.EXCEPTION),
    ),
    labels={value: (str(label), value.replace("_", " ")) for value, label in St.choices},
)

PICKUP_MACHINE: Machine[PickupBooking] = Machine(
    model=PickupBooking,
    target_type="pickup",
    moves=(
        move(Pk.REQUESTED, "accept", Pk.ACCEPTED),
        move([Pk.REQUESTED, Pk.ACCEPTED], "pick_up", Pk.PICKED_UP),
        move([Pk.REQUESTED, Pk.ACCEPTED], "cancel", Pk.CANCELLED_BY_SHOP, right="order.ship"),
        move([Pk.REQUESTED, Pk.ACCEPTED], "carrier_cancel", Pk.CANCELLED_BY_CARRIER),
        move(Pk.REQUESTED, "fail", Pk.FAILED),
    ),
    labels={value: (str(label), value.replace("_", " ")) for value, label in Pk.choices},
)

# What a carrier's waybill status moves our shipment by (the moves it may take from here).
_WAYBILL_MOVES = {
    WaybillStatus.PICKED_UP: "pick_up",
    WaybillStatus.IN_TRANSIT: "transit",
    WaybillStatus.DELIVERED: "deliver",
    WaybillStatus.RETURNED: "exception",
}
_PICKUP_MOVES = {
    PickupStatus.ACCEPTED: "accept",
    PickupStatus.PICKED_UP: "pick_up",
    PickupStatus.CANCELLED_BY_CARRIER: "carrier_cancel",
}


def _carrier() -> ExpressProvider:
    return get_express_provider()


def _party(fields: dict[str, Any]) -> WaybillParty:
    return WaybillParty(
        name=str(fields.get("name", "")),
        mobile=str(fields.get("mobile", "")),
        province=str(fields.get("province", "")),
        city=str(fields.get("city", "")),
        district=str(fields.get("district", "")),
        detail=str(fields.get("detail", "")),
    )


def sender_address(sub_shop_id: int | None) -> WaybillParty:
    """Where the shop's parcels leave from: the sub-shop's address, else the warehouse's."""
    found = (
        SenderAddress.objects.filter(sub_shop_id=sub_shop_id).first()
        if sub_shop_id is not None
        else None
    ) or SenderAddress.objects.filter(sub_shop_id__isnull=True).first()
    if found is None:
        raise ApplicationError(
            ErrorCode.CONFLICT,
            "未设置发货地址",
            msg_en="No sender address is set for the warehouse",
            data={"setting": "sender_address"},
        )
    return WaybillParty(
        name=found.contact,
        mobile=found.mobile,
        province=found.province,
        city=found.city,
        district=found.district,
        detail=found.detail,
    )


def sender_address_save(
    *, actor: Session, sub_shop_id: int | None, address: WaybillParty
) -> SenderAddress:
    row, _ = SenderAddress.objects.update_or_create(
        sub_shop_id=sub_shop_id,
        defaults={
            "contact": address.name,
            "mobile": address.mobile,
            "province": address.province,
            "city": address.city,
            "district": address.district,
            "detail": address.detail,
        },
    )
    return row


def carrier_setting_save(
    *,
    actor: Session,
    monthly_account: str,
    return_day_from_pickup: bool,
    warehouse_address: WaybillParty | None,
) -> None:
    """The shop's carrier account, the return-day rule of pickups and the warehouse's sender
    address; audited with before and after."""
    with transaction.atomic():
        setting, _ = OrderSetting.objects.select_for_update().get_or_create(pk=1)
        before = {
            "carrier_monthly_account": setting.carrier_monthly_account,
            "return_day_from_pickup": setting.return_day_from_pickup,
        }
        setting.carrier_monthly_account = monthly_account.strip()
        setting.return_day_from_pickup = return_day_from_pickup
        setting.save()
        if warehouse_address is not None:
            sender_address_save(actor=actor, sub_shop_id=None, address=warehouse_address)
        audit_record(
            actor=actor,
            action="order.carrier_settings_update",
            target_type="order_setting",
            target_id=setting.pk,
            before=before,
            after={
                "carrier_monthly_account": setting.carrier_monthly_account,
                "return_day_from_pickup": setting.return_day_from_pickup,
                "sender_address": asdict(warehouse_address) if warehouse_address else None,
            },
        )


def _monthly_account() -> str:
    account = order_setting().carrier_monthly_account.strip()
    if not account:
        raise ApplicationError(
            ErrorCode.CONFLICT,
            "未设置快递月结账号，请手工录入运单号",
            msg_en="No carrier account is set: type the tracking number by hand",
            data={"setting": "carrier_monthly_account"},
        )
    return account


def _parcel(order: Order, declared_value: Decimal | None, weight_kg: Decimal) -> WaybillParcel:
    value = declared_value if declared_value is not None else order.buyout_price
    return WaybillParcel(order.goods_title[:40], weight_kg, value)


def _kept(idempotency_key: str) -> Shipment | None:
    if not idempotency_key:
        return None
    return Shipment.objects.filter(idempotency_key=idempotency_key).first()


# --- asking the carrier ---------------------------------------------------------------------


def _accepted(row: Shipment, waybill: Waybill) -> Shipment:
    def fill(shipment: Shipment) -> dict[str, Any]:
        shipment.tracking_no = shipment.provider_reference = waybill.waybill_no
        return {"waybill_no": waybill.waybill_no}

    return transition_locked(SHIPMENT_MACHINE, row=row, action="accept", actor=None, change=fill)


def _refused(row: Shipment, error: ProviderError) -> Any:
    """A refusal fails the attempt for good (a new attempt is a new order number); no answer
    leaves it waiting (`last_error` says why) for the same key to ask again."""
    if error.code != UNANSWERED:

        def reason(shipment: Shipment) -> dict[str, Any]:
            shipment.failure_reason = f"{error.code}: {error.reason}"[:300]
            return {"reason": error.code}

        transition_locked(SHIPMENT_MACHINE, row=row, action="refuse", actor=None, change=reason)
        pickup = PickupBooking.objects.filter(shipment=row).first()
        if pickup is not None:
            transition_locked(PICKUP_MACHINE, row=pickup, action="fail", actor=None)
    return error


def _ask(shipment_id: int, ask: Any) -> Shipment:
    synced = operation_sync(
        lambda: Shipment.objects.select_for_update().filter(pk=shipment_id).first(),
        ask=ask,
        apply=_accepted,
        failed=_refused,
        final=lambda answer: True,
    )
    if synced is None:
        # Gone under our feet (a cancellation removed it): nothing was asked, nothing changed.
        raise ApplicationError(ErrorCode.NOT_FOUND)
    # Answered as it stands, not raised: the attempt (still `created` without an answer,
    # `failed` refused) must stay written for the retry and the screen.
    return synced.row


def _create_ask(row: Shipment) -> Waybill:
    order = row.order
    return _carrier().waybill_create(
        out_no=str(row.out_no),
        company_code=row.company_code,
        service=row.service,
        pay_method=row.pay_method,
        monthly_account=order_setting().carrier_monthly_account,
        sender=_party(row.sender),
        receiver=_party(row.receiver),
        parcel=WaybillParcel(
            order.goods_title[:40],
            row.weight_kg or Decimal("1.00"),
            row.declared_value or Decimal("0.00"),
        ),
        order_no=order.order_no,
        unit_serial=row.device_serial,
    )


def _new_shipment(
    order: Order,
    *,
    direction: str,
    company_code: str,
    service: str,
    sender: WaybillParty,
    receiver: WaybillParty,
    parcel: WaybillParcel,
    device_serial: str,
    idempotency_key: str,
    actor: Session | None,
) -> Shipment:
    shipment_id = operation_id_next(Shipment)
    row = Shipment.objects.create(
        id=shipment_id,
        order=order,
        direction=direction,
        company_code=company_code,
        service=service,
        pay_method="monthly",
        out_no=f"ZLW{order.order_no[-20:]}{shipment_id:06d}",
        status=St.CREATED,
        sender=asdict(sender),
        receiver=asdict(receiver),
        declared_value=parcel.declared_value,
        weight_kg=parcel.weight_kg,
        device_serial=device_serial.strip(),
        idempotency_key=idempotency_key,
    )
    status_created(SHIPMENT_MACHINE, row=row, actor=actor)
    return row


# --- shipping from the order ----------------------------------------------------------------


def _ship_allowed(order: Order) -> bool:
    if machine.machine_for(order).find(order.status, "ship") is not None:
        return True
    return lease._exchange_awaiting_shipment(order) is not None


def waybill_ship(
    *,
    actor: Session,
    order_id: int,
    company_code: str,
    service: str,
    device_serial: str,
    receiver: WaybillParty,
    idempotency_key: str,
    weight_kg: Decimal = Decimal("1.00"),
    declared_value: Decimal | None = None,
) -> Shipment:
    """The ship dialog with a carrier account: the waybill made for the scanned unit, then
    the order shipped with it (the waybill number fills the order's shipment). A retry with
    the same key answers the same shipment (and asks the carrier again if it never
    answered). The scan refused (another SKU, a unit not in stock): the waybill is cancelled
    at the carrier and the shipment with it."""
    if not idempotency_key:
        raise field_error("idempotency_key", Text("必填", "required"))
    kept = _kept(idempotency_key)
    if kept is None:
        with transaction.atomic():
            order = order_in_scope(actor, order_id, lock=True)
            if not actor.can("order.ship"):
                raise ApplicationError(ErrorCode.FORBIDDEN)
            if not _ship_allowed(order):
                raise machine.machine_for(order).conflict(order.status, "ship")
            if order.kind == "lease" and not device_serial.strip():
                raise field_error("device_serial", Text("必填", "required"))
            _monthly_account()
            kept = _new_shipment(
                order,
                direction=Shipment.Direction.OUT,
                company_code=company_code,
                service=service,
                sender=sender_address(order.sub_shop_id),
                receiver=receiver,
                parcel=_parcel(order, declared_value, weight_kg),
                device_serial=device_serial,
                idempotency_key=idempotency_key,
                actor=actor,
            )
    elif kept.order_id != order_id:
        raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
    order_in_scope(actor, kept.order_id)
    shipment = _ask(kept.pk, _create_ask) if kept.status == St.CREATED else kept
    if shipment.status != St.LABEL_READY or shipment.shipped_at is not None:
        return shipment
    try:
        lease.order_ship(
            actor=actor,
            order_id=shipment.order_id,
            company_code=shipment.company_code,
            tracking_no=shipment.tracking_no,
            device_serial=shipment.device_serial,
            waybill=shipment,
        )
    except ApplicationError:
        waybill_cancel(actor=actor, shipment_id=shipment.pk)
        raise
    shipment.refresh_from_db()
    return shipment


def waybill_cancel(*, actor: Session, shipment_id: int) -> Shipment:
    """Before pickup only: the carrier's order cancelled, then ours."""
    with transaction.atomic():
        row = _shipment_in_scope(actor, shipment_id, lock=True)
        if row.status == St.CANCELLED:
            return row
        if SHIPMENT_MACHINE.find(row.status, "cancel") is None:
            raise SHIPMENT_MACHINE.conflict(row.status, "cancel")
        try:
            if row.status == St.LABEL_READY:
                _carrier().waybill_cancel(out_no=str(row.out_no))
        except ProviderError as error:
            raise provider_failed(error, "取消运单失败", "The carrier did not cancel") from error
        pickup = PickupBooking.objects.select_for_update().filter(shipment=row).first()
        if pickup is not None and PICKUP_MACHINE.find(pickup.status, "cancel"):
            transition_locked(PICKUP_MACHINE, row=pickup, action="cancel", actor=actor)
        return transition_locked(SHIPMENT_MACHINE, row=row, action="cancel", actor=actor)


def _shipment_in_scope(actor: Session | None, shipment_id: int, *, lock: bool = False) -> Shipment:
    found = Shipment.objects.filter(pk=shipment_id).values_list("order_id", flat=True).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    order_in_scope(actor, found, lock=lock)
    rows = Shipment.objects.select_for_update() if lock else Shipment.objects
    return rows.get(pk=shipment_id)


def waybill_labels(*, actor: Session, shipment_ids: list[int]) -> dict[str, Any]:
    """One PDF of the labels of `shipment_ids` (a batch print, in the order asked), kept as
    a private file; a link to it. Every shipment must have its waybill."""
    if not shipment_ids or len(shipment_ids) > 200:
        raise field_error("shipment_ids", Text("1 至 200 个", "1 to 200"))
    writer = PdfWriter()
    numbers = []
    for shipment_id in dict.fromkeys(shipment_ids):
        row = _shipment_in_scope(actor, shipment_id)
        if row.status in (St.CREATED, St.FAILED, St.CANCELLED, St.MANUAL):
            raise SHIPMENT_MACHINE.conflict(row.status, "label")
        try:
            pdf = _carrier().waybill_label(out_no=str(row.out_no))
        except ProviderError as error:
            raise provider_failed(error, "获取面单失败", "No label from the carrier") from error
        for page in PdfReader(BytesIO(pdf)).pages:
            writer.add_page(page)
        numbers.append(row.tracking_no)
    out = BytesIO()
    writer.write(out)
    stored = private_file_save(
        kind="waybill-labels",
        name=f"labels-{numbers[0]}-{len(numbers)}.pdf",
        content=out.getvalue(),
        content_type="application/pdf",
        actor=actor,
    )
    if len(numbers) == 1:
        Shipment.objects.filter(pk=shipment_ids[0]).update(label_file_key=str(stored.pk))
    return {
        "url": private_file_link(stored, session=actor, inline=True),
        "count": len(numbers),
        "waybill_nos": numbers,
    }


def label_file(shipment: Shipment) -> StoredFile | None:
    if not shipment.label_file_key:
        return None
    return StoredFile.objects.filter(pk=int(shipment.label_file_key)).first()


# --- the carrier's pushes ---------------------------------------------------------------------


def waybill_on_push(event: CallbackEvent) -> None:
    """A push of the carrier's (route, pickup, freight): the carrier is asked what is true
    now and the shipment follows it. A push naming an order number this merchant does not
    hold changes nothing (another merchant's waybill); one told twice changes nothing."""
    out_no = str(event.data.get("out_no", ""))
    if not Shipment.objects.filter(out_no=out_no).exclude(status=St.CREATED).exists():
        return
    carrier = get_express_provider(merchant=event.merchant)
    waybill = carrier.waybill_query(out_no=out_no)
    pickup = None
    if PickupBooking.objects.filter(shipment__out_no=out_no).exists():
        pickup = carrier.pickup_query(out_no=out_no)
    with transaction.atomic():
        row = Shipment.objects.select_for_update().get(out_no=out_no)
        order = Order.objects.select_for_update().get(pk=row.order_id)
        shipment_follow(row, order, waybill, pickup)


def shipment_follow(
    row: Shipment, order: Order, waybill: Waybill, pickup: Pickup | None
) -> Shipment:
    """The locked shipment (and its order) brought to what the carrier says."""
    for route in waybill.routes:
        _, made = ShipmentEvent.objects.get_or_create(
            shipment=row,
            code=route.code,
            occurred_at=route.occurred_at,
            defaults={"status": str(route.status), "place": route.place, "text": route.text},
        )
        if made:
            row.last_event_at = max(row.last_event_at or route.occurred_at, route.occurred_at)
    if waybill.freight is not None and row.freight != waybill.freight:
        row.freight, row.weight_kg = waybill.freight, waybill.weight_kg
    row.save()
    if pickup is not None:
        _pickup_follow(row, order, pickup, waybill)
    for route in waybill.routes:
        action = _WAYBILL_MOVES.get(route.status)
        if action is None or SHIPMENT_MACHINE.find(row.status, action) is None:
            continue
        if _after(row.status, route.status):
            continue
        transition_locked(
            SHIPMENT_MACHINE,
            row=row,
            action=action,
            actor=None,
            change=_moved_by(action, route.occurred_at),
        )
        if action == "pick_up" and row.direction in (
            Shipment.Direction.RETURN,
            Shipment.Direction.EXCHANGE_BACK,
        ):
            _return_picked_up(row, order, route.occurred_at)
        if (
            action == "deliver"
            and row.direction == Shipment.Direction.OUT
            and order.status == machine.SHIPPED
        ):
            lease.order_deliver(
                order_id=order.pk, actor=None, delivered_at=route.occurred_at, reason="快递签收"
            )
    if waybill.status == WaybillStatus.CANCELLED and row.status == St.LABEL_READY:
        # Cancelled at the carrier's end (a pickup it called off): an exception to act on.
        transition_locked(SHIPMENT_MACHINE, row=row, action="exception", actor=None)
    return row


_ORDER: list[str] = [St.LABEL_READY, St.PICKED_UP, St.IN_TRANSIT, St.DELIVERED]


def _after(current: str, status: WaybillStatus) -> bool:
    """The shipment is already past the route's step (pushes may arrive out of order)."""
    target = {
        WaybillStatus.PICKED_UP: St.PICKED_UP,
        WaybillStatus.IN_TRANSIT: St.IN_TRANSIT,
        WaybillStatus.DELIVERED: St.DELIVERED,
    }.get(status)
    if target is None or current not in _ORDER:
        return False
    return _ORDER.index(current) >= _ORDER.index(target)


def _moved_by(action: str, at: datetime) -> Callable[[Shipment], dict[str, Any]]:
    def moved(row: Shipment) -> dict[str, Any]:
        if action == "pick_up":
            row.picked_up_at = at
            if row.shipped_at is None:
                row.shipped_at = at
        if action == "deliver":
            row.delivered_at = at
        return {"at": at.isoformat()}

    return moved


def _pickup_follow(row: Shipment, order: Order, pickup: Pickup, waybill: Waybill) -> None:
    booking = PickupBooking.objects.select_for_update().get(shipment=row)
    action = _PICKUP_MOVES.get(pickup.status)
    if action is None or PICKUP_MACHINE.find(booking.status, action) is None:
        return

    def courier(row: PickupBooking) -> dict[str, Any]:
        row.courier_name, row.courier_phone = pickup.courier_name, pickup.courier_phone
        return {"courier": pickup.courier_name}

    transition_locked(PICKUP_MACHINE, row=booking, action=action, actor=None, change=courier)


def _return_picked_up(row: Shipment, order: Order, at: datetime) -> None:
    """The carrier's pickup scan of a return: the unit is on its way back (`returning`), and
    with the shop's setting on, that day (China time) is the return's day."""
    devices.device_returning(order, actor=None)
    business = PickupBooking.objects.filter(shipment=row).values_list("after_sale", flat=True)
    after_sale_id = business.first()
    if after_sale_id is None or not order_setting().return_day_from_pickup:
        return
    AfterSale.objects.filter(pk=after_sale_id, received_on__isnull=True).update(
        picked_up_on=timezone.localdate(at), updated_at=timezone.now()
    )
