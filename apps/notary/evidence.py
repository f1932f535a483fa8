"""The evidence a notarization sends: named parts, each its bytes and SHA-256, and one
combined hash over them all (what the order's detail shows and the certificate vouches for).

The contract step's parts are a list of (name, builder) pairs: a builder gets the order's
notary subject (`apps.orders.reads.order_notary_subject`) and answers its part, or raises
a catalogue error when the part cannot be had. Another part is one more entry, e.g. the
order's credit file once `apps.credit` is merged:

    ("credit_file", lambda subject: credit_file_part(order_credit_file(subject["id"]))),
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from apps.billing.bill_rows import order_bill_schedule
from apps.credit.selectors import order_credit_file
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.files.models import StoredFile
from zulin.files.services import private_path


@dataclass(frozen=True)
class EvidencePart:
    name: str
    content: bytes
    content_type: str

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.content).hexdigest()

    def row(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sha256": self.sha256,
            "size": len(self.content),
            "content_type": self.content_type,
        }


def missing(*names: str) -> ApplicationError:
    return ApplicationError(ErrorCode.NOTARY_EVIDENCE_MISSING, data={"missing": list(names)})


def stored_part(name: str, file_id: int | None) -> EvidencePart:
    """A private file as a part, its bytes checked against the SHA-256 kept when it was saved
    (a file changed on disk is refused, never sent)."""
    stored = StoredFile.objects.filter(pk=file_id).first() if file_id else None
    if stored is None:
        raise missing(name)
    path = private_path(stored.path)
    if not path.is_file():
        raise missing(name)
    content = path.read_bytes()
    if hashlib.sha256(content).hexdigest() != stored.sha256:
        raise ApplicationError(ErrorCode.NOTARY_EVIDENCE_ALTERED, data={"part": name})
    return EvidencePart(name=name, content=content, content_type=stored.content_type)


def text_part(name: str, text: str, content_type: str) -> EvidencePart:
    return EvidencePart(name=name, content=text.encode(), content_type=content_type)


def id_card_parts(subject: dict[str, Any]) -> list[EvidencePart]:
    absent = [f"id_card_{side}" for side in ("front", "back") if not subject[f"id_card_{side}"]]
    if absent:
        raise missing(*absent)
    return [
        stored_part(f"id_card_{side}", subject[f"id_card_{side}"]) for side in ("front", "back")
    ]


def contract_part(subject: dict[str, Any]) -> EvidencePart:
    """The signed contract PDF, whose bytes must still be what was signed."""
    contract = subject["contract"]
    if contract is None or contract["status"] != "signed":
        raise ApplicationError(ErrorCode.NOTARY_CONTRACT_NOT_SIGNED)
    part = stored_part("contract", contract["file_id"])
    if part.sha256 != contract["sha256"]:
        raise ApplicationError(ErrorCode.NOTARY_EVIDENCE_ALTERED, data={"part": "contract"})
    return part


def bill_schedule_part(subject: dict[str, Any]) -> EvidencePart:
    """The instalments (period, due date, amount) as canonical JSON."""
    schedule = order_bill_schedule(subject["id"])
    if not schedule:
        raise missing("bill_schedule")
    text = json.dumps(
        {"order_no": subject["order_no"], "bills": schedule},
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )
    return text_part("bill_schedule", text, "application/json")


def credit_file_part(credit_file: dict[str, Any] | None) -> EvidencePart:
    """The order's credit file (`{xml, sha256, tree}`), its XML checked against its hash."""
    if not credit_file or not credit_file.get("xml"):
        raise missing("credit_file")
    xml = credit_file["xml"]  # the file's bytes as the bureau receives them (or its text)
    content = xml if isinstance(xml, bytes) else str(xml).encode()
    part = EvidencePart(name="credit_file", content=content, content_type="application/xml")
    if credit_file.get("sha256") and part.sha256 != credit_file["sha256"]:
        raise ApplicationError(ErrorCode.NOTARY_EVIDENCE_ALTERED, data={"part": "credit_file"})
    return part


def order_credit_file_part(subject: dict[str, Any]) -> EvidencePart | None:
    """The order's credit file when the lease has a credit account (the customer authorised
    reporting and the lease started); none before: the evidence says what was sent."""
    credit_file = order_credit_file(subject["id"])
    return credit_file_part(credit_file) if credit_file is not None else None


def device_part(subject: dict[str, Any]) -> EvidencePart | None:
    """The device the order holds (a SKU tracked by unit, once shipped): its serial number
    and IMEIs as canonical JSON; none before shipping or for a counted SKU."""
    device = subject.get("device")
    if not device:
        return None
    text = json.dumps(
        {
            "order_no": subject["order_no"],
            **{k: device[k] for k in ("serial_number", "imei1", "imei2", "meid")},
        },
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )
    return text_part("device", text, "application/json")


CONTRACT_PARTS: list[tuple[str, Callable[[dict[str, Any]], EvidencePart | None]]] = [
    ("contract", contract_part),
    ("bill_schedule", bill_schedule_part),
    ("credit_file", order_credit_file_part),
    ("device", device_part),
]


def contract_parts(subject: dict[str, Any]) -> list[EvidencePart]:
    return [part for _name, build in CONTRACT_PARTS if (part := build(subject)) is not None]


def evidence_hash(rows: list[dict[str, Any]]) -> str:
    """SHA-256 over `name:sha256` lines of every part, in the order sent."""
    text = "".join(f"{row['name']}:{row['sha256']}\n" for row in rows)
    return hashlib.sha256(text.encode()).hexdigest()
