"""The two sides of the product: the platform's admin side and a merchant's store side."""

from django.db import models


class PlatformType(models.IntegerChoices):
    ADMIN = 0, "admin"
    STORE = 1, "store"
