"""The device of an order whose SKU is tracked by unit (docs/orders.md, "Devices"): bound
when it is scanned at shipping, checked and received when it comes back, sold with a buyout
or a purchase, lost with a write-off. Each step runs inside the order's own transaction
(the order's row locked first, then the unit's), through `apps.assets`' services, so a
refused scan leaves nothing half-saved. An order of a counted SKU holds no unit: every step
here leaves it as it was."""

from __future__ import annotations

from apps.assets import selectors as units
from apps.assets import services as assets
from apps.goods.selectors import sku_tracked
from apps.goods.services import sku_reservation_consume
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text

from .models import Order


def tracked(order: Order) -> bool:
    return sku_tracked(order.sku_id)


def device_ship(order: Order, *, actor: Session | None, code: str, first: bool = True) -> bool:
    """The scanned unit bound to the order and out with its customer; on the order's first
    shipment its stock reservation is consumed (the unit answers it). False for a counted
    SKU (nothing to bind)."""
    if not tracked(order):
        return False
    if not code.strip():
        raise field_error(
            "device_serial", Text("请扫描设备序列号或 IMEI", "scan the unit's serial or IMEI")
        )
    assets.unit_ship(
        actor=actor,
        code=code,
        sku_id=order.sku_id,
        sub_shop_id=order.sub_shop_id,
        order_id=order.pk,
        grade=order.fineness,
    )
    if first:
        sku_reservation_consume(sku_id=order.sku_id, reference=order.order_no)
    return True


def device_reship(order: Order, *, actor: Session | None, code: str) -> bool:
    """A shipment corrected (updateExpress) to the unit `code` names: the unit first bound
    goes back to stock where it was, the new one is bound. The same unit again changes
    nothing. False for a counted SKU."""
    if not tracked(order):
        return False
    held = units.order_unit(order.pk, lock=True)
    if held is not None and units.unit_matches(held, code):
        return True
    if held is not None:
        assets.order_unit_move(
            actor=actor, order_id=order.pk, action="ship_correct", reason="发货更正为另一台设备"
        )
    # The reservation was consumed by the first shipment (an order migrated without a unit
    # has none left either).
    return device_ship(order, actor=actor, code=code, first=False)


def device_returning(order: Order, *, actor: Session | None) -> None:
    """The customer sent the device back: on its way."""
    held = units.order_unit(order.pk)
    if held is not None and held.status == "out_with_customer":
        assets.order_unit_move(actor=actor, order_id=order.pk, action="return_start")


def device_receive(order: Order, *, actor: Session | None, code: str) -> bool:
    """The device came back: the scanned code must be the unit the order holds
    (SERIAL_MISMATCH, naming the unit expected, when it is not), which is then received.
    False when the order holds no unit (the serial typed at shipping is compared instead)."""
    held = units.order_unit(order.pk, lock=True)
    if held is None:
        return False
    if not units.unit_matches(held, code):
        raise ApplicationError(
            ErrorCode.SERIAL_MISMATCH,
            data={
                "unit_id": held.pk,
                "serial_number": held.serial_number,
                "imei1": held.imei1,
                "scanned": code.strip(),
            },
        )
    assets.order_unit_move(actor=actor, order_id=order.pk, action="return_receive")
    return True


def device_sold(order: Order, *, actor: Session | None, reason: str) -> None:
    """Bought out, or a purchase delivered: the device leaves the shop for good."""
    assets.order_unit_move(actor=actor, order_id=order.pk, action="sell", reason=reason)


def device_lost(*, order_id: int, actor: Session | None, reason: str) -> bool:
    """The debt of a lease whose device never came back is written off: its unit is lost
    (it keeps its identifiers; when it turns up it is marked found, back to received).
    False when the order holds no unit out (returned already, or a counted SKU)."""
    return (
        assets.order_unit_move(actor=actor, order_id=order_id, action="lose", reason=reason)
        is not None
    )
