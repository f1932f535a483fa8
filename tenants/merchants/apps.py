from django.apps import AppConfig


class MerchantsConfig(AppConfig):
    name = "tenants.merchants"
    label = "merchants"
    verbose_name = "Merchants, domains, provisioning and settlement terms (public schema)"
