"""Access and copy (PIPL Art. 45): one file of everything the shop holds on a customer, built
by the export machinery (a file builder of kind `customer_copy`, a private file behind a
short-lived link) with the evidence pack's pieces (`apps.disputes.pack`): every file listed
with its SHA-256 in `manifest.json` and `SHA256SUMS`, and a readable summary in Chinese
(`00_summary.pdf`).

What it holds: the profile (identity in full: the file is the customer's own copy), their
orders as CSV, and for each order every part of its evidence pack (the order and its deposit,
the contract and signing, identity and the risk checks at intake, shipping, bills and
payments, charges and waivers, the ledger lines, messages sent, inspections, recovery
contacts and promises, the timeline) plus the credit reports sent about it, and the
customer's privacy requests. Other apps are read only through their selectors."""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import IO, Any

from django.db import transaction
from django.utils import timezone
from ninja import Schema
from pydantic import Field

from apps.credit.selectors import order_credit
from apps.disputes.pack import EPOCH, PackEntry, deterministic_zip, pack_hash, sums_file
from apps.disputes.parts import PackSubject, canonical_json, moments, part_list
from apps.orders.consents import consent_rows
from apps.orders.reads import customer_identity, customer_order_values, customer_people
from zulin.audit.reveals import reveal_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.documents.index import IndexedFile, Mono, render_file_index
from zulin.exports.models import ExportJob
from zulin.exports.registry import BuiltFile, ExportScope, exporter_get, register_file_builder
from zulin.exports.services import export_job_queue

from .models import PrivacyRequest, RequestKind
from .selectors import MANAGE, request_in_scope, request_row

COPY_KIND = "customer_copy"
FORMAT = "zulin-customer-copy/1"
SUMMARY_PATH = "00_summary.pdf"
ORDER_COLUMNS = (
    ("order_no", "订单号"),
    ("kind", "类型"),
    ("status", "状态"),
    ("goods_title", "商品"),
    ("term", "租期"),
    ("rent", "租金"),
    ("created_at", "下单时间"),
)


class CustomerCopyFilters(Schema):
    request_id: int = Field(..., ge=1)
    request_no: str = Field(..., max_length=24)
    customer_id: int = Field(..., ge=1)


def _entry(path: str, part: str, title_zh: str, title_en: str, kind: str, body: bytes) -> PackEntry:
    return PackEntry(
        path=path,
        part_number=0,
        part_key=part,
        title_zh=title_zh,
        title_en=title_en,
        content_type=kind,
        content=body,
    )


def _csv(header: list[str], rows: list[list[Any]]) -> bytes:
    """UTF-8 with a byte-order mark, so that Excel opens the Chinese columns as text."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(["" if v is None else str(v) for v in row] for row in rows)
    return ("\ufeff" + buffer.getvalue()).encode()


@dataclass(frozen=True)
class BuiltCopy:
    content: bytes
    manifest: dict[str, Any]
    files: int


def customer_copy_build(
    *, customer_id: int, request_no: str, report: Callable[[int], None] = lambda p: None
) -> BuiltCopy:
    person = customer_identity(customer_id)
    if person is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    orders = customer_order_values(session=None, customer_ids=[customer_id])
    orders.sort(key=lambda row: row["id"])
    entries: list[PackEntry] = []
    latest: list[datetime] = []
    profile = {"customer_id": customer_id, **person}
    entries.append(
        _entry(
            "01_profile/profile.json",
            "profile",
            "个人资料（含完整身份信息）",
            "Profile (identity in full)",
            "application/json",
            canonical_json(profile),
        )
    )
    entries.append(
        _entry(
            "01_profile/profile.csv",
            "profile",
            "个人资料（表格）",
            "Profile (table)",
            "text/csv",
            _csv(
                ["姓名", "手机号", "身份证号"],
                [[person["name"], person["phone"], person["id_number"]]],
            ),
        )
    )
    entries.append(
        _entry(
            "02_orders/orders.csv",
            "orders",
            "订单一览",
            "Orders",
            "text/csv",
            _csv(
                [title for _, title in ORDER_COLUMNS],
                [[row.get(name) for name, _ in ORDER_COLUMNS] for row in orders],
            ),
        )
    )
    specs = part_list()
    for done, order in enumerate(orders, start=1):
        subject = PackSubject(order_id=order["id"], order_no=order["order_no"])
        for spec in specs:
            for file in spec.build(subject):
                if file.latest is not None:
                    latest.append(file.latest)
                entries.append(
                    _entry(
                        f"03_orders/{order['order_no']}/{spec.folder}/{file.name}",
                        spec.key,
                        f"订单 {order['order_no']}：{file.title_zh}",
                        f"Order {order['order_no']}: {file.title_en}",
                        file.content_type,
                        file.content,
                    )
                )
        credit = order_credit(None, order_id=order["id"])
        if credit["records"]:
            entries.append(
                _entry(
                    f"03_orders/{order['order_no']}/30_credit/credit_reports.json",
                    "credit",
                    f"订单 {order['order_no']}：向征信机构报送的记录",
                    f"Order {order['order_no']}: credit reports sent",
                    "application/json",
                    canonical_json({k: credit[k] for k in ("accounts", "records")}),
                )
            )
        report(done * 90 // max(len(orders), 1))
    requests = [
        {k: v for k, v in request_row(row).items() if k not in ("overdue", "working_days_left")}
        | {"outcome": row.outcome, "refusal_reason": row.refusal_reason}
        for row in PrivacyRequest.objects.filter(customer_id=customer_id).order_by("id")
    ]
    entries.append(
        _entry(
            "90_requests/privacy_requests.json",
            "requests",
            "个人信息请求记录",
            "Privacy requests",
            "application/json",
            canonical_json(requests),
        )
    )
    latest.extend(moments(requests))
    # Their consents per purpose, given and withdrawn (the customer's own record of them).
    entries.append(
        _entry(
            "91_consents/consents.json",
            "consents",
            "同意与撤回记录",
            "Consents given and withdrawn",
            "application/json",
            canonical_json(consent_rows(customer_id)),
        )
    )
    as_of = max(latest, default=None)
    combined = pack_hash(entries)
    summary = render_file_index(
        title=f"个人信息副本　请求 {request_no}",
        facts=[
            ("姓名", person["name"]),
            ("手机号", person["phone"]),
            ("身份证号", person["id_number"]),
            ("订单数", str(len(orders))),
            ("数据截至", timezone.localtime(as_of).strftime("%Y-%m-%d %H:%M:%S") if as_of else "—"),
            ("文件哈希", Mono(combined)),
            (
                "说明",
                "本文件是本店依《个人信息保护法》第四十五条向您提供的您的个人信息副本：个人资料、"
                "订单、合同、账单与付款、押金、风控结果、征信报送、催收联系与还款承诺、发送给您的短信。"
                "JSON 与 CSV 文件可用任何文本或表格软件打开。",
            ),
        ],
        files=[
            IndexedFile(
                number=n, path=e.path, title=e.title_zh, size=len(e.content), sha256=e.sha256
            )
            for n, e in enumerate(entries, start=1)
        ],
        footer=(
            "manifest.json 与 SHA256SUMS 列出同一批文件及其 SHA-256；如需更正或删除，请联系本店。"
        ),
        dated=timezone.localtime(as_of).date() if as_of else datetime(*EPOCH).date(),
    )
    manifest = {
        "format": FORMAT,
        "request_no": request_no,
        "customer_id": customer_id,
        "orders": [row["order_no"] for row in orders],
        "as_of": as_of,
        "time_zone": "Asia/Shanghai",
        "hash_algorithm": "SHA-256",
        "copy_sha256": combined,
        "files": [entry.row() for entry in entries],
        "summary": {
            "path": SUMMARY_PATH,
            "size": len(summary),
            "sha256": hashlib.sha256(summary).hexdigest(),
        },
    }
    stamp = timezone.localtime(as_of).timetuple()[:6] if as_of else EPOCH
    content = deterministic_zip(
        [
            (SUMMARY_PATH, summary),
            ("manifest.json", canonical_json(manifest)),
            ("SHA256SUMS", sums_file(entries)),
            *((entry.path, entry.content) for entry in entries),
        ],
        stamp,  # type: ignore[arg-type]
    )
    report(99)
    return BuiltCopy(content=content, manifest=manifest, files=len(entries))


def _copy_write(
    filters: CustomerCopyFilters, scope: ExportScope, out: IO[bytes], report: Any
) -> BuiltFile:
    built = customer_copy_build(
        customer_id=filters.customer_id, request_no=filters.request_no, report=report
    )
    out.write(built.content)
    return BuiltFile(
        name=f"个人信息副本_{filters.request_no}.zip",
        content_type="application/zip",
        items=built.files,
    )


def customer_copy_builder_register() -> None:
    register_file_builder(
        kind=COPY_KIND,
        write_fn=_copy_write,
        title_zh="个人信息副本",
        title_en="Customer's copy",
        action=MANAGE,
        filters=CustomerCopyFilters,
    )


def customer_copy_create(*, session: Session, request_id: int, language: str) -> dict[str, Any]:
    """Queues the copy for an open access request about a customer the shop holds; answers
    the export job (follow it with `exportStatus`) and a preview with the identity masked."""
    row: PrivacyRequest = request_in_scope(session, request_id)
    if row.kind != RequestKind.ACCESS:
        raise field_error(
            "id", Text("只有查阅复制请求可生成副本", "only an access request has a copy")
        )
    if row.customer_id is None:
        raise field_error(
            "id",
            Text("本店没有该请求涉及的客户信息", "the shop holds no customer for this request"),
        )
    builder = exporter_get(COPY_KIND)
    assert builder is not None, "apps.privacy registers its builder when it is ready"
    with transaction.atomic():
        job: ExportJob = export_job_queue(
            session=session,
            exporter=builder,
            filters={
                "request_id": row.pk,
                "request_no": row.request_no,
                "customer_id": row.customer_id,
            },
            language=language,
        )
        # The file holds the identity whole: a reveal, whose reason is the customer's own
        # request (Art. 45), recorded without asking the handler to type it again.
        reveal_record(
            actor=session,
            action="privacy.copy_identity",
            target_type="privacy_request",
            target_id=row.pk,
            after={"customer_id": row.customer_id, "export_id": job.pk},
            reason=f"查阅复制请求 {row.request_no}",
        )
    masked = customer_people([row.customer_id])[row.customer_id]
    orders = customer_order_values(session=None, customer_ids=[row.customer_id])
    return {
        "job_id": job.pk,
        "customer": {k: masked[k] for k in ("id", "name", "phone", "id_number")},
        "orders": len(orders),
    }
