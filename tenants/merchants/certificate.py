"""The deletion certificate of a merchant that left (数据删除证明): a PDF in Chinese, on the
evidence pack's machinery (`zulin.documents.index`), saying what was deleted (each table with
its row count, the private files with their hashes), when, what the platform kept and why,
and the export's hashes. Its bytes depend on the data alone."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from zulin.documents.index import IndexedFile, Mono, render_file_index

# What the platform keeps of a merchant that left, each with its reason and legal source
# (docs/privacy.md, "A merchant leaves"; [counsel] points there).
KEPT = (
    (
        "平台佣金与结算记账凭证（平台账簿中该商户的分户账、提现与对账记录、结算条款）",
        "平台自身的会计凭证与账簿，《会计档案管理办法》第十四条（保管 30 年）；"
        "交易记录《电子商务法》第三十一条（不少于 3 年）。不含客户个人信息。",
    ),
    (
        "商户主体记录（名称、标识、状态“关闭”，联系人已清空）",
        "上述记账凭证所指向的对象，及《电子商务法》第二十七条对平台内经营者信息的核验登记。",
    ),
)
KEPT_TEXT = "；".join(f"{what}：{why}" for what, why in KEPT)


def _china(moment: datetime | str | None) -> str:
    if moment is None:
        return "—"
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S")


def certificate_files(summary: dict[str, Any]) -> list[IndexedFile]:
    """The certificate's table: each deleted table (its row count) and each deleted file."""
    rows: list[IndexedFile] = []
    for table, count in sorted(summary["tables"].items()):
        rows.append(
            IndexedFile(
                number=len(rows) + 1,
                path=f"表 {table}",
                title=f"{count} 行已删除",
                size=count,
                sha256="—",
            )
        )
    for file in summary["files"]:
        rows.append(
            IndexedFile(
                number=len(rows) + 1,
                path=file["path"],
                title="私有文件已删除",
                size=file["size"],
                sha256=file["sha256"] or "—",
            )
        )
    return rows


def certificate_pdf(*, merchant: Any, offboarding: Any, summary: dict[str, Any]) -> bytes:
    deleted_at = summary["deleted_at"]
    total_rows = sum(summary["tables"].values())
    projections = "，".join(f"{k} {v} 行" for k, v in summary["projections"].items())
    return render_file_index(
        title=f"数据删除证明　{merchant.name}",
        facts=[
            ("商户", f"{merchant.name}（{merchant.slug}，编号 {merchant.pk}）"),
            ("删除时间", f"{_china(deleted_at)}（北京时间）"),
            ("删除原因", offboarding.deleted_reason or "—"),
            (
                "已删除",
                f"商户数据库 schema「{summary['schema']}」整体删除："
                f"{len(summary['tables'])} 张表共 "
                f"{total_rows} 行；私有文件 {len(summary['files'])} 个（含退出导出包）；"
                f"平台侧副本：{projections}。",
            ),
            ("保留及理由", KEPT_TEXT),
            (
                "删除前通知",
                "已向商户的 webhook 发送 merchant.redact"
                f"（{summary['redact'].get('event_id', '')}）",
            ),
            ("导出时间", f"{_china(offboarding.exported_at)}（北京时间）"),
            ("导出包 SHA-256", Mono(offboarding.export_sha256)),
            ("manifest.json SHA-256", Mono(offboarding.manifest_sha256)),
        ],
        files=certificate_files(summary),
        footer=(
            "本证明由平台在删除完成时生成。导出包及其 manifest.json 的 SHA-256"
            "可与商户所下载的导出包核对；“保留及理由”所列记录不含客户的姓名、电话或身份证号。"
            "法律依据仅供参考，以律师意见为准。"
        ),
        dated=timezone.localtime(datetime.fromisoformat(deleted_at)).date(),
    )
