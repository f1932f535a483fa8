"""Writes of the shop's customer service: its settings (notices and own templates with
them), messages to an order's customer through the SMS gateway, and the blacklist."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.billing.selectors import next_open_bill, order_overdue_money
from apps.orders.reads import customer_identity, customer_order_values, order_contact
from tenants.catalog.selectors import money
from zulin.audit.services import audit_record, audit_settings_change
from zulin.audit.state import Machine, move, status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.crypto import lookup_hash, mask_id_number, mask_phone, normalized
from zulin.core.db import advisory_xact_lock, tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.identity import id_number_valid
from zulin.providers.interfaces import ProviderError
from zulin.providers.sms import get_sms_provider

from . import rules, selectors
from .models import (
    BlacklistEntry,
    BlacklistStatus,
    CustomerMessage,
    MessageStatus,
    MessageTemplate,
    ServiceNotice,
    ServiceSetting,
)

# The gateway's template that carries a message we render (registered once with the gateway).
GATEWAY_TEMPLATE = "shop_message"


# --- settings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class NoticeInput:
    title: str
    content: str
    is_visible: bool = True


@dataclass(frozen=True)
class TemplateInput:
    name: str
    content: str
    is_active: bool = True
    id: int | None = None


def _settings_answer() -> dict[str, Any]:
    return {
        **selectors.setting_values(selectors.service_setting()),
        "notices": selectors.notice_rows(),
        "templates": [t for t in selectors.template_rows() if not t["platform"]],
    }


def service_setting_save(
    *,
    actor: Session,
    phone: str,
    hours: str,
    online_url: str,
    notices: list[NoticeInput] | None = None,
    templates: list[TemplateInput] | None = None,
) -> ServiceSetting:
    """baseSet: the phone, hours and online service link; the notices in the order given
    (replacing the shop's, when given); the shop's own templates (when given: one with an
    `id` is updated, one without is added, one left out is removed). Audited with before and
    after."""
    if phone and not rules.PHONE.match(phone):
        raise field_error(
            "phone",
            Text(
                "不是有效的电话号码（手机、座机或 400）",
                "not a phone number (mobile, landline or 400)",
            ),
        )
    if online_url and not rules.URL.match(online_url):
        raise field_error("online_url", Text("不是 http(s) 地址", "not an http(s) address"))
    if notices is not None and len(notices) > rules.NOTICES_MAX:
        raise field_error("notices", Text("最多 {0} 条", "at most {0}").format(rules.NOTICES_MAX))
    if templates is not None:
        if len(templates) > rules.TEMPLATES_MAX:
            raise field_error(
                "templates", Text("最多 {0} 个", "at most {0}").format(rules.TEMPLATES_MAX)
            )
        for index, template in enumerate(templates):
            problem = rules.template_problem(template.content)
            if problem:
                raise field_error(f"templates.{index}.content", problem)
    with transaction.atomic():
        setting, _ = ServiceSetting.objects.select_for_update().get_or_create(pk=1)
        before = _settings_answer()
        setting.phone, setting.hours, setting.online_url = phone, hours, online_url
        setting.save()
        if notices is not None:
            ServiceNotice.objects.all().delete()
            ServiceNotice.objects.bulk_create(
                ServiceNotice(title=n.title, content=n.content, is_visible=n.is_visible, sort=index)
                for index, n in enumerate(notices)
            )
        if templates is not None:
            _templates_replace(templates)
        audit_settings_change(
            actor=actor,
            action="service.settings_update",
            target_type="service_setting",
            target_id=setting.pk,
            before=before,
            after=_settings_answer(),
        )
    return setting


def _templates_replace(templates: list[TemplateInput]) -> None:
    existing = {t.pk: t for t in MessageTemplate.objects.select_for_update()}
    kept: set[int] = set()
    for index, given in enumerate(templates):
        if given.id is not None:
            row = existing.get(given.id)
            if row is None:
                raise field_error(f"templates.{index}.id", Text("没有该模板", "no such template"))
            kept.add(row.pk)
        else:
            row = MessageTemplate()
        row.name, row.content, row.is_active, row.sort = (
            given.name,
            given.content,
            given.is_active,
            index,
        )
        row.save()
    MessageTemplate.objects.exclude(pk__in=kept).filter(pk__in=list(existing)).delete()


# --- messages ------------------------------------------------------------------------------


def _values(contact: dict[str, Any], *, masked: bool) -> dict[str, str]:
    """Every variable the order can fill now (a variable without a value is left out)."""
    setting = selectors.service_setting()
    values = {
        "name": contact["name_masked"] if masked else contact["name"],
        "order_no": contact["order_no"],
        "goods": contact["goods_title"],
        "shop_name": tenant_connection.tenant.name,
    }
    if setting.phone:
        values["shop_phone"] = setting.phone
    if setting.hours:
        values["service_hours"] = setting.hours
    if contact["lease_end"]:
        values["lease_end"] = contact["lease_end"].isoformat()
    bill = next_open_bill(contact["order_id"])
    if bill is not None:
        values["period"] = str(bill["period"])
        values["amount"] = money(bill["amount"])
        values["due_date"] = bill["due_date"].isoformat()
    overdue = order_overdue_money(contact["order_id"])["total"]
    if overdue > 0:
        values["overdue_amount"] = money(overdue)
    return values


def _compose(
    contact: dict[str, Any], code: str, link: dict[str, str] | None = None
) -> tuple[str, str, str]:
    """(template name, the text sent, the text kept and shown: the name masked). `link`: a
    payment link's `pay_url` and `pay_amount`, the only way those variables are filled."""
    found = selectors.template_find(code)
    if found is None:
        raise field_error("template_code", Text("没有该启用中的模板", "no such active template"))
    name, content = found
    wanted = set(rules.placeholders(content))
    extra = {k: v for k, v in (link or {}).items() if k in rules.LINK_VARIABLES}
    full = {**_values(contact, masked=False), **extra}
    missing = sorted(wanted - set(full))
    if missing:
        raise ApplicationError(ErrorCode.MESSAGE_VARIABLE_MISSING, data={"variables": missing})
    text = rules.render(content, full)
    if normalized(contact["id_number"]) in normalized(text) or rules.ID_NUMBER_LIKE.search(text):
        raise ApplicationError(ErrorCode.MESSAGE_UNSAFE)
    return name, text, rules.render(content, {**_values(contact, masked=True), **extra})


def message_preview(*, actor: Session, order_id: int, template_code: str) -> dict[str, Any]:
    """What the template would say to the order's customer now (the name masked), or which
    variables the order cannot fill."""
    contact = order_contact(session=actor, order_id=order_id)
    found = selectors.template_find(template_code)
    if found is None:
        raise field_error("template_code", Text("没有该启用中的模板", "no such active template"))
    name, content = found
    values = _values(contact, masked=True)
    missing = sorted(set(rules.placeholders(content)) - set(values))
    return {
        "template_code": template_code,
        "template_name": name,
        "text": rules.render(content, values),
        "missing": missing,
        "phone": contact["phone_masked"],
        **_throttle_state(contact["customer_hash"]),
    }


def _throttle_state(customer_hash: str) -> dict[str, int]:
    now = timezone.now()
    return {
        "sent_last_hour": selectors.messages_counted(customer_hash, now - timedelta(hours=1)),
        "sent_today": selectors.messages_counted(customer_hash, now - timedelta(days=1)),
    }


def _throttle(customer_hash: str) -> None:
    """Refuses a message beyond the per-customer limits (the caller holds the customer's
    lock, so two senders at once count each other)."""
    state = _throttle_state(customer_hash)
    for count, limit, window in (
        (state["sent_last_hour"], rules.MESSAGES_PER_HOUR, "hour"),
        (state["sent_today"], rules.MESSAGES_PER_DAY, "day"),
    ):
        if count >= limit:
            raise ApplicationError(
                ErrorCode.MESSAGE_THROTTLED,
                data={"window": window, "limit": limit, "sent": count},
            )


def _customer_lock(customer_hash: str) -> None:
    advisory_xact_lock(f"{tenant_connection.schema_name}:message:{customer_hash}")


def message_send(
    *,
    actor: Session | None,
    order_id: int,
    template_code: str,
    idempotency_key: str = "",
    scope_checked: bool = False,
    link: dict[str, str] | None = None,
) -> CustomerMessage:
    """An SMS to the order's customer (an order within the session's scope) from a template,
    its variables filled from the order and its bills, through the SMS gateway; throttled
    per customer (MESSAGES_PER_HOUR, MESSAGES_PER_DAY); on the order's timeline. The same
    idempotency key answers the same message, sent once. `scope_checked`: the caller found
    the order in a scope of its own (a recovery case the session may work). No actor: the
    system's own message (recovery's automatic reminders), throttled the same. `link`: the
    payment link a recovery case sends (`rules.PAYMENT_LINK_TEMPLATE`)."""
    key = f"{actor.account.pk if actor else 'system'}:{idempotency_key}" if idempotency_key else ""
    if key:
        existing = CustomerMessage.objects.filter(idempotency_key=key).first()
        if existing is not None:
            if existing.order_id != order_id or existing.template_code != template_code:
                raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
            return existing
    contact = order_contact(session=None if scope_checked else actor, order_id=order_id)
    name, text, shown = _compose(contact, template_code, link)
    try:
        with transaction.atomic():
            _customer_lock(contact["customer_hash"])
            _throttle(contact["customer_hash"])
            message = CustomerMessage.objects.create(
                order_id=contact["order_id"],
                order_no=contact["order_no"],
                sub_shop_id=contact["sub_shop_id"],
                customer_id=contact["customer_id"],
                customer_hash=contact["customer_hash"],
                phone_masked=contact["phone_masked"],
                template_code=template_code,
                template_name=name,
                text=shown,
                idempotency_key=key,
                actor_account_id=actor.account.pk if actor else None,
                actor_name=(actor.account.name or actor.account.username) if actor else "系统",
            )
    except IntegrityError:
        return CustomerMessage.objects.get(idempotency_key=key)
    # Committed before the gateway is asked: a crash after sending never sends it again.
    try:
        receipt = get_sms_provider().send(
            phone=contact["phone"], template=GATEWAY_TEMPLATE, params={"content": text}
        )
    except ProviderError as error:
        _message_finish(message, actor=actor, error=error.reason)
        raise ApplicationError(
            ErrorCode.PROVIDER_FAILED,
            f"短信发送失败：{error.reason}",
            msg_en=f"The SMS gateway failed: {error.reason}",
            data={"message_id": message.pk},
            kept=True,  # the message, failed, stays (the throttle counts it)
        ) from error
    _message_finish(message, actor=actor, reference=receipt.reference)
    return message


def _message_finish(
    message: CustomerMessage, *, actor: Session | None, reference: str = "", error: str = ""
) -> None:
    with transaction.atomic():
        message.status = MessageStatus.FAILED if error else MessageStatus.SENT
        message.provider_reference = reference[:64]
        message.failure_reason = error[:300]
        message.sent_at = None if error else timezone.now()
        message.save(update_fields=["status", "provider_reference", "failure_reason", "sent_at"])
        # On the order's timeline: the template and the text as kept (name masked); a
        # failure says why.
        audit_record(
            actor=actor,
            action="order.message_failed" if error else "order.message_sent",
            target_type="order",
            target_id=message.order_id,
            after={"message_id": message.pk, "template_code": message.template_code},
            reason=f"{message.template_name}：{message.failure_reason or message.text}"[:300],
        )


# --- the blacklist -------------------------------------------------------------------------

BLACKLIST = Machine(
    model=BlacklistEntry,
    target_type="blacklist",
    moves=(move(BlacklistStatus.ACTIVE, "lift", BlacklistStatus.LIFTED, "customer.blacklist"),),
    labels={"active": ("生效中", "active"), "lifted": ("已解除", "lifted")},
)


def _reason(reason: str, field: str = "reason") -> str:
    reason = (reason or "").strip()
    if not reason:
        raise field_error(field, Text("必填", "required"))
    return reason[:300]


def blacklist_add(
    *,
    actor: Session,
    reason: str,
    customer_id: int | None = None,
    name: str = "",
    id_number: str = "",
    phone: str = "",
) -> BlacklistEntry:
    """Puts a person on the shop's blacklist: a customer of the shop (`customer_id`) or
    anyone by ID number (and phone). The intake refuses them from the next order on. A
    person already listed answers CONFLICT."""
    reason = _reason(reason)
    if customer_id is not None:
        # A customer with an order the session may see (NOT_FOUND otherwise, as for the list).
        visible = customer_order_values(session=actor, customer_ids=[customer_id])
        person = customer_identity(customer_id) if visible else None
        if person is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        name, id_number, phone = person["name"], person["id_number"], person["phone"]
    else:
        id_number = normalized(id_number)
        if not id_number_valid(id_number):
            raise field_error("id_number", Text("身份证号不正确", "not a valid ID number"))
        if phone and not rules.PHONE.match(phone):
            raise field_error("phone", Text("不是有效的电话号码", "not a phone number"))
    id_hash = lookup_hash(id_number, context=selectors.ID_CONTEXT)
    try:
        with transaction.atomic():
            entry = BlacklistEntry.objects.create(
                id_number_hash=id_hash,
                phone_hash=lookup_hash(phone, context=selectors.PHONE_CONTEXT) if phone else "",
                name_masked=(name[:1] + "*" * max(len(name) - 1, 1)) if name else "",
                id_number_masked=mask_id_number(id_number),
                phone_masked=mask_phone(phone) if phone else "",
                customer_id=customer_id,
                reason=reason,
                actor_account_id=actor.account.pk,
                actor_name=actor.account.name or actor.account.username,
            )
            status_created(BLACKLIST, row=entry, actor=actor, reason=reason)
            audit_record(
                actor=actor,
                action="blacklist.add",
                target_type="blacklist",
                target_id=entry.pk,
                after={"id_number": entry.id_number_masked, "customer_id": customer_id},
                reason=reason,
            )
    except IntegrityError:
        raise ApplicationError(
            ErrorCode.CONFLICT,
            "该客户已在黑名单中",
            msg_en="This person is already on the blacklist",
            data={"from": "active", "to": "active"},
        ) from None
    return entry


def blacklist_lift(*, actor: Session, entry_id: int, reason: str) -> BlacklistEntry:
    """Lifts an active entry with a reason (the entry and its history are kept)."""
    reason = _reason(reason)
    with transaction.atomic():
        entry = BlacklistEntry.objects.select_for_update().filter(pk=entry_id).first()
        if entry is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)

        def lifted(row: BlacklistEntry) -> dict[str, Any]:
            row.lift_reason = reason
            row.lifted_at = timezone.now()
            row.lifted_by_account_id = actor.account.pk
            row.lifted_by_name = actor.account.name or actor.account.username
            return {"lift_reason": reason}

        transition_locked(
            BLACKLIST, row=entry, action="lift", actor=actor, reason=reason, change=lifted
        )
    return entry
