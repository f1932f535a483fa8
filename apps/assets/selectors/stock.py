"""Suppliers, stock receipts and transfers as their lists and pages answer them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.db.models import Count, F, Q, QuerySet, Sum

from apps.goods.selectors import sku_labels
from apps.subshops.selectors import sub_shop_names
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text, pick
from zulin.core.pagination import page_of
from zulin.core.scoping import SubShopScope

from ..models import (
    StockReceipt,
    StockReceiptLine,
    StockTransfer,
    Supplier,
    Unit,
    UnitMovement,
)
from .rows import (
    RECEIPT_STATUS_EN,
    TRANSFER_STATUS_EN,
    _local,
    money_text,
    place_name,
    row_values,
    unit_rows,
)
from .units import receipt_progress, visible_transfers, visible_units

# --- suppliers, receipts, transfers ----------------------------------------------------------


def supplier_row(supplier: Supplier, unit_count: int | None = None) -> dict[str, Any]:
    if unit_count is None:
        unit_count = supplier.units.count()
    return {
        "id": supplier.pk,
        "name": supplier.name,
        "contact": supplier.contact,
        "phone": supplier.phone,
        "note": supplier.note,
        "created_at": _local(supplier.created_at),
        "unit_count": unit_count,
    }


def supplier_page(*, keyword: str, page: int, page_size: int) -> dict[str, Any]:
    suppliers = Supplier.objects.all()
    keyword = keyword.strip()
    if keyword:
        suppliers = suppliers.filter(
            Q(name__icontains=keyword)
            | Q(contact__icontains=keyword)
            | Q(phone__startswith=keyword)
        )
    answer = page_of(suppliers.order_by("-id"), page=page, page_size=page_size)
    counts = dict(
        Unit.objects.filter(supplier_id__in=[s.pk for s in answer["list"]])
        .values("supplier_id")
        .annotate(n=Count("id"))
        .values_list("supplier_id", "n")
    )
    answer["list"] = [supplier_row(s, counts.get(s.pk, 0)) for s in answer["list"]]
    return answer


def receipt_no(receipt: StockReceipt) -> str:
    return f"RK{receipt.receipt_date:%Y%m%d}{receipt.pk:05d}"


def _receipt_totals() -> dict[str, Any]:
    return {
        "expected_total": Sum("lines__expected_quantity"),
        "scanned_total": Sum("lines__received_quantity"),
        "cost_total": Sum(F("lines__expected_quantity") * F("lines__unit_cost")),
    }


def _receipt_row(receipt: Any) -> dict[str, Any]:
    status = receipt.status
    return {
        "id": receipt.pk,
        "receipt_no": receipt_no(receipt),
        "supplier_id": receipt.supplier_id,
        "supplier_name": receipt.supplier.name,
        "receipt_date": receipt.receipt_date,
        "invoice_no": receipt.invoice_no,
        "attachment_path": receipt.attachment_path,
        "status": status,
        "status_label": pick(Text(StockReceipt.Status(status).label, RECEIPT_STATUS_EN[status])),
        "expected": receipt.expected_total or 0,
        "scanned": receipt.scanned_total or 0,
        "total_cost": money_text(receipt.cost_total or Decimal("0")),
        "created_at": _local(receipt.created_at),
    }


def receipt_page(
    *, status: str | None, supplier_id: int | None, page: int, page_size: int
) -> dict[str, Any]:
    receipts = StockReceipt.objects.all()
    if supplier_id is not None:
        receipts = receipts.filter(supplier_id=supplier_id)
    counts = dict(
        receipts.order_by().values("status").annotate(n=Count("id")).values_list("status", "n")
    )
    status_counts = {s.value: counts.get(s.value, 0) for s in StockReceipt.Status}
    status_counts["all"] = sum(status_counts.values())
    if status:
        receipts = receipts.filter(status=status)
    answer = page_of(
        receipts.select_related("supplier").annotate(**_receipt_totals()).order_by("-id"),
        page=page,
        page_size=page_size,
        counted=receipts,
    )
    answer["list"] = [_receipt_row(r) for r in answer["list"]]
    answer["status_counts"] = status_counts
    return answer


def receipt_line_row(line: StockReceiptLine, skus: Mapping[int, Any]) -> dict[str, Any]:
    sku = skus.get(line.sku_id)
    return {
        "id": line.pk,
        "sku_id": line.sku_id,
        "sku_name": sku.sku_name if sku else f"#{line.sku_id}",
        "goods_name": sku.goods_name if sku else "",
        "expected_quantity": line.expected_quantity,
        "received_quantity": line.received_quantity,
        "unit_cost": money_text(line.unit_cost),
        "fineness": line.fineness,
    }


def receipt_detail(*, receipt_id: int) -> dict[str, Any]:
    receipt = (
        StockReceipt.objects.select_related("supplier")
        .annotate(**_receipt_totals())
        .filter(pk=receipt_id)
        .first()
    )
    if receipt is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    lines = list(receipt.lines.order_by("id"))
    skus = sku_labels({line.sku_id for line in lines})
    units = list(
        row_values(Unit.objects.filter(receipt_line__receipt_id=receipt.pk)).order_by("-id")
    )
    return {
        **_receipt_row(receipt),
        "lines": [receipt_line_row(line, skus) for line in lines],
        "units": unit_rows(units),
    }


def receipt_line_progress(line_id: int) -> dict[str, Any]:
    line = StockReceiptLine.objects.get(pk=line_id)
    progress = receipt_progress(line.receipt_id)
    return {
        "line": receipt_line_row(line, sku_labels({line.sku_id})),
        "expected": progress["expected"],
        "scanned": progress["scanned"],
    }


def _transfer_row(transfer: Any, places: Mapping[int, tuple[str, bool]]) -> dict[str, Any]:
    status = transfer.status
    return {
        "id": transfer.pk,
        "from_sub_shop_id": transfer.from_sub_shop_id,
        "from_name": place_name(transfer.from_sub_shop_id, places),
        "to_sub_shop_id": transfer.to_sub_shop_id,
        "to_name": place_name(transfer.to_sub_shop_id, places),
        "status": status,
        "status_label": pick(Text(StockTransfer.Status(status).label, TRANSFER_STATUS_EN[status])),
        "unit_count": transfer.unit_count,
        "received_count": transfer.received_count,
        "sent_at": _local(transfer.sent_at),
        "received_at": _local(transfer.received_at),
        "sent_by": transfer.sent_by_name,
        "received_by": transfer.received_by_name,
    }


def _with_unit_count(transfers: QuerySet[StockTransfer]) -> QuerySet[StockTransfer]:
    return transfers.annotate(
        unit_count=Count("movements", filter=Q(movements__action="transfer_send")),
        received_count=Count("movements", filter=Q(movements__action="transfer_receive")),
    )


def _places_of(transfers: Sequence[StockTransfer]) -> dict[int, tuple[str, bool]]:
    return sub_shop_names(
        {p for t in transfers for p in (t.from_sub_shop_id, t.to_sub_shop_id) if p}
    )


def transfer_page(
    *, session: SubShopScope | None, status: str | None, page: int, page_size: int
) -> dict[str, Any]:
    transfers = visible_transfers(session)
    counts = dict(
        transfers.order_by().values("status").annotate(n=Count("id")).values_list("status", "n")
    )
    status_counts = {s.value: counts.get(s.value, 0) for s in StockTransfer.Status}
    status_counts["all"] = sum(status_counts.values())
    if status:
        transfers = transfers.filter(status=status)
    answer = page_of(
        _with_unit_count(transfers).order_by("-id"),
        page=page,
        page_size=page_size,
        counted=transfers,
    )
    places = _places_of(answer["list"])
    answer["list"] = [_transfer_row(t, places) for t in answer["list"]]
    answer["status_counts"] = status_counts
    return answer


def transfer_detail(*, session: SubShopScope | None, transfer_id: int) -> dict[str, Any]:
    transfer = _with_unit_count(visible_transfers(session)).filter(pk=transfer_id).first()
    if transfer is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    # Its units wherever they are now: a transfer the session sees shows all it carried.
    ids = UnitMovement.objects.filter(transfer=transfer, action="transfer_send").values("unit_id")
    units = list(row_values(Unit.objects.filter(pk__in=ids)).order_by("-id"))
    return {**_transfer_row(transfer, _places_of([transfer])), "units": unit_rows(units)}


def units_of_ids(session: SubShopScope | None, unit_ids: Sequence[int]) -> list[Unit]:
    """These units in the session's scope, in the order asked; any other id: NOT_FOUND."""
    wanted = list(dict.fromkeys(unit_ids))
    found = {u.pk: u for u in visible_units(session).filter(pk__in=wanted)}
    missing = [i for i in wanted if i not in found]
    if missing:
        raise ApplicationError(ErrorCode.NOT_FOUND, data={"unit_ids": missing})
    return [found[i] for i in wanted]
