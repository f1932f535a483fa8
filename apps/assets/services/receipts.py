"""Suppliers and stock receipts: a receipt made (idempotent), a unit scanned onto its line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db import connection, transaction
from django.db.models import F

from apps.goods.selectors import SkuForUnits, sku_for_units
from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.db import advisory_xact_lock
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text

from ..models import (
    Grade,
    StockReceipt,
    StockReceiptLine,
    Supplier,
    Unit,
    UnitStatus,
)
from ..selectors import (
    sku_title,
)
from .units import Identifiers, _grade_checked, _unit_create

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
