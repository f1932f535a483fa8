"""Changes of a returned device's second life (docs/assets.md, "Inspections", "Work orders"):
the shop's checklists and damage price list, inspections on every occasion, the decision after
one (restock at its fineness, quarantine and release, scrap), and repair work orders. Status
changes go through `services.unit_move` (the one state-change helper) like every other move."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from zulin.audit.services import actor_name, audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.images import CONTENT_TYPES, image_extension
from zulin.files.services import private_file_save

from . import inspection_rules as rules
from .inspection_selectors import template_for_sku
from .models import (
    Grade,
    Inspection,
    InspectionLine,
    InspectionTemplate,
    Supplier,
    Unit,
    UnitStatus,
    WorkOrder,
)
from .selectors import order_unit, visible_units
from .services import unit_move
from .services.receipts import _key_lock

ZERO = Decimal("0.00")
Occasion = Inspection.Occasion
PHOTO_MAX_BYTES = 1024 * 1024
PHOTOS_MAX = 3
PHOTO_TYPES = ("jpg", "png")


# --- templates and the damage price list -------------------------------------------------------


def template_save(
    *,
    actor: Session | None,
    category_id: int | None,
    base: str,
    name: str,
    items: Sequence[Mapping[str, Any]],
    quarantine_fee: Decimal,
) -> InspectionTemplate:
    """Saves the checklist of a category (or the default for phones or laptops when
    `category_id` is None), replacing its items; audited. Inspections already recorded keep
    the lines they had."""
    if base not in InspectionTemplate.Base.values:
        raise field_error("base", Text("应为 phone 或 laptop", "phone or laptop"))
    name = name.strip()
    if not name:
        raise field_error("name", Text("必填", "required"))
    if category_id is not None:
        from tenants.catalog.selectors import category_names

        if not category_names({category_id}):
            raise field_error("category_id", Text("类目不存在", "no such category"))
    cleaned = rules.items_clean(items)
    fee = rules._money(quarantine_fee, "quarantine_fee")
    with transaction.atomic():
        found = InspectionTemplate.objects.select_for_update()
        template = (
            found.filter(category_id=category_id).first()
            if category_id is not None
            else found.filter(category_id__isnull=True, base=base).first()
        )
        before = (
            {"items": template.items, "quarantine_fee": str(template.quarantine_fee)}
            if (template is not None)
            else None
        )
        if template is None:
            template = InspectionTemplate(category_id=category_id)
        template.base, template.name, template.items = base, name[:50], cleaned
        template.quarantine_fee = fee
        template.updated_by_name = actor_name(actor)[:64]
        template.save()
        audit_record(
            actor=actor,
            action="inspection_template.save",
            target_type="inspection_template",
            target_id=template.pk,
            before=before,
            after={
                "category_id": category_id,
                "base": base,
                "codes": [item["code"] for item in cleaned],
                "quarantine_fee": str(fee),
            },
        )
    return template


# --- inspections ----------------------------------------------------------------------------


def _photos_save(photos_base64: Sequence[str], actor: Session | None, unit: Unit) -> list[int]:
    if len(photos_base64) > PHOTOS_MAX:
        raise field_error(
            "photos_base64", Text("最多 {0} 张照片", "at most {0} photos").format(PHOTOS_MAX)
        )
    contents = []
    for index, text in enumerate(photos_base64):
        field = f"photos_base64.{index}"
        try:
            content = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise field_error(field, Text("不是 base64 编码", "not base64")) from None
        if len(content) > PHOTO_MAX_BYTES:
            raise field_error(field, Text("超过 1 MB", "larger than 1 MB"))
        extension = image_extension(content[:16])
        if extension not in PHOTO_TYPES:
            raise field_error(field, Text("不是 JPEG 或 PNG 图片", "not a JPEG or PNG picture"))
        contents.append((content, extension))
    return [
        private_file_save(
            kind="inspection-photo",
            name=f"unit_{unit.pk}_{index + 1}.{extension}",
            content=content,
            content_type=CONTENT_TYPES[extension],
            actor=actor,
        ).pk
        for index, (content, extension) in enumerate(contents)
    ]


def _unit_of_occasion(
    actor: Session | None, occasion: str, unit_id: int | None, order_id: int | None
) -> Unit:
    """The unit inspected, locked: at shipping, the unit shipped on the order (out with its
    customer); else the unit named, in the actor's scope."""
    if occasion == Occasion.SHIP_BASELINE:
        if order_id is None:
            raise field_error("order_id", Text("发货基线须指明订单", "the order shipped"))
        unit = order_unit(order_id, lock=True)
        if unit is None or unit.status != UnitStatus.OUT_WITH_CUSTOMER:
            raise field_error(
                "order_id", Text("该订单没有已发出的设备", "the order has no unit shipped")
            )
        if not visible_units(actor).filter(pk=unit.pk).exists():
            raise ApplicationError(ErrorCode.NOT_FOUND)
        if unit_id is not None and unit_id != unit.pk:
            raise field_error(
                "unit_id", Text("不是该订单发出的设备", "not the unit the order shipped")
            )
        return unit
    if unit_id is None:
        raise field_error("unit_id", Text("必填", "required"))
    unit = visible_units(actor).select_for_update().filter(pk=unit_id).first()
    if unit is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return unit


# Which statuses a unit may be inspected in, by occasion.
OCCASION_STATUSES: dict[str, tuple[str, ...]] = {
    Occasion.RETURN: (UnitStatus.RECEIVED, UnitStatus.INSPECTING),
    Occasion.EXCHANGE: (UnitStatus.RECEIVED, UnitStatus.INSPECTING),
    Occasion.RECEIPT: (UnitStatus.IN_STOCK,),
    Occasion.PERIODIC: (UnitStatus.IN_STOCK, UnitStatus.INSPECTING, UnitStatus.QUARANTINED),
}


def baseline_of(unit: Unit, order_id: int | None) -> Inspection | None:
    """The shipping baseline a return is compared with: the newest of the unit on the order
    it came back from."""
    if order_id is None:
        return None
    return (
        Inspection.objects.filter(unit=unit, order_id=order_id, occasion=Occasion.SHIP_BASELINE)
        .order_by("-id")
        .first()
    )


@dataclass(frozen=True)
class InspectionIn:
    occasion: str
    cosmetic_grade: str
    lines: Sequence[rules.LineIn]
    unit_id: int | None = None
    order_id: int | None = None
    damage_amount: Decimal | None = None  # None: the computed total
    damage_reason: str = ""
    note: str = ""
    photos_base64: Sequence[str] = ()
    started_at: Any = None  # when the inspector began (None: now)
    idempotency_key: str = ""


def inspection_record(*, actor: Session | None, data: InspectionIn) -> Inspection:
    """One inspection, recorded whole in one transaction with its lines and photos (private
    files). A return or an exchange's old device is compared with its shipping baseline; its
    damage total is the sum of priced lines (plus the shop's fixed charge for a device still
    locked), or an amount typed over it with a reason. The unit moves: a received unit is
    `inspecting`, and a failed blocking item quarantines it (also at a periodic check in
    stock). It goes into the unit's history and, for an order, the order's timeline."""
    if data.occasion not in Occasion.values:
        raise field_error("occasion", Text("未知的检测场景", "unknown occasion"))
    with transaction.atomic():
        if data.idempotency_key:
            _key_lock("inspection", data.idempotency_key)
            earlier = Inspection.objects.filter(idempotency_key=data.idempotency_key).first()
            if earlier is not None:
                return earlier
        unit = _unit_of_occasion(actor, data.occasion, data.unit_id, data.order_id)
        allowed = OCCASION_STATUSES.get(data.occasion)
        if allowed is not None and unit.status not in allowed:
            raise ApplicationError(
                ErrorCode.CONFLICT,
                f"「{UnitStatus(unit.status).label}」的设备不能做{Occasion(data.occasion).label}",
                msg_en=f"A unit {unit.status.replace('_', ' ')} cannot have a {data.occasion}"
                " inspection",
                data={"from": unit.status, "to": UnitStatus.INSPECTING.value},
            )
        if data.occasion == Occasion.RECEIPT and unit.receipt_line_id is None:
            raise field_error("unit_id", Text("该设备不是采购入库的", "not received on a receipt"))
        template = template_for_sku(unit.sku_id)
        results = rules.lines_evaluate(template.items, data.lines)
        outcome = rules.outcome_of(
            results, cosmetic_grade=data.cosmetic_grade, quarantine_fee=template.quarantine_fee
        )
        charged = data.occasion in (Occasion.RETURN, Occasion.EXCHANGE)
        total, reason = ZERO, ""
        if charged:
            total = outcome.damage_computed
            if data.damage_amount is not None and data.damage_amount != total:
                reason = data.damage_reason.strip()
                if not reason:
                    raise field_error(
                        "damage_reason",
                        Text("改动定损金额须写明原因", "say why the amount differs from the list"),
                    )
                total = rules._money(data.damage_amount, "damage_amount")
        order_id = data.order_id if data.occasion == Occasion.SHIP_BASELINE else unit.order_id
        if data.occasion in (Occasion.RECEIPT, Occasion.PERIODIC):
            order_id = None
        now = timezone.now()
        inspection = Inspection.objects.create(
            unit=unit,
            occasion=data.occasion,
            order_id=order_id,
            template_id=template.template_id,
            template_name=template.name,
            baseline=baseline_of(unit, order_id) if charged else None,
            functional_pass=outcome.functional_pass,
            blocked=outcome.blocked,
            cosmetic_grade=data.cosmetic_grade,
            fineness=outcome.fineness,
            damage_computed=outcome.damage_computed if charged else ZERO,
            damage_total=total,
            damage_reason=reason[:300],
            quarantine_fee=template.quarantine_fee if charged and outcome.blocked else ZERO,
            photo_file_ids=_photos_save(data.photos_base64, actor, unit),
            note=data.note.strip()[:500],
            inspector_account_id=actor.account.pk if actor else None,
            inspector_name=actor_name(actor)[:64],
            started_at=data.started_at or now,
            finished_at=now,
            idempotency_key=data.idempotency_key,
        )
        InspectionLine.objects.bulk_create(
            InspectionLine(
                inspection=inspection,
                code=r.code,
                label=r.label[:50],
                kind=r.kind,
                passed=r.passed,
                value=r.value,
                choice=r.choice[:30],
                severity=r.severity,
                price=r.price,
                blocks_restock=r.blocks_restock,
                note=r.note,
            )
            for r in results
        )
        summary = _summary(inspection, outcome.failed)
        if unit.status == UnitStatus.RECEIVED:
            unit_move(unit, action="inspect", actor=actor, reason=summary)
        if outcome.blocked and unit.status in (UnitStatus.INSPECTING, UnitStatus.IN_STOCK):
            unit_move(unit, action="quarantine", actor=actor, reason=_blocked_text(results))
        audit_record(
            actor=actor,
            action="unit.inspection",
            target_type="unit",
            target_id=unit.pk,
            after=_audit_facts(inspection, outcome.failed),
            reason=summary,
        )
        if order_id is not None:
            audit_record(
                actor=actor,
                action="order.inspection",
                target_type="order",
                target_id=order_id,
                after=_audit_facts(inspection, outcome.failed),
                reason=summary,
            )
    return inspection


def _audit_facts(inspection: Inspection, failed: list[str]) -> dict[str, Any]:
    return {
        "inspection_id": inspection.pk,
        "unit_id": inspection.unit_id,
        "occasion": inspection.occasion,
        "functional_pass": inspection.functional_pass,
        "failed": failed,
        "blocked": inspection.blocked,
        "cosmetic_grade": inspection.cosmetic_grade,
        "fineness": inspection.fineness,
        "damage_total": str(inspection.damage_total),
        "baseline_id": inspection.baseline_id,
    }


def _summary(inspection: Inspection, failed: list[str]) -> str:
    result = "功能正常" if not failed else f"功能未通过：{'、'.join(failed)}"
    return (
        f"{Occasion(inspection.occasion).label}：{result}，外观 {inspection.cosmetic_grade} 级，"
        f"成色 {inspection.fineness}，定损 {inspection.damage_total} 元"
    )[:300]


def _blocked_text(results: Sequence[rules.LineResult]) -> str:
    return (
        "未通过：" + "、".join(r.label for r in results if r.blocks_restock and r.passed is False)
    )[:300]


def inspection_settle(*, order_id: int, inspection_id: int, after_sale_id: int) -> Decimal:
    """The damage total of the order's return inspection, bound to the after-sale business
    that charges it (once: a second business, or another order's inspection, is refused).
    Runs in the after-sale's transaction (`apps/orders/after_sale.py`)."""
    inspection = Inspection.objects.select_for_update().filter(pk=inspection_id).first()
    if (
        inspection is None
        or inspection.order_id != order_id
        or inspection.occasion != Occasion.RETURN
    ):
        raise field_error(
            "inspection_id",
            Text("不是该订单的归还检测", "not a return inspection of this order"),
        )
    if inspection.after_sale_id is not None and inspection.after_sale_id != after_sale_id:
        raise ApplicationError(
            ErrorCode.CONFLICT,
            "该检测的定损已结算",
            msg_en="This inspection's damage is already settled",
            data={"from": "settled", "to": "settled"},
        )
    inspection.after_sale_id = after_sale_id
    inspection.save(update_fields=["after_sale_id"])
    return inspection.damage_total


# --- work orders -------------------------------------------------------------------------------


def _work_order_locked(actor: Session | None, work_order_id: int) -> tuple[WorkOrder, Unit]:
    work_order = (
        WorkOrder.objects.select_for_update()
        .filter(pk=work_order_id, unit__in=visible_units(actor))
        .first()
    )
    if work_order is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    unit = Unit.objects.select_for_update().get(pk=work_order.unit_id)
    return work_order, unit


def work_order_create(
    *,
    actor: Session | None,
    unit_id: int,
    kind: str,
    supplier_id: int | None = None,
    warranty: bool = False,
    note: str = "",
    inspection_id: int | None = None,
) -> WorkOrder:
    """A work order for a unit (received, inspected, quarantined or in stock), in house or
    by a repairer (a supplier): the unit is in repair until the work order ends."""
    if kind not in WorkOrder.Kind.values:
        raise field_error("kind", Text("未知的工单类型", "unknown kind"))
    with transaction.atomic():
        unit = visible_units(actor).select_for_update().filter(pk=unit_id).first()
        if unit is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        supplier = None
        if supplier_id is not None:
            supplier = Supplier.objects.filter(pk=supplier_id).first()
            if supplier is None:
                raise field_error("supplier_id", Text("供应商不存在", "no such supplier"))
        inspection = None
        if inspection_id is not None:
            inspection = Inspection.objects.filter(pk=inspection_id, unit=unit).first()
            if inspection is None:
                raise field_error("inspection_id", Text("不是该设备的检测", "not of this unit"))
        grade_before = unit.grade
        unit_move(unit, action="repair_start", actor=actor, reason=note.strip()[:300])
        try:
            with transaction.atomic():
                work_order = WorkOrder.objects.create(
                    unit=unit,
                    kind=kind,
                    supplier=supplier,
                    warranty=warranty,
                    inspection=inspection,
                    grade_before=grade_before,
                    note=note.strip()[:300],
                    opened_by_name=actor_name(actor)[:64],
                    opened_at=timezone.now(),
                )
        except IntegrityError:  # pragma: no cover - the unit's move refuses a second first
            raise ApplicationError(ErrorCode.CONFLICT) from None
        _work_order_audit(actor, work_order, "open")
    return work_order


WORK_ORDER_STEPS = {
    # action: (from statuses, to status, the unit's move)
    "start": ((WorkOrder.Status.OPEN,), WorkOrder.Status.IN_PROGRESS, None),
    "done": (
        (WorkOrder.Status.OPEN, WorkOrder.Status.IN_PROGRESS),
        WorkOrder.Status.DONE,
        "repair_done",
    ),
    "fail": (
        (WorkOrder.Status.OPEN, WorkOrder.Status.IN_PROGRESS),
        WorkOrder.Status.FAILED,
        "repair_failed",
    ),
    "cancel": (
        (WorkOrder.Status.OPEN, WorkOrder.Status.IN_PROGRESS),
        WorkOrder.Status.CANCELLED,
        "repair_cancel",
    ),
}


def work_order_step(
    *,
    actor: Session | None,
    work_order_id: int,
    action: str,
    parts_cost: Decimal | None = None,
    labour_cost: Decimal | None = None,
    capitalise: bool | None = None,
    grade_after: str = "",
    note: str = "",
) -> WorkOrder:
    """A work order moves open → in progress → done | failed | cancelled. Done needs the
    grade after (the unit is in stock at it); its parts and labour costs are kept, and a
    capitalised one adds to the unit's cost basis. Failed or cancelled: the unit is back
    for the shop's decision (inspecting). The unit leaves `in_repair` only here."""
    step = WORK_ORDER_STEPS.get(action)
    if step is None:
        raise field_error("action", Text("未知的操作", "unknown action"))
    sources, target, unit_action = step
    with transaction.atomic():
        work_order, unit = _work_order_locked(actor, work_order_id)
        if work_order.status not in sources:
            raise ApplicationError(
                ErrorCode.CONFLICT, data={"from": work_order.status, "to": str(target)}
            )
        if parts_cost is not None:
            work_order.parts_cost = rules._money(parts_cost, "parts_cost")
        if labour_cost is not None:
            work_order.labour_cost = rules._money(labour_cost, "labour_cost")
        if capitalise is not None:
            work_order.capitalise = capitalise
        if note.strip():
            work_order.note = note.strip()[:300]
        now = timezone.now()
        if action == "start":
            work_order.started_at = now
        else:
            work_order.finished_at = now
        if action == "done":
            if grade_after not in Grade.values:
                raise field_error("grade_after", Text("须选择修后成色", "the grade after"))
            work_order.grade_after = grade_after
        work_order.status = target
        work_order.save()
        if unit_action is not None:

            def graded(row: Unit) -> dict[str, Any]:
                extra: dict[str, Any] = {"work_order_id": work_order.pk}
                if action == "done":
                    row.grade = extra["grade"] = grade_after
                return extra

            unit_move(
                unit,
                action=unit_action,
                actor=actor,
                # The move's action says what the work order did (zulin/audit/reasons.py).
                reason=f"工单 #{work_order.pk}",
                change=graded,
            )
        _work_order_audit(actor, work_order, action)
    return work_order


def _work_order_audit(actor: Session | None, work_order: WorkOrder, what: str) -> None:
    audit_record(
        actor=actor,
        action=f"work_order.{what}",
        target_type="unit",
        target_id=work_order.unit_id,
        after={
            "work_order_id": work_order.pk,
            "kind": work_order.kind,
            "status": work_order.status,
            "parts_cost": str(work_order.parts_cost),
            "labour_cost": str(work_order.labour_cost),
            "capitalise": work_order.capitalise,
            "grade_after": work_order.grade_after,
        },
    )
