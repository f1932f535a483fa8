"""What an order owes beyond its instalments, and the one way anything owed is forgone.

A **charge** is a bill of kind `damage` (damage above what the deposit covered) or
`termination` (the early-termination fee of a lease returned before its minimum term),
numbered after the order's instalments. It is owed like any bill: shown on the order and
in `getOverdueMoney`, collected by the nightly auto-debit and by every payment method
through the one settling path (`settle.py`), oldest first. The books stay on a cash
basis: a charge is no journal until money for it arrives (then `damage_income` /
`termination_fee_income`); no late fee accrues on a charge and no commission is taken.

A **waiver** (`bill_waive`) forgoes, with a reason, by a role holding `finance.waive`, with
an audit entry, either everything one open bill still owes — its principal and its late fee
— and the bill is then cancelled, or a part of its principal (a negotiated part of a damage
charge): the rest stays owed, collected as before, and the bill is paid once the rest is.
The bill carries what was forgiven (`waived_amount`), each waiver its `BillWaiver`.
Nothing owed is cancelled any other way (a return cancels only rent falling due after the
goods came back, by the contract's rule: `apps/orders/termination.py`).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db.models import Max
from django.utils import timezone

from zulin.audit.services import actor_name, audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text

from .models import CHARGE_KINDS, Bill, BillStatus, BillWaiver
from .outbox import bill_event
from .selectors import OPEN_STATUSES, order_owed
from .settle import order_bills_lock

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
WAIVE_RIGHT = "finance.waive"


def charge_add(
    *, order_id: int, order_no: str, sub_shop_id: int | None, kind: str, amount: Decimal, due: date
) -> Bill:
    """A charge of `kind` owed by the order from `due` (the caller holds the order's bills
    locked: `settle.order_bills_lock`), numbered after every bill the order has."""
    if kind not in CHARGE_KINDS:
        raise ValueError(f"not a charge: {kind}")
    amount = amount.quantize(CENT)
    if amount <= 0:
        raise field_error("amount", Text("应大于 0", "> 0"))
    last = Bill.objects.filter(order_id=order_id).aggregate(last=Max("period"))["last"] or 0
    period = last + 1
    charge = Bill.objects.create(
        order_id=order_id,
        order_no=order_no,
        sub_shop_id=sub_shop_id,
        kind=kind,
        period=period,
        due_date=due,
        rent=amount,
        amount=amount,
        out_trade_no=f"{order_no}B{period:03d}",
    )
    bill_event(charge, "charge.created")
    return charge


def open_owed(order_id: int) -> Decimal:
    """What the order still owes (`selectors.order_owed`): principal and late fee not paid or
    waived of its open bills and of those written off (a write-off forgives nothing)."""
    return order_owed(order_id).total


def bill_waive(
    *,
    actor: Session,
    bill: Bill,
    reason: str,
    idempotency_key: str = "",
    amount: Decimal | None = None,
) -> BillWaiver:
    """Forgoes what `bill` (locked after its order) still owes: all of it (`amount` None:
    principal and late fee; the bill is cancelled), or `amount` of its principal (more than
    0, at most the principal still owed, else WAIVER_EXCEEDS_OWED; all the principal of a
    bill owing no late fee is the whole waiver). Refused: without the right (FORBIDDEN),
    without a reason, a paid bill (BILL_ALREADY_PAID), a cancelled one (CONFLICT), a bill
    being paid (PAYMENT_IN_PROGRESS). The same key answers the waiver it made (the request
    under it is the one its fingerprint names, `zulin.idempotency`)."""
    if idempotency_key:
        earlier = BillWaiver.objects.filter(idempotency_key=idempotency_key).first()
        if earlier is not None:
            return earlier
    if not actor.can(WAIVE_RIGHT):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    reason = reason.strip()
    if not reason:
        raise field_error("reason", Text("必填", "required"))
    if bill.status == BillStatus.PAID:
        raise ApplicationError(ErrorCode.BILL_ALREADY_PAID)
    if bill.status == BillStatus.CANCELLED:
        raise ApplicationError(ErrorCode.CONFLICT, data={"from": "cancelled", "to": "waived"})
    if bill.status == BillStatus.PAYING:
        raise ApplicationError(ErrorCode.PAYMENT_IN_PROGRESS)
    principal, late_fee = bill.rent_owed, bill.late_fee_owed
    if amount is not None and (amount <= 0 or amount > principal):
        raise ApplicationError(
            ErrorCode.WAIVER_EXCEEDS_OWED, data={"owed": str(principal), "amount": str(amount)}
        )
    # A part leaves the rest (and any late fee) owed; the bill keeps its status (open, or
    # written off: still owed, collected as before). All that is left cancels the bill.
    whole = amount is None or (amount == principal and late_fee == 0)
    forgone = (principal, late_fee) if amount is None or whole else (amount, ZERO)
    waiver = BillWaiver.objects.create(
        bill=bill,
        order_id=bill.order_id,
        principal=forgone[0],
        late_fee=forgone[1],
        whole=whole,
        reason=reason[:300],
        idempotency_key=idempotency_key,
        actor_account_id=actor.account.pk,
        actor_name=actor_name(actor)[:50],
    )
    bill.waived_amount += forgone[0]
    bill.late_fee_waived += forgone[1]
    if whole:
        bill.waived_at = waiver.created_at
        bill.status = BillStatus.CANCELLED
    bill.save()
    audit_record(
        actor=actor,
        action="bill.waived" if whole else "bill.part_waived",
        target_type="order",
        target_id=bill.order_id,
        before={"period": bill.period, "kind": bill.kind, "owed": str(principal + late_fee)},
        after={
            "period": bill.period,
            "kind": bill.kind,
            "principal": str(forgone[0]),
            "late_fee": str(forgone[1]),
            "owed": str(bill.rent_owed + bill.late_fee_owed),
            "at": timezone.localtime(waiver.created_at).isoformat(),
        },
        reason=reason[:300],
    )
    return waiver


def bills_write_off(*, actor: Session, order_id: int, before: date, reason: str) -> list[Bill]:
    """Writes off what the order's bills due before `before` still owe (apps.recovery's
    write-off: the caller checks the right, the age and the reason). Each such open bill
    keeps what it owed (`written_off_amount`, principal and late fee) and becomes
    `written_off`: no longer collected by the shop, still owed by the customer, so the one
    settling path takes a later payment of it (`settle.py`). No journal: the books are on
    a cash basis. Refused for a bill being paid (PAYMENT_IN_PROGRESS); nothing written then.
    Locks the order, then its bills."""
    bills = [
        bill
        for bill in order_bills_lock(order_id)
        if bill.status in OPEN_STATUSES and bill.due_date < before
    ]
    if any(bill.status == BillStatus.PAYING for bill in bills):
        raise ApplicationError(ErrorCode.PAYMENT_IN_PROGRESS)
    now = timezone.now()
    written = []
    for bill in bills:
        owed = bill.rent_owed + bill.late_fee_owed
        if owed <= 0:
            continue
        bill.written_off_amount = owed
        bill.written_off_at = now
        bill.status = BillStatus.WRITTEN_OFF
        bill.save(update_fields=["written_off_amount", "written_off_at", "status", "updated_at"])
        audit_record(
            actor=actor,
            action="bill.written_off",
            target_type="order",
            target_id=order_id,
            before={"period": bill.period, "kind": bill.kind, "status": "unpaid"},
            after={"period": bill.period, "kind": bill.kind, "written_off": str(owed)},
            reason=reason[:300],
        )
        written.append(bill)
    return written
