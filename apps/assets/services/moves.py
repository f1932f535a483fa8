"""A unit's serial recorded, transfers sent and received, and the adjustments (lose, find,
restock, release, scrap), each through `unit_move`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.subshops.selectors import known_sub_shop_ids
from zulin.audit.services import actor_name
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text

from .. import rules
from ..models import (
    Inspection,
    StockTransfer,
    Unit,
    UnitStatus,
)
from ..selectors import (
    transfer_refusal,
    unit_code,
    unit_find,
    unit_matches,
    visible_transfers,
    visible_units,
)
from .receipts import _key_lock
from .units import WHERE_THEY_ARE, Identifiers, _identifiers_claim, unit_move

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
