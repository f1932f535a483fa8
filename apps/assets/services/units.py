"""A unit's identifiers, the one move helper (`unit_move`) every status change goes through,
a unit made, a counted stock turned into units, units bound to orders, and labels."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from apps.goods.selectors import fineness_name, sku_for_units, sku_labels
from zulin.audit.services import actor_name
from zulin.audit.state import status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.db import advisory_xact_lock
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.files.links import private_file_link
from zulin.files.services import private_file_save

from .. import rules
from ..figures import figures_after_move
from ..labels import Label, labels_pdf
from ..machine import UNIT_MACHINE
from ..models import (
    Grade,
    StockReceipt,
    StockReceiptLine,
    StockTransfer,
    Supplier,
    Unit,
    UnitMovement,
    UnitStatus,
)
from ..order_facts import order_facts
from ..outbox import unit_event
from ..selectors import (
    order_unit,
    unit_find,
    unit_holding,
    unit_ship_refusal,
    units_of_ids,
)

_KEEP: Any = object()  # a move that leaves the unit where it is
# A transfer's origin left unsaid: wherever its units are (else it must be where they are).
WHERE_THEY_ARE: Any = object()


def imei_typo_refusal(field: str, code: str) -> ApplicationError:
    """A code of 15 digits whose check digit is wrong: refused on `field`, saying how to go on
    (scan it again, or confirm it is not an IMEI: `data.confirm` names the request's flag)."""
    problem = Text(
        f"{rules.IMEI_CHECK_WRONG.zh}：请重新扫描；若这不是 IMEI，确认后按序列号保存",
        f"{rules.IMEI_CHECK_WRONG.en}: scan it again, or confirm it is not an IMEI to keep"
        " it as a serial number",
    )
    return ApplicationError(
        ErrorCode.VALIDATION,
        f"「{code}」{problem.zh}",
        msg_en=f"{code}: {problem.en}",
        data={"fields": {field: [problem]}, "code": code, "confirm": "not_imei"},
    )


@dataclass(frozen=True)
class Identifiers:
    """A device's identifiers as scanned or typed; `cleaned` checks and normalises them.
    `not_imei`: the person confirmed the serial number is not an IMEI, so 15 digits that fail
    the IMEI's check are kept as a serial number (else refused as a mistyped IMEI)."""

    serial_number: str = ""
    imei1: str = ""
    imei2: str = ""
    meid: str = ""
    not_imei: bool = False

    def cleaned(self, *, required: bool = True) -> Identifiers:
        serial = rules.serial_clean(self.serial_number)
        imei1, imei2 = self.imei1.strip(), self.imei2.strip()
        meid = self.meid.strip().upper()
        if serial and not rules.serial_valid(serial):
            raise field_error(
                "serial_number",
                Text("序列号应为 3-64 位字母、数字或 -/.", "3-64 letters, digits or -/."),
            )
        self.imei_typo_check(serial)
        for field, imei in (("imei1", imei1), ("imei2", imei2)):
            if imei and not rules.imei_valid(imei):
                raise field_error(
                    field,
                    rules.IMEI_CHECK_WRONG
                    if rules.imei_shaped(imei)
                    else Text("IMEI 应为 15 位数字", "an IMEI is 15 digits"),
                )
        if imei1 and imei1 == imei2:
            raise field_error("imei2", Text("与 IMEI1 相同", "the same as IMEI 1"))
        if meid and (len(meid) != 14 or any(c not in "0123456789ABCDEF" for c in meid)):
            raise field_error("meid", Text("MEID 应为 14 位十六进制", "a MEID is 14 hex digits"))
        if required and not (serial or imei1 or imei2):
            raise field_error(
                "serial_number", Text("须扫描序列号或 IMEI", "scan a serial number or an IMEI")
            )
        return Identifiers(serial, imei1, imei2, meid, self.not_imei)

    def imei_typo_check(self, serial: str, *, field: str = "serial_number") -> None:
        """A serial number of 15 digits failing the IMEI's check is a mistyped IMEI unless
        the person confirmed it is not one."""
        if serial and not self.not_imei and rules.imei_mistyped(serial):
            raise imei_typo_refusal(field, serial)

    def values(self) -> list[str]:
        return [v for v in (self.serial_number, self.imei1, self.imei2, self.meid) if v]


def identifiers_of_code(code: str, *, not_imei: bool = False) -> Identifiers:
    """One scanned code: an IMEI when it is one (15 digits, Luhn), else a serial number. 15
    digits failing the check are a mistyped IMEI, refused on `code`, unless the person
    confirmed it is not an IMEI (`not_imei`): then a serial number. A code that passes the
    check is an IMEI whatever `not_imei` says (the flag only answers a refusal)."""
    code = code.strip()
    if rules.imei_valid(code):
        return Identifiers(imei1=code)
    identifiers = Identifiers(serial_number=code, not_imei=not_imei)
    identifiers.imei_typo_check(code, field="code")
    return identifiers


def _identifiers_claim(identifiers: Identifiers, *, unit_id: int | None = None) -> None:
    """Refuses identifiers another live unit holds (naming it). Called inside the change's
    transaction: a transaction-scoped advisory lock per identifier makes two scans of one
    device queue, so the second sees the first's unit."""
    values = sorted(set(identifiers.values()))
    schema = getattr(connection, "schema_name", "")  # django-tenants' connection
    advisory_xact_lock(*(f"unit-id:{schema}:{value}" for value in values))
    holder = unit_holding(values, excluding=unit_id)
    if holder is not None:
        unit, held = holder
        raise ApplicationError(
            ErrorCode.UNIT_IDENTIFIER_TAKEN,
            f"「{held}」已在设备 #{unit.pk}（{unit.get_status_display()}）上",
            msg_en=f"{held} is already on unit #{unit.pk} ({unit.status})",
            data={"unit_id": unit.pk, "identifier": held, "status": unit.status},
        )


def _movement(
    unit: Unit,
    *,
    action: str,
    actor: Session | None,
    from_status: str,
    from_sub_shop_id: int | None,
    reason: str = "",
    order_id: int | None = None,
    receipt: StockReceipt | None = None,
    transfer: StockTransfer | None = None,
) -> UnitMovement:
    movement = UnitMovement.objects.create(
        unit=unit,
        action=action,
        from_status=from_status,
        to_status=unit.status,
        from_sub_shop_id=from_sub_shop_id,
        to_sub_shop_id=unit.sub_shop_id,
        reason=reason,
        order_id=order_id,
        receipt=receipt,
        transfer=transfer,
        actor_account_id=actor.account.pk if actor else None,
        actor_name=actor_name(actor),
        at=timezone.now(),
    )
    # The report's kept figures change with the move (docs/assets.md "The kept figures").
    figures_after_move(movement, unit)
    return movement


def unit_move(
    unit: Unit,
    *,
    action: str,
    actor: Session | None,
    reason: str = "",
    sub_shop_id: Any = _KEEP,
    order_id: Any = _KEEP,
    receipt: StockReceipt | None = None,
    transfer: StockTransfer | None = None,
    change: Callable[[Unit], dict[str, Any] | None] | None = None,
) -> Unit:
    """One move of a unit the caller locked (`select_for_update` in its transaction): the
    machine's move, the status history and audit entry, and the movement row."""
    before_status, before_place = str(unit.status), unit.sub_shop_id
    movement_order = unit.order_id if order_id is _KEEP else order_id

    def apply(row: Unit) -> dict[str, Any] | None:
        extra: dict[str, Any] = {}
        if sub_shop_id is not _KEEP:
            row.sub_shop_id = extra["sub_shop_id"] = sub_shop_id
        if order_id is not _KEEP:
            row.order_id = extra["order_id"] = order_id
        if change is not None:
            extra.update(change(row) or {})
        return extra

    with transaction.atomic():
        transition_locked(
            UNIT_MACHINE, row=unit, action=action, actor=actor, reason=reason, change=apply
        )
        unit_event(unit, previous_status=before_status, action=action)
        _movement(
            unit,
            action=action,
            actor=actor,
            from_status=before_status,
            from_sub_shop_id=before_place,
            reason=reason,
            order_id=movement_order,
            receipt=receipt,
            transfer=transfer,
        )
    return unit


def _unit_create(
    *,
    actor: Session | None,
    action: str,
    status: str,
    sku_id: int,
    identifiers: Identifiers,
    grade: str,
    cost: Decimal | None,
    sub_shop_id: int | None = None,
    supplier: Supplier | None = None,
    receipt_line: StockReceiptLine | None = None,
    order_id: int | None = None,
    reason: str = "",
) -> Unit:
    # Every way a unit is made passes here: no mistyped IMEI kept unconfirmed (`cleaned` and
    # `identifiers_of_code` refuse it earlier, with the field the person filled).
    identifiers.imei_typo_check(identifiers.serial_number)
    if identifiers.values():
        _identifiers_claim(identifiers)
    unit = Unit.objects.create(
        sku_id=sku_id,
        serial_number=identifiers.serial_number,
        imei1=identifiers.imei1,
        imei2=identifiers.imei2,
        meid=identifiers.meid,
        grade=grade,
        sub_shop_id=sub_shop_id,
        status=status,
        cost=cost,
        supplier=supplier,
        receipt_line=receipt_line,
        acquired_at=timezone.now(),
        order_id=order_id,
    )
    status_created(UNIT_MACHINE, row=unit, actor=actor, reason=reason)
    _movement(
        unit,
        action=action,
        actor=actor,
        from_status="",
        from_sub_shop_id=None,
        reason=reason,
        order_id=order_id,
        receipt=receipt_line.receipt if receipt_line else None,
    )
    return unit


def _grade_checked(grade: str) -> str:
    if grade not in Grade.values:
        raise field_error("grade", Text("成色不在可选范围", "not a known grade"))
    return grade


# --- from a counted stock to units (docs/assets.md, "Migration") ----------------------------


@dataclass(frozen=True)
class DeviceOut:
    """A device an order holds now: the order's id and the serial typed at shipping."""

    order_id: int
    device_serial: str
    status: str  # out_with_customer or returning
    # The shop confirmed the serial typed is not an IMEI (15 digits failing the check).
    not_imei: bool = False


def units_from_stock(
    *,
    actor: Session | None,
    sku_id: int,
    in_warehouse: int,
    devices_out: Sequence[DeviceOut],
    reason: str = "从数量库存迁移",
) -> list[Unit]:
    """Units for a SKU that was counted: `in_warehouse` units awaiting their serial in the
    warehouse, and one unit per device out with a customer, bound to its order (its serial
    typed at shipping kept as it was: an IMEI when it is one, else the serial number). Runs
    inside the caller's transaction (`apps.orders.units_migration`)."""
    sku = sku_for_units(sku_id)
    made: list[Unit] = []
    for _ in range(in_warehouse):
        made.append(
            _unit_create(
                actor=actor,
                action="migrate",
                status=UnitStatus.SERIAL_PENDING,
                sku_id=sku_id,
                identifiers=Identifiers(),
                grade=sku.fineness,
                cost=None,
                reason=reason,
            )
        )
    for device in devices_out:
        typed = device.device_serial.strip()
        if rules.imei_mistyped(typed) and not device.not_imei:
            raise _typed_imei_refusal(device, typed)
        identifiers = (
            Identifiers(imei1=typed)
            if rules.imei_valid(typed)
            else Identifiers(serial_number=rules.serial_clean(typed), not_imei=device.not_imei)
        )
        made.append(
            _unit_create(
                actor=actor,
                action="migrate",
                status=device.status,
                sku_id=sku_id,
                identifiers=identifiers,
                grade=sku.fineness,
                cost=None,
                order_id=device.order_id,
                reason=reason,
            )
        )
    return made


def _typed_imei_refusal(device: DeviceOut, typed: str) -> ApplicationError:
    """The serial typed at an order's shipping is a mistyped IMEI: the migration names the
    order, so the shop corrects its shipment's serial (or confirms it is not an IMEI)."""
    fact = order_facts([device.order_id]).get(device.order_id)
    order = fact.order_no if fact is not None else f"#{device.order_id}"
    refusal = imei_typo_refusal("device_serial", typed)
    refusal.custom_msg = f"订单 {order} 发货时录入的「{typed}」{rules.IMEI_CHECK_WRONG.zh}"
    refusal.custom_msg_en = (
        f"The serial typed at shipping order {order}, {typed}: {rules.IMEI_CHECK_WRONG.en}"
    )
    refusal.data["order_id"] = device.order_id
    return refusal


# --- units and orders (apps/orders/devices.py) ------------------------------------------------


def unit_ship(
    *,
    actor: Session | None,
    code: str,
    sku_id: int,
    sub_shop_id: int | None,
    order_id: int,
    grade: str | None = None,
) -> Unit:
    """The unit a scan names, bound to the order and out with its customer: of the order's
    SKU and fineness (`grade`), in stock in the warehouse or the order's sub-shop
    (`selectors.unit_ship_refusal`).
    The unit's row is locked before it is checked, so two shipments scanning one unit queue
    and the second finds it gone (UNIT_NOT_AVAILABLE). Runs in the shipment's transaction."""
    with transaction.atomic():
        found = unit_find(code)
        unit = Unit.objects.select_for_update().get(pk=found.pk) if found is not None else None
        refusal = unit_ship_refusal(
            unit, code=code, sku_id=sku_id, sub_shop_id=sub_shop_id, grade=grade
        )
        if refusal is not None:
            raise refusal
        assert unit is not None
        return unit_move(unit, action="ship", actor=actor, order_id=order_id)


def order_unit_move(
    *, actor: Session | None, order_id: int, action: str, reason: str = ""
) -> Unit | None:
    """Moves the unit the order holds (out with the customer or returning): `return_start`,
    `return_receive`, `sell`, `lose`; `ship_correct` puts it back in stock, bound to no
    order. None when the order holds no unit (a counted SKU)."""
    with transaction.atomic():
        unit = order_unit(order_id, lock=True)
        if unit is None:
            return None
        if action == "ship_correct":
            # Unbound from the order, the movement still names the order it left.
            return unit_move(unit, action=action, actor=actor, reason=reason, change=_unbind)
        return unit_move(unit, action=action, actor=actor, reason=reason)


def _unbind(row: Unit) -> dict[str, Any]:
    row.order_id = None
    return {"order_id": None}


# --- labels ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LabelsFile:
    url: str
    expires_at: datetime
    count: int


def unit_labels_create(*, actor: Session, unit_ids: Sequence[int], barcode: str) -> LabelsFile:
    """A PDF of the units' labels (in the order asked), kept as a private file and answered
    as a signed link valid PRIVATE_LINK_TTL_SECONDS. Units outside the actor's scope:
    NOT_FOUND, as ids that do not exist."""
    units = units_of_ids(actor, unit_ids)
    if not units:
        raise field_error("unit_ids", Text("至少一台设备", "at least one unit"))
    skus = sku_labels({unit.sku_id for unit in units})
    labels = [
        Label(
            code=unit.serial_number or unit.imei1 or unit.meid or f"#{unit.pk}",
            sku_name=(
                f"{skus[unit.sku_id].goods_name} {skus[unit.sku_id].sku_name}"
                if unit.sku_id in skus
                else f"#{unit.sku_id}"
            ),
            grade=fineness_name(unit.grade),
        )
        for unit in units
    ]
    document = labels_pdf(labels, barcode=barcode)
    stored = private_file_save(
        kind="unit-labels",
        name=f"labels-{timezone.localtime():%Y%m%d%H%M%S}.pdf",
        content=document,
        content_type="application/pdf",
        actor=actor,
    )
    ttl = settings.PRIVATE_LINK_TTL_SECONDS
    return LabelsFile(
        url=private_file_link(stored, session=actor, ttl_seconds=ttl, inline=True),
        expires_at=timezone.localtime() + timedelta(seconds=ttl),
        count=len(labels),
    )
