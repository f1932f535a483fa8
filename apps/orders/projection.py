"""The only module of orders that writes public rows: each order's line in the platform's
order index (`tenants.orders.OrderIndex`), written in the transaction of the change."""

from __future__ import annotations

from tenants.orders.models import OrderIndex
from zulin.core.crypto import lookup_hash, mask_name, mask_phone
from zulin.core.db import tenant_connection

from .models import Order

# What a list shows of a restricted customer (name and phone alike).
RESTRICTED = "***"


def customer_masked(name: str, phone: str, *, restricted: bool) -> tuple[str, str]:
    """A customer's name and phone as every list, export and the platform's index show them:
    masked, or hidden whole for a restricted customer (a deletion request something holds,
    apps.privacy). The one place."""
    if restricted:
        return RESTRICTED, RESTRICTED
    return mask_name(name), mask_phone(phone)


def order_project(order: Order) -> None:
    customer = order.customer
    shown_name, shown_phone = customer_masked(
        customer.name, customer.phone, restricted=customer.restricted
    )
    OrderIndex.objects.update_or_create(
        merchant_id=tenant_connection.tenant.pk,
        order_id=order.pk,
        defaults={
            "order_no": order.order_no,
            "kind": order.kind,
            "status": order.status,
            "stage": order.stage,
            "customer_name": shown_name,
            "customer_phone": shown_phone,
            "customer_phone_hash": lookup_hash(customer.phone, context="customer.phone"),
            "goods_id": order.goods_id,
            "goods_title": order.goods_title,
            "goods_picture": order.goods_picture,
            "sku_specs": order.sku_specs,
            "term": order.term,
            "term_unit": order.term_unit,
            "rent": order.rent,
            "total_rent": order.total_rent,
            "sale_price": order.sale_price,
            "deposit": order.deposit,
            "channel": order.channel,
            "sub_shop_id": order.sub_shop_id,
            "has_open_after_sale": order.has_open_after_sale,
            "overdue_since": order.overdue_since,
            "owed_amount": order.owed_amount,
            "is_deleted": order.is_deleted,
            "created_at": order.created_at,
            "updated_at": order.updated_at,
        },
    )
