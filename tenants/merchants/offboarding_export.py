"""A leaving merchant's whole schema as files, and back (docs/privacy.md, "A merchant leaves").

The export holds every table of the merchant's schema in PostgreSQL's own CSV (`COPY … TO
STDOUT WITH CSV HEADER`: nulls, texts with line breaks, JSON and decimals survive exactly),
`schema.json` (each table's columns, their types and its row count), the private files the
schema names, `ledger.json` (the trial balance: each account's debits, credits and balance,
and whether the debits equal the credits), the audit trail (its tables, named in the
manifest), and `manifest.json` with each file's size and SHA-256. The importer
(`export_import`) makes an empty schema from the migrations and loads the rows back: the
round trip proves nothing was left out.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import IO, Any

from django.db import connection, transaction
from django.utils import timezone
from django_tenants.utils import schema_context, tenant_context
from psycopg import sql

from zulin.files.models import StoredFile
from zulin.files.services import private_path
from zulin.ledger.selectors import ledger_check, trial_balance

from .models import Merchant
from .provisioning import schema_make

FORMAT_VERSION = 1
# The tables of the trail the export names as such (zulin.audit).
AUDIT_TABLES = ("audit_auditentry", "audit_statuschange")
LEDGER_TABLES = ("ledger_account", "ledger_journal", "ledger_entry")
STAMP = (2000, 1, 1, 0, 0, 0)
CSV_OPTIONS = "(FORMAT csv, HEADER true)"
CHUNK_BYTES = 1024 * 1024
# The private files the export itself is kept as (tenants/merchants/offboarding.py).
EXPORT_KIND = "offboarding"


@dataclass
class BuiltExport:
    content: IO[bytes]
    manifest: dict[str, Any]
    manifest_sha256: str
    table_rows: dict[str, int]
    file_count: int
    ledger_balanced: bool


def sha256(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def schema_tables(schema: str) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = %s AND table_type = 'BASE TABLE' ORDER BY table_name",
            [schema],
        )
        return [row[0] for row in cursor.fetchall()]


def schema_columns(schema: str) -> dict[str, list[dict[str, Any]]]:
    columns: dict[str, list[dict[str, Any]]] = {}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_name, column_name, data_type, is_nullable FROM "
            "information_schema.columns WHERE table_schema = %s "
            "ORDER BY table_name, ordinal_position",
            [schema],
        )
        for table, column, kind, nullable in cursor.fetchall():
            columns.setdefault(table, []).append(
                {"name": column, "type": kind, "nullable": nullable == "YES"}
            )
    return columns


def table_counts(schema: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    with connection.cursor() as cursor:
        for table in schema_tables(schema):
            query = sql.SQL("SELECT count(*) FROM {}.{}")
            cursor.execute(query.format(sql.Identifier(schema), sql.Identifier(table)))
            counts[table] = int(cursor.fetchone()[0])
    return counts


def _copy_out(schema: str, table: str) -> Iterator[bytes]:
    query = sql.SQL("COPY {}.{} TO STDOUT WITH {}").format(
        sql.Identifier(schema), sql.Identifier(table), sql.SQL(CSV_OPTIONS)
    )
    with connection.cursor() as cursor, cursor.cursor.copy(query) as copy:
        for chunk in copy:
            yield bytes(chunk)


def _file_chunks(path: Path) -> Iterator[bytes]:
    with path.open("rb") as source:
        while chunk := source.read(CHUNK_BYTES):
            yield chunk


class _Writer:
    """The export's ZIP in a temporary file, each member streamed in and hashed as it goes
    (a shop's tables and files are never held whole in memory)."""

    def __init__(self) -> None:
        self.file: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 — handed to the caller
        self.archive = zipfile.ZipFile(self.file, "w")
        self.listed: list[dict[str, Any]] = []

    def add(self, path: str, chunks: Iterable[bytes]) -> None:
        info = zipfile.ZipInfo(path, date_time=STAMP)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o100644 << 16
        digest, size = hashlib.sha256(), 0
        with self.archive.open(info, "w", force_zip64=True) as entry:
            for chunk in chunks:
                entry.write(chunk)
                digest.update(chunk)
                size += len(chunk)
        self.listed.append({"path": path, "size": size, "sha256": digest.hexdigest()})

    def close(self) -> IO[bytes]:
        self.archive.close()
        self.file.seek(0)
        return self.file


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def ledger_summary() -> dict[str, Any]:
    """The active schema's trial balance and ledger check, as the export keeps them."""
    balance = trial_balance()
    return {
        "accounts": [{k: _plain(v) for k, v in row.items()} for row in balance["accounts"]],
        "debit_total": _plain(balance["debit_total"]),
        "credit_total": _plain(balance["credit_total"]),
        "balanced": balance["balanced"],
        "problems": ledger_check(),
    }


def export_build(merchant: Merchant) -> BuiltExport:
    """The merchant's export, read in one repeatable-read snapshot of its schema; its ZIP is
    a temporary file at its start (the caller closes it). The shop's earlier exports are
    not in it."""
    schema = merchant.schema_name
    writer = _Writer()
    outermost = not connection.in_atomic_block
    with tenant_context(merchant), transaction.atomic():
        if outermost:
            # One snapshot for every table: a shop still open while it is exported.
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        columns = schema_columns(schema)
        counts = table_counts(schema)
        for table in counts:
            writer.add(f"tables/{table}.csv", _copy_out(schema, table))
        file_count = 0
        stored = StoredFile.objects.filter(schema_name=schema).exclude(kind=EXPORT_KIND)
        for row in stored.order_by("pk"):
            target = private_path(row.path)
            if row.size and target.is_file():
                writer.add(f"files/{row.path}", _file_chunks(target))
                file_count += 1
        ledger = ledger_summary()
    description = [
        {"table": table, "rows": counts[table], "columns": columns.get(table, [])}
        for table in counts
    ]
    writer.add("schema.json", [_json(description)])
    writer.add("ledger.json", [_json(ledger)])
    manifest = {
        "format": FORMAT_VERSION,
        "merchant": {"id": merchant.pk, "slug": merchant.slug, "name": merchant.name},
        "schema": schema,
        "exported_at": timezone.now().isoformat(),
        "tables": counts,
        "audit_tables": [f"tables/{t}.csv" for t in AUDIT_TABLES if t in counts],
        "ledger_tables": [f"tables/{t}.csv" for t in LEDGER_TABLES if t in counts],
        "ledger_balanced": ledger["balanced"] and not ledger["problems"],
        "files": list(writer.listed),
    }
    manifest_bytes = _json(manifest)
    writer.add("manifest.json", [manifest_bytes])
    return BuiltExport(
        content=writer.close(),
        manifest=manifest,
        manifest_sha256=sha256(manifest_bytes),
        table_rows=counts,
        file_count=file_count,
        ledger_balanced=bool(manifest["ledger_balanced"]),
    )


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, indent=1, default=str).encode()


def export_verify(archive: zipfile.ZipFile) -> dict[str, Any]:
    """The manifest of an export whose every file matches its size and SHA-256; ValueError
    naming the first that does not."""
    manifest: dict[str, Any] = json.loads(archive.read("manifest.json"))
    for listed in manifest["files"]:
        digest, size = hashlib.sha256(), 0
        with archive.open(listed["path"]) as member:
            while chunk := member.read(CHUNK_BYTES):
                digest.update(chunk)
                size += len(chunk)
        if size != listed["size"] or digest.hexdigest() != listed["sha256"]:
            raise ValueError(f"{listed['path']} does not match the manifest")
    return manifest


def _sequences_reset(cursor: Any, schema: str) -> None:
    cursor.execute(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = %s AND (is_identity = 'YES' OR column_default LIKE 'nextval%%')",
        [schema],
    )
    for table, column in cursor.fetchall():
        qualified = f"{sql.Identifier(schema).as_string(cursor.connection)}." + sql.Identifier(
            table
        ).as_string(cursor.connection)
        cursor.execute("SELECT pg_get_serial_sequence(%s, %s)", [qualified, column])
        sequence = cursor.fetchone()[0]
        if sequence is None:
            continue
        query = sql.SQL("SELECT setval(%s, coalesce(max({}), 0) + 1, false) FROM {}.{}")
        cursor.execute(
            query.format(sql.Identifier(column), sql.Identifier(schema), sql.Identifier(table)),
            [sequence],
        )


def _rows_clear(cursor: Any, schema: str) -> None:
    """What the template starts every schema with (the chart of accounts, the migrations'
    record) gives way to the export's rows. DELETE, not TRUNCATE: the ledger's tables refuse
    a TRUNCATE (append-only), and hold no rows in a new schema."""
    for table, count in table_counts(schema).items():
        if count:
            query = sql.SQL("DELETE FROM {}.{}")
            cursor.execute(query.format(sql.Identifier(schema), sql.Identifier(table)))


def _rows_load(cursor: Any, schema: str, table: str, member: IO[bytes]) -> None:
    """One table's CSV copied in, by the columns its header names (a schema made another way
    may order its columns differently)."""
    first = member.readline()
    header = next(csv.reader(io.StringIO(first.decode())))
    query = sql.SQL("COPY {}.{} ({}) FROM STDIN WITH {}").format(
        sql.Identifier(schema),
        sql.Identifier(table),
        sql.SQL(", ").join(sql.Identifier(column) for column in header),
        sql.SQL(CSV_OPTIONS),
    )
    with cursor.cursor.copy(query) as copy:
        copy.write(first)
        while chunk := member.read(CHUNK_BYTES):
            copy.write(chunk)


def export_import(content: IO[bytes] | bytes, *, schema: str) -> dict[str, int]:
    """Loads an export into a new schema `schema`, made from the migrations (the template),
    emptied, then given the export's rows; answers its row count per table. Refuses an
    export whose files do not match its manifest, or whose tables the schema lacks. Foreign
    keys are checked once every table is in (they are deferrable)."""
    source = io.BytesIO(content) if isinstance(content, bytes) else content
    with zipfile.ZipFile(source) as archive:
        manifest = export_verify(archive)
        with transaction.atomic():
            schema_make(target=schema)
            with schema_context(schema):
                missing = sorted(set(manifest["tables"]) - set(schema_tables(schema)))
                if missing:
                    raise ValueError(f"the schema has no table {missing[0]}")
                with connection.cursor() as cursor:
                    cursor.execute("SET CONSTRAINTS ALL DEFERRED")
                    _rows_clear(cursor, schema)
                    for table in manifest["tables"]:
                        with archive.open(f"tables/{table}.csv") as member:
                            _rows_load(cursor, schema, table, member)
                    _sequences_reset(cursor, schema)
                    cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
                return table_counts(schema)
