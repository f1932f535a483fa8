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


# --- what every sandbox shares -------------------------------------------------------------


class SandboxFailureRule(models.Model):
    """Failures on demand: the next `remaining` requests of `service`/`operation` (for one
    merchant and one subject when set, any otherwise) end with `reason` instead of their
    normal outcome. `remaining` null: every such request until the rule is deleted.

    Reasons with a special meaning: SYSTEM_ERROR (the provider cannot be reached: it raises
    ProviderError and records nothing), CALLBACK_LOST (the operation succeeds, its callback
    is never delivered; a query still tells the truth). Any other reason makes the record
    fail with it (INSUFFICIENT_BALANCE, FREEZE_REFUSED, REFUND_FAILED, NAME_MISMATCH …).
    Set from tests, `manage.py sandbox fail …` or the demo (zulin/providers/sandbox.py)."""

    service = models.CharField(max_length=20)
    operation = models.CharField(max_length=20)
    reason = models.CharField(max_length=40)
    merchant = models.CharField(max_length=30, blank=True, default="")
    subject = models.CharField(max_length=64, blank=True, default="")
    remaining = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["service", "operation"], name="sandbox_rule_lookup_idx")]


class SandboxCallbackStatus(models.TextChoices):
    PENDING = "pending"
    DELIVERED = "delivered"
    LOST = "lost"  # a failure on demand: never sent unless replayed
    GIVEN_UP = "given_up"  # every retry failed


class SandboxCallback(models.Model):
    """The sandboxes' outbox: a signed notification to our callback route, kept so it can
    be delivered (Celery in `make run`, in process in tests) and replayed."""

    provider = models.CharField(max_length=20)
    event_id = models.CharField(max_length=40, unique=True)
    event_type = models.CharField(max_length=40)
    merchant = models.CharField(max_length=30)
    # The exact bytes signed and sent (JSON text), so a replay is byte for byte the same.
    body = models.TextField()
    signature = models.CharField(max_length=100)
    status = models.CharField(
        max_length=12, choices=SandboxCallbackStatus.choices, default=SandboxCallbackStatus.PENDING
    )
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["status", "id"], name="sandbox_callback_status_idx")]


# --- the payment sandbox's books -----------------------------------------------------------


class SandboxPaymentRecord(models.Model):
    """One request to the sandbox payment provider and its outcome: what a real provider
    keeps on its side. `source` links a thaw or transfer to its freeze, a withhold to its
    agreement, a refund to the trade it refunds."""

    merchant = models.CharField(max_length=30)
    operation = models.CharField(max_length=16)
    out_no = models.CharField(max_length=64)
    trade_no = models.CharField(max_length=32, unique=True)
    status = models.CharField(max_length=12)
    amount = models.DecimalField(max_digits=14, decimal_places=2)
    # What our request asked for when the provider moved another amount (a failure on
    # demand, AMOUNT_DIFFERS); null: the amount asked. A request sent again is matched on it.
    requested_amount = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    reason = models.CharField(max_length=40, blank=True, default="")
    payer = models.CharField(max_length=64, blank=True, default="")
    subject = models.CharField(max_length=128, blank=True, default="")
    auth_no = models.CharField(max_length=32, blank=True, default="")
    agreement_no = models.CharField(max_length=32, blank=True, default="")
    source = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="followers"
    )
    # While processing: the outcome it settles to, and when (null: waits for the payer).
    planned_status = models.CharField(max_length=12, blank=True, default="")
    planned_reason = models.CharField(max_length=40, blank=True, default="")
    settle_after = models.DateTimeField(null=True, blank=True)
    callback_lost = models.BooleanField(default=False)
    # Deposit-free (a freeze that asked the credit service, and what follows it): how much
    # of `amount` is the credit service's guarantee, not the payer's money (docs/zhima.md).
    credit_asked = models.BooleanField(default=False)
    credit_amount = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    # A payment against an authorisation (`auth_pay`): NOT_COMPLETE or COMPLETE ("" else).
    auth_confirm_mode = models.CharField(max_length=12, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "out_no"], name="sandbox_payment_out_no"),
        ]
        indexes = [
            models.Index(fields=["auth_no"], name="sandbox_payment_auth_idx"),
            models.Index(fields=["agreement_no"], name="sandbox_payment_agreement_idx"),
            models.Index(fields=["status", "settle_after"], name="sandbox_payment_due_idx"),
            # The daily statement: a merchant's operations that ended on a day.
            models.Index(fields=["merchant", "finished_at"], name="sandbox_payment_day_idx"),
        ]


# --- risk and identity sandboxes -----------------------------------------------------------


class SandboxRiskAssessment(models.Model):
    """An assessment the sandbox risk provider answered: kept so a query and a retry of the
    same request number answer the same result. Identity fields are kept masked only."""

    merchant = models.CharField(max_length=30)
    out_no = models.CharField(max_length=64)
    reference = models.CharField(max_length=40, unique=True)
    query_type = models.CharField(max_length=30)
    id_number_masked = models.CharField(max_length=24)
    phone_masked = models.CharField(max_length=20)
    score = models.PositiveSmallIntegerField()
    grade = models.CharField(max_length=1)
    decision = models.CharField(max_length=8)
    hit_rules = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "out_no"], name="sandbox_risk_out_no"),
        ]


class SandboxIdentityVerification(models.Model):
    merchant = models.CharField(max_length=30)
    out_no = models.CharField(max_length=64)
    reference = models.CharField(max_length=40, unique=True)
    id_number_masked = models.CharField(max_length=24)
    phone_masked = models.CharField(max_length=20)
    verified = models.BooleanField()
    id_number_valid = models.BooleanField()
    name_matches = models.BooleanField()
    phone_matches = models.BooleanField()
    reason = models.CharField(max_length=40, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "out_no"], name="sandbox_identity_out_no"),
        ]


class SandboxCreditQuery(models.Model):
    """A credit-report query the sandbox bureau took: processing until it settles (at
    `settle_after`, or by hand), then its report. The bureau sees every merchant's queries of
    a person (`id_number_digest`), which is what `queries_before` counts."""

    merchant = models.CharField(max_length=30)
    out_no = models.CharField(max_length=64)
    reference = models.CharField(max_length=40, unique=True)
    id_number_digest = models.CharField(max_length=64, db_index=True)
    id_number_masked = models.CharField(max_length=24)
    status = models.CharField(max_length=12)
    score = models.PositiveSmallIntegerField(null=True, blank=True)
    level = models.CharField(max_length=12, blank=True, default="")
    overdue_accounts = models.PositiveSmallIntegerField(default=0)
    open_accounts = models.PositiveSmallIntegerField(default=0)
    queries_before = models.PositiveSmallIntegerField(default=0)
    reason = models.CharField(max_length=40, blank=True, default="")
    # While processing: how it ends (a failure on demand decided at the request) and when.
    planned_reason = models.CharField(max_length=40, blank=True, default="")
    settle_after = models.DateTimeField(null=True, blank=True)
    callback_lost = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "out_no"], name="sandbox_credit_out_no"),
        ]


# --- our side: callbacks received ----------------------------------------------------------


class CallbackLogStatus(models.TextChoices):
    HANDLED = "handled"
    IGNORED = "ignored"  # no handler for its event type: acknowledged, nothing done
    FAILED = "failed"  # the handler raised: answered as an error, so the provider sends again


class ProviderCallbackLog(models.Model):
    """Every signed callback we received, once per (provider, event_id): a callback sent
    again is recognised and acknowledged without being handled twice. Unsigned or badly
    signed requests are never written here (they could squat a real event's id)."""

    provider = models.CharField(max_length=20)
    event_id = models.CharField(max_length=64)
    event_type = models.CharField(max_length=40)
    merchant = models.CharField(max_length=30)
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=CallbackLogStatus.choices)
    received_count = models.PositiveIntegerField(default=1)
    error = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    handled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["provider", "event_id"], name="callback_log_event"),
        ]
        indexes = [models.Index(fields=["merchant", "-id"], name="callback_log_merchant_idx")]


# --- the e-contract sandbox's flows and the express sandbox's parcels ------------------------


class SandboxEContractFlow(models.Model):
    """A signing flow the sandbox e-contract service holds for a merchant, as the real one
    would; its events go out through the callback outbox (`events` lists their ids)."""

    merchant = models.CharField(max_length=30)
    out_no = models.CharField(max_length=64)
    reference = models.CharField(max_length=40, unique=True)
    order_no = models.CharField(max_length=64)
    document_name = models.CharField(max_length=200)
    document_sha256 = models.CharField(max_length=64)
    signer_name = models.CharField(max_length=50)
    signer_phone_masked = models.CharField(max_length=20)
    signer_id_number_masked = models.CharField(max_length=32)
    link_token = models.CharField(max_length=32)
    status = models.CharField(max_length=16)
    signed_at = models.DateTimeField(null=True, blank=True)
    event_ids = models.JSONField(default=list)
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "out_no"], name="sandbox_econtract_out_no"),
        ]


class SandboxShipment(models.Model):
    """A parcel the sandbox carrier knows: its events follow from `shipped_at`."""

    company_code = models.CharField(max_length=8)
    tracking_no = models.CharField(max_length=40)
    shipped_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["company_code", "tracking_no"], name="sandbox_shipment_parcel"
            )
        ]


# --- the notary sandbox ------------------------------------------------------------------------


class SandboxNotaryToken(models.Model):
    """An access token the sandbox notary service issued to a merchant's credentials (kept
    as a digest, like a real service would)."""

    merchant = models.CharField(max_length=30)
    app_key = models.CharField(max_length=64)
    token_sha256 = models.CharField(max_length=64, unique=True)
    expires_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]


class SandboxNotaryCase(models.Model):
    """A notarization case the sandbox notary service holds: evidence by part (digests only),
    then processing until the notary's outcome (at `settle_after`, or by hand), sent as a
    signed callback through the outbox."""

    merchant = models.CharField(max_length=30)
    out_no = models.CharField(max_length=64)
    reference = models.CharField(max_length=40, unique=True)
    order_no = models.CharField(max_length=64)
    org_code = models.CharField(max_length=32)
    customer_digest = models.CharField(max_length=64)
    customer_masked = models.CharField(max_length=80)
    status = models.CharField(max_length=12)
    evidence = models.JSONField(default=dict)  # part name → SHA-256
    certificate_no = models.CharField(max_length=40, blank=True, default="")
    reason = models.CharField(max_length=40, blank=True, default="")
    link_token = models.CharField(max_length=32)
    # While processing: how it ends (a failure on demand decided at submission) and when.
    planned_reason = models.CharField(max_length=40, blank=True, default="")
    settle_after = models.DateTimeField(null=True, blank=True)
    callback_lost = models.BooleanField(default=False)
    event_ids = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    submitted_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "out_no"], name="sandbox_notary_out_no"),
        ]


class SandboxCreditReportFile(models.Model):
    """A report file the sandbox bureau took: its bytes and hash, processing until it is
    checked (at `settle_after`, or by hand), then each record's feedback
    ([{record_no, accepted, errors: [{code, message}]}])."""

    merchant = models.CharField(max_length=30)
    out_no = models.CharField(max_length=64)
    reference = models.CharField(max_length=40, unique=True)
    file_name = models.CharField(max_length=100)
    content = models.BinaryField()
    sha256 = models.CharField(max_length=64)
    record_count = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=12)
    feedback = models.JSONField(default=list)
    reason = models.CharField(max_length=40, blank=True, default="")
    # While processing: records the failure rules marked (record_no → error code).
    planned_errors = models.JSONField(default=dict)
    settle_after = models.DateTimeField(null=True, blank=True)
    callback_lost = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["merchant", "out_no"], name="sandbox_credit_report_out_no"
            ),
        ]


class SandboxWaybill(models.Model):
    """An order the sandbox carrier took (an electronic waybill), with its door pickup when
    one was booked (`pickup_status` set): what SF keeps on its side. `routes` are its scans
    ([{code, status, occurred_at, place, text}]), `event_ids` the pushes sent about it."""

    merchant = models.CharField(max_length=30)
    out_no = models.CharField(max_length=64)
    waybill_no = models.CharField(max_length=20, unique=True)
    company_code = models.CharField(max_length=8)
    service = models.CharField(max_length=20)
    pay_method = models.CharField(max_length=12)
    monthly_account = models.CharField(max_length=20, blank=True, default="")
    sender = models.JSONField(default=dict)
    receiver = models.JSONField(default=dict)
    parcel = models.JSONField(default=dict)
    order_no = models.CharField(max_length=64, blank=True, default="")
    unit_serial = models.CharField(max_length=64, blank=True, default="")
    request_sha256 = models.CharField(max_length=64)
    status = models.CharField(max_length=12)
    reason = models.CharField(max_length=40, blank=True, default="")
    routes = models.JSONField(default=list)
    freight = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    weight_kg = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    pickup_reference = models.CharField(max_length=40, blank=True, default="")
    pickup_status = models.CharField(max_length=24, blank=True, default="")
    pickup_starts_at = models.DateTimeField(null=True, blank=True)
    pickup_ends_at = models.DateTimeField(null=True, blank=True)
    courier_name = models.CharField(max_length=20, blank=True, default="")
    courier_phone = models.CharField(max_length=20, blank=True, default="")
    event_ids = models.JSONField(default=list)
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "out_no"], name="sandbox_waybill_out_no"),
        ]
