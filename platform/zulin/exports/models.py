from django.db import models


class ExportStatus(models.TextChoices):
    QUEUED = "queued", "queued"
    RUNNING = "running", "running"
    DONE = "done", "done"
    FAILED = "failed", "failed"


class ExportJob(models.Model):
    """One Excel export: what was asked (kind and filters), by whom and in which scope, and
    how far the worker got. Lives in the schema of the data exported (a merchant's exports
    in its schema, the platform's in public); the workbook is a private file there."""

    kind = models.CharField(max_length=40)
    filters = models.JSONField(default=dict)
    status = models.CharField(
        max_length=10, choices=ExportStatus.choices, default=ExportStatus.QUEUED
    )
    progress = models.PositiveSmallIntegerField(default=0)
    rows = models.PositiveIntegerField(default=0)
    file = models.ForeignKey(
        "files.StoredFile", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # The code of the failure (ErrorCode) and what happened, for the operator (answered to
    # the account as the code's message).
    error_code = models.PositiveIntegerField(null=True, blank=True)
    error = models.CharField(max_length=500, blank=True, default="")
    # Who asked, kept for the worker: it narrows rows as the account's session did.
    created_by_account_id = models.BigIntegerField()
    created_by_name = models.CharField(max_length=50, blank=True, default="")
    side = models.PositiveSmallIntegerField()
    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    language = models.CharField(max_length=2, default="zh")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["created_by_account_id", "-id"], name="export_job_account_idx")
        ]
