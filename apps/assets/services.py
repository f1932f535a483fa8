"""Changes of units, suppliers, stock receipts and transfers (docs/assets.md). Every status
change goes through `zulin.audit.state` (the unit's row locked, the move looked up in
`machine.UNIT_MACHINE`, history and audit written) and adds one `UnitMovement` row, in one
transaction: a refused step leaves nothing behind."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from apps.goods.selectors import SkuForUnits, fineness_name, sku_for_units, sku_labels
from apps.subshops.selectors import known_sub_shop_ids
from zulin.audit.services import actor_name, audit_record
from zulin.audit.state import status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.db import advisory_xact_lock
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.files.links import private_file_link
from zulin.files.services import private_file_save

from . import rules
from .labels import Label, labels_pdf
from .machine import UNIT_MACHINE
from .models import (
    Grade,
    Inspection,
    StockReceipt,
    StockReceiptLine,
    StockTransfer,
    Supplier,
    Unit,
    UnitMovement,
    UnitStatus,
)
from .order_facts import order_facts
from .outbox import unit_event
from .selectors import (
    order_unit,
    sku_title,
    transfer_refusal,
    unit_code,
    unit_find,
    unit_holding,
    unit_matches,
    unit_ship_refusal,
    units_of_ids,
    visible_transfers,
    visible_units,
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
    return UnitMovement.objects.create(
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


# --- suppliers and stock receipts -------------------------------------------------------------


def supplier_create(
    *, actor: Session | None, name: str, contact: str = "", phone: str = "", note: str = ""
) -> Supplier:
    name = name.strip()
    if not name:
        raise field_error("name", Text("必填", "required"))
    with transaction.atomic():
        if Supplier.objects.filter(name=name).exists():
            raise field_error("name", Text("已有同名供应商", "a supplier of this name exists"))
        supplier = Supplier.objects.create(
            name=name, contact=contact.strip(), phone=phone.strip(), note=note.strip()
        )
        audit_record(
            actor=actor,
            action="supplier.create",
            target_type="supplier",
            target_id=supplier.pk,
            after={"name": name},
        )
    return supplier


def supplier_update(
    *,
    actor: Session | None,
    supplier_id: int,
    name: str,
    contact: str = "",
    phone: str = "",
    note: str = "",
) -> Supplier:
    name = name.strip()
    if not name:
        raise field_error("name", Text("必填", "required"))
    with transaction.atomic():
        supplier = Supplier.objects.select_for_update().filter(pk=supplier_id).first()
        if supplier is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        if Supplier.objects.filter(name=name).exclude(pk=supplier.pk).exists():
            raise field_error("name", Text("已有同名供应商", "a supplier of this name exists"))
        before = {"name": supplier.name, "contact": supplier.contact, "phone": supplier.phone}
        supplier.name, supplier.contact = name, contact.strip()
        supplier.phone, supplier.note = phone.strip(), note.strip()
        supplier.save()
        audit_record(
            actor=actor,
            action="supplier.update",
            target_type="supplier",
            target_id=supplier.pk,
            before=before,
            after={"name": supplier.name, "contact": supplier.contact, "phone": supplier.phone},
        )
    return supplier


@dataclass(frozen=True)
class ReceiptLineIn:
    sku_id: int
    quantity: int
    unit_cost: Decimal
    fineness: str = ""  # a used purchase: its units' fineness ("" or the goods': new goods)


def receipt_create(
    *,
    actor: Session | None,
    supplier_id: int,
    receipt_date: date,
    lines: Sequence[ReceiptLineIn],
    invoice_no: str = "",
    attachment_path: str = "",
    idempotency_key: str = "",
) -> StockReceipt:
    """A stock receipt of SKUs tracked by unit, each line a quantity at one unit cost. The
    same `idempotency_key` answers the receipt it made (another receipt under it: 1101)."""
    with transaction.atomic():
        if idempotency_key:
            _key_lock("receipt", idempotency_key)
            earlier = StockReceipt.objects.filter(idempotency_key=idempotency_key).first()
            if earlier is not None:
                return earlier
        return _receipt_create(
            actor=actor,
            supplier_id=supplier_id,
            receipt_date=receipt_date,
            lines=lines,
            invoice_no=invoice_no,
            attachment_path=attachment_path,
            idempotency_key=idempotency_key,
        )


def _key_lock(kind: str, key: str) -> None:
    """Two calls under one key queue, so the second finds what the first made."""
    schema = getattr(connection, "schema_name", "")
    advisory_xact_lock(f"assets-{kind}-key:{schema}:{key}")


def _receipt_create(
    *,
    actor: Session | None,
    supplier_id: int,
    receipt_date: date,
    lines: Sequence[ReceiptLineIn],
    invoice_no: str,
    attachment_path: str,
    idempotency_key: str,
) -> StockReceipt:
    supplier = Supplier.objects.filter(pk=supplier_id).first()
    if supplier is None:
        raise field_error("supplier_id", Text("供应商不存在", "no such supplier"))
    if not lines:
        raise field_error("lines", Text("至少一行", "at least one line"))
    for index, line in enumerate(lines):
        sku = sku_for_units(line.sku_id)
        if not sku.tracked:
            raise _counted_sku_refusal(index, sku)
        if line.quantity <= 0:
            raise field_error("quantity", Text("须为正数", "must be positive"))
        if line.unit_cost < 0 or line.unit_cost != line.unit_cost.quantize(Decimal("0.01")):
            raise field_error("unit_cost", Text("金额最多两位小数", "at most two decimals"))
        if line.fineness and line.fineness not in Grade.values:
            raise field_error(f"lines.{index}.fineness", Text("成色不在可选范围", "not a grade"))
    with transaction.atomic():
        receipt = StockReceipt.objects.create(
            supplier=supplier,
            receipt_date=receipt_date,
            invoice_no=invoice_no.strip(),
            attachment_path=attachment_path.strip(),
            actor_account_id=actor.account.pk if actor else None,
            idempotency_key=idempotency_key,
        )
        StockReceiptLine.objects.bulk_create(
            StockReceiptLine(
                receipt=receipt,
                sku_id=line.sku_id,
                expected_quantity=line.quantity,
                unit_cost=line.unit_cost,
                # At the goods' own fineness: kept as "" (it follows the goods').
                fineness=""
                if line.fineness == sku_for_units(line.sku_id).fineness
                else line.fineness,
            )
            for line in lines
        )
        audit_record(
            actor=actor,
            action="stock_receipt.create",
            target_type="stock_receipt",
            target_id=receipt.pk,
            after={
                "supplier_id": supplier.pk,
                "lines": [
                    [line.sku_id, line.quantity, str(line.unit_cost), line.fineness]
                    for line in lines
                ],
            },
        )
    return receipt


def _counted_sku_refusal(index: int, sku: SkuForUnits) -> ApplicationError:
    """A receipt line of a SKU counted by number: refused naming the goods and why, on the
    line's `sku_id` (`lines.<n>.sku_id`, as input validation names a line's field)."""
    problem = Text(
        "该规格按数量管理库存，不按台入库", "this SKU's stock is counted, not received by unit"
    )
    goods = sku_title(sku.sku_id)
    return ApplicationError(
        ErrorCode.VALIDATION,
        f"「{goods}」{problem.zh}",
        msg_en=f"{goods}: {problem.en}",
        data={"fields": {f"lines.{index}.sku_id": [problem]}, "sku_id": sku.sku_id},
    )


def receipt_scan(
    *,
    actor: Session | None,
    line_id: int,
    identifiers: Identifiers,
    grade: str | None = None,
    receipt_id: int | None = None,
) -> Unit:
    """One scan on a receipt line: one unit in the warehouse at the line's cost. A line takes
    at most its expected quantity; a receipt is received in as many parts as it takes."""
    cleaned = identifiers.cleaned()
    with transaction.atomic():
        line = (
            # The receipt's row too: scans of its lines refresh its status one at a time.
            StockReceiptLine.objects.select_for_update(of=("self", "receipt"))
            .select_related("receipt__supplier")
            .filter(pk=line_id, **({"receipt_id": receipt_id} if receipt_id else {}))
            .first()
        )
        if line is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        if line.received_quantity >= line.expected_quantity:
            raise ApplicationError(
                ErrorCode.RECEIPT_LINE_FULL,
                data={"line_id": line.pk, "expected": line.expected_quantity},
            )
        sku = sku_for_units(line.sku_id)
        unit = _unit_create(
            actor=actor,
            action="receive",
            status=UnitStatus.IN_STOCK,
            sku_id=line.sku_id,
            identifiers=cleaned,
            grade=_grade_checked(grade or line.fineness or sku.fineness),
            cost=line.unit_cost,
            supplier=line.receipt.supplier,
            receipt_line=line,
        )
        StockReceiptLine.objects.filter(pk=line.pk).update(
            received_quantity=F("received_quantity") + 1
        )
        _receipt_status_refresh(line.receipt)
    return unit


def _receipt_status_refresh(receipt: StockReceipt) -> None:
    lines = list(receipt.lines.values_list("expected_quantity", "received_quantity"))
    if all(received >= expected for expected, received in lines):
        status = StockReceipt.Status.RECEIVED
    elif any(received for _, received in lines):
        status = StockReceipt.Status.PARTIAL
    else:
        status = StockReceipt.Status.OPEN
    if receipt.status != status:
        receipt.status = status
        receipt.save(update_fields=["status"])


# --- a unit's serial, transfers and adjustments -----------------------------------------------


def _unit_locked(unit_id: int, actor: Session | None) -> Unit:
    unit = visible_units(actor).select_for_update().filter(pk=unit_id).first()
    if unit is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return unit


def unit_serial_record(*, actor: Session | None, unit_id: int, identifiers: Identifiers) -> Unit:
    """A unit made from a counted stock gets its serial / IMEI by scan, and is in stock."""
    cleaned = identifiers.cleaned()
    with transaction.atomic():
        unit = _unit_locked(unit_id, actor)
        _identifiers_claim(cleaned, unit_id=unit.pk)

        def record(row: Unit) -> dict[str, Any]:
            row.serial_number, row.imei1 = cleaned.serial_number, cleaned.imei1
            row.imei2, row.meid = cleaned.imei2, cleaned.meid
            return {"serial_number": row.serial_number, "imei1": row.imei1, "imei2": row.imei2}

        return unit_move(unit, action="serial_record", actor=actor, change=record)


def transfer_send(
    *,
    actor: Session | None,
    unit_ids: Sequence[int] = (),
    to_sub_shop_id: int | None,
    codes: Sequence[str] = (),
    from_sub_shop_id: Any = WHERE_THEY_ARE,
    idempotency_key: str = "",
) -> StockTransfer:
    """Units in stock at one place sent to another (None: the warehouse), named by id or by
    scanned code (serial number, IMEI or MEID). A sub-shop account sends only its own units;
    another's answer NOT_FOUND as ids that do not exist. `from_sub_shop_id`, when given, must
    be where the units are. The same `idempotency_key` answers the transfer it made."""
    with transaction.atomic():
        if idempotency_key:
            _key_lock("transfer", idempotency_key)
            earlier = StockTransfer.objects.filter(idempotency_key=idempotency_key).first()
            if earlier is not None:
                return earlier
        wanted = set(unit_ids) | _units_of_codes(codes, actor)
        if not wanted:
            raise field_error("unit_ids", Text("至少一台设备", "at least one unit"))
        if to_sub_shop_id is not None and not known_sub_shop_ids([to_sub_shop_id]):
            raise field_error("to_sub_shop_id", Text("门店不存在", "no such sub-shop"))
        units = list(
            visible_units(actor).select_for_update().filter(pk__in=sorted(wanted)).order_by("pk")
        )
        if len(units) != len(wanted):
            missing = sorted(wanted - {unit.pk for unit in units})
            raise ApplicationError(ErrorCode.NOT_FOUND, data={"unit_ids": missing})
        for unit in units:
            refusal = transfer_refusal(unit)
            if refusal is not None:
                raise refusal
        origins = {unit.sub_shop_id for unit in units}
        if len(origins) != 1:
            raise field_error(
                "unit_ids", Text("设备须在同一地点", "the units must be at one place")
            )
        origin = origins.pop()
        if from_sub_shop_id is not WHERE_THEY_ARE and from_sub_shop_id != origin:
            raise field_error(
                "from_sub_shop_id", Text("设备不在发出地", "the units are not at this place")
            )
        if origin == to_sub_shop_id:
            raise field_error("to_sub_shop_id", Text("与发出地相同", "the same as where they are"))
        transfer = StockTransfer.objects.create(
            from_sub_shop_id=origin,
            to_sub_shop_id=to_sub_shop_id,
            sent_by_account_id=actor.account.pk if actor else None,
            sent_by_name=actor_name(actor)[:64],
            sent_at=timezone.now(),
            idempotency_key=idempotency_key,
        )
        for unit in units:
            unit_move(
                unit,
                action="transfer_send",
                actor=actor,
                transfer=transfer,
                change=lambda row: {"transfer_id": _set_transfer(row, transfer)},
            )
    return transfer


def _units_of_codes(codes: Sequence[str], actor: Session | None) -> set[int]:
    """The units scanned codes name (in the actor's scope); codes naming none: NOT_FOUND."""
    found, unknown = set(), []
    for code in codes:
        unit = unit_find(code, session=actor)
        if unit is None:
            unknown.append(code)
        else:
            found.add(unit.pk)
    if unknown:
        listed = "、".join(f"「{code.strip()}」" for code in unknown)
        listed_en = ", ".join(code.strip() for code in unknown)
        typo = any(rules.imei_mistyped(code.strip()) for code in unknown)
        raise ApplicationError(
            ErrorCode.NOT_FOUND,
            f"没有序列号或 IMEI 为{listed}的设备"
            + (f"（{rules.IMEI_CHECK_WRONG.zh}）" if typo else ""),
            msg_en=f"No unit has the serial number or IMEI {listed_en}"
            + (f" ({rules.IMEI_CHECK_WRONG.en})" if typo else ""),
            data={"codes": unknown},
        )
    return found


def _set_transfer(row: Unit, transfer: StockTransfer) -> int:
    row.transfer = transfer
    return transfer.pk


def transfer_receive(
    *,
    actor: Session | None,
    transfer_id: int,
    unit_ids: Sequence[int] = (),
    codes: Sequence[str] = (),
) -> StockTransfer:
    """The destination receives a transfer's units: in stock there. With neither `unit_ids`
    nor `codes`, every unit of it still in transit; else those ticked or scanned only (each
    one of the transfer's units still in transit), the rest staying in transit until they
    are received. The transfer is received when none is left in transit. A sub-shop account
    receives only transfers to its own sub-shop."""
    with transaction.atomic():
        transfer = visible_transfers(actor).select_for_update().filter(pk=transfer_id).first()
        sub_shop_id = actor.sub_shop_id if actor is not None else None
        if transfer is None or (sub_shop_id is not None and transfer.to_sub_shop_id != sub_shop_id):
            raise ApplicationError(ErrorCode.NOT_FOUND)
        if transfer.status != StockTransfer.Status.IN_TRANSIT:
            raise ApplicationError(
                ErrorCode.CONFLICT, data={"from": transfer.status, "to": "received"}
            )
        carried = list(Unit.objects.select_for_update().filter(transfer=transfer).order_by("pk"))
        if unit_ids or codes:
            units = _transfer_units_named(carried, unit_ids, codes)
        else:
            units = [unit for unit in carried if unit.status == UnitStatus.IN_TRANSIT]
        for unit in units:
            unit_move(
                unit,
                action="transfer_receive",
                actor=actor,
                transfer=transfer,
                sub_shop_id=transfer.to_sub_shop_id,
            )
        if not any(unit.status == UnitStatus.IN_TRANSIT for unit in carried):
            transfer.status = StockTransfer.Status.RECEIVED
            transfer.received_at = timezone.now()
            transfer.received_by_account_id = actor.account.pk if actor else None
            transfer.received_by_name = actor_name(actor)[:64]
            transfer.save()
    return transfer


def _transfer_units_named(
    carried: Sequence[Unit], unit_ids: Sequence[int], codes: Sequence[str]
) -> list[Unit]:
    """The transfer's units ticked (ids) or scanned (codes); each must be one it carries and
    still in transit, else refused naming it (and nothing is received)."""
    by_id = {unit.pk: unit for unit in carried}
    missing = [unit_id for unit_id in dict.fromkeys(unit_ids) if unit_id not in by_id]
    if missing:
        raise ApplicationError(ErrorCode.NOT_FOUND, data={"unit_ids": missing})
    chosen = {unit_id: by_id[unit_id] for unit_id in unit_ids}
    for code in codes:
        unit = next((u for u in carried if unit_matches(u, code)), None)
        if unit is None:
            raise ApplicationError(
                ErrorCode.NOT_FOUND,
                f"「{code.strip()}」不是这张调拨单的设备",
                msg_en=f"{code.strip()} is not a unit of this transfer",
                data={
                    "fields": {"codes": [Text("不是这张调拨单的设备", "not on this transfer")]},
                    "codes": [code.strip()],
                },
            )
        chosen[unit.pk] = unit
    for unit in chosen.values():
        if unit.status != UnitStatus.IN_TRANSIT:
            named = unit_code(unit)
            raise ApplicationError(
                ErrorCode.CONFLICT,
                f"「{named}」已收货，不在调拨中",
                msg_en=f"{named} is already received (not in transit)",
                data={"unit_id": unit.pk, "from": unit.status, "to": UnitStatus.IN_STOCK.value},
            )
    return sorted(chosen.values(), key=lambda unit: unit.pk)


ADJUSTMENTS = ("lose", "find", "restock", "release", "scrap")


def unit_adjust(
    *,
    actor: Session | None,
    unit_id: int,
    action: str,
    reason: str,
    recovered_value: Decimal | None = None,
) -> Unit:
    """A unit written off as lost, found again (back to received), back in stock (an
    inspected unit at its inspection's fineness; a received one, not inspected, as it is),
    released from quarantine (the customer signed out: back to the shop's decision), or
    scrapped (final, with what was recovered for it), with the reason."""
    if action not in ADJUSTMENTS:
        raise field_error(
            "action",
            Text(
                "应为 lose、find、restock、release 或 scrap",
                "lose, find, restock, release or scrap",
            ),
        )
    if not reason.strip():
        raise field_error("reason", Text("必填", "required"))
    value = ZERO_YUAN
    if action == "scrap" and recovered_value is not None:
        if recovered_value < 0 or recovered_value != recovered_value.quantize(Decimal("0.01")):
            raise field_error(
                "recovered_value", Text("应为不小于 0 的金额，精确到分", "0 or more, in cents")
            )
        value = recovered_value
    with transaction.atomic():
        unit = _unit_locked(unit_id, actor)
        change: Callable[[Unit], dict[str, Any] | None] | None = None
        if action == "restock" and unit.status == UnitStatus.INSPECTING:
            inspected = (
                Inspection.objects.filter(unit=unit)
                .exclude(occasion=Inspection.Occasion.SHIP_BASELINE)
                .order_by("-id")
                .first()
            )
            if inspected is not None:
                change = _graded(inspected)
        elif action == "scrap":
            change = _disposed(value)
        return unit_move(unit, action=action, actor=actor, reason=reason.strip(), change=change)


ZERO_YUAN = Decimal("0.00")


def _graded(inspected: Inspection) -> Callable[[Unit], dict[str, Any]]:
    def change(row: Unit) -> dict[str, Any]:
        row.grade = inspected.fineness
        return {"grade": row.grade, "inspection_id": inspected.pk}

    return change


def _disposed(value: Decimal) -> Callable[[Unit], dict[str, Any]]:
    def change(row: Unit) -> dict[str, Any]:
        row.disposal_value = value
        return {"disposal_value": str(value)}

    return change


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
