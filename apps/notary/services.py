"""Writes of notarization: the shop's settings and access token, and the steps of an order's
notarization at the notary service — customer, ID card, contract evidence, submission,
the customer's link, the outcome (callback or query) and cancelling.

Every step runs under the notarization's row lock, within the session's order scope (read
through `apps.orders.selectors`: another merchant's or sub-shop's order is NOT_FOUND), and
moves the status through the one state helper. A step already done answers unchanged; a
step out of order is CONFLICT (409, `from`/`to`). A call the notary service fails is
recorded (`last_error`, an entry on the order's timeline) and committed, then answered
PROVIDER_FAILED with the service's code: nothing moved, and the same step may be tried
again (our request number makes the service answer the same case)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.orders.reads import order_notary_subject
from apps.orders.services import order_id_card_upload
from zulin.audit.services import audit_record, audit_settings_change
from zulin.audit.state import status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text
from zulin.providers.interfaces import NotaryCase, NotaryCaseStatus, ProviderError
from zulin.providers.notary import get_notary_provider
from zulin.providers.operations import operation_sync

from . import evidence
from .machine import NOTARY_MACHINE, already_done
from .models import Notarization, NotarySetting, NotaryStatus
from .selectors import mask_secret, notary_setting, setting_answer, setting_complete

S = NotaryStatus
T = TypeVar("T")
# A cached token is used while it has at least this long left.
TOKEN_MARGIN = timedelta(seconds=60)
TOKEN_RETRY_CODES = ("TOKEN_EXPIRED", "TOKEN_INVALID")


class _ProviderFailed(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _provider_failed(code: str) -> ApplicationError:
    return ApplicationError(ErrorCode.PROVIDER_FAILED, data={"provider_code": code})


# --- settings and the access token ---------------------------------------------------------

CONFIG_FIELDS = ("org_name", "org_code", "app_key", "app_secret")


def notary_setting_save(*, actor: Session, fields: dict[str, Any]) -> NotarySetting:
    """The shop's notary account: open or not, organisation name and code, app key and
    secret (a secret left empty keeps the one saved). New credentials drop the cached token.
    Opening needs every field. Audited, the secret masked. Nothing given: nothing saved (the
    contract's GET without parameters reads)."""
    if all(fields.get(name) in (None, "") for name in ("is_open", *CONFIG_FIELDS)):
        return notary_setting()
    with transaction.atomic():
        setting, _ = NotarySetting.objects.select_for_update().get_or_create(pk=1)
        before = _audited(setting)
        credentials = (setting.app_key, setting.app_secret)
        for name in ("org_name", "org_code", "app_key"):
            if fields.get(name) is not None:
                setattr(setting, name, fields[name].strip())
        if fields.get("app_secret"):
            setting.app_secret = fields["app_secret"].strip()
        if fields.get("is_open") is not None:
            setting.is_open = bool(fields["is_open"])
        if setting.is_open and not setting_complete(setting):
            missing = [
                name
                for name in ("org_name", "org_code", "app_key", "app_secret")
                if not getattr(setting, name)
            ]
            raise ApplicationError(
                ErrorCode.VALIDATION,
                data={
                    "fields": {
                        name: [Text("开启公证须填写", "required to turn notarization on")]
                        for name in missing
                    }
                },
            )
        if (setting.app_key, setting.app_secret) != credentials:
            setting.api_token, setting.token_expires_at = "", None
        setting.save()
        audit_settings_change(
            actor=actor,
            action="notary.settings_update",
            target_type="notary_setting",
            target_id=setting.pk,
            before=before,
            after=_audited(setting),
        )
    return setting


def _audited(setting: NotarySetting) -> dict[str, Any]:
    answer = setting_answer(setting)
    answer.pop("token_expires_at")
    return answer


def _token(setting: NotarySetting, *, force: bool = False) -> str:
    """The cached token while it lasts, else a new one from the service (saved on the
    setting row, which the caller holds locked)."""
    now = timezone.now()
    expires = setting.token_expires_at
    if not force and setting.api_token and expires is not None and expires - TOKEN_MARGIN > now:
        return setting.api_token
    issued = get_notary_provider().issue_token(
        app_key=setting.app_key, app_secret=setting.app_secret
    )
    setting.api_token, setting.token_expires_at = issued.token, issued.expires_at
    setting.save(update_fields=["api_token", "token_expires_at", "updated_at"])
    return issued.token


def _locked_setting(*, need_open: bool) -> NotarySetting:
    setting = NotarySetting.objects.select_for_update().filter(pk=1).first()
    if setting is None or not setting_complete(setting):
        raise ApplicationError(ErrorCode.NOTARY_NOT_CONFIGURED)
    if need_open and not setting.is_open:
        raise ApplicationError(ErrorCode.NOTARY_NOT_OPEN)
    return setting


def notary_token(*, actor: Session, refresh: bool = False) -> dict[str, Any]:
    """The access token (masked) and when it expires: the cached one while it lasts."""
    failed: ProviderError | None = None
    with transaction.atomic():
        setting = _locked_setting(need_open=False)
        cached = bool(
            not refresh
            and setting.api_token
            and setting.token_expires_at
            and setting.token_expires_at - TOKEN_MARGIN > timezone.now()
        )
        try:
            token = _token(setting, force=refresh)
        except ProviderError as error:
            failed = error
        else:
            if not cached:
                audit_record(
                    actor=actor,
                    action="notary.token_issue",
                    target_type="notary_setting",
                    target_id=setting.pk,
                    after={"expires_at": setting.token_expires_at.isoformat()},  # type: ignore[union-attr]
                )
    if failed is not None:
        raise _provider_failed(failed.code)
    return {
        "token_masked": mask_secret(token),
        "expires_at": setting.token_expires_at,
        "cached": cached,
    }


def _with_token(setting: NotarySetting, call: Callable[[str], T]) -> T:
    """One call to the service with the token, asked again once when it has lapsed."""
    try:
        return call(_token(setting))
    except ProviderError as error:
        if error.code not in TOKEN_RETRY_CODES:
            raise
    return call(_token(setting, force=True))


# --- the steps -------------------------------------------------------------------------------


def _row(subject: dict[str, Any], *, actor: Session | None) -> Notarization:
    """The order's notarization, locked; made (draft) on its first step. Two first steps at
    once: the second waits on the order's unique row and then takes the one made."""
    rows = Notarization.objects.select_for_update()
    row = rows.filter(order_id=subject["id"]).first()
    if row is not None:
        return row
    try:
        with transaction.atomic():
            row = Notarization.objects.create(order_id=subject["id"], order_no=subject["order_no"])
    except IntegrityError:
        return rows.get(order_id=subject["id"])
    status_created(NOTARY_MACHINE, row=row, actor=actor)
    return row


def _timeline(actor: Session | None, row: Notarization, action: str, **facts: Any) -> None:
    audit_record(
        actor=actor,
        action=f"notary.{action}",
        target_type="order",
        target_id=row.order_id,
        after={"notary_status": row.status, **facts},
    )


def _target(action: str) -> str:
    return next(m.target for m in NOTARY_MACHINE.moves if m.action == action)


Work = Callable[[Notarization, dict[str, Any], NotarySetting], dict[str, Any]]


def _step(*, actor: Session, order_id: int, action: str, work: Work) -> Notarization:
    """Runs one step: the order in scope, the row locked, the move allowed (or the step
    already done: unchanged), `work` with the service, then the move. A failure of the
    service is committed as `last_error` and answered PROVIDER_FAILED."""
    failed: ProviderError | None = None
    with transaction.atomic():
        subject = order_notary_subject(session=actor, order_id=order_id)
        row = _row(subject, actor=actor)
        found = NOTARY_MACHINE.find(row.status, action)
        if found is None:
            if already_done(row.status, _target(action)):
                return row
            raise NOTARY_MACHINE.conflict(row.status, action)
        if found.right is not None and not actor.can(found.right):
            raise ApplicationError(ErrorCode.FORBIDDEN)
        setting = _locked_setting(need_open=True)
        try:
            facts = work(row, subject, setting)
        except ProviderError as error:
            failed = error
            row.last_error = error.code[:40]
            row.save(update_fields=["last_error", "updated_at"])
            _timeline(actor, row, "provider_failed", step=action, provider_code=error.code)
        else:
            row.last_error = ""
            transition_locked(NOTARY_MACHINE, row=row, action=action, actor=actor)
            _timeline(actor, row, action, **facts)
    if failed is not None:
        raise _provider_failed(failed.code)
    return row


def notary_customer_push(*, actor: Session, order_id: int) -> Notarization:
    """Opens a case at the notary service with the customer (a new case when the last one
    failed or was cancelled). Needs the order's contract signed."""

    def work(row: Notarization, subject: dict[str, Any], setting: NotarySetting) -> dict[str, Any]:
        contract = subject["contract"]
        if contract is None or contract["status"] != "signed":
            raise ApplicationError(ErrorCode.NOTARY_CONTRACT_NOT_SIGNED)
        if row.status != S.DRAFT or row.attempt == 0:
            _restart(row)
        case = _with_token(
            setting,
            lambda token: get_notary_provider().create_case(
                token=token,
                out_no=row.out_no,
                order_no=subject["order_no"],
                org_name=setting.org_name,
                org_code=setting.org_code,
                customer_name=subject["customer_name"],
                customer_id_number=subject["customer_id_number"],
                customer_phone=subject["customer_phone"],
            ),
        )
        row.provider_reference = case.reference
        row.customer_pushed_at = timezone.now()
        return {"attempt": row.attempt}

    return _step(actor=actor, order_id=order_id, action="push_customer", work=work)


def _restart(row: Notarization) -> None:
    """A new attempt: a new request number, nothing of the last case kept."""
    row.attempt += 1
    row.out_no = f"{row.order_no}N{row.attempt}"
    row.provider_reference = ""
    row.evidence, row.evidence_hash, row.contract_no = [], "", ""
    row.certificate_no = row.failure_reason = row.cancel_reason = ""
    row.customer_pushed_at = row.id_pushed_at = row.contract_pushed_at = None
    row.submitted_at = row.finished_at = None


def _upload(setting: NotarySetting, row: Notarization, part: evidence.EvidencePart) -> None:
    _with_token(
        setting,
        lambda token: get_notary_provider().upload_evidence(
            token=token,
            reference=row.provider_reference,
            name=part.name,
            content=part.content,
            content_type=part.content_type,
        ),
    )


def notary_id_card_push(
    *, actor: Session, order_id: int, front_base64: str = "", back_base64: str = ""
) -> Notarization:
    """Sends both sides of the customer's ID card: the intake's pictures, or those uploaded
    here (JPEG/PNG ≤ 1 MB, base64; kept as the customer's private files)."""

    def work(row: Notarization, subject: dict[str, Any], setting: NotarySetting) -> dict[str, Any]:
        for side, picture in (("front", front_base64), ("back", back_base64)):
            if picture:
                try:
                    stored = order_id_card_upload(
                        actor=actor, order_id=order_id, side=side, image_base64=picture
                    )
                except ApplicationError as error:
                    if error.code == ErrorCode.VALIDATION:
                        problems = (error.data or {}).get("fields", {}).get("image_base64", [])
                        raise ApplicationError(
                            ErrorCode.VALIDATION,
                            data={
                                "fields": {
                                    f"{side}_base64": problems
                                    or [Text("不是图片", "not a picture")]
                                }
                            },
                        ) from None
                    raise
                subject[f"id_card_{side}"] = stored.pk
        parts = evidence.id_card_parts(subject)
        for part in parts:
            _upload(setting, row, part)
        row.evidence = [part.row() for part in parts]
        row.id_pushed_at = timezone.now()
        return {"uploaded": bool(front_base64 or back_base64)}

    return _step(actor=actor, order_id=order_id, action="push_id_card", work=work)


def notary_contract_push(*, actor: Session, order_id: int) -> Notarization:
    """Sends the contract's evidence (`evidence.CONTRACT_PARTS`: the signed PDF, the bill
    schedule …) and keeps each part's SHA-256 and the combined evidence hash."""

    def work(row: Notarization, subject: dict[str, Any], setting: NotarySetting) -> dict[str, Any]:
        parts = evidence.contract_parts(subject)
        for part in parts:
            _upload(setting, row, part)
        kept = [r for r in row.evidence if r["name"] not in {p.name for p in parts}]
        row.evidence = kept + [part.row() for part in parts]
        row.evidence_hash = evidence.evidence_hash(row.evidence)
        row.contract_no = subject["contract"]["contract_no"]
        row.contract_pushed_at = timezone.now()
        return {"contract_no": row.contract_no, "evidence_hash": row.evidence_hash}

    return _step(actor=actor, order_id=order_id, action="push_contract", work=work)


def notary_submit(*, actor: Session, order_id: int) -> Notarization:
    """Submits the case: the customer signs and passes the face check through the link, the
    notary reviews; the outcome comes by callback (or queryNotary)."""

    def work(row: Notarization, subject: dict[str, Any], setting: NotarySetting) -> dict[str, Any]:
        _with_token(
            setting,
            lambda token: get_notary_provider().submit_case(
                token=token, reference=row.provider_reference
            ),
        )
        row.submitted_at = timezone.now()
        return {}

    return _step(actor=actor, order_id=order_id, action="submit", work=work)


def _ask_submitted(
    *,
    actor: Session,
    order_id: int,
    ask: Callable[[str, str], T],
    apply: Callable[[Notarization, T], None],
) -> tuple[Notarization | None, T | None]:
    """Asks the service about the order's submitted case (`ask` with a token and the case's
    reference) and `apply`s the answer to the locked row: the row and the answer. A row in
    another state (or none) answers with no answer, nothing asked. A failure of the service is
    committed as `last_error` and answered PROVIDER_FAILED."""
    failed: ProviderError | None = None
    with transaction.atomic():
        subject = order_notary_subject(session=actor, order_id=order_id)
        row = Notarization.objects.select_for_update().filter(order_id=subject["id"]).first()
        if row is None or row.status != S.SUBMITTED:
            return row, None
        setting = _locked_setting(need_open=False)
        reference = row.provider_reference
        try:
            answer = _with_token(setting, lambda token: ask(token, reference))
        except ProviderError as error:
            failed = error
            row.last_error = error.code[:40]
            row.save(update_fields=["last_error", "updated_at"])
        else:
            apply(row, answer)
    if failed is not None:
        raise _provider_failed(failed.code)
    return row, answer


def notary_link(*, actor: Session, order_id: int) -> dict[str, Any]:
    """The customer's signing and face-check page while the case is being notarized."""
    row, url = _ask_submitted(
        actor=actor,
        order_id=order_id,
        ask=lambda token, reference: get_notary_provider().signing_link(
            token=token, reference=reference
        ),
        apply=lambda row, _url: _timeline(actor, row, "link"),
    )
    if url is None:
        current = row.status if row is not None else "none"
        raise NOTARY_MACHINE.conflict(current, "submit", S.SUBMITTED)
    return {"order_id": order_id, "url": url}


def notary_query(*, actor: Session, order_id: int) -> Notarization | None:
    """Asks the service how a submitted case stands and applies its outcome (as the callback
    would); any other state answers as kept."""
    row, _ = _ask_submitted(
        actor=actor,
        order_id=order_id,
        ask=lambda token, reference: get_notary_provider().query_case(
            token=token, reference=reference
        ),
        apply=_apply_outcome,
    )
    return row


def notary_cancel(*, actor: Session, order_id: int, reason: str = "") -> Notarization:
    """Withdraws the notarization before it ends (the case at the service too). A case the
    notary finished meanwhile is recorded as finished and the cancel refused (409)."""
    reason = reason.strip()
    failed: ProviderError | None = None
    ended: Notarization | None = None
    with transaction.atomic():
        subject = order_notary_subject(session=actor, order_id=order_id)
        row = Notarization.objects.select_for_update().filter(order_id=subject["id"]).first()
        if row is None:
            raise NOTARY_MACHINE.conflict("none", "cancel")
        if row.status == S.CANCELLED:
            return row
        if NOTARY_MACHINE.find(row.status, "cancel") is None:
            raise NOTARY_MACHINE.conflict(row.status, "cancel")
        if not actor.can("notary.manage"):
            raise ApplicationError(ErrorCode.FORBIDDEN)
        reference = row.provider_reference
        setting = _locked_setting(need_open=False) if reference else None
        try:
            if setting is not None:
                case = _with_token(
                    setting,
                    lambda token: get_notary_provider().cancel_case(
                        token=token, reference=reference
                    ),
                )
                if case.status != NotaryCaseStatus.CANCELLED:
                    raise ProviderError("notary", "not cancelled", code="NOT_CANCELLABLE")
        except ProviderError as error:
            if error.code == "NOT_CANCELLABLE" and setting is not None:
                # The notary got there first: keep its outcome, refuse the cancel.
                case = get_notary_provider().query_case(token=_token(setting), reference=reference)
                _apply_outcome(row, case)
                ended = row
            else:
                failed = error
                row.last_error = error.code[:40]
                row.save(update_fields=["last_error", "updated_at"])
                _timeline(actor, row, "provider_failed", step="cancel", provider_code=error.code)
        else:

            def change(locked: Notarization) -> dict[str, Any]:
                locked.cancel_reason = reason[:300]
                locked.finished_at = timezone.now()
                locked.last_error = ""
                return {"cancel_reason": locked.cancel_reason}

            transition_locked(
                NOTARY_MACHINE, row=row, action="cancel", actor=actor, reason=reason, change=change
            )
            _timeline(actor, row, "cancel")
    if failed is not None:
        raise _provider_failed(failed.code)
    if ended is not None:
        raise NOTARY_MACHINE.conflict(ended.status, "cancel")
    return row


# --- the outcome -----------------------------------------------------------------------------


def _apply_outcome(row: Notarization, case: NotaryCase) -> None:
    """A submitted notarization takes the case's outcome once (the row is locked)."""
    if row.status != S.SUBMITTED:
        return
    if case.status == NotaryCaseStatus.NOTARIZED:

        def notarized(locked: Notarization) -> dict[str, Any]:
            locked.certificate_no = case.certificate_no[:60]
            locked.finished_at = case.finished_at or timezone.now()
            locked.last_error = ""
            return {"certificate_no": locked.certificate_no}

        transition_locked(NOTARY_MACHINE, row=row, action="notarize", actor=None, change=notarized)
        _timeline(None, row, "notarize", certificate_no=row.certificate_no)
    elif case.status == NotaryCaseStatus.FAILED:

        def failed(locked: Notarization) -> dict[str, Any]:
            locked.failure_reason = case.reason[:40]
            locked.finished_at = case.finished_at or timezone.now()
            return {"failure_reason": locked.failure_reason}

        transition_locked(
            NOTARY_MACHINE, row=row, action="fail", actor=None, reason=case.reason, change=failed
        )
        _timeline(None, row, "fail", failure_reason=row.failure_reason)


def notarization_sync(*, reference: str) -> Notarization | None:
    """The notary service says a case ended (its callback): the case is asked again and its
    outcome applied once; a replay, or a case no longer ours, changes nothing."""

    def ask(row: Notarization) -> NotaryCase:
        return _with_token(
            _locked_setting(need_open=False),
            lambda token: get_notary_provider().query_case(token=token, reference=reference),
        )

    synced = operation_sync(
        Notarization.objects.select_for_update().filter(provider_reference=reference).first,
        ask=ask,
        apply=_apply_outcome,
    )
    return None if synced is None else synced.row
