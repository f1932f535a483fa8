from django.db import models


class AuditEntry(models.Model):
    """One recorded state change: who, when, what, before → after, why.

    Lives in the schema of the data it is about: a merchant's changes in its schema, the
    platform's (merchants, categories) in public. Rows are only ever added.
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
