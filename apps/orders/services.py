"""Writes of orders: intake, audit, allocation, closing, deleting, remarks, and the moves of
the lease that the shop makes. Every status change goes through `zulin.audit.state` (the
tables in `machine.py`), refreshes the list stage and the platform's index in the same
transaction."""

from __future__ import annotations

import base64
import binascii
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.goods.rules import early_fee_problem
from apps.goods.selectors import order_offer
from apps.goods.services import sku_stock_release, sku_stock_reserve
from apps.risk.services import INTAKE, Subject, credit_query_run, risk_query_run
from apps.subshops.selectors import accounts_with_role, sub_shop_names
from tenants.risk.rules import INTAKE_QUERY_TYPE
from zulin.audit.reveals import reveal_reason, reveal_record
from zulin.audit.services import audit_record, audit_settings_change
from zulin.audit.state import status_created
from zulin.core.auth import Session
from zulin.core.crypto import lookup_hash, mask_phone, normalized
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.identity import id_number_valid
from zulin.core.images import CONTENT_TYPES, image_extension
from zulin.files.links import private_file_link
from zulin.files.models import StoredFile
from zulin.files.services import private_file_save
from zulin.providers.identity import get_identity_provider
from zulin.providers.interfaces import IdentityVerification, ProviderError, provider_failed

from . import events, machine, rules
from .consents import consent_required
from .events import person_refused
from .guards import order_setting
from .lease import after_audit_pass
from .models import Consent, Customer, Order, OrderKind, OrderSetting, OrderStatus
from .moves import order_move, order_unwind
from .outbox import order_event
from .personal import customer_erase as customer_erase  # apps.privacy's deletion
from .personal import customer_restrict as customer_restrict
from .personal import person_suppressed
from .personal import suppression_lift as suppression_lift  # apps.privacy's lift
from .projection import order_project
from .scope import order_in_scope
from .settings_selectors import order_setting_answer
from .termination import terms_resolve

if TYPE_CHECKING:
    from apps.risk.models import CreditQuery, RiskQuery


def _reason(reason: str, *, required: bool = True) -> str:
    reason = (reason or "").strip()
    if required and not reason:
        raise field_error("reason", Text("必填", "required"))
    return reason[: rules.REASON_MAX]


# --- intake --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Intake:
    """One order as the customer-facing app places it."""

    idempotency_key: str
    customer_name: str
    customer_phone: str
    id_number: str
    sku_id: int
    rent_plan_id: int | None = None  # None: a purchase at the sell price
    package_id: int | None = None
    addon_ids: list[int] = field(default_factory=list)
    channel: str = ""
    sub_shop_id: int | None = None
    salesman_account_id: int | None = None
    shipping_fee: Decimal = Decimal("0.00")
    # The promotion share link it came through (apps.promotion resolves the code).
    share_link_id: int | None = None
    # When the customer placed it, for orders brought in from elsewhere (the demo, an
    # import); never later than now. The intake call always places it now.
    placed_at: datetime | None = None


def _customer(data: Intake) -> Customer:
    id_number = normalized(data.id_number)
    if not id_number_valid(id_number):
        raise field_error("id_number", Text("身份证号不正确", "not a valid ID number"))
    id_hash = lookup_hash(id_number, context="customer.id_number")
    # The live customer: a person erased and come back (their suppression lifted) is a new
    # row, the erased one left as it was with its orders.
    live = Customer.objects.select_for_update().filter(id_number_hash=id_hash, erased_at=None)
    customer = live.first()
    if customer is None:
        try:
            with transaction.atomic():
                return Customer.objects.create(
                    name=data.customer_name,
                    phone=data.customer_phone,
                    id_number=id_number,
                    id_number_hash=id_hash,
                )
        except IntegrityError:
            customer = live.get()
    if (customer.name, customer.phone) != (data.customer_name, data.customer_phone):
        customer.name, customer.phone = data.customer_name, data.customer_phone
        customer.save(update_fields=["name", "phone", "updated_at"])
    return customer


ID_CARD_MAX_BYTES = 1024 * 1024
ID_CARD_TYPES = ("jpg", "png")


def customer_id_card_save(*, order: Order, side: str, image_base64: str) -> StoredFile:
    """One side of the order's customer's ID card as a private file (kind `id_card`)."""
    try:
        content = base64.b64decode(image_base64, validate=True)
    except (binascii.Error, ValueError):
        raise field_error("image_base64", Text("不是 base64 编码", "not base64")) from None
    if len(content) > ID_CARD_MAX_BYTES:
        raise field_error("image_base64", Text("超过 1 MB", "larger than 1 MB"))
    extension = image_extension(content[:16])
    if extension not in ID_CARD_TYPES:
        raise field_error(
            "image_base64", Text("不是 JPEG 或 PNG 图片", "not a JPEG or PNG picture")
        )
    with transaction.atomic():
        customer = Customer.objects.select_for_update().get(pk=order.customer_id)
        stored = private_file_save(
            kind="id_card",
            name=f"id_card_{customer.pk}_{side}.{extension}",
            content=content,
            content_type=CONTENT_TYPES[extension],
            actor=None,
        )
        setattr(customer, f"id_card_{side}", str(stored.pk))
        customer.save(update_fields=[f"id_card_{side}", "updated_at"])
        audit_record(
            actor=None,
            action="customer.id_card_upload",
            target_type="order",
            target_id=order.pk,
            after={"side": side, "file_id": stored.pk, "size": stored.size},
        )
    return stored


def order_id_card_upload(
    *, actor: Session, order_id: int, side: str, image_base64: str
) -> StoredFile:
    """The shop uploads one side of the customer's ID card for an order in its scope (when
    the intake sent none): kept like the intake's, a private file."""
    if side not in ("front", "back"):
        raise field_error("side", Text("应为正面或反面", "front or back"))
    order = order_in_scope(actor, order_id)
    return customer_id_card_save(order=order, side=side, image_base64=image_base64)


def customer_identity_reveal(*, actor: Session, order_id: int, reason: str) -> dict[str, Any]:
    """The order's customer in full (name, phone, ID number, links to the ID card
    pictures) for a role with `order.identity`, within the session's order scope. Every
    reveal needs a reason and is an audit entry on the order (who, when, why)."""
    if not actor.can("order.identity"):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    reason = reveal_reason(reason)
    with transaction.atomic():
        order = order_in_scope(actor, order_id)
        customer = order.customer
        links: dict[str, str | None] = {}
        for side in ("front", "back"):
            file_id = getattr(customer, f"id_card_{side}")
            stored = StoredFile.objects.filter(pk=int(file_id)).first() if file_id else None
            links[f"id_card_{side}_url"] = (
                private_file_link(stored, session=actor, inline=True) if stored else None
            )
        reveal_record(
            actor=actor,
            action="order.identity_view",
            target_type="order",
            target_id=order.pk,
            after={"customer_id": customer.pk},
            reason=reason,
        )
    return {
        "order_id": order.pk,
        "name": customer.name,
        "phone": customer.phone,
        "id_number": customer.id_number,
        **links,
    }


def customer_phone_correct(*, actor: Session, customer_id: int, phone: str, reason: str) -> None:
    """Corrects a customer's contact phone (a privacy correction, PIPL Art. 46): the customer
    row locked, audited on the customer with the phones masked and their lookup hashes (the
    trail shows what changed without holding the number)."""
    with transaction.atomic():
        customer = Customer.objects.select_for_update().filter(pk=customer_id).first()
        if customer is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        if customer.phone == phone:
            return
        before = {
            "phone": mask_phone(customer.phone),
            "phone_hash": lookup_hash(customer.phone, context="customer.phone"),
        }
        customer.phone = phone
        customer.save(update_fields=["phone", "updated_at"])
        audit_record(
            actor=actor,
            action="customer.phone_correct",
            target_type="customer",
            target_id=customer.pk,
            before=before,
            after={
                "phone": mask_phone(phone),
                "phone_hash": lookup_hash(phone, context="customer.phone"),
            },
            reason=reason,
        )


def order_setting_save(*, actor: Session, fields: dict[str, Any]) -> OrderSetting:
    """The shop's order settings (unsigned-order cancel minutes, days until a parcel is
    taken as received, the early-buyout discount and the first period it is allowed from,
    the default early-return terms); audited with before and after."""
    problem = early_fee_problem(
        fields.get("early_return_fee_mode", "none"), fields.get("early_return_fee_value")
    )
    if problem:
        raise field_error("early_return_fee_value", problem)
    if fields.get("zhima_deposit_free") and not fields.get("zhima_service_id"):
        raise field_error(
            "zhima_service_id",
            Text("开通芝麻免押须填写信用服务 ID", "deposit-free needs the credit service id"),
        )
    if fields.get("early_return_fee_mode", "none") == "none":
        fields = {**fields, "early_return_fee_value": Decimal("0")}
    with transaction.atomic():
        setting, _ = OrderSetting.objects.select_for_update().get_or_create(pk=1)
        before = order_setting_answer(setting)
        for name, value in fields.items():
            setattr(setting, name, value)
        setting.save()
        after = order_setting_answer(setting)
        audit_settings_change(
            actor=actor,
            action="order.settings_update",
            target_type="order_setting",
            target_id=setting.pk,
            before=before,
            after=after,
        )
    return setting


def _attribution(data: Intake) -> None:
    if data.sub_shop_id is not None:
        found = sub_shop_names([data.sub_shop_id]).get(data.sub_shop_id)
        if found is None:
            raise field_error("sub_shop_id", Text("没有该子店", "no such sub-shop"))
        if not found[1]:
            raise ApplicationError(ErrorCode.SUB_SHOP_DISABLED)
    if data.salesman_account_id is not None:
        salesmen = accounts_with_role(merchant=tenant_connection.tenant, role_code="salesman")
        if data.salesman_account_id not in {row["id"] for row in salesmen}:
            raise field_error(
                "salesman_account_id", Text("不是本店的业务员", "not a salesman of this shop")
            )


def _order_no() -> str:
    return f"{rules.ORDER_NO_PREFIX}{timezone.localtime():%Y%m%d}{secrets.randbelow(10**8):08d}"


def order_place(*, data: Intake) -> Order:
    """Places an order: checks the goods, reserves stock, assesses the risk of a lease,
    asks for the deposit (less what the risk grade waives) to be frozen. The same
    idempotency key answers the same order and reserves nothing again."""
    existing = Order.objects.filter(idempotency_key=data.idempotency_key).first()
    if existing is not None:
        if existing.sku_id != data.sku_id:
            raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
        return existing
    if person_refused(id_number=data.id_number, phone=data.customer_phone):  # nothing recorded
        raise ApplicationError(ErrorCode.CUSTOMER_BLACKLISTED)
    if person_suppressed(id_number=data.id_number):  # erased on their request
        raise ApplicationError(ErrorCode.CUSTOMER_DATA_ERASED)
    _attribution(data)
    offer = order_offer(
        sku_id=data.sku_id,
        rent_plan_id=data.rent_plan_id,
        package_id=data.package_id,
        addon_ids=data.addon_ids,
        channel=data.channel,
        sub_shop_id=data.sub_shop_id,
    )
    lease = offer.rent_plan_id is not None
    addon_total = sum((Decimal(a["price"]) for a in offer.addons), Decimal("0.00"))
    # The early-return terms as they stand now, kept by the order (and its contract).
    terms = terms_resolve(
        setting=order_setting(),
        min_term=offer.min_term,
        fee_mode=offer.early_fee_mode,
        fee_value=offer.early_fee_value,
    )
    try:
        with transaction.atomic():
            customer = _customer(data)
            order = Order(
                order_no=_order_no(),
                kind=OrderKind.LEASE if lease else OrderKind.PURCHASE,
                status=OrderStatus.AWAITING_AUDIT if lease else OrderStatus.AWAITING_PAYMENT,
                customer=customer,
                channel=data.channel,
                sub_shop_id=data.sub_shop_id,
                salesman_account_id=data.salesman_account_id,
                share_link_id=data.share_link_id,
                goods_id=offer.goods_id,
                sku_id=offer.sku_id,
                rent_plan_id=offer.rent_plan_id,
                package_id=offer.package_id,
                goods_title=offer.title,
                goods_picture=offer.picture,
                sku_specs=offer.specs,
                fineness=offer.fineness,
                term=offer.term,
                term_unit=offer.term_unit,
                rent=offer.rent,
                buyout_price=offer.buyout_price,
                ownership_transfer=offer.ownership_transfer,
                min_term=min(terms.min_term, offer.term) if lease else 0,
                early_fee_mode=terms.fee_mode if lease else "none",
                early_fee_value=terms.fee_value if lease else Decimal("0"),
                addons=offer.addons,
                addon_total=addon_total,
                total_rent=(offer.rent * offer.term).quantize(Decimal("0.01")),
                sale_price=offer.sale_price,
                shipping_fee=data.shipping_fee,
                deposit=offer.deposit,
                idempotency_key=data.idempotency_key,
                status_changed_at=timezone.now(),
            )
            order.stage = machine.stage_of(order)
            order.save()
            if data.placed_at is not None and data.placed_at < order.created_at:
                order.created_at = order.status_changed_at = data.placed_at
                order.save(update_fields=["created_at", "status_changed_at"])
            status_created(machine.machine_for(order), row=order, actor=None)
            sku_stock_reserve(
                sku_id=order.sku_id,
                quantity=order.quantity,
                reference=order.order_no,
                fineness=order.fineness,
            )
            audit_record(
                actor=None,
                action="order.place",
                target_type="order",
                target_id=order.pk,
                after={"order_no": order.order_no, "kind": order.kind, "channel": order.channel},
            )
            order_project(order)
            order_event(order, "order.created")
            if lease:
                _risk_assess(order)
            # Billing freezes a lease's deposit, or makes a purchase's one bill.
            events.ORDER_PLACED.publish(order, placed_on=timezone.localdate())
    except IntegrityError:
        # The same key placed concurrently: that order stands, ours rolled back.
        return Order.objects.get(idempotency_key=data.idempotency_key)
    return order


def _risk_assess(order: Order) -> None:
    """Asks the risk provider about the customer (the intake's query, charged to the prepaid
    risk balance), keeps the result on the order and sets the deposit the customer must have
    frozen; a refusing decision refuses the order (stock released). A provider failure, or a
    balance that cannot pay the query, leaves the order to the auditor, grade unknown (and
    nothing charged)."""
    customer = order.customer
    try:
        query = risk_query_run(
            query_type=INTAKE_QUERY_TYPE,
            subject=Subject(name=customer.name, id_number=customer.id_number, phone=customer.phone),
            idempotency_key=f"intake:{order.order_no}",
            order_id=order.pk,
            order_no=order.order_no,
            source=INTAKE,
        )
    except ApplicationError as error:
        unchecked = {
            ErrorCode.PROVIDER_FAILED: (rules.RISK_UNAVAILABLE, "order.risk_unavailable"),
            ErrorCode.RISK_BALANCE_SHORT: (rules.RISK_BALANCE_SHORT, "order.risk_unchecked"),
        }.get(ErrorCode(error.code))
        if unchecked is None:
            raise
        order.risk_decision, action = unchecked
        order.save()
        audit_record(
            actor=None,
            action=action,
            target_type="order",
            target_id=order.pk,
            reason=error.message("zh")[: rules.REASON_MAX],
        )
        order_project(order)
        return
    _risk_result_keep(order, query)
    order.deposit_waived = rules.deposit_waiver(order.deposit, order.risk_grade)
    order.save()
    if order.risk_decision == rules.RISK_REFUSE:
        grade = order.risk_grade

        def refused(row: Order) -> dict[str, Any]:
            _release_stock(row)
            return {"risk_grade": grade}

        order_move(
            order,
            action="risk_refuse",
            actor=None,
            reason=f"风控拒绝（等级 {grade}）",
            change=refused,
        )
    else:
        order_project(order)


def _risk_result_keep(order: Order, query: RiskQuery) -> None:
    order.risk_grade, order.risk_score = query.grade, query.score
    order.risk_decision, order.risk_reference = query.decision, query.provider_reference


def order_risk_check(
    *, actor: Session, order_id: int, query_type: str, idempotency_key: str
) -> RiskQuery:
    """A risk query of the order's customer (an order in the session's scope), charged to
    the prepaid risk balance; its result joins the order's risk results. An order the
    intake could not check (the provider failed, the balance was short) takes the result of
    a `standard` query as its own grade; the deposit asked at intake stays as it was. A
    customer who withdrew consent to credit queries is refused (CONSENT_WITHDRAWN)."""
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)
        customer = order.customer
        consent_required(customer_id=customer.pk, purpose=Consent.Purpose.CREDIT_QUERY)
        query = risk_query_run(
            query_type=query_type,
            subject=Subject(name=customer.name, id_number=customer.id_number, phone=customer.phone),
            idempotency_key=f"order:{order.pk}:{idempotency_key}",
            actor=actor,
            order_id=order.pk,
            order_no=order.order_no,
        )
        if order.risk_decision in rules.RISK_UNCHECKED and query_type == INTAKE_QUERY_TYPE:
            _risk_result_keep(order, query)
            order.save(
                update_fields=[
                    "risk_grade",
                    "risk_score",
                    "risk_decision",
                    "risk_reference",
                    "updated_at",
                ]
            )
            order_project(order)
        return query


def _release_stock(order: Order) -> None:
    sku_stock_release(sku_id=order.sku_id, quantity=order.quantity, reference=order.order_no)


# --- the shop's decisions ------------------------------------------------------------------


def order_audit(*, actor: Session, order_id: int, passed: bool, reason: str = "") -> Order:
    """Passes or refuses an order awaiting audit (two auditors at once: the row lock makes
    one win, the other gets CONFLICT)."""
    reason = _reason(reason, required=not passed)
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)

        def decided(row: Order) -> dict[str, Any]:
            row.auditor_account_id = actor.account.pk
            if not passed:
                row.refuse_reason = reason
                _release_stock(row)
            return {"auditor_account_id": actor.account.pk}

        order_move(
            order,
            action="audit_pass" if passed else "audit_refuse",
            actor=actor,
            reason=reason,
            change=decided,
        )
        if passed:
            after_audit_pass(order)
        else:
            order_unwind(order, actor=actor, reason=reason)
        return order


def order_cancel(*, order_id: int, reason: str, actor: Session | None = None) -> Order:
    """The customer (or the job for orders left unsigned or unpaid) cancels an order that
    is not yet a deal: stock released, deposit thawed."""
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)

        def cancelled(row: Order) -> dict[str, Any]:
            row.finished_at = timezone.now()
            _release_stock(row)
            return {}

        order_move(order, action="cancel", actor=actor, reason=reason, change=cancelled)
        order_unwind(order, actor=actor, reason=reason)
    return order


def order_credit_query_apply(*, actor: Session, order_id: int, idempotency_key: str) -> CreditQuery:
    """A credit-bureau report of the order's customer (an order in the session's scope),
    charged to the prepaid risk balance; the report arrives later. A customer who withdrew
    consent to credit queries is refused (CONSENT_WITHDRAWN), nothing charged."""
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)
        customer = order.customer
        consent_required(customer_id=customer.pk, purpose=Consent.Purpose.CREDIT_QUERY)
        return credit_query_run(
            subject=Subject(name=customer.name, id_number=customer.id_number, phone=customer.phone),
            idempotency_key=f"credit:{order.pk}:{idempotency_key}",
            order_id=order.pk,
            order_no=order.order_no,
            actor=actor,
        )


def order_identity_status(*, actor: Session, order_id: int) -> IdentityVerification:
    """The order's customer's real-name status at the identity provider: name, ID number and
    phone checked against the issuer's records (asked once per order, then the kept answer)."""
    order = order_in_scope(actor, order_id)
    customer = order.customer
    try:
        return get_identity_provider().verify(
            out_no=f"{order.order_no}I",
            name=customer.name,
            id_number=customer.id_number,
            phone=customer.phone,
        )
    except ProviderError as error:
        raise provider_failed(
            error, "实名认证服务查询失败", "The identity provider failed"
        ) from error
