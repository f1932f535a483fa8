"""The evidence pack's own parts (01–11, 90): what the order's records say, read through the
selectors of the apps below, each part as files of stored facts (docs/disputes.md)."""

from __future__ import annotations

import hashlib
from decimal import Decimal
from typing import Any

from apps.assets.inspection_selectors import order_inspections
from apps.billing.bill_rows import order_bills, order_late_fee_days, order_late_fee_waivers
from apps.billing.models import CHARGE_KINDS
from apps.notary.evidence import bill_schedule_part
from apps.notary.selectors import order_notarization
from apps.orders.reads import (
    order_evidence_facts,
    order_shipments,
    order_timeline,
    order_tracking,
)
from apps.service.selectors import order_messages
from zulin.core.crypto import mask_id_number, mask_name, mask_phone
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.files.models import StoredFile
from zulin.files.services import private_path
from zulin.ledger.selectors import journal_entries
from zulin.money.latefees import fee_of

from .parts import EvidenceFile, PackSubject, json_file, register_part

ZERO = Decimal("0.00")
EXTENSIONS = {"application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png"}
# Contract events of the order's timeline that make up the e-signature record.
SIGNING_ACTIONS = ("order.contract", "order.contract_signed")


def stored_bytes(file_id: int | None, part: str) -> tuple[StoredFile, bytes] | None:
    """A private file's bytes, checked against the SHA-256 kept when it was saved: a file
    changed on disk fails the pack (NOTARY_EVIDENCE_ALTERED naming the part), never ships."""
    stored = StoredFile.objects.filter(pk=file_id).first() if file_id else None
    if stored is None:
        return None
    path = private_path(stored.path)
    if not path.is_file():
        return None
    content = path.read_bytes()
    if hashlib.sha256(content).hexdigest() != stored.sha256:
        raise ApplicationError(ErrorCode.NOTARY_EVIDENCE_ALTERED, data={"part": part})
    return stored, content


def _facts(subject: PackSubject) -> dict[str, Any]:
    if "facts" not in subject.memo:
        subject.memo["facts"] = order_evidence_facts(subject.order_id)
    return subject.memo["facts"]


def contract_files(subject: PackSubject) -> list[EvidenceFile]:
    """The signed contract PDF (or, before signing, the newest version that is not void), its
    bytes checked against the hash the order keeps for it."""
    contracts = _facts(subject)["contracts"]
    signed = [c for c in contracts if c["status"] == "signed"]
    chosen = signed or [c for c in contracts if c["status"] != "void"][-1:]
    files = []
    for contract in chosen:
        found = stored_bytes(contract["file_id"], "contract")
        if found is None:
            continue
        _stored, content = found
        if hashlib.sha256(content).hexdigest() != contract["sha256"]:
            raise ApplicationError(ErrorCode.NOTARY_EVIDENCE_ALTERED, data={"part": "contract"})
        files.append(
            EvidenceFile(
                name=f"contract_v{contract['version']}.pdf",
                content=content,
                title_zh=f"租赁合同 {contract['contract_no']}（{contract['status_name']}）",
                title_en=f"Lease contract {contract['contract_no']} ({contract['status']})",
                content_type="application/pdf",
            )
        )
    return files


def esign_files(subject: PackSubject) -> list[EvidenceFile]:
    facts = _facts(subject)
    if not facts["contracts"]:
        return []
    events = [row for row in order_timeline(subject.order_id) if row["action"] in SIGNING_ACTIONS]
    record = {
        "order_no": subject.order_no,
        "signer": {"name": facts["customer"]["name"], "phone": facts["customer"]["phone"]},
        "contract_signed_at": facts["order"]["contract_signed_at"],
        "contracts": [
            {key: value for key, value in contract.items() if key != "file_id"}
            for contract in facts["contracts"]
        ],
        "events": sorted(events, key=lambda row: (row["created_at"], row["id"])),
    }
    return [
        json_file(
            "esign_record.json",
            record,
            title_zh="电子签署记录（签署流程、时间、合同哈希）",
            title_en="E-signature record (flow, time, contract hash)",
        )
    ]


NOTARY_FIELDS = (
    "status",
    "attempt",
    "case_reference",
    "certificate_no",
    "contract_no",
    "evidence",
    "evidence_hash",
    "steps",
    "history",
    "updated_at",
)


def notary_files(subject: PackSubject) -> list[EvidenceFile]:
    """Where the order was notarized: the certificate number, the case, the evidence sent
    with each part's hash and the combined hash the certificate vouches for, and the bill
    schedule sent (its bytes, when they still hash as sent)."""
    block = order_notarization(subject.order_id, session=None)
    if block["status"] != "notarized":
        return []
    record = {key: block[key] for key in NOTARY_FIELDS}
    sent = {row["name"]: row["sha256"] for row in block["evidence"]}
    files = []
    schedule = bill_schedule_part({"id": subject.order_id, "order_no": subject.order_no})
    record["bill_schedule_matches_sent"] = sent.get("bill_schedule") == schedule.sha256
    files.append(
        json_file(
            "notarization.json",
            record,
            title_zh=f"公证记录 公证书 {block['certificate_no']}",
            title_en=f"Notarization, certificate {block['certificate_no']}",
        )
    )
    if record["bill_schedule_matches_sent"]:
        files.append(
            EvidenceFile(
                name="notary_bill_schedule.json",
                content=schedule.content,
                title_zh="送公证的账单计划（原字节）",
                title_en="Bill schedule as sent to the notary",
                content_type="application/json",
            )
        )
    return files


def identity_files(subject: PackSubject) -> list[EvidenceFile]:
    """The customer's identity whole and the ID card pictures, for the roles that argue a
    dispute. A restricted customer's (a deletion request something holds, docs/privacy.md)
    are hidden from every store role, so the pack carries them masked, says so, and leaves
    the pictures out. The instruments the dispute is about stay as their providers keep them
    (the signed contract, the e-signature's and the notary's records) [counsel]."""
    facts = _facts(subject)
    customer = facts["customer"]
    if customer["restricted"]:
        return [
            json_file(
                "identity.json",
                {
                    "restricted": True,
                    "note": "客户个人信息已限制处理（删除请求因保留义务暂缓）："
                    "证据包不含完整身份信息与身份证照片；如仲裁或法院要求，按法定程序另行提供。",
                    "name": mask_name(customer["name"]),
                    "id_number": mask_id_number(customer["id_number"]),
                    "phone": mask_phone(customer["phone"]),
                    "risk": facts["risk"],
                },
                title_zh="身份核验与风控结果（已限制处理，脱敏）",
                title_en="Identity check and risk results (restricted, masked)",
            )
        ]
    files = [
        json_file(
            "identity.json",
            {
                "name": customer["name"],
                "id_number": customer["id_number"],
                "phone": customer["phone"],
                "risk": facts["risk"],
            },
            title_zh="身份核验与风控结果",
            title_en="Identity check and risk results",
        )
    ]
    for side, zh in (("front", "人像面"), ("back", "国徽面")):
        found = stored_bytes(customer[f"id_card_{side}"], f"id_card_{side}")
        if found is None:
            continue
        stored, content = found
        extension = EXTENSIONS.get(stored.content_type, "bin")
        files.append(
            EvidenceFile(
                name=f"id_card_{side}.{extension}",
                content=content,
                title_zh=f"身份证{zh}",
                title_en=f"ID card ({side})",
                content_type=stored.content_type,
            )
        )
    return files


def shipping_files(subject: PackSubject) -> list[EvidenceFile]:
    facts = _facts(subject)
    if not facts["shipments"]:
        return []
    order = facts["order"]
    record = {
        "order_no": subject.order_no,
        "device_serial": order["device_serial"],
        "device": order["device"],  # tracked by unit: its serial number and IMEIs
        "shipped_at": order["shipped_at"],
        "delivered_at": order["delivered_at"],
        "lease_start": order["lease_start"],
        "shipments": facts["shipments"],
        # The carrier's events of each parcel (none when the carrier could not be asked).
        "tracking": order_tracking(session=None, order_id=subject.order_id, hide_error=True),
        # Through the carrier (issue 65): each waybill out and back with its carrier events
        # as received (code, time, place, text) and its door pickup.
        "carrier_shipments": [
            {
                key: shipment[key]
                for key in (
                    "direction",
                    "status",
                    "company_code",
                    "out_no",
                    "tracking_no",
                    "device_serial",
                    "picked_up_at",
                    "delivered_at",
                    "pickup",
                    "events",
                )
            }
            for shipment in order_shipments(session=None, order_id=subject.order_id)
            if shipment["out_no"]
        ],
    }
    return [
        json_file(
            "shipping.json",
            record,
            title_zh="物流记录、签收轨迹与设备序列号",
            title_en="Shipping, delivery events and device serial",
        )
    ]


def inspection_files(subject: PackSubject) -> list[EvidenceFile]:
    """The order's device inspections by checklist (docs/assets.md): the shipping baseline
    and the return compared with it, each line with its price from the shop's list, and
    their photos (private files, their bytes checked against the hash kept at saving)."""
    rows = order_inspections(subject.order_id)
    if not rows:
        return []
    files = [
        json_file(
            "inspections.json",
            {"order_no": subject.order_no, "inspections": rows},
            title_zh="设备检测记录（发货基线与归还检测、定损明细）",
            title_en="Device inspections (shipping baseline, return, priced damage)",
        )
    ]
    for row in rows:
        for position, file_id in enumerate(row["photo_file_ids"], start=1):
            found = stored_bytes(file_id, "inspections")
            if found is None:
                continue
            stored, content = found
            extension = EXTENSIONS.get(stored.content_type, "bin")
            files.append(
                EvidenceFile(
                    name=f"inspection_{row['id']}_photo_{position}.{extension}",
                    content=content,
                    title_zh=f"{row['occasion_name']}照片 {position}",
                    title_en=f"{row['occasion']} inspection photo {position}",
                    content_type=stored.content_type,
                )
            )
    return files


def _late_fee_days(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            **row,
            "computed": fee_of(row["base"], row["rate"]),
            "arithmetic": f"{row['base']} × {row['rate']}% = {fee_of(row['base'], row['rate'])}",
        }
        for row in rows
    ]


def _bill(row: dict[str, Any], days: list[dict[str, Any]]) -> dict[str, Any]:
    """A bill as its screen shows it, less what depends on the day it is read (`state`)."""
    kept = {key: value for key, value in row.items() if key != "state"}
    charged = sum((day["amount"] for day in days), ZERO)
    return {
        **kept,
        "late_fee_days": _late_fee_days(days),
        "late_fee_days_total": charged,
        "late_fee_days_match": charged == Decimal(row["late_fee"]),
    }


def _bills(subject: PackSubject) -> tuple[list[dict[str, Any]], dict[int, Any]]:
    """The order's bills and their late-fee days, read once a build (bills and charges)."""
    if "bills" not in subject.memo:
        subject.memo["bills"] = (
            order_bills(subject.order_id),
            order_late_fee_days(subject.order_id),
        )
    return subject.memo["bills"]


def bills_files(subject: PackSubject) -> list[EvidenceFile]:
    bills, days = _bills(subject)
    rows = [_bill(row, days.get(row["id"], [])) for row in bills if row["kind"] not in CHARGE_KINDS]
    if not rows:
        return []
    totals = {
        key: sum((Decimal(row[key]) for row in rows), ZERO)
        for key in ("amount", "paid_amount", "late_fee", "late_fee_waived", "late_fee_paid")
    }
    return [
        json_file(
            "bills.json",
            {"order_no": subject.order_no, "bills": rows, "totals": totals},
            title_zh="账单、支付与滞纳金计算",
            title_en="Bills, payments and late-fee arithmetic",
        )
    ]


def charges_files(subject: PackSubject) -> list[EvidenceFile]:
    bills, days = _bills(subject)
    charges = [_bill(row, days.get(row["id"], [])) for row in bills if row["kind"] in CHARGE_KINDS]
    waivers = [
        {"bill_id": row["id"], "period": row["period"], "kind": row["kind"], **waiver}
        for row in bills
        for waiver in row["waivers"]
    ]
    late_fee_waivers = order_late_fee_waivers(subject.order_id)
    if not (charges or waivers or late_fee_waivers):
        return []
    return [
        json_file(
            "charges_and_waivers.json",
            {
                "order_no": subject.order_no,
                "charges": charges,
                "waivers": waivers,
                "late_fee_waivers": late_fee_waivers,
            },
            title_zh="费用（损坏赔偿、违约金）与减免",
            title_en="Charges (damage, termination) and waivers",
        )
    ]


def ledger_files(subject: PackSubject) -> list[EvidenceFile]:
    lines = journal_entries(order_id=subject.order_id)
    if not lines:
        return []
    totals = {
        "debit": sum((line["debit"] for line in lines), ZERO),
        "credit": sum((line["credit"] for line in lines), ZERO),
    }
    return [
        json_file(
            "ledger.json",
            {"order_no": subject.order_no, "lines": lines, "totals": totals},
            title_zh="记账分录",
            title_en="Ledger lines",
        )
    ]


def contact_files(subject: PackSubject) -> list[EvidenceFile]:
    messages = sorted(order_messages(subject.order_id), key=lambda row: row["id"])
    if not messages:
        return []
    return [
        json_file(
            "messages.json",
            {"order_no": subject.order_no, "messages": messages},
            title_zh="联系记录（发给客户的短信）",
            title_en="Contact log (messages to the customer)",
        )
    ]


def timeline_files(subject: PackSubject) -> list[EvidenceFile]:
    rows = sorted(order_timeline(subject.order_id), key=lambda row: (row["created_at"], row["id"]))
    return [
        json_file(
            "timeline.json",
            {"order_no": subject.order_no, "events": rows},
            title_zh="订单时间线（状态变更与操作记录）",
            title_en="Order timeline (status moves and recorded changes)",
        )
    ]


def order_files(subject: PackSubject) -> list[EvidenceFile]:
    facts = _facts(subject)
    return [
        json_file(
            "order.json",
            facts["order"],
            title_zh="订单信息（商品、租期、租金、押金）",
            title_en="The order (goods, term, rent, deposit)",
        )
    ]


BUILTIN_PARTS = (
    (1, "order", "订单", "Order", order_files),
    (2, "contract", "租赁合同", "Contract", contract_files),
    (3, "esign", "电子签署", "E-signature", esign_files),
    (4, "notary", "公证", "Notarization", notary_files),
    (5, "identity", "身份核验", "Identity", identity_files),
    (6, "shipping", "物流与设备", "Shipping", shipping_files),
    (7, "bills", "账单与支付", "Bills and payments", bills_files),
    (8, "charges", "费用与减免", "Charges and waivers", charges_files),
    (9, "ledger", "记账分录", "Ledger", ledger_files),
    (10, "contacts", "联系记录", "Contact log", contact_files),
    (11, "inspections", "设备检测", "Device inspections", inspection_files),
    (90, "timeline", "订单时间线", "Timeline", timeline_files),
)


def builtin_parts_register() -> None:
    for number, key, title_zh, title_en, build in BUILTIN_PARTS:
        register_part(number=number, key=key, title_zh=title_zh, title_en=title_en, build=build)
