"""Picture uploads: images only (recognised by their first bytes), at most 5 MB, stored per
schema under MEDIA_ROOT/<schema>/<folder>/<uuid>.<ext>."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.core.files.storage import FileSystemStorage
from django.core.files.uploadedfile import UploadedFile

from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.images import image_extension

MAX_PICTURE_BYTES = 5 * 1024 * 1024


def picture_url_prefix(folder: str) -> str:
    """Where this schema's pictures of `folder` are served: the start of every URL
    `picture_store` answers for it (a goods description's pictures must start with it)."""
    return f"{settings.MEDIA_URL}{tenant_connection.schema_name}/{folder}/"


def picture_store(*, upload: UploadedFile, folder: str) -> str:
    """Stores an uploaded picture and answers its URL."""
    if (upload.size or 0) > MAX_PICTURE_BYTES:
        raise ApplicationError(ErrorCode.UPLOAD_TOO_LARGE)
    upload.seek(0)
    extension = image_extension(upload.read(16))
    if extension is None:
        raise ApplicationError(ErrorCode.UPLOAD_NOT_IMAGE)
    upload.seek(0)
    storage = FileSystemStorage(location=settings.MEDIA_ROOT, base_url=settings.MEDIA_URL)
    name = f"{tenant_connection.schema_name}/{folder}/{uuid.uuid4().hex}.{extension}"
    return storage.url(storage.save(name, upload))
