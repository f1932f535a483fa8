from django.apps import AppConfig


class SubshopsConfig(AppConfig):
    name = "apps.subshops"
    label = "subshops"
    verbose_name = "Shop management: sub-shops, return addresses, channels (each merchant schema)"
