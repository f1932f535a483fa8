from django.apps import AppConfig


class PromotionConfig(AppConfig):
    name = "apps.promotion"
    label = "promotion"
    verbose_name = (
        "Promotion share links, their visits and attributed orders (each merchant schema)"
    )

    def ready(self) -> None:
        from apps.orders import events

        from .selectors import attribution_of

        events.SHARE_CODE_ATTRIBUTION.register(attribution_of)
