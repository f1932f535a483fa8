"""The shop's notary settings and one notarization per order (its steps, its evidence)."""

from __future__ import annotations

from django.db import models

from zulin.core.crypto import EncryptedTextField
from zulin.providers.operations import ProviderOperation, idempotency_unique


class NotarySetting(models.Model):
    """The shop's account at the notary service (one row, pk 1). The secret and the cached
    access token are encrypted at rest and never answered in full."""

    is_open = models.BooleanField(default=False)
    org_name = models.CharField(max_length=100, blank=True, default="")
    org_code = models.CharField(max_length=32, blank=True, default="")
    app_key = models.CharField(max_length=64, blank=True, default="")
    app_secret = EncryptedTextField(context="notary.app_secret", blank=True, default="")
    api_token = EncryptedTextField(context="notary.api_token", blank=True, default="")
    token_expires_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)


class NotaryStatus(models.TextChoices):
    DRAFT = "draft", "待推送"
    CUSTOMER_PUSHED = "customer_pushed", "已推送客户信息"
    ID_PUSHED = "id_pushed", "已推送身份证"
    CONTRACT_PUSHED = "contract_pushed", "已推送合同"
    SUBMITTED = "submitted", "公证中"
    NOTARIZED = "notarized", "已公证"
    FAILED = "failed", "公证失败"
    CANCELLED = "cancelled", "已撤销"


class Notarization(ProviderOperation):
    """The notarization of one order's lease contract. `attempt` counts the cases made at
    the notary service: one that failed or was cancelled may be started again (a new case,
    our request number `<order_no>N<attempt>`)."""

    WAITING = ("submitted",)
    KIND = "notarization"

    order_id = models.BigIntegerField(unique=True)  # apps.orders.Order
    order_no = models.CharField(max_length=32)
    status = models.CharField(
        max_length=16, choices=NotaryStatus.choices, default=NotaryStatus.DRAFT
    )
    attempt = models.PositiveIntegerField(default=0)
    out_no = models.CharField(max_length=64, blank=True, default="")
    provider_reference = models.CharField(
        max_length=40, blank=True, default="", db_column="case_reference"
    )
    # [{name, sha256, size, content_type}] in the order sent; the combined hash covers them.
    evidence = models.JSONField(default=list)
    evidence_hash = models.CharField(max_length=64, blank=True, default="")
    contract_no = models.CharField(max_length=40, blank=True, default="")
    certificate_no = models.CharField(max_length=60, blank=True, default="")
    failure_reason = models.CharField(max_length=40, blank=True, default="")
    cancel_reason = models.CharField(max_length=300, blank=True, default="")
    # The last call to the notary service that failed (its code), cleared by the next success.
    last_error = models.CharField(max_length=40, blank=True, default="")
    customer_pushed_at = models.DateTimeField(null=True, blank=True)
    id_pushed_at = models.DateTimeField(null=True, blank=True)
    contract_pushed_at = models.DateTimeField(null=True, blank=True)
    submitted_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [idempotency_unique("notarization_idempotency")]
        indexes = [models.Index(fields=["provider_reference"], name="notarization_case_idx")]
