from django.apps import AppConfig


class OrdersIndexConfig(AppConfig):
    """The platform's index of every merchant's orders (public schema only), written by
    `apps.orders.projection` in the transaction of each change, so the admin side lists and
    counts orders without visiting each merchant's schema."""

    name = "tenants.orders"
    label = "orders_index"
    verbose_name = "Platform order index (public schema)"
