"""The shop's devices on the store side (docs/assets.md): units, suppliers, stock receipts,
scans, transfers and labels. A sub-shop's account sees and moves only its own sub-shop's
units and the transfers from or to it; receipts are the warehouse's (a sub-shop's account is
refused them). Another merchant's or a sibling sub-shop's id answers NOT_FOUND."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from zulin.core.auth import Session, current_session, store_auth
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.routes import call

from . import (
    inspection_rules,
    inspection_selectors,
    inspections,
    life_schemas,
    lives,
    report,
    schemas,
    selectors,
    services,
)
from .models import Inspection

router = Router(tags=["backend: assets"])

VIEW = store_auth("asset.view")
RECEIVE = store_auth("asset.receive")
TRANSFER = store_auth("asset.transfer")
ADJUST = store_auth("asset.adjust")


def _warehouse(request: HttpRequest) -> Session:
    """The session of a call the warehouse makes: a sub-shop's account is refused."""
    session = current_session(request)
    if session.sub_shop_id is not None:
        raise ApplicationError(ErrorCode.FORBIDDEN)
    return session


def _unit(session: Session, unit_id: int) -> dict[str, Any]:
    return selectors.unit_row(selectors.unit_in_scope(session, unit_id))


# --- units -----------------------------------------------------------------------------------


@call(router.get, "/getUnitList", schemas.UnitListOut, auth=VIEW, scope="units:read")
def get_unit_list(request: HttpRequest, filters: Query[schemas.UnitListIn]) -> dict[str, Any]:
    """The shop's units, newest first, with the count per status under the same filters (a
    sub-shop's account: its own sub-shop's)."""
    return selectors.unit_page(
        session=current_session(request),
        status=filters.status,
        page=filters.page,
        page_size=filters.page_size,
        sku_id=filters.sku_id,
        sub_shop_id=filters.sub_shop_id,
        warehouse=filters.warehouse,
        grade=filters.grade,
        supplier_id=filters.supplier_id,
        keyword=filters.keyword,
    )


@call(router.get, "/getAssetReport", schemas.AssetReportOut, auth=VIEW, scope="units:read")
def get_asset_report(
    request: HttpRequest, filters: Query[schemas.AssetReportPageIn]
) -> dict[str, Any]:
    """The units grouped by SKU, category or place: by status and grade, idle and in
    recovery, utilisation, payback, repair spend (a sub-shop's account: its own units)."""
    return report.asset_report(session=current_session(request), **filters.model_dump())


@call(router.get, "/getUnitDetail", schemas.UnitDetailOut, auth=VIEW, scope="units:read")
def get_unit_detail(request: HttpRequest, params: Query[schemas.AssetIdIn]) -> dict[str, Any]:
    """One unit with its whole history, its orders and the actions the session may take."""
    return selectors.unit_detail(session=current_session(request), unit_id=params.id)


@call(router.get, "/findUnit", schemas.FindUnitOut, auth=VIEW, scope="units:read")
def find_unit(request: HttpRequest, params: Query[schemas.FindUnitIn]) -> dict[str, Any]:
    """A scan: the live unit a serial number, IMEI or MEID names (null: none in scope); with
    `order_id`, whether it may ship for that order and why not."""
    return selectors.unit_scan(
        session=current_session(request), code=params.code, order_id=params.order_id
    )


@call(router.post, "/recordUnitSerial", schemas.UnitOut, auth=ADJUST)
def record_unit_serial(request: HttpRequest, payload: schemas.RecordUnitSerialIn) -> dict[str, Any]:
    """A unit awaiting its serial (made from a counted stock) gets it: in stock."""
    session = current_session(request)
    unit = services.unit_serial_record(
        actor=session,
        unit_id=payload.unit_id,
        identifiers=services.Identifiers(
            serial_number=payload.serial_number,
            imei1=payload.imei1,
            imei2=payload.imei2,
            meid=payload.meid,
            not_imei=payload.not_imei,
        ),
    )
    return _unit(session, unit.pk)


@call(router.post, "/adjustUnit", schemas.UnitOut, auth=ADJUST)
def adjust_unit(request: HttpRequest, payload: schemas.AdjustUnitIn) -> dict[str, Any]:
    """Lost (written off), found (back to received), restocked (an inspected unit at its
    inspection's fineness), released from quarantine, or scrapped (with what was recovered),
    with the reason; any other move: CONFLICT naming `from` and `to`."""
    session = current_session(request)
    unit = services.unit_adjust(
        actor=session,
        unit_id=payload.unit_id,
        action=payload.action,
        reason=payload.reason,
        recovered_value=payload.recovered_value,
    )
    return _unit(session, unit.pk)


@call(router.post, "/createUnitLabels", schemas.LabelsOut, auth=VIEW)
def create_unit_labels(request: HttpRequest, payload: schemas.CreateUnitLabelsIn) -> dict[str, Any]:
    """A PDF of the units' labels (Code 128 or QR of the serial, SKU name, grade) through a
    signed private link valid PRIVATE_LINK_TTL_SECONDS."""
    made = services.unit_labels_create(
        actor=current_session(request), unit_ids=payload.unit_ids, barcode=payload.format
    )
    return {"url": made.url, "expires_at": made.expires_at, "count": made.count}


# --- suppliers -------------------------------------------------------------------------------


@call(router.get, "/getSupplierList", schemas.SupplierListOut, auth=VIEW)
def get_supplier_list(request: HttpRequest, filters: Query[schemas.SupplierListIn]) -> Any:
    """Suppliers, newest first, with the units bought from each (the units list filters by
    them, so `asset.view` reads them)."""
    return selectors.supplier_page(
        keyword=filters.keyword, page=filters.page, page_size=filters.page_size
    )


@call(router.post, "/createSupplier", schemas.SupplierOut, auth=RECEIVE)
def create_supplier(request: HttpRequest, payload: schemas.SupplierIn) -> dict[str, Any]:
    supplier = services.supplier_create(
        actor=_warehouse(request),
        name=payload.name,
        contact=payload.contact,
        phone=payload.phone,
        note=payload.note,
    )
    return selectors.supplier_row(supplier)


@call(router.post, "/updateSupplier", schemas.SupplierOut, auth=RECEIVE)
def update_supplier(request: HttpRequest, payload: schemas.UpdateSupplierIn) -> dict[str, Any]:
    supplier = services.supplier_update(
        actor=_warehouse(request),
        supplier_id=payload.id,
        name=payload.name,
        contact=payload.contact,
        phone=payload.phone,
        note=payload.note,
    )
    return selectors.supplier_row(supplier)


# --- stock receipts --------------------------------------------------------------------------


@call(router.get, "/getStockReceiptList", schemas.ReceiptListOut, auth=RECEIVE)
def get_stock_receipt_list(request: HttpRequest, filters: Query[schemas.ReceiptListIn]) -> Any:
    _warehouse(request)
    return selectors.receipt_page(
        status=filters.status,
        supplier_id=filters.supplier_id,
        page=filters.page,
        page_size=filters.page_size,
    )


@call(router.get, "/getStockReceiptDetail", schemas.ReceiptDetailOut, auth=RECEIVE)
def get_stock_receipt_detail(request: HttpRequest, params: Query[schemas.AssetIdIn]) -> Any:
    _warehouse(request)
    return selectors.receipt_detail(receipt_id=params.id)


@call(router.post, "/createStockReceipt", schemas.ReceiptDetailOut, auth=RECEIVE)
def create_stock_receipt(request: HttpRequest, payload: schemas.CreateReceiptIn) -> Any:
    """A receipt of SKUs tracked by unit (supplier, China day, lines of SKU × quantity × unit
    cost); the same `idempotency_key` answers the receipt it made."""
    receipt = services.receipt_create(
        actor=_warehouse(request),
        supplier_id=payload.supplier_id,
        receipt_date=payload.receipt_date,
        invoice_no=payload.invoice_no,
        attachment_path=payload.attachment_path,
        lines=[
            services.ReceiptLineIn(
                sku_id=line.sku_id,
                quantity=line.expected_quantity,
                unit_cost=line.unit_cost,
                fineness=line.fineness,
            )
            for line in payload.lines
        ],
        idempotency_key=payload.idempotency_key,
    )
    return selectors.receipt_detail(receipt_id=receipt.pk)


@call(router.post, "/scanStockReceipt", schemas.ScanReceiptOut, auth=RECEIVE)
def scan_stock_receipt(request: HttpRequest, payload: schemas.ScanReceiptIn) -> dict[str, Any]:
    """One scan on a receipt's line: one unit in the warehouse at the line's cost. 15 digits
    whose IMEI check digit is wrong are refused (a field error on `code`, `data.confirm`
    `not_imei`) unless the request confirms the code is not an IMEI."""
    session = _warehouse(request)
    unit = services.receipt_scan(
        actor=session,
        receipt_id=payload.receipt_id,
        line_id=payload.line_id,
        identifiers=services.identifiers_of_code(payload.code, not_imei=payload.not_imei),
        grade=payload.grade,
    )
    return {"unit": _unit(session, unit.pk), **selectors.receipt_line_progress(payload.line_id)}


# --- transfers -------------------------------------------------------------------------------


@call(router.get, "/getStockTransferList", schemas.TransferListOut, auth=TRANSFER)
def get_stock_transfer_list(request: HttpRequest, filters: Query[schemas.TransferListIn]) -> Any:
    """Transfers, newest first (a sub-shop's account: those from or to its sub-shop)."""
    return selectors.transfer_page(
        session=current_session(request),
        status=filters.status,
        page=filters.page,
        page_size=filters.page_size,
    )


@call(router.get, "/getStockTransferDetail", schemas.TransferDetailOut, auth=TRANSFER)
def get_stock_transfer_detail(request: HttpRequest, params: Query[schemas.AssetIdIn]) -> Any:
    return selectors.transfer_detail(session=current_session(request), transfer_id=params.id)


@call(router.post, "/sendStockTransfer", schemas.TransferDetailOut, auth=TRANSFER)
def send_stock_transfer(request: HttpRequest, payload: schemas.SendTransferIn) -> Any:
    """Units in stock at one place (by scanned code or id) sent to another; the same
    `idempotency_key` answers the transfer it made."""
    session = current_session(request)
    transfer = services.transfer_send(
        actor=session,
        unit_ids=payload.unit_ids,
        codes=payload.codes,
        # Left out: wherever the units are; null: the warehouse.
        from_sub_shop_id=(
            payload.from_sub_shop_id
            if "from_sub_shop_id" in payload.model_fields_set
            else services.WHERE_THEY_ARE
        ),
        to_sub_shop_id=payload.to_sub_shop_id,
        idempotency_key=payload.idempotency_key,
    )
    return selectors.transfer_detail(session=session, transfer_id=transfer.pk)


@call(router.post, "/receiveStockTransfer", schemas.TransferDetailOut, auth=TRANSFER)
def receive_stock_transfer(request: HttpRequest, payload: schemas.ReceiveTransferIn) -> Any:
    """The destination receives a transfer's units, in stock there: all still in transit, or
    those ticked (`unit_ids`) or scanned (`codes`), the rest staying in transit until
    received; the transfer is received when none is left in transit."""
    session = current_session(request)
    transfer = services.transfer_receive(
        actor=session, transfer_id=payload.id, unit_ids=payload.unit_ids, codes=payload.codes
    )
    return selectors.transfer_detail(session=session, transfer_id=transfer.pk)


# --- inspections, templates and work orders --------------------------------------------------


@call(
    router.get, "/getInspectionTemplateList", schemas.TemplateListOut, auth=VIEW, scope="units:read"
)
def get_inspection_template_list(request: HttpRequest) -> dict[str, Any]:
    """The checklists and damage price list: the defaults for phones and laptops and each
    category's, with the severities, cosmetic grades and the fineness table."""
    return inspection_selectors.template_list()


@call(router.post, "/saveInspectionTemplate", schemas.TemplateOut, auth=ADJUST)
def save_inspection_template(request: HttpRequest, payload: schemas.SaveTemplateIn) -> Any:
    """Saves a category's checklist (or a default's), replacing its items; audited."""
    template = inspections.template_save(
        actor=_warehouse(request),
        category_id=payload.category_id,
        base=payload.base,
        name=payload.name,
        items=[item.model_dump() for item in payload.items],
        quarantine_fee=payload.quarantine_fee,
    )
    rows = inspection_selectors.template_list()["templates"]
    return next(row for row in rows if row["id"] == template.pk)


@call(router.get, "/getAssetLifeList", life_schemas.AssetLifeListOut, auth=VIEW, scope="units:read")
def get_asset_life_list(request: HttpRequest) -> dict[str, Any]:
    """The life and residual of each category's devices (the book value's straight line):
    the shop's, else the default of its kind of device (phones 24 months, laptops 36, 10 %)."""
    return lives.life_list()


@call(router.post, "/saveAssetLife", life_schemas.AssetLifeOut, auth=ADJUST)
def save_asset_life(request: HttpRequest, payload: life_schemas.SaveAssetLifeIn) -> Any:
    """Sets a category's life (months) and residual (percent); both null: back to the
    default. Audited."""
    return lives.life_save(
        actor=_warehouse(request),
        category_id=payload.category_id,
        life_months=payload.life_months,
        residual_rate=payload.residual_rate,
    )


@call(router.post, "/createInspection", schemas.InspectionDetailOut, auth=ADJUST)
def create_inspection(request: HttpRequest, payload: schemas.CreateInspectionIn) -> Any:
    """One inspection by checklist on an occasion: the shipping baseline of an order's unit,
    a return or exchange (compared with the baseline, its damage total priced from the list),
    a receipt or a periodic check. The unit is inspected (a failed blocking check
    quarantines it)."""
    session = current_session(request)
    inspection = inspections.inspection_record(
        actor=session,
        data=inspections.InspectionIn(
            occasion=payload.occasion,
            unit_id=payload.unit_id,
            order_id=payload.order_id,
            cosmetic_grade=payload.cosmetic_grade,
            lines=[
                inspection_rules.LineIn(
                    code=line.code,
                    passed=line.passed,
                    value=line.value,
                    choice=line.choice,
                    severity=line.severity,
                    note=line.note,
                )
                for line in payload.lines
            ],
            damage_amount=payload.damage_amount,
            damage_reason=payload.damage_reason,
            note=payload.note,
            photos_base64=payload.photos_base64,
            started_at=payload.started_at,
            idempotency_key=payload.idempotency_key,
        ),
    )
    return inspection_selectors.inspection_detail(inspection, session)


@call(
    router.get, "/getInspectionDetail", schemas.InspectionDetailOut, auth=VIEW, scope="units:read"
)
def get_inspection_detail(request: HttpRequest, params: Query[schemas.AssetIdIn]) -> Any:
    """One inspection beside its shipping baseline (each line, what changed), with photos."""
    session = current_session(request)
    inspection = Inspection.objects.filter(
        pk=params.id, unit__in=selectors.visible_units(session)
    ).first()
    if inspection is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return inspection_selectors.inspection_detail(inspection, session)


@call(router.post, "/createWorkOrder", schemas.WorkOrderOut, auth=ADJUST)
def create_work_order(request: HttpRequest, payload: schemas.CreateWorkOrderIn) -> Any:
    """A work order for a unit, in house or by a repairer: the unit is in repair."""
    work_order = inspections.work_order_create(
        actor=current_session(request),
        unit_id=payload.unit_id,
        kind=payload.kind,
        supplier_id=payload.supplier_id,
        warranty=payload.warranty,
        inspection_id=payload.inspection_id,
        note=payload.note,
    )
    return inspection_selectors.work_order_row(work_order)


@call(router.post, "/updateWorkOrder", schemas.WorkOrderOut, auth=ADJUST)
def update_work_order(request: HttpRequest, payload: schemas.UpdateWorkOrderIn) -> Any:
    """start, done (the grade after: the unit in stock at it; costs; capitalise or not),
    fail or cancel (the unit back to the shop's decision)."""
    work_order = inspections.work_order_step(
        actor=current_session(request),
        work_order_id=payload.id,
        action=payload.action,
        parts_cost=payload.parts_cost,
        labour_cost=payload.labour_cost,
        capitalise=payload.capitalise,
        grade_after=payload.grade_after,
        note=payload.note,
    )
    return inspection_selectors.work_order_row(work_order)
