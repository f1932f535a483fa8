from __future__ import annotations

from ninja import Schema
from pydantic import Field

from zulin.core.numbers import Id
from zulin.exports.schemas import ExportJobOut


class EvidencePackCreateIn(Schema):
    order_id: Id
    reason: str = Field(
        "", max_length=200, description="why a pack with the full identity is needed (required)"
    )


class EvidencePackCreatedOut(Schema):
    id: int = Field(..., description="the pack's id (evidencePackStatus)")
    status: str


class EvidencePackIdIn(Schema):
    id: Id


class EvidencePackOut(ExportJobOut):
    order_id: int
    order_no: str
