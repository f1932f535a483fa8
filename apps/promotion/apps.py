from django.apps import AppConfig


class PromotionConfig(AppConfig):
    name = "apps.promotion"
    label = "promotion"
    verbose_name = (
        "Promotion share links, their visits and attributed orders (each merchant schema)"
    )
