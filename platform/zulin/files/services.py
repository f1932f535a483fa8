"""Writes of private files: the bytes under PRIVATE_ROOT, the row in the active schema."""

from __future__ import annotations

import hashlib
import logging
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from django.conf import settings
from django.db import transaction
from django_tenants.utils import get_public_schema_name, get_tenant_model, schema_context

from zulin.audit.services import ActorRef, actor_ref, audit_record
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.sides import PlatformType

from .links import LinkClaims, reader_name
from .models import StoredFile

logger = logging.getLogger("zulin.request")

KIND = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")
EXTENSION = re.compile(r"^[a-z0-9]{1,10}$")
# Characters that could break a header or a path in the download name.
UNSAFE_NAME = re.compile(r'[\x00-\x1f\x7f/\\"]')
CHUNK_BYTES = 1024 * 1024


def private_path(relative: str) -> Path:
    return Path(settings.PRIVATE_ROOT) / relative


def _download_name(name: str) -> str:
    cleaned = UNSAFE_NAME.sub("_", name).strip() or "file"
    if len(cleaned) <= 200:
        return cleaned
    stem, dot, extension = cleaned.rpartition(".")
    return f"{stem[: 199 - len(extension)]}.{extension}" if dot else cleaned[:200]


def _extension(name: str) -> str:
    extension = name.rpartition(".")[2].lower() if "." in name else ""
    return extension if EXTENSION.match(extension) else "bin"


def _chunks(content: bytes | IO[bytes]) -> Iterator[bytes]:
    if isinstance(content, bytes | bytearray):
        yield bytes(content)
        return
    # A file (an export written to a temporary file) is copied, never read whole.
    while chunk := content.read(CHUNK_BYTES):
        yield chunk


def _write(target: Path, content: bytes | IO[bytes]) -> tuple[int, str]:
    """Writes the bytes and answers their size and SHA-256."""
    digest = hashlib.sha256()
    size = 0
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("xb") as out:
        for chunk in _chunks(content):
            out.write(chunk)
            digest.update(chunk)
            size += len(chunk)
    return size, digest.hexdigest()


def private_file_save(
    *,
    kind: str,
    name: str,
    content: bytes | IO[bytes],
    content_type: str,
    actor: Session | ActorRef | None,
) -> StoredFile:
    """Keeps a private file of the active schema at `<schema>/<kind>/<uuid>.<ext>` under
    PRIVATE_ROOT (never reachable through the media URL) and records it: download name,
    size, SHA-256, schema and who saved it. `name` is what a download is offered as; its
    extension names the stored file. Read it back through `private_file_link`."""
    if not KIND.match(kind):
        raise ValueError(f"file kind must match {KIND.pattern}: {kind!r}")
    schema = tenant_connection.schema_name
    relative = f"{schema}/{kind}/{uuid.uuid4().hex}.{_extension(name)}"
    target = private_path(relative)
    size, sha256 = _write(target, content)
    who = actor_ref(actor)
    try:
        with transaction.atomic():
            return StoredFile.objects.create(
                kind=kind,
                name=_download_name(name),
                path=relative,
                content_type=content_type[:100] or "application/octet-stream",
                size=size,
                sha256=sha256,
                schema_name=schema,
                created_by_account_id=who.account_id,
                created_by_name=who.name[:50],
                created_by_side=who.side,
            )
    except BaseException:
        # No row, no file: a file nothing names could never be read, only leak space.
        target.unlink(missing_ok=True)
        raise


def private_file_erase(file_id: int) -> bool:
    """Erases a private file's bytes on a deletion request (PIPL Art. 47): the row stays,
    emptied (size 0, no hash), so that what named it finds nothing to read; the bytes go
    once the transaction commits. False when there is no such file of the active schema."""
    stored = StoredFile.objects.filter(
        pk=file_id, schema_name=tenant_connection.schema_name
    ).first()
    if stored is None:
        return False
    target = private_path(stored.path)
    stored.size, stored.sha256 = 0, ""
    stored.save(update_fields=["size", "sha256"])
    transaction.on_commit(lambda: target.unlink(missing_ok=True))
    return True


def _read_recorded(claims: LinkClaims) -> tuple[StoredFile, Path]:
    """In the file's schema: the row, its bytes on disk, and the audit entry of this read."""
    name = reader_name(claims.account_id)
    if name is None:
        raise ApplicationError(ErrorCode.FILE_LINK_INVALID)
    stored = StoredFile.objects.filter(pk=claims.file_id, schema_name=claims.schema).first()
    if stored is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    target = private_path(stored.path)
    if not target.is_file():
        logger.error("private file %s of %s is missing on disk", stored.path, claims.schema)
        raise ApplicationError(ErrorCode.NOT_FOUND)
    with transaction.atomic():
        audit_record(
            actor=ActorRef(account_id=claims.account_id, name=name, side=claims.side),
            action="file.read",
            target_type="file",
            target_id=stored.pk,
            after={"kind": stored.kind, "name": stored.name, "sha256": stored.sha256},
        )
    return stored, target


def private_file_open(
    *, claims: LinkClaims, side: int, tenant: Any | None
) -> tuple[StoredFile, Path]:
    """The file a genuine link names, read on the request's host: a merchant's link on that
    merchant's host only, a platform link on the admin host only (where the platform reads
    its own files and, through its governance code, a merchant's). Every read is audited in
    the file's schema, so a merchant's trail shows the platform reading its files too."""
    if claims.side != side:
        raise ApplicationError(ErrorCode.FILE_LINK_WRONG_HOST)
    if side == PlatformType.STORE:
        if tenant is None or tenant.schema_name != claims.schema:
            raise ApplicationError(ErrorCode.FILE_LINK_WRONG_HOST)
        return _read_recorded(claims)
    public = get_public_schema_name()
    if claims.schema != public and not (
        get_tenant_model().objects.filter(schema_name=claims.schema).exists()
    ):
        raise ApplicationError(ErrorCode.NOT_FOUND)
    with schema_context(claims.schema):
        return _read_recorded(claims)
