"""Identity (real-name) adapters. `get_identity_provider(merchant=…)` picks one from
settings.IDENTITY_PROVIDER.

The sandbox checks the ID number itself (GB 11643 check character, birth date, region) and
takes every name and phone as the owner's, except on demand: a phone ending in
MISMATCHED_PHONE_SUFFIX is not the person's, and failure rules (service "identity",
operation "verify", reason NAME_MISMATCH, PHONE_MISMATCH or SYSTEM_ERROR; subject a phone
or an ID number) say otherwise for the next requests.
"""

from __future__ import annotations

from django.conf import settings
from django.db import IntegrityError, transaction

from zulin.core.crypto import mask_id_number, mask_phone
from zulin.core.identity import id_number_normalise, id_number_valid

from .interfaces import IdentityProvider, IdentityVerification, ProviderError
from .models import SandboxIdentityVerification
from .sandbox import SandboxService, merchant_adapter, out_no_check

SERVICE = "identity"
SANDBOX = SandboxService(SERVICE)
MISMATCHED_PHONE_SUFFIX = "6666"
ID_NUMBER_INVALID = "ID_NUMBER_INVALID"
NAME_MISMATCH = "NAME_MISMATCH"
PHONE_MISMATCH = "PHONE_MISMATCH"


def _verification(record: SandboxIdentityVerification) -> IdentityVerification:
    return IdentityVerification(
        reference=record.reference,
        out_no=record.out_no,
        verified=record.verified,
        id_number_valid=record.id_number_valid,
        name_matches=record.name_matches,
        phone_matches=record.phone_matches,
        reason=record.reason,
        created_at=record.created_at,
    )


class SandboxIdentityProvider:
    name = "sandbox"

    def __init__(self, merchant: str) -> None:
        self.merchant = merchant

    def verify(self, *, out_no: str, name: str, id_number: str, phone: str) -> IdentityVerification:
        out_no_check(SERVICE, out_no)
        kept = SandboxIdentityVerification.objects.filter(
            merchant=self.merchant, out_no=out_no
        ).first()
        if kept is not None:
            return _verification(kept)
        failure = SANDBOX.failure(
            "verify", merchant=self.merchant, subjects=[phone, id_number_normalise(id_number)]
        ).reason
        number_valid = id_number_valid(id_number)
        # An invalid number has no owner whose name or phone could match.
        name_matches = number_valid and bool(name.strip()) and failure != NAME_MISMATCH
        phone_matches = (
            number_valid
            and failure != PHONE_MISMATCH
            and not phone.endswith(MISMATCHED_PHONE_SUFFIX)
        )
        reason = (
            ID_NUMBER_INVALID
            if not number_valid
            else NAME_MISMATCH
            if not name_matches
            else PHONE_MISMATCH
            if not phone_matches
            else ""
        )
        try:
            with transaction.atomic():
                record = SandboxIdentityVerification.objects.create(
                    merchant=self.merchant,
                    out_no=out_no,
                    reference=SANDBOX.reference("idv"),
                    id_number_masked=mask_id_number(id_number)[:24],
                    phone_masked=mask_phone(phone)[:20],
                    verified=not reason,
                    id_number_valid=number_valid,
                    name_matches=name_matches,
                    phone_matches=phone_matches,
                    reason=reason,
                )
        except IntegrityError:
            return self.query(out_no=out_no)
        return _verification(record)

    def query(self, *, out_no: str) -> IdentityVerification:
        kept = SandboxIdentityVerification.objects.filter(
            merchant=self.merchant, out_no=out_no
        ).first()
        if kept is None:
            raise ProviderError(SERVICE, f"no verification {out_no}", code="NOT_FOUND")
        return _verification(kept)


def get_identity_provider(*, merchant: str | None = None) -> IdentityProvider:
    return merchant_adapter(SERVICE, settings.IDENTITY_PROVIDER, SandboxIdentityProvider, merchant)
