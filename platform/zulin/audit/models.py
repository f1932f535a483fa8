from django.db import models


class AuditEntry(models.Model):
    """One recorded state change: who, when, what, before → after, why.

    Lives in the schema of the data it is about: a merchant's changes in its schema, the
    platform's (merchants, categories) in public. Rows are only ever added, and deleted only past
    their period by the retention night (zulin.audit.retention).
    """

    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    actor_side = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.CharField(max_length=64)
    target_type = models.CharField(max_length=40)
    target_id = models.CharField(max_length=40)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["target_type", "target_id"], name="audit_target_idx")]


class StatusChange(models.Model):
    """One move of a guarded status (a merchant, goods, later orders, bills, withdrawals):
    written by `zulin.audit.state.transition` only, in the schema of the row it is about.
    The first row of a record may have an empty `from_status` (its creation)."""

    target_type = models.CharField(max_length=40)
    target_id = models.CharField(max_length=40)
    action = models.CharField(max_length=64)
    from_status = models.CharField(max_length=32, blank=True, default="")
    to_status = models.CharField(max_length=32)
    reason = models.CharField(max_length=500, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    actor_side = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(
                fields=["target_type", "target_id", "-id"], name="status_change_target_idx"
            )
        ]
