"""Privacy: the log of customers' requests about their personal information (PIPL Art. 45
access and copy, Art. 46 correction, Art. 47 deletion) and the shop's privacy settings.

A request names the customer it is about by the customer's id (`apps.orders.Customer`) when
the phone or ID number given finds one; the log keeps the requester's contact for the answer
and the ID number's keyed hash only, never the number itself (docs/privacy.md)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

# The default time to answer: 15 working days (PIPL Art. 50 asks for "timely"; the regulators'
# rule for apps, 国信办秘字〔2019〕191号 item 6.3, names 15 working days). The shop's setting
# may lengthen it (the rule), up to the maximum; counsel to review (docs/privacy.md).
DEFAULT_DUE_WORKING_DAYS = 15
DUE_WORKING_DAYS_MAX = 30


class RequestKind(models.TextChoices):
    ACCESS = "access", "查阅复制"
    CORRECT = "correct", "更正补充"
    DELETE = "delete", "删除"


class RequestStatus(models.TextChoices):
    RECEIVED = "received", "待处理"
    IN_PROGRESS = "in_progress", "处理中"
    COMPLETED = "completed", "已办结"
    REFUSED = "refused", "已拒绝"


OPEN_STATUSES = (RequestStatus.RECEIVED, RequestStatus.IN_PROGRESS)


class RequestChannel(models.TextChoices):
    PHONE = "phone", "电话"
    ONLINE = "online", "线上客服"
    EMAIL = "email", "电子邮件"
    LETTER = "letter", "信函"
    IN_PERSON = "in_person", "到店"


class Verification(models.TextChoices):
    SMS_CODE = "sms_code", "短信验证码（预留手机号）"
    ID_DOCUMENT = "id_document", "核验身份证件"
    FACE_CHECK = "face_check", "人脸核验"
    ACCOUNT = "account", "已登录的客户账号"


class LookupBy(models.TextChoices):
    PHONE = "phone", "手机号"
    ID_NUMBER = "id_number", "身份证号"


class PrivacySetting(models.Model):
    """The shop's privacy settings (one row, pk 1)."""

    # Working days to answer a request: the default or more, never fewer.
    due_working_days = models.PositiveSmallIntegerField(default=DEFAULT_DUE_WORKING_DAYS)
    # Years the nightly retention job keeps what the law keeps at least 3 years: the shop
    # may lengthen them, never shorten (apps/privacy/retention.py, RETENTION_LAW_YEARS).
    retention_years = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)


class PrivacyRequest(models.Model):
    request_no = models.CharField(max_length=24, unique=True)
    kind = models.CharField(max_length=10, choices=RequestKind.choices)
    status = models.CharField(
        max_length=12, choices=RequestStatus.choices, default=RequestStatus.RECEIVED
    )
    # Who asked and how to answer them.
    requester_name = models.CharField(max_length=50)
    requester_phone = models.CharField(max_length=20)
    # How the customer was found: the phone or the ID number (its keyed hash only).
    lookup_by = models.CharField(max_length=10, choices=LookupBy.choices)
    lookup_phone = models.CharField(max_length=20, blank=True, default="")
    lookup_id_hash = models.CharField(max_length=64, blank=True, default="")
    customer_id = models.BigIntegerField(null=True, blank=True)  # apps.orders.Customer
    channel = models.CharField(max_length=10, choices=RequestChannel.choices)
    verification = models.CharField(max_length=12, choices=Verification.choices)
    verification_note = models.CharField(max_length=200, blank=True, default="")
    detail = models.TextField(blank=True, default="")  # what the customer asks, in their words
    received_on = models.DateField()  # China day
    due_on = models.DateField()
    handler_account_id = models.BigIntegerField(null=True, blank=True)
    handler_name = models.CharField(max_length=50, blank=True, default="")
    # The answer: what was done (completed) or the reason given (refused).
    outcome = models.TextField(blank=True, default="")
    refusal_reason = models.TextField(blank=True, default="")
    answered_at = models.DateTimeField(null=True, blank=True)
    created_by_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-received_on", "-id"]
        indexes = [
            models.Index(
                fields=["due_on"],
                name="privacy_open_due",
                condition=Q(status__in=["received", "in_progress"]),
            ),
            models.Index(fields=["customer_id"], name="privacy_customer"),
            models.Index(fields=["-received_on", "-id"], name="privacy_list_order"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~Q(status="refused") | ~Q(refusal_reason=""),
                name="privacy_refusal_has_reason",
            ),
        ]


class RestrictionStatus(models.TextChoices):
    RESTRICTED = "restricted", "已限制处理"
    ERASED = "erased", "已删除"


class Restriction(models.Model):
    """What a deletion request did to a customer's data (PIPL Art. 47): erased, or —
    where something holds it (an open lease, a debt, a dispute, a retention period) —
    restricted: kept for storage and security only until the last hold ends (`until`, None
    while a hold has no end yet), then erased. One row per customer; its status moves
    through `deletion.RESTRICTION` (restricted → erased)."""

    customer_id = models.BigIntegerField(unique=True)  # apps.orders.Customer
    status = models.CharField(max_length=12, choices=RestrictionStatus.choices)
    # [{code, until}]: what holds the data and until when (ISO day, or None: open-ended).
    holds = models.JSONField(default=list)
    until = models.DateField(null=True, blank=True)
    request_id = models.BigIntegerField()  # the deletion request that made or last set it
    erased_at = models.DateTimeField(null=True, blank=True)
    # What the erasure changed, per table (counts only, never the data).
    counts = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["status", "until"], name="privacy_restriction_due")]


class LegalHoldStatus(models.TextChoices):
    ACTIVE = "active", "保全中"
    LIFTED = "lifted", "已解除"


class LegalHoldAuthority(models.TextChoices):
    COURT = "court", "人民法院"
    PROCURATORATE = "procuratorate", "人民检察院"
    POLICE = "police", "公安机关"
    REGULATOR = "regulator", "监管机关"
    ARBITRATION = "arbitration", "仲裁机构"


class LegalHold(models.Model):
    """An authority's order to keep a customer's data (a court's preservation ruling, a
    regulator's or the police's request): while active and not past `ends_on` (None: until
    lifted) it holds the customer's data — no erasure, a restricted customer stays so.
    Per customer, or narrowed to one of their orders (it still holds the customer: erasure
    is per person). Its status moves through `holds.LEGAL_HOLD` (active → lifted)."""

    customer_id = models.BigIntegerField()  # apps.orders.Customer
    order_id = models.BigIntegerField(null=True, blank=True)  # apps.orders.Order
    authority = models.CharField(max_length=16, choices=LegalHoldAuthority.choices)
    authority_name = models.CharField(max_length=100)  # e.g. 杭州市西湖区人民法院
    reference = models.CharField(max_length=100)  # the ruling's or letter's number
    reason = models.CharField(max_length=500)
    starts_on = models.DateField()
    ends_on = models.DateField(null=True, blank=True)
    status = models.CharField(
        max_length=10, choices=LegalHoldStatus.choices, default=LegalHoldStatus.ACTIVE
    )
    recorded_by_account_id = models.BigIntegerField(null=True, blank=True)
    recorded_by_name = models.CharField(max_length=50)
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by_name = models.CharField(max_length=50, blank=True, default="")
    lift_reason = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-starts_on", "-id"]
        indexes = [models.Index(fields=["customer_id", "status"], name="privacy_hold_customer")]


class RetentionRun(models.Model):
    """One night of the retention job (apps/privacy/retention.py): what it did as counts
    per data class, never the data. One row per China day; a rerun the same night adds
    what it found (nothing, as the first run left nothing due)."""

    run_on = models.DateField(unique=True)
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    runs = models.PositiveSmallIntegerField(default=0)
    counts = models.JSONField(default=dict)

    class Meta:
        ordering = ["-run_on"]
