"""A customer's personal data in orders on a deletion request (PIPL Art. 47, docs/privacy.md):
what of orders holds it (an open order, a debt, an open after-sale, the transaction records'
retention), its erasure, and the suppression list that keeps an erased customer from being
brought back. Other apps reach these through `reads` and `services` (re-exported there)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import Max, Q, Sum
from django.utils import timezone

from tenants.orders.rules import OrderStatus
from zulin.audit.services import actor_name, audit_record
from zulin.audit.state import Machine, move, transition_locked
from zulin.core.auth import Session
from zulin.core.crypto import lookup_hash, mask_name, normalized
from zulin.core.dates import day_start
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.files.services import private_file_erase

from .models import Customer, Order, Shipment, Suppression
from .projection import order_project

# The statuses an order ends in: any other keeps the customer's data (an open lease or sale).
ENDED = (
    OrderStatus.REFUSED,
    OrderStatus.COMPLETED,
    OrderStatus.BOUGHT_OUT,
    OrderStatus.CANCELLED,
    OrderStatus.REFUNDED,
    OrderStatus.CLOSED,
)
# A parcel's receiver keeps its province and city (statistics); the rest is the person.
RECEIVER_KEPT = ("province", "city")


@dataclass(frozen=True)
class CustomerFacts:
    """What of orders may hold a customer's data: their orders, how many are open, what
    the ended ones still owe, open after-sales, the China day the last one ended."""

    customer_id: int
    order_ids: list[int]
    open_orders: int
    owed: Decimal
    open_after_sales: int
    last_ended_on: date | None
    id_number_hash: str
    erased: bool


def customer_facts(customer_id: int) -> CustomerFacts | None:
    """None when the shop holds no such customer."""
    customer = Customer.objects.filter(pk=customer_id).first()
    if customer is None:
        return None
    orders = Order.objects.filter(customer_id=customer_id)
    figures = orders.aggregate(
        owed=Sum("owed_amount"),
        last_finished=Max("finished_at", filter=Q(status__in=ENDED)),
        last_changed=Max("status_changed_at", filter=Q(status__in=ENDED)),
    )
    ended = [at for at in (figures["last_finished"], figures["last_changed"]) if at]
    return CustomerFacts(
        customer_id=customer.pk,
        order_ids=sorted(orders.values_list("pk", flat=True)),
        open_orders=orders.exclude(status__in=ENDED).count(),
        owed=figures["owed"] or Decimal("0.00"),
        open_after_sales=orders.filter(has_open_after_sale=True).count(),
        last_ended_on=timezone.localdate(max(ended)) if ended else None,
        id_number_hash=customer.id_number_hash,
        erased=customer.erased_at is not None,
    )


def customers_ended_before(day: date) -> list[int]:
    """Customers not erased nor restricted whose every order has ended, the last before
    `day` (China day): the candidates of a retention period's end. Their holds (debts,
    disputes, cases, legal holds) are the caller's to check, one by one."""
    start = day_start(day)
    open_customers = Order.objects.exclude(status__in=ENDED).values("customer_id")
    recent = Order.objects.filter(
        Q(finished_at__gte=start) | Q(status_changed_at__gte=start)
    ).values("customer_id")
    return list(
        Customer.objects.filter(erased_at=None, restricted=False, orders__isnull=False)
        .exclude(pk__in=open_customers)
        .exclude(pk__in=recent)
        .distinct()
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def person_suppressed(*, id_number: str = "", phone: str = "") -> bool:
    """Whether the ID number or the phone is on the suppression list (a customer erased on
    their request): an intake, an import or a marketing list must not bring them back."""
    wanted = Q(pk__in=[])
    if id_number.strip():
        id_hash = lookup_hash(normalized(id_number), context="customer.id_number")
        wanted |= Q(kind=Suppression.Kind.ID_NUMBER, value_hash=id_hash)
    if phone.strip():
        wanted |= Q(kind=Suppression.Kind.PHONE, value_hash=_phone_hash(phone))
    return Suppression.objects.filter(wanted, status=Suppression.Status.ACTIVE).exists()


def _phone_hash(phone: str) -> str:
    return lookup_hash(phone.strip(), context="customer.phone")


def _suppress(kind: str, value_hash: str, *, customer_id: int, reason: str) -> int:
    try:
        with transaction.atomic():
            Suppression.objects.create(
                kind=kind, value_hash=value_hash, customer_id=customer_id, reason=reason[:40]
            )
        return 1
    except IntegrityError:  # already listed
        return 0


def customer_erase(
    *, actor: Session | None, customer_id: int, reason: str, suppress: bool = True
) -> dict[str, int]:
    """Anonymises the customer in orders: name → family name and a star, phone and ID
    number emptied and kept only as keyed hashes (both put on the suppression list), ID card
    pictures erased, every parcel's receiver cut to province and city, the platform's index
    of the orders rewritten. Audited; a customer already erased is left as is (all counts
    0). The caller (apps.privacy) checked that nothing holds the data. `suppress` False (a
    retention period's end, not the customer's request): nothing put on the list."""
    with transaction.atomic():
        customer = Customer.objects.select_for_update().filter(pk=customer_id).first()
        if customer is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        if customer.erased_at is not None:
            return {"customers": 0, "receivers": 0, "files": 0, "suppressed": 0}
        phone_hash = _phone_hash(customer.phone) if customer.phone else ""
        files = sum(
            private_file_erase(int(key))
            for key in (customer.id_card_front, customer.id_card_back)
            if key.isdigit()
        )
        customer.name = mask_name(customer.name)[:2]
        customer.phone, customer.phone_hash = "", phone_hash
        customer.id_number = ""
        customer.id_card_front = customer.id_card_back = ""
        customer.erased_at, customer.restricted = timezone.now(), False
        customer.save()
        receivers = 0
        for parcel in Shipment.objects.select_for_update().filter(order__customer_id=customer_id):
            kept = {k: v for k, v in (parcel.receiver or {}).items() if k in RECEIVER_KEPT}
            if kept != parcel.receiver:
                parcel.receiver = kept
                parcel.save(update_fields=["receiver", "updated_at"])
                receivers += 1
        suppressed = 0
        if suppress:
            suppressed = _suppress(
                Suppression.Kind.ID_NUMBER,
                customer.id_number_hash,
                customer_id=customer.pk,
                reason=reason,
            )
        if suppress and phone_hash:
            suppressed += _suppress(
                Suppression.Kind.PHONE, phone_hash, customer_id=customer.pk, reason=reason
            )
        for order in Order.objects.filter(customer_id=customer_id).select_related("customer"):
            order_project(order)
        counts = {"customers": 1, "receivers": receivers, "files": files, "suppressed": suppressed}
        audit_record(
            actor=actor,
            action="customer.erase",
            target_type="customer",
            target_id=customer.pk,
            after={**counts, "phone_hash": phone_hash},
            reason=reason,
        )
    return counts


def customer_restrict(*, actor: Session, customer_id: int, reason: str) -> bool:
    """Restricts the customer (a deletion request something holds): their name and phone
    hidden in the order lists (`selectors.order_rows`) and the platform's index, their orders
    left out of exports.
    Audited; False when already restricted (nothing changed)."""
    with transaction.atomic():
        changed = Customer.objects.filter(pk=customer_id, restricted=False, erased_at=None).update(
            restricted=True, updated_at=timezone.now()
        )
        if changed:
            for order in Order.objects.filter(customer_id=customer_id).select_related("customer"):
                order_project(order)  # the platform's index hides them too
            audit_record(
                actor=actor,
                action="customer.restrict",
                target_type="customer",
                target_id=customer_id,
                after={"restricted": True},
                reason=reason,
            )
    return bool(changed)


SUPPRESSION = Machine(
    model=Suppression,
    target_type="suppression",
    moves=(move(Suppression.Status.ACTIVE, "lift", Suppression.Status.LIFTED, "privacy.manage"),),
    labels={"active": ("禁止回流", "suppressed"), "lifted": ("已解除", "lifted")},
)


def suppression_lift(
    *,
    actor: Session,
    id_number: str,
    phone: str = "",
    verification: str,
    note: str = "",
    reason: str,
) -> list[int]:
    """Lifts the suppression of an erased customer who comes back and consents afresh: the
    ID number's entry (and the phone's, when given) moved to lifted through the state
    machine with who, when, how the customer was verified and why (history and audit);
    the intake accepts the ID number again. The ids of the entries lifted; an ID number not
    on the list is a 400 on `id_number`."""
    id_hash = lookup_hash(normalized(id_number), context="customer.id_number")
    wanted = Q(kind=Suppression.Kind.ID_NUMBER, value_hash=id_hash)
    if phone.strip():
        wanted |= Q(kind=Suppression.Kind.PHONE, value_hash=_phone_hash(phone))
    with transaction.atomic():
        rows = list(
            Suppression.objects.select_for_update()
            .filter(wanted, status=Suppression.Status.ACTIVE)
            .order_by("pk")
        )
        if not any(row.kind == Suppression.Kind.ID_NUMBER for row in rows):
            raise field_error(
                "id_number",
                Text("该身份证号不在禁止回流名单上", "this ID number is not on the list"),
            )
        now, name = timezone.now(), actor_name(actor)

        def lifted(locked: Suppression) -> dict[str, str]:
            locked.lifted_at, locked.lifted_by_name = now, name
            locked.lift_verification, locked.lift_note = verification, note
            locked.lift_reason = reason
            return {"kind": locked.kind, "verification": verification, "note": note}

        for row in rows:
            transition_locked(
                SUPPRESSION, row=row, action="lift", actor=actor, reason=reason, change=lifted
            )
    return [row.pk for row in rows]
