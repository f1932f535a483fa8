from django.apps import AppConfig


class CatalogConfig(AppConfig):
    """Platform goods categories and the platform-wide goods projection (public schema only).

    A SHARED app, not a tenant one: categories are the platform's, one tree every merchant
    files its goods under, and `PlatformGoods` lists every merchant's goods in one table so
    the admin side can list, count and govern goods without visiting each merchant's schema.
    Merchant schemas see these tables through the search path (schema, public).
    """

    name = "tenants.catalog"
    label = "catalog"
    verbose_name = "Goods categories and platform goods listing (public schema)"
