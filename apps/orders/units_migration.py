"""A SKU counted until now becomes tracked by unit, keeping every device (docs/assets.md,
"Migration"). It reads orders (the reservations' orders, the serial typed at shipping), so it
sits with orders, above `apps.assets` and `apps.goods`, and reads orders only through
`selectors`. It is not part of shipping: the shop runs it once per SKU."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from apps.assets.models import UnitStatus
from apps.assets.services import DeviceOut, units_from_stock
from apps.goods.selectors import sku_for_units, sku_open_reservations
from apps.goods.services import sku_reservation_consume, sku_tracked_set
from tenants.orders.rules import OrderStatus
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode

from .models import Order

# An order holding its device now: with the customer, or on its way back.
_HELD = {
    OrderStatus.SHIPPED.value: UnitStatus.OUT_WITH_CUSTOMER.value,
    OrderStatus.IN_LEASE.value: UnitStatus.OUT_WITH_CUSTOMER.value,
    OrderStatus.RETURNING.value: UnitStatus.RETURNING.value,
}


@dataclass(frozen=True)
class UnitsMigrated:
    stock_before: int  # the SKU's counted stock
    in_warehouse: int  # units awaiting their serial: the stock plus unshipped reservations
    waiting_to_ship: int  # reservations of orders not shipped yet (still held back)
    devices_out: int  # units bound to an order that holds its device
    shipped_consumed: int  # reservations of shipped orders, answered from now on


@dataclass(frozen=True)
class OrderDevice:
    """What the unit migration needs of an order that reserved a SKU."""

    order_id: int
    order_no: str
    status: str
    shipped: bool
    device_serial: str


def order_devices(order_nos: list[str]) -> dict[str, OrderDevice]:
    """The orders of these numbers (the references of stock reservations), by number."""
    rows = Order.objects.filter(order_no__in=order_nos).values_list(
        "pk", "order_no", "status", "shipped_at", "device_serial"
    )
    return {
        order_no: OrderDevice(pk, order_no, status, shipped_at is not None, serial)
        for pk, order_no, status, shipped_at, serial in rows
    }


def sku_units_migrate(*, actor: Session | None, sku_id: int) -> UnitsMigrated:
    """In one transaction: the SKU tracked; its counted stock and the devices reserved for
    orders not shipped yet become units awaiting their serial in the warehouse; each shipped
    order's reservation is consumed, and an order holding its device with a serial typed at
    shipping gets its unit, bound to it. The stock a customer can order stays what it was."""
    with transaction.atomic():
        before = sku_for_units(sku_id)
        if before.tracked:
            raise ApplicationError(
                ErrorCode.CONFLICT,
                "该规格已按设备管理",
                msg_en="This SKU is already tracked by unit",
                data={"sku_id": sku_id},
            )
        # Locks the SKU's row first; the counted stock it retires becomes units.
        stock = sku_tracked_set(actor=actor, sku_id=sku_id)
        reservations = sku_open_reservations(sku_id)
        orders = order_devices(sorted(reservations))
        waiting = consumed = 0
        devices: list[DeviceOut] = []
        for reference, quantity in sorted(reservations.items()):
            order = orders.get(reference)
            if order is None or not order.shipped:
                waiting += quantity  # the device is still in the shop, held for the order
                continue
            sku_reservation_consume(sku_id=sku_id, reference=reference)
            consumed += 1
            held = _HELD.get(order.status)
            if held is not None and order.device_serial.strip():
                devices.append(DeviceOut(order.order_id, order.device_serial, held))
        units_from_stock(
            actor=actor, sku_id=sku_id, in_warehouse=stock + waiting, devices_out=devices
        )
    return UnitsMigrated(
        stock_before=stock,
        in_warehouse=stock + waiting,
        waiting_to_ship=waiting,
        devices_out=len(devices),
        shipped_consumed=consumed,
    )
