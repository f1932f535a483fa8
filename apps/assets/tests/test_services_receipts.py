"""Suppliers, stock receipts and receiving by scan."""

from decimal import Decimal

import pytest

from apps.assets import rules
from apps.assets.models import StockReceipt, Unit, UnitMovement, UnitStatus
from apps.assets.selectors import receipt_progress
from apps.assets.services import Identifiers, identifiers_of_code, receipt_scan, supplier_create
from zulin.core.errors import ApplicationError, ErrorCode

from .factories import next_imei, next_serial, receipt_of


def _scan(line_id, **identifiers):
    return receipt_scan(actor=None, line_id=line_id, identifiers=Identifiers(**identifiers))


def test_a_receipt_is_received_in_parts_and_a_full_line_takes_no_more(shop):
    receipt = receipt_of(shop.sku.pk, 3, cost="4321.50")
    line = receipt.lines.get()
    assert receipt_progress(receipt.pk)["scanned"] == 0

    first = _scan(line.pk, imei1=next_imei())
    assert receipt_progress(receipt.pk) | {"lines": None} == {
        "id": receipt.pk,
        "status": StockReceipt.Status.PARTIAL,
        "lines": None,
        "expected": 3,
        "scanned": 1,
    }
    _scan(line.pk, serial_number=next_serial())
    _scan(line.pk, serial_number=next_serial(), imei1=next_imei())
    assert receipt_progress(receipt.pk)["scanned"] == 3
    assert StockReceipt.objects.get(pk=receipt.pk).status == StockReceipt.Status.RECEIVED

    with pytest.raises(ApplicationError) as refused:
        _scan(line.pk, imei1=next_imei())
    assert refused.value.code == ErrorCode.RECEIPT_LINE_FULL
    assert Unit.objects.filter(receipt_line=line).count() == 3

    first.refresh_from_db()
    assert first.status == UnitStatus.IN_STOCK and first.sub_shop_id is None
    assert first.cost == Decimal("4321.50") and first.supplier_id == receipt.supplier_id
    assert first.grade == "99"  # the goods' fineness
    movement = UnitMovement.objects.get(unit=first)
    assert (movement.action, movement.from_status, movement.to_status) == (
        "receive",
        "",
        UnitStatus.IN_STOCK,
    )
    assert movement.receipt_id == receipt.pk


def test_a_scan_without_serial_or_imei_is_refused(shop):
    line = receipt_of(shop.sku.pk, 1).lines.get()
    with pytest.raises(ApplicationError) as refused:
        _scan(line.pk, serial_number="  ")
    assert refused.value.code == ErrorCode.VALIDATION
    assert not Unit.objects.filter(receipt_line=line).exists()


@pytest.mark.parametrize("field", ["imei1", "imei2"])
def test_an_imei_with_a_wrong_check_digit_saves_nothing(shop, field):
    line = receipt_of(shop.sku.pk, 2).lines.get()
    good = next_imei()
    bad = good[:14] + str((int(good[14]) + 1) % 10)
    with pytest.raises(ApplicationError) as refused:
        _scan(line.pk, serial_number=next_serial(), **{field: bad})
    assert refused.value.code == ErrorCode.VALIDATION
    assert field in refused.value.data["fields"]
    line.refresh_from_db()
    assert line.received_quantity == 0 and not Unit.objects.filter(receipt_line=line).exists()


def test_a_serial_or_imei_on_another_live_unit_is_refused_naming_it(shop):
    line = receipt_of(shop.sku.pk, 5).lines.get()
    imei, second, serial = next_imei(), next_imei(), next_serial()
    held = _scan(line.pk, serial_number=serial, imei1=imei, imei2=second)

    for identifiers in (
        {"imei2": imei, "serial_number": next_serial()},  # its IMEI 1 as another's IMEI 2
        {"imei1": second},  # its IMEI 2 as another's IMEI 1
        {"serial_number": serial.lower()},  # the serial, typed in lower case
    ):
        with pytest.raises(ApplicationError) as refused:
            _scan(line.pk, **identifiers)
        assert refused.value.code == ErrorCode.UNIT_IDENTIFIER_TAKEN
        assert refused.value.data["unit_id"] == held.pk
        assert f"#{held.pk}" in refused.value.message("en")

    line.refresh_from_db()
    assert line.received_quantity == 1  # nothing half-saved
    assert Unit.objects.filter(sku_id=shop.sku.pk).count() == 1


def test_a_sold_units_imei_may_come_back_but_a_lost_ones_may_not(shop):
    from apps.assets.services import unit_adjust, unit_move

    line = receipt_of(shop.sku.pk, 4).lines.get()
    sold_imei, lost_imei = next_imei(), next_imei()
    sold = _scan(line.pk, imei1=sold_imei)
    lost = _scan(line.pk, imei1=lost_imei)
    unit_move(Unit.objects.select_for_update().get(pk=sold.pk), action="sell", actor=None)
    unit_adjust(actor=None, unit_id=lost.pk, action="lose", reason="客户未归还")

    again = _scan(line.pk, imei1=sold_imei)  # bought back: a new unit
    assert again.pk != sold.pk
    with pytest.raises(ApplicationError) as refused:
        _scan(line.pk, imei1=lost_imei)
    assert refused.value.data["unit_id"] == lost.pk  # mark it found instead


def test_a_receipt_of_a_counted_sku_is_refused_saying_why(shop, counted_sku):
    with pytest.raises(ApplicationError) as refused:
        receipt_of(counted_sku.pk, 1)
    assert refused.value.code == ErrorCode.VALIDATION
    [problem] = refused.value.data["fields"]["lines.0.sku_id"]
    assert problem.zh == "该规格按数量管理库存，不按台入库" and "counted" in problem.en
    # The answer's message names the goods and why, in both languages.
    assert refused.value.message("zh") == "「测试手机 · 白」该规格按数量管理库存，不按台入库"
    assert refused.value.message("en").startswith("测试手机 · 白: this SKU's stock is counted")
    assert not StockReceipt.objects.exists()


def _typo(imei: str) -> str:
    """The IMEI with its check digit wrong (a digit misread or mistyped)."""
    return imei[:14] + str((int(imei[14]) + 1) % 10)


def test_a_mistyped_imei_scanned_is_refused_and_nothing_changes(shop):
    line = receipt_of(shop.sku.pk, 2).lines.get()
    typo = _typo(next_imei())
    assert typo.isdigit() and len(typo) == 15
    with pytest.raises(ApplicationError) as refused:
        receipt_scan(actor=None, line_id=line.pk, identifiers=identifiers_of_code(typo))
    error = refused.value
    assert error.code == ErrorCode.VALIDATION and error.data["confirm"] == "not_imei"
    assert error.data["fields"]["code"][0].zh.startswith("IMEI 校验位不对")
    assert error.data["fields"]["code"][0].en.startswith("The IMEI's check digit is wrong")
    assert error.message("zh").startswith(f"「{typo}」IMEI 校验位不对")
    # Typed into the serial number's field, the same.
    with pytest.raises(ApplicationError) as as_serial:
        _scan(line.pk, serial_number=typo)
    assert as_serial.value.data["fields"]["serial_number"][0].zh.startswith("IMEI 校验位不对")
    # Into an IMEI's field: the check digit named.
    with pytest.raises(ApplicationError) as as_imei:
        _scan(line.pk, imei1=typo)
    assert as_imei.value.data["fields"]["imei1"] == [rules.IMEI_CHECK_WRONG]
    line.refresh_from_db()
    assert line.received_quantity == 0 and not Unit.objects.exists()
    assert not UnitMovement.objects.exists()


def test_a_code_confirmed_not_an_imei_is_kept_as_a_serial_only(shop):
    line = receipt_of(shop.sku.pk, 3).lines.get()
    code = _typo(next_imei())
    unit = receipt_scan(
        actor=None, line_id=line.pk, identifiers=identifiers_of_code(code, not_imei=True)
    )
    unit.refresh_from_db()
    assert (unit.serial_number, unit.imei1, unit.imei2) == (code, "", "")
    # The flag answers a refusal only: a code passing the check is an IMEI all the same.
    imei = next_imei()
    valid = receipt_scan(
        actor=None, line_id=line.pk, identifiers=identifiers_of_code(imei, not_imei=True)
    )
    assert (valid.serial_number, valid.imei1) == ("", imei)
    # Other codes are as before: a serial number of letters, a 14- or 16-digit number.
    assert identifiers_of_code(" c02xk1 ") == Identifiers(serial_number="c02xk1")
    assert identifiers_of_code("1234567890123") == Identifiers(serial_number="1234567890123")
    line.refresh_from_db()
    assert line.received_quantity == 2


def test_a_supplier_name_is_taken_once(shop):
    supplier_create(actor=None, name="华强北供应链")
    with pytest.raises(ApplicationError) as refused:
        supplier_create(actor=None, name=" 华强北供应链 ")
    assert "name" in refused.value.data["fields"]
