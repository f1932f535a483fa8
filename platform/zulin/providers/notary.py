"""Online notarization of lease contracts. `get_notary_provider(merchant=…)` picks the adapter
from settings.NOTARY_PROVIDER.

The sandbox notary service behaves like the real ones (公证云-like): the merchant's
credentials buy an access token that lasts TOKEN_SECONDS; a case is made under our request
number with the customer, takes the evidence part by part (it keeps each part's SHA-256),
and is submitted: `processing` while the customer signs and passes the face check through
the link and the notary reviews. The outcome — `notarized` with a certificate number, or
`failed` with a reason — comes SANDBOX_COMPLETE_SECONDS later (a Celery task in `make run`;
`sandbox_notary_complete`/`sandbox_notary_refuse` in tests, `manage.py sandbox_notary`) as a
signed callback (provider "notary", event "notary.finished"). A case is cancelled only
before it ends.

Failures on demand (service "notary"; operation "token", "create", "upload", "submit",
"link", "query", "cancel" or "complete"; subject a case reference or our request number):
SYSTEM_ERROR (no answer, nothing recorded), CALLBACK_LOST on "complete" (the case ends, its
callback is never delivered unless replayed), any other reason on "complete" (the case
fails with it, e.g. REFUSED, FACE_CHECK_FAILED), on any other operation (the call fails
with it, e.g. INVALID_CREDENTIALS on "token"). A customer phone ending in
FACE_CHECK_FAIL_SUFFIX never passes the face check.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from zulin.celery import app
from zulin.core.crypto import mask_id_number, mask_phone

from .interfaces import NotaryCase, NotaryCaseStatus, NotaryProvider, NotaryToken, ProviderError
from .models import SandboxNotaryCase, SandboxNotaryToken
from .sandbox import SandboxService, merchant_adapter, out_no_check, sandbox_settle_each

SERVICE = "notary"
SANDBOX = SandboxService(SERVICE, "the notary service did not answer")
EVENT_FINISHED = "notary.finished"
TOKEN_SECONDS = 7200
REQUIRED_EVIDENCE = ("id_card_front", "id_card_back", "contract")
FACE_CHECK_FAIL_SUFFIX = "7777"
FACE_CHECK_FAILED = "FACE_CHECK_FAILED"
SANDBOX_NOTARY_BASE_URL = "https://notary.sandbox.invalid"
FINAL = (NotaryCaseStatus.NOTARIZED, NotaryCaseStatus.FAILED, NotaryCaseStatus.CANCELLED)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _case(row: SandboxNotaryCase) -> NotaryCase:
    return NotaryCase(
        reference=row.reference,
        out_no=row.out_no,
        order_no=row.order_no,
        status=NotaryCaseStatus(row.status),
        evidence=dict(row.evidence),
        certificate_no=row.certificate_no,
        reason=row.reason,
        created_at=row.created_at,
        submitted_at=row.submitted_at,
        finished_at=row.finished_at,
    )


class SandboxNotaryProvider:
    name = "sandbox"

    def __init__(self, merchant: str) -> None:
        self.merchant = merchant

    # --- access ----------------------------------------------------------------------------

    def issue_token(self, *, app_key: str, app_secret: str) -> NotaryToken:
        if not app_key.strip() or len(app_secret.strip()) < 8:
            raise ProviderError(SERVICE, "unknown app key or secret", code="INVALID_CREDENTIALS")
        SANDBOX.fail_on_demand(
            "token", merchant=self.merchant, subjects=[app_key], refused="no token issued"
        )
        token = f"ntk_{secrets.token_urlsafe(24)}"
        expires_at = timezone.now() + timedelta(seconds=TOKEN_SECONDS)
        SandboxNotaryToken.objects.create(
            merchant=self.merchant,
            app_key=app_key[:64],
            token_sha256=_digest(token),
            expires_at=expires_at,
        )
        return NotaryToken(token=token, expires_at=expires_at)

    def _check_token(self, token: str) -> None:
        row = SandboxNotaryToken.objects.filter(
            token_sha256=_digest(token or ""), merchant=self.merchant
        ).first()
        if row is None:
            raise ProviderError(SERVICE, "the token is not known", code="TOKEN_INVALID")
        if row.expires_at <= timezone.now():
            raise ProviderError(SERVICE, "the token has expired", code="TOKEN_EXPIRED")

    # --- cases -----------------------------------------------------------------------------

    def create_case(
        self,
        *,
        token: str,
        out_no: str,
        order_no: str,
        org_name: str,
        org_code: str,
        customer_name: str,
        customer_id_number: str,
        customer_phone: str,
    ) -> NotaryCase:
        self._check_token(token)
        out_no_check(SERVICE, out_no)
        if not (customer_name.strip() and customer_id_number.strip() and customer_phone.strip()):
            raise ProviderError(SERVICE, "the customer is incomplete", code="INVALID_CUSTOMER")
        if not (org_name.strip() and org_code.strip()):
            raise ProviderError(SERVICE, "the organisation is incomplete", code="INVALID_ORG")
        customer = _digest(f"{customer_name}|{customer_id_number}|{customer_phone}")
        kept = self._kept(out_no)
        if kept is not None:
            return self._same_request(kept, out_no, customer)
        SANDBOX.fail_on_demand(
            "create", merchant=self.merchant, subjects=[out_no], refused="the case was refused"
        )
        try:
            with transaction.atomic():
                row = SandboxNotaryCase.objects.create(
                    merchant=self.merchant,
                    out_no=out_no,
                    reference=SANDBOX.reference("nt"),
                    order_no=order_no[:64],
                    org_code=org_code[:32],
                    customer_digest=customer,
                    customer_masked=(
                        f"{customer_name[:1]}* {mask_id_number(customer_id_number)} "
                        f"{mask_phone(customer_phone)}"
                    )[:80],
                    status=NotaryCaseStatus.OPEN,
                    evidence={"customer": customer},
                    link_token=secrets.token_urlsafe(16),
                    # The face check is the customer's: decided by who they are.
                    planned_reason=(
                        FACE_CHECK_FAILED if customer_phone.endswith(FACE_CHECK_FAIL_SUFFIX) else ""
                    ),
                )
        except IntegrityError:
            return self._same_request(self._kept(out_no), out_no, customer)
        return _case(row)

    def upload_evidence(
        self, *, token: str, reference: str, name: str, content: bytes, content_type: str
    ) -> NotaryCase:
        self._check_token(token)
        if not name or len(name) > 40 or not content:
            raise ProviderError(SERVICE, "a part needs a name and content", code="INVALID_PART")
        SANDBOX.fail_on_demand(
            "upload", merchant=self.merchant, subjects=[reference], refused="the part was refused"
        )
        with transaction.atomic():
            row = self._row(reference, lock=True)
            digest = hashlib.sha256(content).hexdigest()
            if row.evidence.get(name) == digest:
                return _case(row)
            if row.status != NotaryCaseStatus.OPEN:
                raise ProviderError(
                    SERVICE, f"a {row.status} case takes no evidence", code="CASE_NOT_OPEN"
                )
            row.evidence = {**row.evidence, name: digest}
            row.save(update_fields=["evidence"])
        return _case(row)

    def submit_case(self, *, token: str, reference: str) -> NotaryCase:
        self._check_token(token)
        with transaction.atomic():
            row = self._row(reference, lock=True)
            if row.status != NotaryCaseStatus.OPEN:
                if row.status == NotaryCaseStatus.CANCELLED:
                    raise ProviderError(SERVICE, "the case is cancelled", code="CASE_NOT_OPEN")
                return _case(row)
            missing = [part for part in REQUIRED_EVIDENCE if part not in row.evidence]
            if missing:
                raise ProviderError(
                    SERVICE, f"missing evidence: {', '.join(missing)}", code="EVIDENCE_INCOMPLETE"
                )
        SANDBOX.fail_on_demand(
            "submit",
            merchant=self.merchant,
            subjects=[reference],
            refused="the submission was refused",
        )
        with transaction.atomic():
            row = self._row(reference, lock=True)
            if row.status != NotaryCaseStatus.OPEN:
                return _case(row)
            now = timezone.now()
            row.status = NotaryCaseStatus.PROCESSING
            row.submitted_at = now
            row.settle_after = SANDBOX.settle_after()
            row.save(update_fields=["status", "submitted_at", "settle_after"])
        SANDBOX.settle_later(
            sandbox_notary_settle, reference, what=f"settle notary case {reference}"
        )
        return _case(row)

    def signing_link(self, *, token: str, reference: str) -> str:
        self._check_token(token)
        SANDBOX.fail_on_demand(
            "link", merchant=self.merchant, subjects=[reference], refused="no link"
        )
        row = self._row(reference)
        if row.status != NotaryCaseStatus.PROCESSING:
            raise ProviderError(
                SERVICE, f"a {row.status} case has no signing page", code="CASE_NOT_PROCESSING"
            )
        return f"{SANDBOX_NOTARY_BASE_URL}/sign/{row.reference}?token={row.link_token}"

    def query_case(self, *, token: str, reference: str) -> NotaryCase:
        self._check_token(token)
        SANDBOX.fail_on_demand(
            "query", merchant=self.merchant, subjects=[reference], refused="the query failed"
        )
        return _case(self._row(reference))

    def cancel_case(self, *, token: str, reference: str) -> NotaryCase:
        self._check_token(token)
        SANDBOX.fail_on_demand(
            "cancel",
            merchant=self.merchant,
            subjects=[reference],
            refused="the service refused to cancel",
        )
        with transaction.atomic():
            row = self._row(reference, lock=True)
            if row.status == NotaryCaseStatus.CANCELLED:
                return _case(row)
            if row.status in FINAL:
                raise ProviderError(
                    SERVICE, f"a {row.status} case cannot be cancelled", code="NOT_CANCELLABLE"
                )
            row.status = NotaryCaseStatus.CANCELLED
            row.finished_at = timezone.now()
            row.settle_after = None
            row.save(update_fields=["status", "finished_at", "settle_after"])
        return _case(row)

    # --- rows ------------------------------------------------------------------------------

    def _kept(self, out_no: str) -> SandboxNotaryCase | None:
        return SandboxNotaryCase.objects.filter(merchant=self.merchant, out_no=out_no).first()

    def _same_request(
        self, kept: SandboxNotaryCase | None, out_no: str, customer: str
    ) -> NotaryCase:
        return _case(
            SANDBOX.same_request(
                kept,
                out_no,
                same=lambda case: case.customer_digest == customer,
                what="case",
                other="customer",
            )
        )

    def _row(self, reference: str, *, lock: bool = False) -> SandboxNotaryCase:
        rows = SandboxNotaryCase.objects.filter(merchant=self.merchant, reference=reference)
        return SANDBOX.row(rows, lock=lock, missing=f"no notary case {reference!r}")


def get_notary_provider(*, merchant: str | None = None) -> NotaryProvider:
    return merchant_adapter(SERVICE, settings.NOTARY_PROVIDER, SandboxNotaryProvider, merchant)


# --- the notary and the customer, whom the sandbox plays ---------------------------------------


def sandbox_notary_complete(reference: str, *, at: datetime | None = None) -> NotaryCase:
    """The case ends as planned: notarized with a certificate number (or failed when a
    failure on demand or the customer's face check says so); "notary.finished" goes out.
    A case already ended answers as it stands and sends nothing."""
    return _finish(reference, refuse_with="", at=at)


def sandbox_notary_refuse(
    reference: str, *, reason: str = "REFUSED", at: datetime | None = None
) -> NotaryCase:
    """The notary refuses the case (or the customer gives up): failed with `reason`."""
    return _finish(reference, refuse_with=reason, at=at)


def _finish(reference: str, *, refuse_with: str, at: datetime | None) -> NotaryCase:
    row = SANDBOX.row(
        SandboxNotaryCase.objects.filter(reference=reference),
        missing=f"no notary case {reference!r}",
    )
    if row.status in FINAL:
        return _case(row)
    if row.status != NotaryCaseStatus.PROCESSING:
        raise ProviderError(SERVICE, "the case was never submitted", code="CASE_NOT_PROCESSING")
    lost = False
    reason = refuse_with
    if not reason:
        # Taken in a transaction of its own: an error below must not give the rule back.
        failure = SANDBOX.failure("complete", merchant=row.merchant, subjects=[reference])
        lost = failure.callback_lost
        reason = failure.planned
    with transaction.atomic():
        row = SandboxNotaryCase.objects.select_for_update().get(pk=row.pk)
        if row.status != NotaryCaseStatus.PROCESSING:
            return _case(row)
        reason = reason or row.planned_reason
        row.status = NotaryCaseStatus.FAILED if reason else NotaryCaseStatus.NOTARIZED
        row.reason = reason
        row.finished_at = at or timezone.now()
        row.settle_after = None
        if not reason:
            year = timezone.localdate().year
            row.certificate_no = f"({year})沙箱证字第{row.pk:06d}号"
        callback = SANDBOX.callback(
            merchant=row.merchant,
            event_type=EVENT_FINISHED,
            data={
                "reference": row.reference,
                "out_no": row.out_no,
                "order_no": row.order_no,
                "status": str(row.status),
            },
            lost=lost,
        )
        row.event_ids = [*row.event_ids, callback.event_id]
        row.save()
    return _case(row)


def sandbox_notary_sweep(*, due_by: datetime) -> list[NotaryCase]:
    """The sweep's work (tasks.py): each case still processing whose outcome was due by
    `due_by` ends as planned, as its task would have ended it. A case the notary does not
    answer for (SYSTEM_ERROR on demand) stays processing for the next sweep."""
    due = SandboxNotaryCase.objects.filter(
        status=NotaryCaseStatus.PROCESSING, settle_after__lte=due_by
    )
    references = due.order_by("id").values_list("reference", flat=True)
    return sandbox_settle_each(references, sandbox_notary_complete)


# --- the sandbox's clock in `make run` (listed for the worker in tasks.py) -----------------


@app.task(name="providers.sandbox_notary_settle")
def sandbox_notary_settle(reference: str) -> str:
    """The sandbox's notary ends a submitted case by itself in `make run` (a case already
    ended or cancelled is left as it is)."""
    try:
        return str(sandbox_notary_complete(reference).status)
    except ProviderError as exc:
        return exc.code
