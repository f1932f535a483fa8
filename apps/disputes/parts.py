"""The parts of an evidence pack: each a function of the order that answers its files,
registered with a number that is its place in the ZIP (`02_contract/…`).

An app above disputes adds a part from its own `AppConfig.ready()` without disputes
importing it (recovery: its contact log and promises):

    from apps.disputes.parts import register_part
    register_part(number=20, key="recovery", title_zh="催收记录", title_en="Collection log",
                  build=recovery_evidence_files)

A part answers `EvidenceFile`s whose bytes depend on the order's stored facts alone (no
clock, no random ids), so an unchanged order packs to the same bytes; a part with nothing to
show answers no file (an order never notarized has no notary part). Numbers in use:
01–11 and 90 (the timeline, last) here; 12–89 are free for the apps above (docs/disputes.md).
One number or key registered twice is refused.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone

KEY = re.compile(r"^[a-z][a-z0-9_]{0,29}$")
FILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


@dataclass(frozen=True)
class PackSubject:
    """The order a pack is about, as the parts receive it (already found in the scope of the
    session that asked)."""

    order_id: int
    order_no: str
    # What one build read of the order already (the order's evidence facts, which five parts
    # read): read once per build, so the parts agree and the copy of 50 orders reads each once.
    memo: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class EvidenceFile:
    name: str  # inside the part's folder, ASCII
    content: bytes
    title_zh: str
    title_en: str
    content_type: str
    # The latest moment the file's facts hold (JSON parts), for the pack's "data as of".
    latest: datetime | None = None

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.content).hexdigest()


BuildFn = Callable[[PackSubject], list[EvidenceFile]]


@dataclass(frozen=True)
class EvidencePartSpec:
    number: int
    key: str
    title_zh: str
    title_en: str
    build: BuildFn

    @property
    def folder(self) -> str:
        return f"{self.number:02d}_{self.key}"


_parts: dict[int, EvidencePartSpec] = {}


def register_part(
    *, number: int, key: str, title_zh: str, title_en: str, build: BuildFn
) -> EvidencePartSpec:
    if not 1 <= number <= 99 or not KEY.match(key):
        raise ImproperlyConfigured(f"evidence part {number} {key!r}: number 1–99, key {KEY}")
    spec = EvidencePartSpec(
        number=number, key=key, title_zh=title_zh, title_en=title_en, build=build
    )
    known = _parts.get(number)
    if known is not None and known != spec:
        raise ImproperlyConfigured(f"two evidence parts numbered {number}")
    if any(p.key == key and p.number != number for p in _parts.values()):
        raise ImproperlyConfigured(f"two evidence parts named {key!r}")
    _parts[number] = spec
    return spec


def part_list() -> list[EvidencePartSpec]:
    return [_parts[number] for number in sorted(_parts)]


def file_name_check(part: EvidencePartSpec, file: EvidenceFile) -> None:
    if not FILE_NAME.match(file.name):
        raise ValueError(f"evidence part {part.key}: file name {file.name!r} is not {FILE_NAME}")


def _plain(value: Any) -> Any:
    """A value as canonical JSON writes it: money and rates as their Decimal text (never a
    float), a moment in China time with its offset, a day as YYYY-MM-DD."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime):
        moment = timezone.localtime(value) if timezone.is_aware(value) else value
        return moment.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not evidence JSON")


def canonical_json(value: Any) -> bytes:
    """Deterministic JSON: sorted keys, two-space indent, UTF-8 text, a final newline."""
    text = json.dumps(value, default=_plain, ensure_ascii=False, sort_keys=True, indent=2)
    return (text + "\n").encode()


def json_file(name: str, value: Any, *, title_zh: str, title_en: str) -> EvidenceFile:
    return EvidenceFile(
        name=name,
        content=canonical_json(value),
        title_zh=title_zh,
        title_en=title_en,
        content_type="application/json",
        latest=max(moments(value), default=None),
    )


def moments(value: Any) -> Iterator[datetime]:
    """Every aware moment inside a value of a part (for the pack's "data as of")."""
    if isinstance(value, datetime):
        if timezone.is_aware(value):
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from moments(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from moments(item)
