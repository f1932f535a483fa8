"""Puts an evidence pack together: every registered part's files, a manifest (JSON), a
one-page index (PDF, in Chinese with the embedded font) and `SHA256SUMS` (the files' hashes
in `sha256sum`'s own format, in the pack's order), in one ZIP whose bytes depend on the
order's stored facts alone.

Checked with the tools of any machine, in the unpacked folder: `sha256sum -c SHA256SUMS`
checks every file; the pack hash (`pack_hash`: the notarization's combined hash) is
`awk '{print $2":"$1}' SHA256SUMS | sha256sum`, the SHA-256 of one `path:sha256` line per
file, each ended by a line feed. The index prints both commands.

Deterministic by construction: the parts in the order of their numbers, each part's files
in the order it answers them; canonical JSON; the PDF in reportlab's invariant mode dated by
the data; every ZIP entry stamped with the same time (the data's "as of", China time), the
same permissions and system, deflated at one level. No clock and no random id is written,
so packing an unchanged order again gives the same bytes (and the same hashes).
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone

from zulin.documents.index import IndexedFile, Mono, render_file_index

from .parts import PackSubject, canonical_json, file_name_check, part_list

FORMAT = "zulin-evidence-pack/1"
INDEX_PATH = "00_index.pdf"
MANIFEST_PATH = "manifest.json"
SUMS_PATH = "SHA256SUMS"
CHECK_FILES = f"sha256sum -c {SUMS_PATH}"
PACK_HASH_COMMAND = f"awk '{{print $2\":\"$1}}' {SUMS_PATH} | sha256sum"
# A ZIP entry's time has no zone and cannot be before 1980: an order without a single moment
# on record (none in practice) is stamped so.
EPOCH = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class PackEntry:
    path: str
    part_number: int
    part_key: str
    title_zh: str
    title_en: str
    content_type: str
    content: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.content).hexdigest()

    def row(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "part": self.part_key,
            "title_zh": self.title_zh,
            "title_en": self.title_en,
            "content_type": self.content_type,
            "size": len(self.content),
            "sha256": self.sha256,
        }


@dataclass(frozen=True)
class BuiltPack:
    content: bytes
    manifest: dict[str, Any]
    files: int


def pack_hash(entries: list[PackEntry]) -> str:
    """SHA-256 over `path:sha256` lines of every part's file, in the pack's order (the
    notarization's combined hash, over paths)."""
    text = "".join(f"{entry.path}:{entry.sha256}\n" for entry in entries)
    return hashlib.sha256(text.encode()).hexdigest()


def sums_file(entries: list[PackEntry]) -> bytes:
    """`SHA256SUMS`: `sha256sum`'s text format (hash, two spaces, path, a line feed), one line
    per file in the pack's order; the paths hold no space (`parts.FILE_NAME`)."""
    return "".join(f"{entry.sha256}  {entry.path}\n" for entry in entries).encode()


def _china(moment: datetime | None) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S") if moment else "—"


def _index_pdf(
    subject: PackSubject, entries: list[PackEntry], as_of: datetime | None, combined: str
) -> bytes:
    return render_file_index(
        title=f"证据包索引　订单 {subject.order_no}",
        facts=[
            ("订单号", subject.order_no),
            ("数据截至", f"{_china(as_of)}（北京时间）"),
            ("文件数", str(len(entries))),
            ("证据包哈希", Mono(combined)),
            (
                "哈希算法",
                "SHA-256，十六进制小写。每个文件的哈希按其字节计算；证据包哈希是按下表顺序、"
                "每个文件一行“路径:该文件哈希”（行末一个换行符 LF，UTF-8）拼成的文本的 SHA-256。",
            ),
            ("核对文件（解压后）", Mono(CHECK_FILES)),
            ("算出证据包哈希", Mono(PACK_HASH_COMMAND)),
        ],
        files=[
            IndexedFile(
                number=number,
                path=entry.path,
                title=entry.title_zh,
                size=len(entry.content),
                sha256=entry.sha256,
            )
            for number, entry in enumerate(entries, start=1)
        ],
        footer=(
            "本索引、manifest.json 与 SHA256SUMS 列出同一批文件；任何文件的 SHA-256 与此不符，"
            "即说明该文件在生成后被改动。数据截至时间为包内记录中最晚的时间；同一订单未变时再次生成，"
            "每个文件的哈希相同。"
        ),
        dated=timezone.localtime(as_of).date() if as_of else datetime(*EPOCH).date(),
    )


def deterministic_zip(
    files: list[tuple[str, bytes]], stamp: tuple[int, int, int, int, int, int]
) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path, content in files:
            info = zipfile.ZipInfo(path, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            archive.writestr(info, content, compresslevel=6)
    return buffer.getvalue()


def evidence_pack_build(
    subject: PackSubject, *, report: Callable[[int], None] = lambda progress: None
) -> BuiltPack:
    """The pack of one order (already found in the asking session's scope)."""
    specs = part_list()
    entries: list[PackEntry] = []
    parts: list[dict[str, Any]] = []
    latest: list[datetime] = []
    for done, spec in enumerate(specs, start=1):
        files = spec.build(subject)
        for file in files:
            file_name_check(spec, file)
            if file.latest is not None:
                latest.append(file.latest)
        made = [
            PackEntry(
                path=f"{spec.folder}/{file.name}",
                part_number=spec.number,
                part_key=spec.key,
                title_zh=file.title_zh,
                title_en=file.title_en,
                content_type=file.content_type,
                content=file.content,
            )
            for file in files
        ]
        entries.extend(made)
        parts.append(
            {
                "number": spec.number,
                "key": spec.key,
                "title_zh": spec.title_zh,
                "title_en": spec.title_en,
                "files": [entry.path for entry in made],
            }
        )
        report(done * 90 // len(specs))
    as_of = max(latest, default=None)
    combined = pack_hash(entries)
    index = _index_pdf(subject, entries, as_of, combined)
    manifest = {
        "format": FORMAT,
        "order_id": subject.order_id,
        "order_no": subject.order_no,
        "as_of": as_of,
        "time_zone": "Asia/Shanghai",
        "hash_algorithm": "SHA-256",
        "pack_sha256": combined,
        "sums_path": SUMS_PATH,
        "parts": parts,
        "files": [entry.row() for entry in entries],
        "index": {
            "path": INDEX_PATH,
            "size": len(index),
            "sha256": hashlib.sha256(index).hexdigest(),
        },
    }
    stamp = timezone.localtime(as_of).timetuple()[:6] if as_of else EPOCH
    content = deterministic_zip(
        [
            (INDEX_PATH, index),
            (MANIFEST_PATH, canonical_json(manifest)),
            (SUMS_PATH, sums_file(entries)),
            *((entry.path, entry.content) for entry in entries),
        ],
        stamp,  # type: ignore[arg-type]
    )
    report(99)
    return BuiltPack(content=content, manifest=manifest, files=len(entries))
