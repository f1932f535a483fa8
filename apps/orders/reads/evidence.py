"""What notarization and the evidence pack read of an order: its subject, facts,
timeline and brief."""

from __future__ import annotations

from typing import Any

from apps.risk.selectors import order_risk_checks
from tenants.catalog.selectors import money
from tenants.orders.rules import STATUS_LABELS
from zulin.core.auth import Session
from zulin.core.numbers import id_from_text

from ..models import (
    Order,
)
from ..scope import order_in_scope
from ..selectors import (
    order_device,
    shipment_rows,
    timeline,
)


def order_notary_subject(*, session: Session | None, order_id: int) -> dict[str, Any]:
    """What notarizing the order needs, within the session's order scope (NOT_FOUND
    outside it): its number and status, the customer in full, the file ids of the ID card
    pictures and the newest contract that is not void (None before there is one)."""
    order = order_in_scope(session, order_id)
    customer = order.customer
    contract = order.contracts.exclude(status="void").order_by("-version").first()
    return {
        "id": order.pk,
        "order_no": order.order_no,
        "kind": order.kind,
        "status": order.status,
        "customer_name": customer.name,
        "customer_phone": customer.phone,
        "customer_id_number": customer.id_number,
        "id_card_front": int(customer.id_card_front) if customer.id_card_front else None,
        "id_card_back": int(customer.id_card_back) if customer.id_card_back else None,
        "device": order_device(order.pk),
        "contract": None
        if contract is None
        else {
            "contract_no": contract.contract_no,
            "status": contract.status,
            "sha256": contract.sha256,
            "file_id": int(contract.file_key),
        },
    }


def order_evidence_facts(order_id: int) -> dict[str, Any]:
    """What an evidence pack tells of an order the caller already found in its session's
    scope: the order's own facts, the customer in full (the pack is a private file for the
    roles that argue a dispute), the ID card pictures' file ids, every contract version with
    its e-signing flow, and its parcels. Plain values of stored facts only: nothing that
    changes with the day it is read, so the same order reads the same."""
    order = Order.objects.select_related("customer").get(pk=order_id)
    customer = order.customer
    contracts = [
        {
            "version": contract.version,
            "contract_no": contract.contract_no,
            "status": contract.status,
            "status_name": contract.get_status_display(),
            "sha256": contract.sha256,
            "file_id": id_from_text(contract.file_key),
            "esign_flow_reference": contract.provider_reference,
            "signed_at": contract.signed_at,
            "created_at": contract.created_at,
        }
        for contract in order.contracts.order_by("version")
    ]
    return {
        "order": {
            "id": order.pk,
            "order_no": order.order_no,
            "kind": order.kind,
            "status": order.status,
            "status_name": STATUS_LABELS.get(order.status, order.status),
            "sub_shop_id": order.sub_shop_id,
            "channel": order.channel,
            "goods_title": order.goods_title,
            "sku_specs": order.sku_specs,
            "fineness": order.fineness,
            "quantity": order.quantity,
            "term": order.term,
            "term_unit": order.term_unit,
            "rent": money(order.rent),
            "total_rent": money(order.total_rent),
            "buyout_price": money(order.buyout_price),
            "ownership_transfer": order.ownership_transfer,
            "addons": order.addons,
            "addon_total": money(order.addon_total),
            "sale_price": money(order.sale_price),
            "shipping_fee": money(order.shipping_fee),
            "deposit": money(order.deposit),
            "deposit_waived": money(order.deposit_waived),
            "lease_start": order.lease_start,
            "lease_end": order.lease_end,
            "device_serial": order.device_serial,
            "device": order_device(order.pk),
            "contract_signed_at": order.contract_signed_at,
            "first_bill_paid_at": order.first_bill_paid_at,
            "shipped_at": order.shipped_at,
            "delivered_at": order.delivered_at,
            "finished_at": order.finished_at,
            "created_at": order.created_at,
            "updated_at": order.updated_at,
        },
        "customer": {
            "name": customer.name,
            "phone": customer.phone,
            "id_number": customer.id_number,
            "id_card_front": id_from_text(customer.id_card_front),
            "id_card_back": id_from_text(customer.id_card_back),
            "restricted": customer.restricted,
        },
        "risk": {
            "grade": order.risk_grade,
            "score": order.risk_score,
            "decision": order.risk_decision,
            "reference": order.risk_reference,
            "checks": order_risk_checks(order.pk),
        },
        "contracts": contracts,
        "shipments": shipment_rows(order),
    }


def order_timeline(order_id: int) -> list[dict[str, Any]]:
    """The order's timeline as its detail shows it (newest first)."""
    return timeline(Order.objects.get(pk=order_id))


def order_brief(*, session: Session | None, order_id: int) -> dict[str, Any]:
    """An order's id, number and sub-shop within the session's scope (NOT_FOUND outside it,
    as for none)."""
    order = order_in_scope(session, order_id)
    return {"id": order.pk, "order_no": order.order_no, "sub_shop_id": order.sub_shop_id}
