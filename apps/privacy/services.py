"""Writes of privacy requests: received (logged with its due day and its event), assigned to
a handler, answered (completed, or refused with the reason given), and the shop's settings.

Every status change goes through the state machine (`zulin.audit.state`): its history row
and audit entry are written in the change's transaction."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.db import transaction
from django.utils import timezone

from apps.orders.reads import customer_ids_by
from apps.orders.services import customer_phone_correct
from zulin.audit.services import actor_name, audit_record, audit_settings_change
from zulin.audit.state import Machine, move, status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.crypto import lookup_hash
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.identity import id_number_normalise, id_number_valid
from zulin.core.workdays import add_working_days
from zulin.outbox.services import row_event

from . import selectors
from .models import (
    DEFAULT_DUE_WORKING_DAYS,
    DUE_WORKING_DAYS_MAX,
    LookupBy,
    PrivacyRequest,
    PrivacySetting,
    RequestStatus,
)
from .selectors import MANAGE, REQUEST_TARGET

REQUEST = Machine(
    model=PrivacyRequest,
    target_type=REQUEST_TARGET,
    moves=(
        move((RequestStatus.RECEIVED, RequestStatus.IN_PROGRESS), "assign", "in_progress", MANAGE),
        move((RequestStatus.RECEIVED, RequestStatus.IN_PROGRESS), "complete", "completed", MANAGE),
        move((RequestStatus.RECEIVED, RequestStatus.IN_PROGRESS), "refuse", "refused", MANAGE),
    ),
    labels={
        "received": ("待处理", "received"),
        "in_progress": ("处理中", "in progress"),
        "completed": ("已办结", "completed"),
        "refused": ("已拒绝", "refused"),
    },
)
# A request is logged on the day it came in, or up to this many days later.
RECEIVED_DAYS_BACK = 30
EVENT_FIELDS = "id request_no kind status customer_id channel verification received_on due_on"


@dataclass(frozen=True)
class RequestInput:
    kind: str
    requester_name: str
    requester_phone: str
    lookup_by: str
    lookup: str
    channel: str
    verification: str
    verification_note: str = ""
    detail: str = ""
    received_on: date | None = None


def _subject(lookup_by: str, lookup: str) -> tuple[int | None, str, str]:
    """The customer the request is about (None: the shop holds no one by that), the phone
    looked up and the ID number's lookup hash."""
    if lookup_by == LookupBy.ID_NUMBER:
        number = id_number_normalise(lookup)
        if not id_number_valid(number):
            raise field_error("lookup", Text("身份证号不正确", "not a valid ID number"))
        found = customer_ids_by(id_number=number)
        return (found[0] if found else None), "", lookup_hash(number, context="customer.id_number")
    phone = lookup.strip()
    found = customer_ids_by(phone=phone)
    if len(found) > 1:
        raise field_error(
            "lookup",
            Text(
                "该手机号对应多位客户，请按身份证号查找",
                "this phone names several customers: look up by ID number",
            ),
        )
    return (found[0] if found else None), phone, ""


def request_create(*, actor: Session, data: RequestInput) -> PrivacyRequest:
    """Logs a customer's request: the customer it is about (by phone or ID number), due
    the setting's working days after the day it was received (China's working days)."""
    today = timezone.localdate()
    received_on = data.received_on or today
    if received_on > today:
        raise field_error("received_on", Text("不能晚于今天", "not after today"))
    if received_on < today - timedelta(days=RECEIVED_DAYS_BACK):
        raise field_error(
            "received_on",
            Text("最多补登 {days} 天前的请求", "at most {days} days back").format(
                days=RECEIVED_DAYS_BACK
            ),
        )
    customer_id, phone, id_hash = _subject(data.lookup_by, data.lookup)
    setting = selectors.privacy_setting()
    with transaction.atomic():
        row = PrivacyRequest.objects.create(
            request_no=f"tmp-{timezone.now().timestamp()}",
            kind=data.kind,
            requester_name=data.requester_name.strip(),
            requester_phone=data.requester_phone.strip(),
            lookup_by=data.lookup_by,
            lookup_phone=phone,
            lookup_id_hash=id_hash,
            customer_id=customer_id,
            channel=data.channel,
            verification=data.verification,
            verification_note=data.verification_note.strip(),
            detail=data.detail.strip(),
            received_on=received_on,
            due_on=add_working_days(received_on, setting.due_working_days),
            created_by_name=actor_name(actor),
        )
        row.request_no = f"PR{received_on:%Y%m%d}{row.pk:06d}"
        row.save(update_fields=["request_no"])
        status_created(REQUEST, row=row, actor=actor)
        audit_record(
            actor=actor,
            action="privacy_request.create",
            target_type=REQUEST_TARGET,
            target_id=row.pk,
            after={
                "kind": row.kind,
                "customer_id": customer_id,
                "received_on": str(received_on),
                "due_on": str(row.due_on),
            },
        )
        row_event("privacy.request.created", row, EVENT_FIELDS, object_type=REQUEST_TARGET)
    return row


def locked_request(actor: Session, request_id: int) -> PrivacyRequest:
    row = selectors.visible_requests(actor).select_for_update().filter(pk=request_id).first()
    if row is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return row


def request_assign(*, actor: Session, request_id: int, handler_id: int) -> PrivacyRequest:
    """Gives an open request to a handler (an active shop-wide account with the right)."""
    names = {p["id"]: p["name"] or p["username"] for p in selectors.handlers()}
    if handler_id not in names:
        raise field_error(
            "handler_id",
            Text("不是可处理个人信息请求的在职员工", "not an active account that may handle it"),
        )
    with transaction.atomic():
        row = locked_request(actor, request_id)
        before = row.handler_name

        def assigned(locked: PrivacyRequest) -> dict[str, str]:
            locked.handler_account_id = handler_id
            locked.handler_name = names[handler_id]
            return {"handler_before": before, "handler": locked.handler_name}

        return transition_locked(REQUEST, row=row, action="assign", actor=actor, change=assigned)


def request_answer(
    *, actor: Session, request_id: int, result: str, outcome: str, refusal_reason: str
) -> PrivacyRequest:
    """Answers an open request: `completed` with what was done, or `refused` with the reason
    given to the customer (required: PIPL Art. 50 asks for the reason of a refusal)."""
    outcome, refusal_reason = outcome.strip(), refusal_reason.strip()
    if result == "refused" and not refusal_reason:
        raise field_error("refusal_reason", Text("拒绝须说明理由", "a refusal gives its reason"))
    if result == "completed" and not outcome:
        raise field_error("outcome", Text("请写明处理结果", "say what was done"))
    with transaction.atomic():
        row = locked_request(actor, request_id)
        if result == "completed" and row.kind == "delete" and row.customer_id is not None:
            # A deletion is carried out (erasePrivacyData) or answered with what holds the
            # data (restrictPrivacyData), never marked done by hand.
            raise field_error(
                "result",
                Text(
                    "删除请求须执行删除，或说明须保留的数据并限制处理",
                    "a deletion is done by erasing the data or answering with what holds it",
                ),
            )

        def answered(locked: PrivacyRequest) -> dict[str, str]:
            locked.outcome = outcome
            locked.refusal_reason = refusal_reason if result == "refused" else ""
            locked.answered_at = timezone.now()
            if locked.handler_account_id is None:
                locked.handler_account_id = actor.account.pk
                locked.handler_name = actor_name(actor)
            return {"outcome": outcome, "refusal_reason": locked.refusal_reason}

        action = "complete" if result == "completed" else "refuse"
        return transition_locked(
            REQUEST, row=row, action=action, actor=actor, reason=refusal_reason, change=answered
        )


def request_correct(
    *,
    actor: Session,
    request_id: int,
    phone: str = "",
    name: str = "",
    id_number: str = "",
) -> PrivacyRequest:
    """Corrects the customer's contact data on an open correction request (PIPL Art. 46),
    audited on the customer and on the request. Identity data (name, ID number) is refused:
    it is corrected only after a new identity check, which this call does not make."""
    if name.strip() or id_number.strip():
        field = "id_number" if id_number.strip() else "name"
        raise field_error(
            field,
            Text(
                "姓名和身份证号属于身份信息，须先让客户重新完成实名核验（身份证件与人脸核验）后才能更正",
                "name and ID number are identity data: corrected only after a new identity check"
                " (ID document and face check) of the customer",
            ),
        )
    if not phone.strip():
        raise field_error(
            "phone", Text("请填写要更正的联系方式", "give the contact data to correct")
        )
    with transaction.atomic():
        row = locked_request(actor, request_id)
        if row.kind != "correct" or row.status not in ("received", "in_progress"):
            raise field_error(
                "id", Text("只能在未答复的更正请求上更正", "only an open correction request")
            )
        if row.customer_id is None:
            raise field_error(
                "id", Text("本店没有该请求涉及的客户信息", "the shop holds no customer for it")
            )
        customer_phone_correct(
            actor=actor, customer_id=row.customer_id, phone=phone.strip(), reason=row.request_no
        )
        audit_record(
            actor=actor,
            action="privacy_request.correct",
            target_type=REQUEST_TARGET,
            target_id=row.pk,
            after={"fields": ["phone"]},
        )
    return row


def setting_save(*, actor: Session, due_working_days: int) -> PrivacySetting:
    """The working days a request is due in: the default (15) or more, never fewer."""
    if not DEFAULT_DUE_WORKING_DAYS <= due_working_days <= DUE_WORKING_DAYS_MAX:
        raise field_error(
            "due_working_days",
            Text(
                "只能延长，{low}–{high} 个工作日", "may only lengthen it: {low}–{high} working days"
            ).format(low=DEFAULT_DUE_WORKING_DAYS, high=DUE_WORKING_DAYS_MAX),
        )
    with transaction.atomic():
        setting, _ = PrivacySetting.objects.select_for_update().get_or_create(pk=1)
        before = selectors.setting_answer(setting)
        setting.due_working_days = due_working_days
        setting.save()
        audit_settings_change(
            actor=actor,
            action="privacy.settings_update",
            target_type="privacy_setting",
            target_id=setting.pk,
            before=before,
            after=selectors.setting_answer(setting),
        )
    return setting
