from django.db import models


class StoredFile(models.Model):
    """A private file (an ID card picture, a contract, an export) kept under PRIVATE_ROOT at
    `<schema>/<kind>/<uuid>.<ext>`; read only through a signed link (zulin.files.links).

    Lives in the schema the file belongs to, like the audit trail: a merchant's files in its
    schema, the platform's in public. Rows and files are only ever added, except that a
    deletion request erases a file's bytes and empties its row (`private_file_erase`)."""

    kind = models.CharField(max_length=40)
    # The name offered to whoever downloads it (Content-Disposition); not the stored path.
    name = models.CharField(max_length=200)
    path = models.CharField(max_length=300, unique=True)
    content_type = models.CharField(max_length=100)
    size = models.BigIntegerField()
    sha256 = models.CharField(max_length=64)
    schema_name = models.CharField(max_length=63)
    created_by_account_id = models.BigIntegerField(null=True, blank=True)
    created_by_name = models.CharField(max_length=50, blank=True, default="")
    created_by_side = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
