"""Reads of inspections, templates and work orders (docs/assets.md, "Inspections"): the
checklists the shop edits, an inspection beside its shipping baseline, a unit's inspections
and work orders, and an order's inspections (its evidence pack)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db.models import Sum

from apps.goods.selectors import sku_category
from tenants.catalog.selectors import category_names
from zulin.core.auth import Session
from zulin.core.i18n import pick
from zulin.files.links import private_file_link
from zulin.files.models import StoredFile

from . import inspection_rules as rules
from .models import Inspection, InspectionLine, InspectionTemplate, Unit, WorkOrder

Occasion = Inspection.Occasion


@dataclass(frozen=True)
class TemplateUsed:
    """The checklist an inspection follows: a saved template, or the built-in default."""

    template_id: int | None
    name: str
    base: str
    items: list[dict[str, Any]]
    quarantine_fee: Decimal


def template_default(base: str) -> TemplateUsed:
    saved = InspectionTemplate.objects.filter(category_id__isnull=True, base=base).first()
    if saved is not None:
        return _used(saved)
    return TemplateUsed(
        None, pick(rules.DEFAULT_NAMES[base]), base, list(rules.DEFAULT_ITEMS[base]), rules.ZERO
    )


def _used(template: InspectionTemplate) -> TemplateUsed:
    return TemplateUsed(
        template.pk, template.name, template.base, list(template.items), template.quarantine_fee
    )


def template_for_sku(
    sku_id: int, *, category: tuple[int | None, str] | None = None
) -> TemplateUsed:
    """The template of the SKU's goods category; else the shop's default for phones or
    laptops, chosen by the category's name. `category`: the SKU's, when read already."""
    category_id, category_name = category if category is not None else sku_category(sku_id)
    if category_id is not None:
        saved = InspectionTemplate.objects.filter(category_id=category_id).first()
        if saved is not None:
            return _used(saved)
    return template_default(rules.base_of_category(category_name))


def _money(value: Decimal | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def _value(value: Decimal | None) -> str | None:
    return None if value is None else f"{value.normalize():f}"


def _template_row(
    *,
    template_id: int | None,
    category_id: int | None,
    category_name: str,
    base: str,
    name: str,
    items: list[dict[str, Any]],
    quarantine_fee: Decimal,
    updated_by_name: str = "",
) -> dict[str, Any]:
    return {
        "id": template_id,
        "category_id": category_id,
        "category_name": category_name,
        "base": base,
        "name": name,
        "is_builtin": template_id is None,
        "items": items,
        "quarantine_fee": _money(quarantine_fee),
        "updated_by_name": updated_by_name,
    }


def template_list() -> dict[str, Any]:
    """The two defaults (saved or built-in) and every category's template, with the price
    list's severities, the cosmetic grades and the fineness table the shop sees."""
    saved = list(InspectionTemplate.objects.order_by("category_id", "id"))
    names = category_names({t.category_id for t in saved if t.category_id is not None})
    rows = []
    for base in InspectionTemplate.Base.values:
        template = next((t for t in saved if t.category_id is None and t.base == base), None)
        rows.append(
            _template_row(
                template_id=template.pk if template else None,
                category_id=None,
                category_name="",
                base=base,
                name=template.name if template else pick(rules.DEFAULT_NAMES[base]),
                items=template.items if template else list(rules.DEFAULT_ITEMS[base]),
                quarantine_fee=template.quarantine_fee if template else Decimal("0.00"),
                updated_by_name=template.updated_by_name if template else "",
            )
        )
    for template in saved:
        if template.category_id is not None:
            rows.append(
                _template_row(
                    template_id=template.pk,
                    category_id=template.category_id,
                    category_name=names.get(template.category_id, ""),
                    base=template.base,
                    name=template.name,
                    items=template.items,
                    quarantine_fee=template.quarantine_fee,
                    updated_by_name=template.updated_by_name,
                )
            )
    return {
        "templates": rows,
        "severities": [
            {"value": s, "label": pick(rules.SEVERITY_LABELS[s])} for s in rules.SEVERITIES
        ],
        "cosmetic_grades": [
            {"value": g, "label": pick(rules.COSMETIC_LABELS[g])} for g in rules.COSMETIC_GRADES
        ],
        "fineness_table": [
            {"functional": result, "cosmetic_grade": grade, "fineness": fineness}
            for result, grades in rules.FINENESS_TABLE.items()
            for grade, fineness in grades.items()
        ],
    }


def _line_row(line: InspectionLine) -> dict[str, Any]:
    return {
        "code": line.code,
        "label": line.label,
        "kind": line.kind,
        "passed": line.passed,
        "value": _value(line.value),
        "choice": line.choice,
        "severity": line.severity,
        "price": _money(line.price),
        "blocks_restock": line.blocks_restock,
        "note": line.note,
    }


def _photos(file_ids: Sequence[int], session: Session | None) -> list[dict[str, Any]]:
    stored = {f.pk: f for f in StoredFile.objects.filter(pk__in=list(file_ids))}
    return [
        {
            "file_id": file_id,
            "url": (
                private_file_link(
                    stored[file_id],
                    session=session,
                    ttl_seconds=settings.PRIVATE_LINK_TTL_SECONDS,
                    inline=True,
                )
                if session is not None
                else None
            ),
        }
        for file_id in file_ids
        if file_id in stored
    ]


def inspection_row(inspection: Inspection) -> dict[str, Any]:
    return {
        "id": inspection.pk,
        "unit_id": inspection.unit_id,
        "occasion": inspection.occasion,
        "occasion_name": inspection.get_occasion_display(),
        "order_id": inspection.order_id,
        "template_name": inspection.template_name,
        "functional_pass": inspection.functional_pass,
        "blocked": inspection.blocked,
        "cosmetic_grade": inspection.cosmetic_grade,
        "fineness": inspection.fineness,
        "damage_computed": _money(inspection.damage_computed),
        "damage_total": _money(inspection.damage_total),
        "damage_reason": inspection.damage_reason,
        "quarantine_fee": _money(inspection.quarantine_fee),
        "note": inspection.note,
        "inspector_name": inspection.inspector_name,
        "started_at": inspection.started_at,
        "finished_at": inspection.finished_at,
        "baseline_id": inspection.baseline_id,
        "after_sale_id": inspection.after_sale_id,
        "photo_count": len(inspection.photo_file_ids),
    }


def inspection_detail(inspection: Inspection, session: Session | None) -> dict[str, Any]:
    """The inspection with each line beside the baseline's same item (`baseline`, `changed`)
    and its photos as signed links; the baseline's own photos too."""
    lines = [_line_row(line) for line in inspection.lines.all()]
    baseline = inspection.baseline
    before = {line.code: _line_row(line) for line in baseline.lines.all()} if baseline else {}
    compared = [
        {
            **line,
            "baseline": before.get(line["code"]),
            "changed": rules.line_changed(line, before.get(line["code"])),
        }
        for line in lines
    ]
    return {
        **inspection_row(inspection),
        "failed": [line["code"] for line in lines if line["passed"] is False],
        "lines": compared,
        "changed_count": sum(1 for line in compared if line["changed"]),
        "photos": _photos(inspection.photo_file_ids, session),
        "baseline": (
            {
                **inspection_row(baseline),
                "photos": _photos(baseline.photo_file_ids, session),
            }
            if baseline
            else None
        ),
    }


def work_order_row(work_order: WorkOrder) -> dict[str, Any]:
    return {
        "id": work_order.pk,
        "unit_id": work_order.unit_id,
        "kind": work_order.kind,
        "kind_name": work_order.get_kind_display(),
        "status": work_order.status,
        "status_name": work_order.get_status_display(),
        "supplier_id": work_order.supplier_id,
        "supplier_name": work_order.supplier.name if work_order.supplier else "",
        "warranty": work_order.warranty,
        "inspection_id": work_order.inspection_id,
        "parts_cost": _money(work_order.parts_cost),
        "labour_cost": _money(work_order.labour_cost),
        "capitalise": work_order.capitalise,
        "grade_before": work_order.grade_before,
        "grade_after": work_order.grade_after,
        "note": work_order.note,
        "opened_by_name": work_order.opened_by_name,
        "opened_at": work_order.opened_at,
        "started_at": work_order.started_at,
        "finished_at": work_order.finished_at,
    }


# A unit's page lists this many of its newest inspections and work orders.
PAGE_ROWS = 100


def unit_work_orders(unit: Unit) -> list[WorkOrder]:
    """A unit's newest work orders (PAGE_ROWS at most), their repairers joined."""
    return list(
        WorkOrder.objects.filter(unit=unit).select_related("supplier").order_by("-id")[:PAGE_ROWS]
    )


def unit_second_life(
    unit: Unit,
    *,
    work_orders: list[WorkOrder] | None = None,
    category: tuple[int | None, str] | None = None,
) -> dict[str, Any]:
    """What a unit's page shows of its inspections and work orders: both newest first, the
    customer's to-do when quarantined, and its cost basis (purchase plus capitalised work
    orders). `work_orders` and `category`: read already by the page (`unit_work_orders`,
    the SKU's category)."""
    inspections = list(Inspection.objects.filter(unit=unit).order_by("-id")[:PAGE_ROWS])
    if work_orders is None:
        work_orders = unit_work_orders(unit)
    if len(work_orders) < PAGE_ROWS:  # every one of them: summed here, not read again
        capitalised = sum(
            (
                w.parts_cost + w.labour_cost
                for w in work_orders
                if w.status == WorkOrder.Status.DONE and w.capitalise
            ),
            Decimal("0.00"),
        )
    else:
        capitalised = WorkOrder.objects.filter(
            unit=unit, status=WorkOrder.Status.DONE, capitalise=True
        ).aggregate(total=Sum("parts_cost") + Sum("labour_cost"))["total"] or Decimal("0.00")
    return {
        "inspections": [inspection_row(row) for row in inspections],
        "work_orders": [work_order_row(row) for row in work_orders],
        "customer_todo": unit_todo(unit),
        "inspection_template": _template_of_unit(unit, category),
        "cost_basis": _money((unit.cost or Decimal("0.00")) + capitalised),
        "disposal_value": _money(unit.disposal_value),
    }


def _template_of_unit(unit: Unit, category: tuple[int | None, str] | None) -> dict[str, Any]:
    used = template_for_sku(unit.sku_id, category=category)
    return {
        "id": used.template_id,
        "name": used.name,
        "base": used.base,
        "items": used.items,
        "quarantine_fee": _money(used.quarantine_fee),
    }


def unit_todo(unit: Unit) -> list[str]:
    """A quarantined unit's blocking items that failed at its last inspection: what the
    customer must do (e.g. sign out of the account)."""
    if unit.status != "quarantined":
        return []
    last = Inspection.objects.filter(unit=unit, blocked=True).order_by("-id").first()
    if last is None:
        return []
    return [line.label for line in last.lines.all() if line.blocks_restock and line.passed is False]


def order_inspections(order_id: int) -> list[dict[str, Any]]:
    """Every inspection of an order's units (its shipping baseline, its return), oldest
    first, with lines and the photos' file ids: the evidence pack's part."""
    rows = Inspection.objects.filter(order_id=order_id).order_by("id").prefetch_related("lines")
    return [
        {
            **inspection_row(row),
            "lines": [_line_row(line) for line in row.lines.all()],
            "photo_file_ids": list(row.photo_file_ids),
        }
        for row in rows
    ]


def order_customer_todo(order_id: int) -> list[str]:
    """The to-do of the customer of an order whose returned unit is quarantined."""
    unit = Unit.objects.filter(order_id=order_id, status="quarantined").order_by("-id").first()
    return unit_todo(unit) if unit is not None else []
