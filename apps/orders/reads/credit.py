"""What credit reporting and the risk view read of an order: its credit facts and queries."""

from __future__ import annotations

from typing import Any

from apps.risk.selectors import credit_query_times
from zulin.core.auth import Session
from zulin.core.crypto import lookup_hash

from ..models import (
    Order,
)
from ..scope import order_in_scope


def order_credit_query_times(*, session: Session, order_id: int, days: int) -> dict[str, Any]:
    """How often the shop queried the credit of the order's customer (within the session's
    order scope), and what the bureau counted."""
    order = order_in_scope(session, order_id)
    person = lookup_hash(order.customer.id_number, context="credit.id_number")
    return {"order_id": order.pk, **credit_query_times(id_number_hash=person, days=days)}


CREDIT_FINAL_STATUSES = ("completed", "bought_out", "closed", "refunded", "cancelled")


def _credit_facts(order: Order) -> dict[str, Any]:
    signed = order.contracts.filter(status="signed").order_by("-version").first()
    return {
        "id": order.pk,
        "order_no": order.order_no,
        "kind": order.kind,
        "status": order.status,
        "sub_shop_id": order.sub_shop_id,
        "customer_name": order.customer.name,
        "customer_id_number": order.customer.id_number,
        "term": order.term,
        "term_unit": order.term_unit,
        "total_rent": order.total_rent,
        "lease_start": order.lease_start,
        "lease_end": order.lease_end,
        "started": order.lease_start is not None and order.delivered_at is not None,
        "final": order.status in CREDIT_FINAL_STATUSES,
        "finished_at": order.finished_at,
        "contract_no": signed.contract_no if signed is not None else "",
    }


def order_credit_facts(*, session: Session | None, order_id: int) -> dict[str, Any]:
    """What credit reporting reads of a lease in the session's scope (404 otherwise): the
    customer's identity in full (the bureau needs it), its terms, dates and signed contract."""
    return _credit_facts(order_in_scope(session, order_id))


def credit_started_lease_ids(*, changed_since: Any = None) -> list[int]:
    """Leases the customer has received (their credit account can open), changed since."""
    found = Order.objects.filter(
        kind="lease", is_deleted=False, lease_start__isnull=False, delivered_at__isnull=False
    )
    if changed_since is not None:
        found = found.filter(updated_at__gte=changed_since)
    return list(found.order_by("id").values_list("pk", flat=True))
