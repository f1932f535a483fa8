"""After-sale businesses: refund before shipment, return (at lease end or early), buyout,
renewal and exchange. At most one is open on an order at a time (a partial unique index and
the order's `has_open_after_sale`); while it is open the order takes no other business.

Settling a return (at inspection, billing's `returns.return_settle` on the fact
`order_return_inspected`; the terms in `termination.py`): the
return's day is the day the goods came back; rent due after it is cancelled, an early
return before the minimum term owes its fee, damage is owed in full; the frozen deposit
pays oldest first, the rest of it is thawed, and what it did not cover stays owed as open
charges — the order ends `owing` until they are paid or waived.

A buyout is an early settlement that also pays the plan's buyout price: one quote — bills
due by today in full with their late fees, later rent less the shop's early-buyout discount
(half-up to the cent, once), plus the buyout price — and one way to collect it (the settling
path). Orders publishes the facts (`order_buyout_opened`, `order_buyout_approved`); billing's
handlers quote it and, once approved, start that settlement through the customer's withhold
agreement, keeping the amount on the business (`outcomes.after_sale_amount_keep`); it
completes the buyout when the provider confirms. Allowed from the shop's
`buyout_from_period` on (periods paid, counting bill 1).

A renewal adds periods after the current lease: its first bill is due the day after the
current lease end (the first day it pays for), for month and day plans alike, and
never before the day it is agreed.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.assets.inspections import inspection_settle
from apps.goods.services import sku_stock_release
from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.money.schedule import lease_end

from . import devices, events, outcomes, rules
from .guards import after_sale_refusal, buyout_allowed
from .models import AfterSale, Order, Shipment
from .moves import order_move, order_refresh, order_unwind
from .outbox import after_sale_event
from .scope import order_in_scope

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
Kind, Status = AfterSale.Kind, AfterSale.Status
OPEN = (Status.OPEN, Status.APPROVED)


REJECT_REASONS = rules.AFTER_SALE_REJECT_REASONS
REJECT_CODES = {row["code"]: row["label"] for row in REJECT_REASONS}


def _open(order: Order) -> AfterSale | None:
    return AfterSale.objects.filter(order=order, status__in=OPEN).first()


def after_sale_apply(
    *,
    order_id: int,
    kind: str,
    reason: str,
    extra_term: int = 0,
    actor: Session | None = None,
    started_by: str = AfterSale.StartedBy.CUSTOMER,
) -> AfterSale:
    """Opens a business on an order: the customer through the app, or the shop for them
    (`started_by`). A return or an exchange the shop starts is its own decision: it starts
    approved, with no approval step the shop would give itself — a return moving the order
    to returning through the state-change helper, an exchange waiting for the old device
    back (received by scan, then the new one shipped by scan); every other business waits
    for the shop's decision."""
    shop_return = started_by == AfterSale.StartedBy.SHOP and kind == Kind.RETURN
    shop_decided = started_by == AfterSale.StartedBy.SHOP and kind in (Kind.RETURN, Kind.EXCHANGE)
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)
        refusal = after_sale_refusal(order, kind)
        if refusal is not None:
            raise refusal
        if kind == Kind.RENEWAL and not 1 <= extra_term <= 36:
            raise field_error("extra_term", Text("应在 1 到 36 之间", "between 1 and 36"))
        try:
            with transaction.atomic():
                business = AfterSale.objects.create(
                    order=order,
                    kind=kind,
                    status=Status.APPROVED if shop_decided else Status.OPEN,
                    started_by=started_by,
                    reason=reason[:300],
                    extra_term=extra_term if kind == Kind.RENEWAL else 0,
                    amount=ZERO,
                )
        except IntegrityError:
            raise ApplicationError(ErrorCode.AFTER_SALE_OPEN) from None
        if kind == Kind.BUYOUT:
            events.ORDER_BUYOUT_OPENED.publish(order, after_sale_id=business.pk)
            business.refresh_from_db(fields=["amount"])  # its price, as billing kept it
        order.has_open_after_sale = True
        order_refresh(order)
        audit_record(
            actor=actor,
            action="order.after_sale_open",
            target_type="order",
            target_id=order.pk,
            after={"kind": kind, "after_sale_id": business.pk, "started_by": started_by},
            reason=reason[:300],
        )
        if shop_return:
            order_move(
                order,
                action="return_start",
                actor=actor,
                reason=reason[:300] or "本店代客户发起退租归还",
                allow_after_sale=True,
            )
        after_sale_event(business, order, "open")
        return business


def _finish(business: AfterSale, order: Order, status: str, actor: Session | None) -> None:
    business.status, business.finished_at = status, timezone.now()
    business.save()
    order.has_open_after_sale = False
    order_refresh(order)


# The largest damage a clerk may enter (a typing slip guard, not a rule of the lease).
DAMAGE_MAX = Decimal("1000000.00")


def _settle_return(
    business: AfterSale, order: Order, *, damage: Decimal, actor: Session | None
) -> None:
    """The return inspected (the order row locked), on the day the goods came back: billing
    cancels the rent due after it, charges the fee and the damage and takes the deposit
    (`returns.return_settle`), and keeps what was cancelled and the fee on the business
    (`outcomes.return_settlement_keep`), read here again from its row."""
    events.ORDER_RETURN_INSPECTED.publish(
        order,
        after_sale_id=business.pk,
        return_day=business.received_on or timezone.localdate(),
        damage=damage,
        actor=actor,
    )
    business.refresh_from_db(fields=["rent_cancelled", "termination_fee", "updated_at"])


def after_sale_deal(
    *,
    actor: Session,
    order_id: int,
    decision: str,
    reject_code: str = "",
    reason: str = "",
    damage_amount: Decimal = ZERO,
    device_serial: str = "",
    inspection_note: str = "",
    idempotency_key: str = "",
    inspection_id: int | None = None,
) -> AfterSale:
    """The shop handles the open business: `approve` / `reject` it, `receive` the goods
    sent back, `inspect` them (with a damage amount settled against the deposit: the damage
    total of the return inspection `inspection_id` when given, docs/assets.md)."""
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)
        if idempotency_key:
            decided = order.after_sales.filter(decision_key=idempotency_key).first()
            if decided is not None:
                return decided  # the decision this key made, answered again
        business = _open(order)
        if business is None:
            raise ApplicationError(ErrorCode.CONFLICT, data={"from": order.status, "to": decision})
        business = _deal(
            business,
            order,
            actor=actor,
            decision=decision,
            reject_code=reject_code,
            reason=reason,
            damage_amount=damage_amount,
            device_serial=device_serial,
            inspection_note=inspection_note,
            idempotency_key=idempotency_key,
            inspection_id=inspection_id,
        )
        if idempotency_key:
            business.decision_key = idempotency_key
            business.save(update_fields=["decision_key"])
        after_sale_event(business, order, decision)
        return business


def _deal(
    business: AfterSale,
    order: Order,
    *,
    actor: Session,
    decision: str,
    reject_code: str,
    reason: str,
    damage_amount: Decimal,
    device_serial: str,
    inspection_note: str,
    idempotency_key: str,
    inspection_id: int | None = None,
) -> AfterSale:
    """One decision of after_sale_deal on its open business, in its transaction."""
    if decision == "reject":
        if business.status != Status.OPEN:
            raise ApplicationError(
                ErrorCode.CONFLICT, data={"from": business.status, "to": "rejected"}
            )
        if reject_code not in REJECT_CODES:
            raise field_error("reject_code", Text("未知的原因", "unknown reason"))
        business.reject_reason = (
            reason.strip()
            if reject_code == "other" and reason.strip()
            else REJECT_CODES[reject_code]
        )
        _finish(business, order, Status.REJECTED, actor)
        _audit(actor, order, business, "reject", business.reject_reason)
        return business
    if decision == "approve":
        if business.status != Status.OPEN:
            raise ApplicationError(
                ErrorCode.CONFLICT, data={"from": business.status, "to": "approved"}
            )
        _approve(business, order, actor=actor, idempotency_key=idempotency_key)
        _audit(actor, order, business, "approve", reason)
        return business
    if decision == "receive":
        return _receive(business, order, actor=actor, device_serial=device_serial)
    if decision == "inspect":
        if inspection_id is not None:
            if business.kind != Kind.RETURN:
                raise field_error(
                    "inspection_id", Text("仅归还可按检测单定损", "only a return's inspection")
                )
            # The checklist's damage total is the amount charged (one money path: below).
            damage_amount = inspection_settle(
                order_id=order.pk, inspection_id=inspection_id, after_sale_id=business.pk
            )
        return _inspect(business, order, actor=actor, damage=damage_amount, note=inspection_note)
    raise field_error("decision", Text("未知的选项", "unknown"))


def _audit(
    actor: Session | None, order: Order, business: AfterSale, what: str, reason: str
) -> None:
    audit_record(
        actor=actor,
        action=f"order.after_sale_{what}",
        target_type="order",
        target_id=order.pk,
        after={"kind": business.kind, "after_sale_id": business.pk, "status": business.status},
        reason=reason[:300],
    )


def _approve(business: AfterSale, order: Order, *, actor: Session, idempotency_key: str) -> None:
    kind = business.kind
    if kind == Kind.REFUND:
        business.status = Status.APPROVED
        business.save()

        def refunded(row: Order) -> dict[str, Any]:
            row.finished_at = timezone.now()
            sku_stock_release(sku_id=row.sku_id, quantity=row.quantity, reference=row.order_no)
            return {}

        order_move(
            order,
            action="refund",
            actor=actor,
            reason=business.reason,
            change=refunded,
            allow_after_sale=True,
        )
        order_unwind(order, actor=actor, reason=business.reason or "售后退款")
        _finish(business, order, Status.DONE, actor)
        return
    if kind == Kind.RETURN:
        business.status = Status.APPROVED
        business.save()
        order_move(
            order, action="return_start", actor=actor, reason=business.reason, allow_after_sale=True
        )
        return
    if kind == Kind.RENEWAL:
        _renew(order, business.extra_term)
        _finish(business, order, Status.DONE, actor)
        return
    if kind == Kind.BUYOUT:
        if not buyout_allowed(order):
            raise ApplicationError(ErrorCode.BUYOUT_NOT_ALLOWED)
        business.status = Status.APPROVED
        business.save()
        events.ORDER_BUYOUT_APPROVED.publish(
            order,
            after_sale_id=business.pk,
            actor=actor,
            idempotency_key=idempotency_key or f"buyout:{business.pk}",
        )
        business.refresh_from_db(fields=["amount"])  # the settlement's total, as billing kept it
        return
    # exchange: the goods come back and new goods go out (receive, then a new shipment)
    business.status = Status.APPROVED
    business.save()


def _renew(order: Order, extra: int) -> None:
    """More periods at the same rent, after the current lease: billing adds their bills
    (`returns.bills_renew`, on the fact `order_renewed`: due from the day after the lease
    end before it, never before today), and the order's term, total rent and lease end
    follow."""
    term_before, end_before = order.term, order.lease_end
    start = order.lease_start or timezone.localdate()
    order.term += extra
    order.total_rent = (order.rent * order.term).quantize(CENT)
    order.lease_end = lease_end(start=start, term=order.term, term_unit=order.term_unit)
    order.save()
    events.ORDER_RENEWED.publish(order, extra=extra, term_before=term_before, end_before=end_before)


def _receive(business: AfterSale, order: Order, *, actor: Session, device_serial: str) -> AfterSale:
    # Tracked by unit: the scan must name the unit the order holds, which is received;
    # else the serial typed at shipping is compared.
    unit_checked = devices.device_receive(order, actor=actor, code=device_serial)
    if not unit_checked and order.device_serial and device_serial.strip() != order.device_serial:
        raise ApplicationError(ErrorCode.SERIAL_MISMATCH)
    Shipment.objects.parcels().filter(
        order=order, direction=Shipment.Direction.RETURN, delivered_at__isnull=True
    ).update(delivered_at=timezone.now())
    business.received_at = timezone.now()
    business.received_on = timezone.localdate(business.received_at)
    if business.picked_up_on is not None:
        # The carrier's pickup scan stopped the rent (the shop's setting was on then).
        business.received_on = business.picked_up_on
    business.save(update_fields=["received_on", "received_at", "updated_at"])
    if business.kind == Kind.EXCHANGE:
        _audit(actor, order, business, "receive", "")
        return business
    order_move(
        order, action="return_receive", actor=actor, reason="已收到归还商品", allow_after_sale=True
    )
    return business


def _inspect(
    business: AfterSale, order: Order, *, actor: Session, damage: Decimal, note: str
) -> AfterSale:
    if damage < 0 or damage > DAMAGE_MAX or damage != damage.quantize(CENT):
        raise field_error(
            "damage_amount",
            Text("应为 0 到 {0}，精确到分", "0 to {0}, in cents").format(DAMAGE_MAX),
        )
    business.damage_amount, business.inspection_note = damage, note[:500]
    business.save()

    def inspected(row: Order) -> dict[str, Any]:
        row.finished_at = timezone.now()
        return {"damage_amount": str(damage)}

    order_move(
        order,
        action="inspect_done",
        actor=actor,
        reason=note,
        change=inspected,
        allow_after_sale=True,
    )
    _settle_return(business, order, damage=damage, actor=actor)
    _finish(business, order, Status.DONE, actor)
    outcomes.order_overdue_refresh(order)
    return business
