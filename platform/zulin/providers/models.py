from django.db import models


class SandboxSmsMessage(models.Model):
    """What the sandbox SMS adapter 'sent': read back by tests and by developers
    (`manage.py sandbox_sms`)."""

    reference = models.CharField(max_length=40, unique=True)
    phone = models.CharField(max_length=20, db_index=True)
    template = models.CharField(max_length=50)
    params = models.JSONField(default=dict)
    text = models.TextField()
    status = models.CharField(max_length=16)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
