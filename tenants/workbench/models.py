from django.db import models


class ShortcutPin(models.Model):
    """A menu entry an account pinned to its workbench. Stored in the schema of the side
    it was pinned on, so a merchant's pins never leave its schema."""

    account_id = models.BigIntegerField(db_index=True)
    menu_id = models.BigIntegerField()
    sort = models.IntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sort", "id"]
        constraints = [
            models.UniqueConstraint(fields=["account_id", "menu_id"], name="shortcut_pin_unique")
        ]
