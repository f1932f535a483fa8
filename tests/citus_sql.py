"""What Citus's schema-based sharding refuses at run time, matched against captured SQL.

A merchant's schema, once distributed, is a group of single-shard tables on one worker; the
public schema's tables stay on the coordinator (local tables). Citus runs any SQL that stays on
one shard; what it refuses (docs.citusdata.com, "SQL Support and Workarounds") and what this
check looks for in the statements the served smoke test captured
(`zulin/core/postgres/capture.py`):

- `cross-merchant`: one statement naming two merchants' schemas (never one shard; the product
  never joins two merchants);
- `lock-across-nodes`: `SELECT … FOR UPDATE / FOR SHARE` reading a merchant table together with
  a public one ("SELECT … FOR UPDATE works in single-shard queries only": the public table is
  not on the shard);
- `volatile-in-update`: an `UPDATE` of a merchant table calling a VOLATILE function (random(),
  clock_timestamp(), nextval() …: "functions used in UPDATE queries on distributed tables must
  not be VOLATILE");
- `subquery-in-insert`: `INSERT … VALUES (…, (SELECT …))` into a merchant table ("subqueries
  within INSERT queries are not supported"; `INSERT … SELECT` is);
- `rule`: `CREATE RULE` (the rule system is not supported).

Reads joining a merchant table with a public one run (Citus plans the local table apart and
joins on the coordinator): they are counted (`mixed_reads`), not refused.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

_QUOTED = re.compile(r'"([^"]+)"(?:\."([^"]+)")?')
_QUALIFIED = re.compile(r'"?([A-Za-z_][A-Za-z0-9_]*)"?\s*\.\s*"?[A-Za-z_]')
_LOCKING = re.compile(r"\bFOR\s+(NO\s+KEY\s+UPDATE|UPDATE|SHARE|KEY\s+SHARE)\b", re.I)
_VOLATILE = re.compile(
    r"\b(random|clock_timestamp|timeofday|nextval|setval|gen_random_uuid|uuid_generate_v4"
    r"|txid_current)\s*\(",
    re.I,
)
_INSERT_VALUES_SUBQUERY = re.compile(r"^\s*INSERT\b.*\bVALUES\b.*\(\s*SELECT\b", re.I | re.S)
_RULE = re.compile(r"^\s*CREATE\s+(OR\s+REPLACE\s+)?RULE\b", re.I)


@dataclass(frozen=True)
class Tables:
    """The tables a statement may name: those of every merchant app (in a merchant's path,
    an unqualified name of an app in both schemas is the merchant's), and those only public
    has."""

    merchant: frozenset[str]
    public_only: frozenset[str]
    schemas: frozenset[str]  # every merchant schema (and the template) of the database


@dataclass
class Report:
    statements: int = 0
    in_merchant_schemas: int = 0
    mixed_reads: int = 0
    locking: int = 0  # SELECT … FOR UPDATE / SHARE in a merchant's schema
    writes: int = 0  # INSERT, UPDATE, DELETE in a merchant's schema
    refused: list[tuple[str, str, str]] = field(default_factory=list)  # (rule, schema, sql)

    def by_rule(self) -> Counter[str]:
        return Counter(rule for rule, _, _ in self.refused)


def tables_of_settings(schemas: Iterable[str]) -> Tables:
    """The two sets from the installed apps (`SHARED_APPS`, `TENANT_APPS`), and `schemas`."""
    from django.apps import apps
    from django.conf import settings

    def tables(app_names: Iterable[str]) -> set[str]:
        names: set[str] = set()
        for config in apps.get_app_configs():
            if config.name in app_names:
                for model in config.get_models(include_auto_created=True):
                    names.add(model._meta.db_table)
        return names

    merchant = tables(settings.TENANT_APPS)
    public = tables(set(settings.SHARED_APPS) - set(settings.TENANT_APPS))
    return Tables(
        merchant=frozenset(merchant),
        public_only=frozenset(public - merchant),
        schemas=frozenset(schemas),
    )


def _named(sql: str, schemas: frozenset[str]) -> set[str]:
    """The quoted table names of a statement (Django quotes every table and column):
    `"table"`, `"table"."column"`, `"schema"."table"`."""
    names = set()
    for first, second in _QUOTED.findall(sql):
        names.add(second if second and (first == "public" or first in schemas) else first)
    return names


def check(statements: Iterable[tuple[str, str]], tables: Tables) -> Report:
    """Each `(schema, sql)` matched against the rules above."""
    report = Report()
    for schema, sql in statements:
        report.statements += 1
        schemas = {name for name in _QUALIFIED.findall(sql) if name in tables.schemas}
        if len(schemas | ({schema} if schema != "public" else set())) > 1:
            report.refused.append(("cross-merchant", schema, sql))
        if _RULE.search(sql):
            report.refused.append(("rule", schema, sql))
        if schema == "public":
            continue
        report.in_merchant_schemas += 1
        named = _named(sql, tables.schemas)
        merchant = bool(named & tables.merchant)
        public = bool(named & tables.public_only)
        head = sql.lstrip()[:6].upper()
        report.locking += bool(_LOCKING.search(sql))
        report.writes += head in ("INSERT", "UPDATE", "DELETE")
        if merchant and public and _LOCKING.search(sql):
            report.refused.append(("lock-across-nodes", schema, sql))
        elif merchant and public and head == "SELECT":
            report.mixed_reads += 1
        if head == "UPDATE" and merchant and _VOLATILE.search(sql):
            report.refused.append(("volatile-in-update", schema, sql))
        if head == "INSERT" and merchant and _INSERT_VALUES_SUBQUERY.search(sql):
            report.refused.append(("subquery-in-insert", schema, sql))
    return report


def captured(directory: Path) -> list[tuple[str, str]]:
    """The statements `capture.py` wrote in `directory`, every process's."""
    rows = []
    for path in sorted(directory.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            rows.append((row["schema"], row["sql"]))
    return rows
