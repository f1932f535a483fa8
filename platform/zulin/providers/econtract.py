"""E-contract signing. `get_econtract_provider(merchant=…)` picks the adapter from
settings.ECONTRACT_PROVIDER.

The sandbox service holds one signing flow per contract document, like the real ones: the
merchant's seal is applied on creation, the lessee signs through a link, and the service
sends a signed callback (provider "econtract", event "econtract.signed" or
"econtract.rejected", data {reference, out_no, order_no, status, occurred_at}) through the
sandboxes' outbox (`sandbox.py`). Nobody opens the sandbox's link, so the signer is played
by the sandbox: with SANDBOX_AUTO_COMPLETE (`make run`) the lessee signs by itself
SANDBOX_COMPLETE_SECONDS after the flow is made; otherwise (tests) a caller signs with
`sandbox_econtract_sign(reference)` or declines with `sandbox_econtract_reject(reference)`
(also `manage.py sandbox_econtract sign|reject <reference>`).

Failures on demand: a signer phone ending in SIGNER_UNVERIFIED_SUFFIX fails the service's
identity check; failure rules (service "econtract"; operation "create", "query", "cancel"
or "sign"; subject a signer phone or a flow reference) make the next calls fail with their
reason: SYSTEM_ERROR (no answer), CALLBACK_LOST on "sign" (signed, but the callback is
never delivered unless replayed), REJECTED on "sign" (the signer declines), any other code
on any operation (the call fails with it).
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

from .interfaces import EContractFlow, EContractProvider, EContractStatus, ProviderError
from .models import SandboxEContractFlow
from .sandbox import SandboxService, merchant_adapter, out_no_check, sandbox_settle_each

SERVICE = "econtract"
SANDBOX = SandboxService(SERVICE, "the service did not answer")
EVENT_SIGNED = "econtract.signed"
EVENT_REJECTED = "econtract.rejected"
REJECTED = "REJECTED"
SANDBOX_SIGNING_BASE_URL = "https://sign.econtract.sandbox.invalid"
SIGNER_UNVERIFIED_SUFFIX = "0000"


def _flow(row: SandboxEContractFlow) -> EContractFlow:
    return EContractFlow(
        reference=row.reference,
        out_no=row.out_no,
        order_no=row.order_no,
        status=EContractStatus(row.status),
        document_sha256=row.document_sha256,
        created_at=row.created_at,
        signed_at=row.signed_at,
    )


def _not_signable(row: SandboxEContractFlow) -> ProviderError:
    return ProviderError(
        SERVICE, f"the flow is {row.status}, not open for signing", code="NOT_SIGNABLE"
    )


class SandboxEContractProvider:
    name = "sandbox"

    def __init__(self, merchant: str) -> None:
        self.merchant = merchant

    def create_contract(
        self,
        *,
        out_no: str,
        order_no: str,
        document: bytes,
        document_name: str,
        signer_name: str,
        signer_phone: str,
        signer_id_number: str,
    ) -> EContractFlow:
        out_no_check(SERVICE, out_no)
        if not document.startswith(b"%PDF-"):
            raise ProviderError(SERVICE, "the document is not a PDF", code="INVALID_DOCUMENT")
        if not signer_name.strip() or not signer_phone.strip() or not signer_id_number.strip():
            raise ProviderError(SERVICE, "the signer is incomplete", code="INVALID_SIGNER")
        document_sha256 = hashlib.sha256(document).hexdigest()
        kept = self._kept(out_no)
        if kept is not None:
            return self._same_request(kept, out_no, document_sha256)
        SANDBOX.fail_on_demand(
            "create",
            merchant=self.merchant,
            subjects=[signer_phone],
            refused="the service refused the flow",
        )
        if signer_phone.endswith(SIGNER_UNVERIFIED_SUFFIX):
            raise ProviderError(
                SERVICE, "the signer's identity could not be verified", code="SIGNER_UNVERIFIED"
            )
        try:
            with transaction.atomic():
                row = SandboxEContractFlow.objects.create(
                    merchant=self.merchant,
                    out_no=out_no,
                    reference=SANDBOX.reference("ec"),
                    order_no=order_no,
                    document_name=document_name,
                    document_sha256=document_sha256,
                    signer_name=signer_name,
                    signer_phone_masked=mask_phone(signer_phone)[:20],
                    signer_id_number_masked=mask_id_number(signer_id_number)[:32],
                    link_token=secrets.token_urlsafe(16),
                    status=EContractStatus.SIGNING,
                    created_at=timezone.now(),
                )
        except IntegrityError:
            # The same request number answered concurrently: its flow stands.
            return self._same_request(self._kept(out_no), out_no, document_sha256)
        SANDBOX.settle_later(
            sandbox_econtract_sign_later, row.reference, what=f"sign {row.reference}"
        )
        return _flow(row)

    def signing_link(self, *, reference: str) -> str:
        row = self._row(reference)
        if row.status != EContractStatus.SIGNING:
            raise _not_signable(row)
        return f"{SANDBOX_SIGNING_BASE_URL}/sign/{row.reference}?token={row.link_token}"

    def query_contract(self, *, reference: str) -> EContractFlow:
        SANDBOX.fail_on_demand(
            "query", merchant=self.merchant, subjects=[reference], refused="the query failed"
        )
        return _flow(self._row(reference))

    def cancel_contract(self, *, reference: str) -> EContractFlow:
        SANDBOX.fail_on_demand(
            "cancel",
            merchant=self.merchant,
            subjects=[reference],
            refused="the service refused to cancel",
        )
        with transaction.atomic():
            row = self._row(reference, lock=True)
            if row.status == EContractStatus.CANCELLED:
                return _flow(row)
            if row.status != EContractStatus.SIGNING:
                raise ProviderError(
                    SERVICE, f"a {row.status} flow cannot be cancelled", code="NOT_CANCELLABLE"
                )
            row.status = EContractStatus.CANCELLED
            row.save(update_fields=["status", "updated_at"])
        return _flow(row)

    def _kept(self, out_no: str) -> SandboxEContractFlow | None:
        return SandboxEContractFlow.objects.filter(merchant=self.merchant, out_no=out_no).first()

    def _same_request(
        self, kept: SandboxEContractFlow | None, out_no: str, document_sha256: str
    ) -> EContractFlow:
        return _flow(
            SANDBOX.same_request(
                kept,
                out_no,
                same=lambda flow: flow.document_sha256 == document_sha256,
                what="flow",
                other="document",
            )
        )

    def _row(self, reference: str, *, lock: bool = False) -> SandboxEContractFlow:
        rows = SandboxEContractFlow.objects.filter(merchant=self.merchant, reference=reference)
        return SANDBOX.row(rows, lock=lock, missing=f"no signing flow {reference!r}")


# --- the signer, whom the sandbox plays ----------------------------------------------------


def sandbox_econtract_sign(reference: str, *, at: datetime | None = None) -> EContractFlow:
    """The lessee signs: the flow is signed and "econtract.signed" goes to the outbox.
    Signing a signed flow again sends nothing new."""
    return _signer_finishes(reference, EContractStatus.SIGNED, at)


def sandbox_econtract_reject(reference: str, *, at: datetime | None = None) -> EContractFlow:
    """The lessee declines: the flow is rejected and "econtract.rejected" goes out."""
    return _signer_finishes(reference, EContractStatus.REJECTED, at)


def _signer_finishes(reference: str, wanted: EContractStatus, at: datetime | None) -> EContractFlow:
    row = SANDBOX.row(
        SandboxEContractFlow.objects.filter(reference=reference),
        missing=f"no signing flow {reference!r}",
    )
    if row.status == wanted:
        return _flow(row)
    if row.status != EContractStatus.SIGNING:
        raise _not_signable(row)
    lost = False
    if wanted == EContractStatus.SIGNED:
        # Taken in a transaction of its own: the failure below must not give the rule back.
        failure = SANDBOX.failure("sign", merchant=row.merchant, subjects=[reference])
        if failure.reason == REJECTED:
            wanted = EContractStatus.REJECTED
        elif failure.callback_lost:
            lost = True
        elif failure.reason is not None:
            raise SANDBOX.error(failure.reason, "the signature did not go through")
    with transaction.atomic():
        row = SandboxEContractFlow.objects.select_for_update().get(pk=row.pk)
        if row.status == wanted:
            return _flow(row)
        if row.status != EContractStatus.SIGNING:
            raise _not_signable(row)
        occurred_at = at or timezone.now()
        row.status = wanted
        if wanted == EContractStatus.SIGNED:
            row.signed_at = occurred_at
        callback = SANDBOX.callback(
            merchant=row.merchant,
            event_type=EVENT_SIGNED if wanted == EContractStatus.SIGNED else EVENT_REJECTED,
            data={
                "reference": row.reference,
                "out_no": row.out_no,
                "order_no": row.order_no,
                "status": str(wanted),
                "occurred_at": occurred_at.isoformat(),
            },
            lost=lost,
        )
        row.event_ids = [*row.event_ids, callback.event_id]
        row.save(update_fields=["status", "signed_at", "event_ids", "updated_at"])
    return _flow(row)


def sandbox_econtract_sweep(*, due_by: datetime) -> list[EContractFlow]:
    """The sweep's work (tasks.py): each flow still signing whose signer was due to sign by
    `due_by` is signed (or declined, by a failure on demand), as its task would have done.
    A flow keeps no settling time of its own: it is due SANDBOX_COMPLETE_SECONDS after it
    was made, when its task runs. A signature that does not go through (a failure on
    demand) leaves the flow signing for the next sweep."""
    made_by = due_by - timedelta(seconds=settings.SANDBOX_COMPLETE_SECONDS)
    due = SandboxEContractFlow.objects.filter(
        status=EContractStatus.SIGNING, created_at__lte=made_by
    )
    references = due.order_by("id").values_list("reference", flat=True)
    return sandbox_settle_each(references, sandbox_econtract_sign)


def get_econtract_provider(*, merchant: str | None = None) -> EContractProvider:
    return merchant_adapter(
        SERVICE, settings.ECONTRACT_PROVIDER, SandboxEContractProvider, merchant
    )


# --- the sandbox's clock in `make run` (listed for the worker in tasks.py) -----------------


@app.task(name="providers.sandbox_econtract_sign")
def sandbox_econtract_sign_later(reference: str) -> str:
    """The sandbox's lessee signs by itself in `make run` (a flow already finished or
    cancelled is left as it is)."""
    try:
        return str(sandbox_econtract_sign(reference).status)
    except ProviderError as exc:
        return exc.code
