"""A merchant leaves (docs/privacy.md, "A merchant leaves"; issue 67): what still holds it,
its full export, the owner's download, and the deletion of its data with its certificate.

The offboarding moves `requested` → (`exported`, by the export job) `exported` → (`delete`,
by an operator, with a reason) `deleted`; a new export from `exported` goes back to
`requested`. Every move goes through `zulin.audit.state` (history row and audit entry).
"""

from __future__ import annotations

import logging
import shutil
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Case, DecimalField, F, Sum, When
from django.utils import timezone
from django_tenants.utils import schema_context, tenant_context

from tenants.accounts.models import Account
from tenants.accounts.selectors import OWNER_ROLE_CODE
from tenants.accounts.services import merchant_sessions_end
from tenants.catalog.models import PlatformAddon, PlatformGoods
from tenants.dashboard.models import MerchantAging, MerchantDueDay
from tenants.orders.models import OrderIndex
from tenants.orders.rules import OrderStage, OrderStatus
from zulin.audit.services import actor_name, audit_record
from zulin.audit.state import Machine, move, status_created, transition_locked
from zulin.celery import app
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.tenancy import forget_merchant_hosts
from zulin.files.links import private_file_link
from zulin.files.models import StoredFile
from zulin.files.services import private_file_save, private_path
from zulin.ledger.models import Entry, Side
from zulin.ledger.selectors import account_balance
from zulin.outbox.services import event_emit, outbox_flush

from .certificate import certificate_pdf
from .models import (
    Merchant,
    MerchantOffboarding,
    MerchantOnboarding,
    MerchantStatus,
    OffboardingStatus,
    SubShopEntry,
    WebhookDue,
)
from .offboarding_export import EXPORT_KIND, export_build, table_counts
from .provisioning import schema_drop, schema_make
from .services import MERCHANT_MACHINE

logger = logging.getLogger("zulin.task")

REQUESTED, EXPORTED, DELETED = (s.value for s in OffboardingStatus)
OFFBOARDING_MACHINE: Machine[MerchantOffboarding] = Machine(
    model=MerchantOffboarding,
    target_type="merchant_offboarding",
    moves=(
        move(REQUESTED, "exported", EXPORTED),
        move(EXPORTED, "reexport", REQUESTED, right="merchant.manage"),
        move(EXPORTED, "delete", DELETED, right="merchant.manage"),
    ),
    labels={status.value: (status.label, status.value) for status in OffboardingStatus},
)
ZERO = Decimal("0.00")
# The merchant's accounts that hold money someone is still owed or has not been paid
# (tenants/merchants/models.py: the merchant's chart in zulin/ledger/chart.py).
HOLD_ACCOUNTS = (
    ("deposit_held", "客户押金未退还", "deposits owed back to customers"),
    ("customer_refunds_payable", "应退客户款未退", "refunds owed to customers"),
    ("provider_clearing", "支付渠道款未结算", "money at the payment provider not settled"),
    ("merchant_cash", "可提现余额未提现", "withdrawable balance not paid out"),
    ("withdrawals_in_transit", "提现在途", "withdrawals in transit"),
    ("risk_prepaid", "风控预付余额未退", "prepaid risk balance not refunded"),
)
ENDED_STATUSES = (
    OrderStatus.COMPLETED,
    OrderStatus.BOUGHT_OUT,
    OrderStatus.CANCELLED,
    OrderStatus.REFUNDED,
    OrderStatus.REFUSED,
    OrderStatus.CLOSED,
)
CERTIFICATE_KIND = "offboarding-certificate"


@dataclass(frozen=True)
class Hold:
    code: str
    label_zh: str
    label_en: str
    count: int
    amount: Decimal

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "label": self.label_zh,
            "label_en": self.label_en,
            "count": self.count,
            "amount": self.amount,
        }


def _orders_holding(code: str) -> int:
    """How many orders leave money on account `code` (money tied to no order counts once)."""
    signed = Case(When(side=Side.DEBIT, then=F("amount")), default=-F("amount"))
    rows = (
        Entry.objects.filter(account__code=code)
        .values("journal__order_id")
        .annotate(net=Sum(signed, output_field=DecimalField(max_digits=16, decimal_places=2)))
        .exclude(net=0)
    )
    return rows.count()


def offboarding_holds(merchant: Merchant) -> list[Hold]:
    """What keeps `merchant` from leaving: money on its books that customers are owed or it
    has not been paid, and its leases not ended (or ended and still owing)."""
    holds: list[Hold] = []
    with tenant_context(merchant):
        for code, zh, en in HOLD_ACCOUNTS:
            amount = account_balance(code)
            if amount != ZERO:
                holds.append(Hold(code, zh, en, _orders_holding(code), amount))
    orders = OrderIndex.objects.filter(merchant=merchant, is_deleted=False)
    open_leases = orders.exclude(status__in=ENDED_STATUSES)
    if open_leases.exists():
        total = open_leases.aggregate(total=Sum("total_rent"))["total"] or ZERO
        holds.append(
            Hold("open_orders", "未完结的订单", "orders not ended", open_leases.count(), total)
        )
    owing = orders.filter(stage=OrderStage.OWING)
    if owing.exists():
        total = owing.aggregate(total=Sum("owed_amount"))["total"] or ZERO
        holds.append(
            Hold("owing_orders", "完结欠款的订单", "ended orders still owing", owing.count(), total)
        )
    return holds


def _refuse_if_held(merchant: Merchant) -> None:
    holds = offboarding_holds(merchant)
    if holds:
        listed = "；".join(f"{h.label_zh} {h.count} 笔 {h.amount:.2f} 元" for h in holds)
        listed_en = "; ".join(f"{h.label_en}: {h.count}, {h.amount:.2f} yuan" for h in holds)
        raise ApplicationError(
            ErrorCode.MERCHANT_HOLDS_MONEY,
            f"商户仍持有客户资金或未完结的租赁，结清或移交后才能退出：{listed}",
            msg_en=f"Settle or hand these over first: {listed_en}",
            data={"holds": [h.as_dict() for h in holds]},
        )


def _merchant(merchant_id: int) -> Merchant:
    merchant = Merchant.objects.filter(pk=merchant_id).first()
    if merchant is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return merchant


def _locked(merchant_id: int) -> MerchantOffboarding | None:
    return MerchantOffboarding.objects.select_for_update().filter(merchant_id=merchant_id).first()


def offboarding_state(*, merchant_id: int) -> dict[str, Any]:
    """The platform's view of a merchant leaving: its offboarding's state, what holds it now
    (tenants/merchants/offboarding.py), and whether an export may start or the data may go."""
    merchant = Merchant.objects.filter(pk=merchant_id).first()
    if merchant is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    row = MerchantOffboarding.objects.filter(merchant=merchant).first()
    status = row.status if row else "none"
    holds = [] if status == OffboardingStatus.DELETED else offboarding_holds(merchant)
    blocked = ""
    if status != OffboardingStatus.EXPORTED:
        blocked = "须先完成导出" if status != OffboardingStatus.DELETED else "数据已删除"
    elif holds:
        blocked = "商户仍持有客户资金或未完结的租赁"
    counts = (row.table_rows if row else {}) or {}
    return {
        "id": merchant.pk,
        "status": status,
        "status_name": OffboardingStatus(status).label if row else "未开始",
        "holds": [hold.as_dict() for hold in holds],
        "can_start": not holds and status in ("none", OffboardingStatus.EXPORTED),
        "can_delete": not blocked,
        "delete_blocked_reason": blocked,
        "requested_by": row.requested_by_name if row else "",
        "requested_at": row.requested_at if row else None,
        "export_error": row.export_error if row else "",
        "exported_at": row.exported_at if row else None,
        "export_expires_at": row.export_expires_at if row else None,
        "export_sha256": row.export_sha256 if row else "",
        "manifest_sha256": row.manifest_sha256 if row else "",
        "table_count": len(counts),
        "row_count": sum(counts.values()),
        "file_count": row.file_count if row else 0,
        "ledger_balanced": row.ledger_balanced if row else None,
        "deleted_at": row.deleted_at if row else None,
        "deleted_by": row.deleted_by_name if row else "",
        "deleted_reason": row.deleted_reason if row else "",
        "certificate_sha256": row.certificate_sha256 if row else "",
    }


# --- the export ------------------------------------------------------------------------------


def offboarding_start(*, actor: Session, merchant_id: int) -> MerchantOffboarding:
    """Starts (or starts again) the merchant's export; refused with what holds it while it
    holds customers' money or open leases, and once its data is deleted. The export runs as
    a job (`offboarding_export`) once this commits."""
    merchant = _merchant(merchant_id)
    with transaction.atomic():
        Merchant.objects.select_for_update().filter(pk=merchant.pk).first()
        row = _locked(merchant.pk)
        failed = row is not None and row.status == REQUESTED and bool(row.export_error)
        if row is not None and row.status != EXPORTED and not failed:
            raise OFFBOARDING_MACHINE.conflict(row.status, "reexport")
        _refuse_if_held(merchant)
        if row is not None and failed:
            # The export that failed is tried again; the offboarding stays requested.
            before = row.export_error
            row.export_error, row.requested_by_name = "", actor_name(actor)
            row.save(update_fields=["export_error", "requested_by_name"])
            audit_record(
                actor=actor,
                action="merchant.offboarding_retry",
                target_type="merchant",
                target_id=merchant.pk,
                before={"export_error": before},
            )
        elif row is None:
            row = MerchantOffboarding.objects.create(
                merchant=merchant, requested_by_name=actor_name(actor)
            )
            status_created(OFFBOARDING_MACHINE, row=row, actor=actor)
            audit_record(
                actor=actor,
                action="merchant.offboarding_start",
                target_type="merchant",
                target_id=merchant.pk,
                after={"status": row.status},
            )
        else:

            def restart(found: MerchantOffboarding) -> dict[str, Any]:
                found.requested_by_name = actor_name(actor)
                found.requested_at = timezone.now()
                found.export_error = ""
                return {"requested_by": found.requested_by_name}

            transition_locked(
                OFFBOARDING_MACHINE, row=row, action="reexport", actor=actor, change=restart
            )
        transaction.on_commit(lambda: _queue(merchant.pk))
    return row


def _queue(merchant_id: int) -> None:
    """The export job on the worker; without a broker it runs here and now (the export's
    eager fallback: the operator's start still gets its export)."""
    try:
        offboarding_export.delay(merchant_id)
    except Exception:  # noqa: BLE001 — any failure to reach the broker
        logger.warning("offboarding export of %s not queued; run inline", merchant_id)
        offboarding_export_run(merchant_id=merchant_id)


@app.task(name="merchants.offboarding_export")
def offboarding_export(merchant_id: int) -> dict[str, Any]:
    with schema_context("public"):
        return offboarding_export_run(merchant_id=merchant_id)


def offboarding_export_run(*, merchant_id: int) -> dict[str, Any]:
    """Builds the export, keeps it as a private file of the merchant's schema and moves the
    offboarding to `exported`; a failure is written on the row (the operator starts again)."""
    row = MerchantOffboarding.objects.filter(merchant_id=merchant_id).first()
    if row is None or row.status != REQUESTED:
        return {"skipped": True}
    merchant = row.merchant
    try:
        built = export_build(merchant)
        name = f"{merchant.slug}-export-{timezone.localdate():%Y%m%d}.zip"
        with built.content, tenant_context(merchant), transaction.atomic():
            stored = private_file_save(
                kind=EXPORT_KIND,
                name=name,
                content=built.content,
                content_type="application/zip",
                actor=None,
            )
    except Exception as error:  # noqa: BLE001 — kept on the row, shown to the operator
        logger.exception("offboarding export of %s failed", merchant.slug)
        MerchantOffboarding.objects.filter(pk=row.pk).update(export_error=str(error)[:300])
        return {"failed": True}
    with transaction.atomic():
        locked = _locked(merchant_id)
        if locked is None or locked.status != REQUESTED:
            return {"skipped": True}

        def done(found: MerchantOffboarding) -> dict[str, Any]:
            now = timezone.now()
            found.export_file_id = stored.pk
            found.export_sha256 = stored.sha256
            found.manifest_sha256 = built.manifest_sha256
            found.table_rows = built.table_rows
            found.file_count = built.file_count
            found.ledger_balanced = built.ledger_balanced
            found.exported_at = now
            found.export_expires_at = now + timedelta(days=settings.OFFBOARDING_EXPORT_DAYS)
            found.export_error = ""
            return {"export_sha256": stored.sha256, "manifest_sha256": built.manifest_sha256}

        transition_locked(
            OFFBOARDING_MACHINE, row=locked, action="exported", actor=None, change=done
        )
    return {"file_id": stored.pk, "sha256": stored.sha256}


def export_link(*, session: Session) -> dict[str, Any]:
    """The owner's short-lived link to the merchant's export (on the merchant's host): owner
    only, while the export is kept; each link is audited in the merchant's trail."""
    is_owner = session.api_key_id is None and (
        Account.objects.filter(
            pk=session.account.pk, roles__code=OWNER_ROLE_CODE, sub_shop_id__isnull=True
        ).exists()
    )
    if not is_owner:
        raise ApplicationError(ErrorCode.FORBIDDEN)
    row = MerchantOffboarding.objects.filter(merchant_id=session.merchant.pk).first()
    if row is None or row.status != EXPORTED or row.export_file_id is None:
        raise ApplicationError(
            ErrorCode.NOT_FOUND, "没有可下载的退出导出", msg_en="There is no export to download"
        )
    if row.export_expires_at is None or row.export_expires_at <= timezone.now():
        raise ApplicationError(
            ErrorCode.FILE_LINK_EXPIRED, "导出的下载期限已过", msg_en="The export's period is over"
        )
    stored = StoredFile.objects.filter(pk=row.export_file_id).first()
    if stored is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    with transaction.atomic():
        audit_record(
            actor=session,
            action="merchant.offboarding_download",
            target_type="file",
            target_id=stored.pk,
            after={"sha256": stored.sha256},
        )
    return {
        "url": private_file_link(stored, session=session),
        "name": stored.name,
        "size": stored.size,
        "sha256": stored.sha256,
        "manifest_sha256": row.manifest_sha256,
        "exported_at": row.exported_at,
        "expires_at": row.export_expires_at,
    }


# --- the deletion ----------------------------------------------------------------------------


def _projections_delete(merchant: Merchant) -> dict[str, int]:
    """The merchant's rows in the public schema that are copies of its own data, and its
    staff's accounts (their names and phones), deleted; the platform's own records stay."""
    deleted: dict[str, int] = {}
    for label, rows in (
        ("order_index", OrderIndex.objects.filter(merchant=merchant)),
        ("platform_goods", PlatformGoods.objects.filter(merchant=merchant)),
        ("platform_addons", PlatformAddon.objects.filter(merchant=merchant)),
        ("sub_shop_entries", SubShopEntry.objects.filter(merchant=merchant)),
        ("webhook_due", WebhookDue.objects.filter(merchant=merchant)),
        ("due_days", MerchantDueDay.objects.filter(merchant=merchant)),
        ("aging", MerchantAging.objects.filter(merchant=merchant)),
        ("onboarding_key", MerchantOnboarding.objects.filter(merchant=merchant)),
        ("accounts", Account.objects.filter(merchant=merchant)),
    ):
        deleted[label] = rows.count()
        rows.delete()
    return deleted


def _redact_send(merchant: Merchant) -> dict[str, Any]:
    """`merchant.redact` in the merchant's outbox, then sent at once in this process: its
    endpoints hear it before the schema (and its webhook history) goes."""
    with tenant_context(merchant):
        with transaction.atomic():
            event = event_emit(
                "merchant.redact",
                object_type="merchant",
                object_id=merchant.pk,
                data={"merchant_id": merchant.pk, "slug": merchant.slug},
            )
        reports = outbox_flush()
    sent: dict[str, Any] = {"event_id": event.event_id}
    for report in reports:
        if isinstance(report, dict):
            sent.update({k: v for k, v in report.items() if isinstance(v, int)})
    return sent


def offboarding_delete(*, actor: Session, merchant_id: int, reason: str) -> MerchantOffboarding:
    """Deletes the merchant's data after its export: `merchant.redact` sent, its schema
    dropped (an empty one made from the template takes its name, so the platform's jobs over
    every schema keep running), its private files and public copies deleted, its accounts
    removed, the merchant closed; the platform's own journals stay. Writes the certificate."""
    reason = reason.strip()
    if not reason:
        raise field_error("reason", Text("删除商户数据须填写原因", "a reason is required"))
    merchant = _merchant(merchant_id)
    row = MerchantOffboarding.objects.filter(merchant=merchant).first()
    if row is None or row.status != EXPORTED:
        current = row.status if row else ""
        raise ApplicationError(
            ErrorCode.CONFLICT,
            "须先完成导出才能删除商户数据",
            msg_en="Export the merchant's data before deleting it",
            data={"from": current, "to": DELETED},
        )
    if actor is not None and not actor.can("merchant.manage"):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    _refuse_if_held(merchant)
    redact = _redact_send(merchant)
    schema = merchant.schema_name
    with tenant_context(merchant):
        counts = table_counts(schema)
        files = list(
            StoredFile.objects.filter(schema_name=schema).values_list("path", "sha256", "size")
        )
    with transaction.atomic():
        locked_merchant = Merchant.objects.select_for_update().get(pk=merchant.pk)
        locked = _locked(merchant.pk)
        if locked is None or locked.status != EXPORTED:
            raise OFFBOARDING_MACHINE.conflict(locked.status if locked else "", "delete")
        if locked_merchant.status != MerchantStatus.CLOSED:
            transition_locked(
                MERCHANT_MACHINE,
                row=locked_merchant,
                action="close",
                actor=actor,
                reason=reason,
                audit_action="merchant.status",
            )
        merchant_sessions_end(merchant=locked_merchant)
        projections = _projections_delete(locked_merchant)
        Merchant.objects.filter(pk=merchant.pk).update(contact_name="", contact_phone="")
        with connection.cursor() as cursor:
            # Checks deferred to the commit run now: a schema with pending ones cannot go.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        schema_drop(schema)
        schema_make(target=schema)
        now = timezone.now()
        summary = {
            "deleted_at": now.isoformat(),
            "schema": schema,
            "tables": counts,
            "files": [{"path": p, "sha256": h, "size": s} for p, h, s in files],
            "projections": projections,
            "redact": redact,
        }
        pdf = certificate_pdf(merchant=locked_merchant, offboarding=locked, summary=summary)
        certificate = private_file_save(
            kind=CERTIFICATE_KIND,
            name=f"{merchant.slug}-deletion-certificate.pdf",
            content=pdf,
            content_type="application/pdf",
            actor=actor,
        )

        def deleted(found: MerchantOffboarding) -> dict[str, Any]:
            found.deleted_at = now
            found.deleted_by_name = actor_name(actor)
            found.deleted_reason = reason
            found.deleted_summary = summary
            found.certificate_file_id = certificate.pk
            found.certificate_sha256 = certificate.sha256
            return {"tables": len(counts), "files": len(files), "certificate": certificate.sha256}

        transition_locked(
            OFFBOARDING_MACHINE,
            row=locked,
            action="delete",
            actor=actor,
            reason=reason,
            change=deleted,
        )
        forget_merchant_hosts(locked_merchant)
        folder = private_path(schema)
        transaction.on_commit(lambda: shutil.rmtree(folder, ignore_errors=True))
        transaction.on_commit(lambda: forget_merchant_hosts(locked_merchant))
    return locked


def certificate_link(*, session: Session, merchant_id: int) -> dict[str, Any]:
    """The operator's short-lived link to the deletion certificate (a public-schema file)."""
    row = MerchantOffboarding.objects.filter(merchant_id=merchant_id).first()
    if row is None or row.certificate_file_id is None:
        raise ApplicationError(
            ErrorCode.NOT_FOUND, "尚无删除证明", msg_en="There is no deletion certificate yet"
        )
    stored = StoredFile.objects.filter(pk=row.certificate_file_id).first()
    if stored is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return {
        "url": private_file_link(stored, session=session, inline=True),
        "name": stored.name,
        "sha256": stored.sha256,
        "manifest_sha256": row.manifest_sha256,
        "deleted_at": row.deleted_at,
    }
