"""Each unit's report figures, kept as its history happens (issue 63's benchmark target;
docs/assets.md "The kept figures").

`figures_refresh(unit_ids)` rewrites the units' `UnitFigures` rows from their history with
the very functions the unit's page answers from (`earnings.units_figures`), so a kept row is
a from-scratch recomputation at the moment of its change. It runs in the transaction of
every change that can move a figure:
- every move of a unit (`services.units._movement`: creation, shipping, return, sale,
  scrap, loss, a work order's end — its cost is saved before the unit moves), for the unit
  and the other units of the move's order (their shares of its money follow the days);
- every journal of the merchant's ledger on an order (`order_journal_posted`, registered in
  `AssetsConfig.ready`), for the units that held the order.
What moves by the day alone is kept as the day it is counted from (acquired, left, the open
span's start), and a unit sharing an order's money with a unit still out (`shifting`) is
recomputed by the report itself."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import date

from django.utils import timezone

from zulin.ledger.models import Journal

from .earnings import GONE, HELD, Figures, among, lease_spans, units_figures
from .models import Unit, UnitFigures, UnitMovement, UnitStatus

CHUNK = 2000
KEPT = (
    "acquired_on",
    "left_on",
    "cost_basis",
    "repair_spend",
    "collected",
    "lease_days_closed",
    "open_since",
    "paid_back_on",
    "stocked_at",
    "shifting",
    "as_of",
)


def units_of_orders(order_ids: Iterable[int]) -> set[int]:
    """The units that moved on these orders (shipped on them, came back from them)."""
    wanted = sorted({o for o in order_ids if o})
    if not wanted:
        return set()
    return set(
        UnitMovement.objects.filter(order_id__in=wanted)
        .values_list("unit_id", flat=True)
        .distinct()
    )


def shifting_units(unit_ids: Sequence[int]) -> set[int]:
    """Units out on an order with another unit while one of them is still out: their share
    of the order's money is split by days that still grow."""
    own = lease_spans(unit_ids=unit_ids)
    order_ids = sorted({span.order_id for span in own})
    if not order_ids:
        return set()
    held: dict[int, set[int]] = defaultdict(set)
    still_out: set[int] = set()
    for span in lease_spans(order_ids=order_ids):
        held[span.order_id].add(span.unit_id)
        if span.end is None:
            still_out.add(span.order_id)
    moving = {o for o in still_out if len(held[o]) > 1}
    return {span.unit_id for span in own if span.order_id in moving}


def figures_refresh(
    unit_ids: Iterable[int], *, today: date | None = None, units: Sequence[Unit] = ()
) -> dict[int, Figures]:
    """Rewrites the kept figures of these units from their history (`units`: rows of them
    the caller holds, not read again); the figures written."""
    today = today or timezone.localdate()
    ids = sorted(set(unit_ids))
    held = {unit.pk: unit for unit in units}
    written: dict[int, Figures] = {}
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        rows = [held[pk] for pk in chunk if pk in held]
        missing = [pk for pk in chunk if pk not in held]
        if missing:
            rows += list(Unit.objects.filter(pk__in=among(missing)).order_by("id"))
        if not rows:
            continue
        figures = units_figures(rows, today=today)
        UnitFigures.objects.bulk_create(
            [
                UnitFigures(
                    unit_id=unit.pk,
                    acquired_on=its.acquired,
                    left_on=its.left_on,
                    cost_basis=its.basis,
                    repair_spend=its.repair_spend,
                    collected=its.earned.collected,
                    lease_days_closed=its.lease_days_closed,
                    open_since=its.open_since,
                    paid_back_on=its.paid_back_on,
                    stocked_at=its.stocked_at or unit.acquired_at,
                    shifting=its.earned.shifting,
                    as_of=today,
                )
                for unit in rows
                for its in (figures[unit.pk],)
            ],
            update_conflicts=True,
            unique_fields=["unit"],
            update_fields=list(KEPT),
        )
        written.update(figures)
    return written


def figures_after_move(movement: UnitMovement, unit: Unit) -> None:
    """A unit moved. Made, out to a customer or back, gone, or back from repair (its cost
    basis and grade): its figures afresh, then those of the other units out on the move's
    order (their shares of its money follow the days). Into stock otherwise (a transfer
    arriving, a restock): only the day it came into stock, which the idle count reads."""
    edges = {movement.from_status, movement.to_status}
    if (
        movement.from_status == ""
        or (edges & HELD and not edges <= HELD)
        or movement.to_status in GONE
        or movement.from_status == UnitStatus.IN_REPAIR
    ):
        its = figures_refresh([unit.pk], units=[unit])[unit.pk]
        if movement.order_id is not None:
            others = its.earned.order_units.get(movement.order_id, frozenset()) - {unit.pk}
            if others:
                figures_refresh(others)
    elif movement.to_status == UnitStatus.IN_STOCK:
        UnitFigures.objects.filter(unit_id=movement.unit_id).update(stocked_at=movement.at)


def figures_after_journal(journal: Journal) -> None:
    """Money moved on an order: the figures of the units that held it."""
    if journal.order_id is not None:
        figures_refresh(units_of_orders([journal.order_id]))


def figures_rebuild() -> int:
    """Every unit's figures from its history (the migration's backfill, a repair); how many
    units it wrote."""
    ids = list(Unit.objects.order_by("id").values_list("id", flat=True))
    return len(figures_refresh(ids))
