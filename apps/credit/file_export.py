"""A report file taken away whole (docs/privacy.md, "Reveals"): the XML the bureau takes
holds every reported customer's name and ID number in full, so its download link is handed
out only with a reason, to those who send the reports (`credit.manage`), and each one is a
reveal in the owner's log (`credit.file_export`: who, when, why, the file's id; never a
number). The file's page shows its tree masked and holds no link."""

from __future__ import annotations

from django.db import transaction

from zulin.audit.reveals import reveal_reason, reveal_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.files.links import private_file_link
from zulin.files.models import StoredFile

from .selectors import files_in_scope


def file_export(*, actor: Session, file_id: int, reason: str | None) -> str:
    """A short-lived link to the file's XML, recorded with its reason. A missing or blank
    reason refuses it (400 on `reason`) before anything is looked up or recorded; a file
    outside the session's scope is NOT_FOUND."""
    given = reveal_reason(reason)
    with transaction.atomic():
        found = files_in_scope(actor).filter(pk=file_id).first()
        if found is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        stored = StoredFile.objects.get(pk=found.stored_file_id)
        reveal_record(
            actor=actor,
            action="credit.file_export",
            target_type="credit_file",
            target_id=found.pk,
            reason=given,
            after={"file_no": found.file_no, "record_count": found.record_count},
        )
        return private_file_link(stored, session=actor)
