"""A unit's moves through the one state-change helper: each allowed one writes the status
history, the audit entry and a movement row; any other is a conflict naming from and to."""

import pytest

from apps.assets.machine import UNIT_MACHINE
from apps.assets.models import Unit, UnitMovement, UnitStatus
from apps.assets.selectors import unit_history
from apps.assets.services import Identifiers, unit_adjust, unit_move, unit_serial_record
from zulin.audit.models import AuditEntry, StatusChange
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.outbox.models import OutboxEvent

from .factories import next_imei, next_serial, units_in_stock

S = UnitStatus


def _move(unit, action, **kwargs):
    locked = Unit.objects.select_for_update().get(pk=unit.pk)
    return unit_move(locked, action=action, actor=None, **kwargs)


def test_a_lease_round_trip_is_recorded_move_by_move(shop):
    (unit,) = units_in_stock(shop.sku.pk, 1)
    _move(unit, "ship", order_id=77)
    _move(unit, "return_start")
    _move(unit, "return_receive")
    _move(unit, "restock", order_id=None)

    unit.refresh_from_db()
    assert unit.status == S.IN_STOCK and unit.order_id is None
    steps = [
        (m["action"], m["from_status"], m["to_status"], m["order_id"])
        for m in unit_history(unit.pk)
    ]
    assert steps == [
        ("receive", "", S.IN_STOCK, None),
        ("ship", S.IN_STOCK, S.OUT_WITH_CUSTOMER, 77),
        ("return_start", S.OUT_WITH_CUSTOMER, S.RETURNING, 77),
        ("return_receive", S.RETURNING, S.RECEIVED, 77),
        ("restock", S.RECEIVED, S.IN_STOCK, None),
    ]
    history = StatusChange.objects.filter(target_type="unit", target_id=str(unit.pk))
    assert [row.action for row in history.order_by("id")] == [
        "create",
        "ship",
        "return_start",
        "return_receive",
        "restock",
    ]
    assert AuditEntry.objects.filter(target_type="unit", target_id=str(unit.pk)).count() == 4
    # Every move is a unit.status_changed event of the unit as it then stood.
    changed = OutboxEvent.objects.filter(type="unit.status_changed", object_id=str(unit.pk))
    assert [
        (e.data["action"], e.data["previous_status"], e.data["status"], e.data["order_id"])
        for e in changed.order_by("id")
    ] == [step for step in steps if step[0] != "receive"]


@pytest.mark.parametrize(
    ("path", "refused"),
    [
        ([], "find"),  # in stock: never lost
        ([], "return_receive"),  # in stock: never out
        ([], "serial_record"),  # it has its serial
        (["ship"], "transfer_send"),  # with the customer
        (["ship"], "ship"),  # one order at a time
        (["sell"], "lose"),  # sold: left the shop
        (["sell"], "restock"),
        (["transfer_send"], "ship"),  # in transit
        (["lose"], "ship"),  # lost: found first
        (["lose"], "restock"),
    ],
)
def test_a_move_not_in_the_table_is_a_conflict_and_changes_nothing(shop, path, refused):
    (unit,) = units_in_stock(shop.sku.pk, 1)
    for action in path:
        _move(unit, action, reason="r" if action == "lose" else "")
    before = UnitMovement.objects.filter(unit=unit).count()
    status = Unit.objects.get(pk=unit.pk).status
    with pytest.raises(ApplicationError) as conflict:
        _move(unit, refused)
    assert conflict.value.code == ErrorCode.CONFLICT
    assert conflict.value.data["from"] == status
    assert Unit.objects.get(pk=unit.pk).status == status
    assert UnitMovement.objects.filter(unit=unit).count() == before


def test_every_status_is_reachable_and_sold_is_final():
    targets = {move.target for move in UNIT_MACHINE.moves}
    assert targets | {S.SERIAL_PENDING} == set(S.values)
    assert not [move for move in UNIT_MACHINE.moves if S.SOLD in move.sources]


def test_lost_and_found_take_a_reason(shop):
    (unit,) = units_in_stock(shop.sku.pk, 1)
    with pytest.raises(ApplicationError) as refused:
        unit_adjust(actor=None, unit_id=unit.pk, action="lose", reason=" ")
    assert "reason" in refused.value.data["fields"]
    unit_adjust(actor=None, unit_id=unit.pk, action="lose", reason="盘点未找到")
    unit_adjust(actor=None, unit_id=unit.pk, action="find", reason="仓库角落找到")
    last = UnitMovement.objects.filter(unit=unit).last()
    assert (last.action, last.from_status, last.to_status, last.reason) == (
        "find",
        S.LOST,
        S.RECEIVED,
        "仓库角落找到",
    )


def test_a_unit_awaiting_its_serial_gets_it_by_scan_once(shop):
    from apps.assets.services import units_from_stock

    pending, other = units_from_stock(
        actor=None, sku_id=shop.sku.pk, in_warehouse=2, devices_out=[]
    )
    assert pending.status == S.SERIAL_PENDING and not pending.serial_number
    imei = next_imei()
    unit_serial_record(actor=None, unit_id=pending.pk, identifiers=Identifiers(imei1=imei))
    pending.refresh_from_db()
    assert (pending.status, pending.imei1) == (S.IN_STOCK, imei)

    with pytest.raises(ApplicationError) as taken:  # the same device scanned for the other
        unit_serial_record(actor=None, unit_id=other.pk, identifiers=Identifiers(imei1=imei))
    assert taken.value.code == ErrorCode.UNIT_IDENTIFIER_TAKEN
    assert taken.value.data["unit_id"] == pending.pk
    assert Unit.objects.get(pk=other.pk).status == S.SERIAL_PENDING

    with pytest.raises(ApplicationError) as again:
        unit_serial_record(
            actor=None, unit_id=pending.pk, identifiers=Identifiers(serial_number=next_serial())
        )
    assert again.value.code == ErrorCode.CONFLICT


def test_a_unit_from_counted_stock_refuses_a_mistyped_imei_unless_confirmed(shop):
    from apps.assets.services import units_from_stock

    [pending] = units_from_stock(actor=None, sku_id=shop.sku.pk, in_warehouse=1, devices_out=[])
    imei = next_imei()
    typo = imei[:14] + str((int(imei[14]) + 3) % 10)
    with pytest.raises(ApplicationError) as refused:
        unit_serial_record(
            actor=None, unit_id=pending.pk, identifiers=Identifiers(serial_number=typo)
        )
    assert refused.value.code == ErrorCode.VALIDATION
    assert refused.value.data["confirm"] == "not_imei"
    assert refused.value.data["fields"]["serial_number"][0].zh.startswith("IMEI 校验位不对")
    pending.refresh_from_db()
    assert (pending.status, pending.serial_number) == (S.SERIAL_PENDING, "")
    assert not UnitMovement.objects.filter(unit=pending, action="serial_record").exists()

    unit_serial_record(
        actor=None,
        unit_id=pending.pk,
        identifiers=Identifiers(serial_number=typo, not_imei=True),
    )
    pending.refresh_from_db()
    assert (pending.status, pending.serial_number, pending.imei1) == (S.IN_STOCK, typo, "")


def test_a_migrated_device_whose_typed_serial_is_a_mistyped_imei_is_refused(shop):
    from apps.assets.services import DeviceOut, units_from_stock

    imei = next_imei()
    typo = imei[:14] + str((int(imei[14]) + 1) % 10)
    with pytest.raises(ApplicationError) as refused:
        units_from_stock(
            actor=None,
            sku_id=shop.sku.pk,
            in_warehouse=0,
            devices_out=[DeviceOut(order_id=987654, device_serial=typo, status="returning")],
        )
    assert refused.value.data["order_id"] == 987654
    assert "IMEI 校验位不对" in refused.value.message("zh")
    assert not Unit.objects.filter(order_id=987654).exists()
    [unit] = units_from_stock(
        actor=None,
        sku_id=shop.sku.pk,
        in_warehouse=0,
        devices_out=[DeviceOut(987654, typo, "returning", not_imei=True)],
    )
    assert (unit.serial_number, unit.imei1, unit.order_id) == (typo, "", 987654)
