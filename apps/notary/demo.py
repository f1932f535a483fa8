"""The demo shop's notarization: its account at the sandbox notary service, turned on, and
the oldest signed leases notarized — three finished (each with its certificate), one in
progress (its evidence sent, waiting to be submitted) and one cancelled. Each order goes
only as far as its plan: a second run finds every one there and adds nothing."""

from __future__ import annotations

import base64
import io

from apps.orders.reads import signed_lease_order_ids
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.providers.notary import sandbox_notary_complete
from zulin.providers.sandbox import sandbox_callbacks_deliver

from .models import Notarization, NotaryStatus
from .selectors import notary_setting, setting_complete
from .services import (
    notary_cancel,
    notary_contract_push,
    notary_customer_push,
    notary_id_card_push,
    notary_setting_save,
    notary_submit,
)

S = NotaryStatus
DEMO_CONFIG = {
    "is_open": True,
    "org_name": "租邻演示租赁有限公司",
    "org_code": "91330106MA2DEMO01X",
    "app_key": "zulin-demo-notary",
    "app_secret": "demo-notary-secret-2026",
}
PLAN = (S.NOTARIZED, S.NOTARIZED, S.NOTARIZED, S.CONTRACT_PUSHED, S.CANCELLED)


def _card(color: tuple[int, int, int]) -> str:
    from PIL import Image, ImageDraw

    picture = Image.new("RGB", (428, 270), color)
    ImageDraw.Draw(picture).rectangle((24, 60, 140, 210), outline=(90, 90, 90), width=3)
    out = io.BytesIO()
    picture.save(out, format="JPEG", quality=70)
    return base64.b64encode(out.getvalue()).decode()


def _status(order_id: int) -> str:
    row = Notarization.objects.filter(order_id=order_id).first()
    return row.status if row is not None else "none"


def _take(actor: Session, order_id: int, goal: str) -> None:
    if _status(order_id) in (goal, S.NOTARIZED, S.CANCELLED):
        return
    notary_customer_push(actor=actor, order_id=order_id)
    notary_id_card_push(
        actor=actor,
        order_id=order_id,
        front_base64=_card((226, 236, 246)),
        back_base64=_card((240, 232, 220)),
    )
    notary_contract_push(actor=actor, order_id=order_id)
    if goal == S.CANCELLED:
        notary_cancel(actor=actor, order_id=order_id, reason="客户申请撤销公证")
    elif goal == S.NOTARIZED:
        row = notary_submit(actor=actor, order_id=order_id)
        slug = tenant_connection.tenant.slug
        sandbox_notary_complete(row.provider_reference)
        sandbox_callbacks_deliver(provider="notary", merchant=slug)


def notary_showcase_load(*, actor: Session) -> dict[str, int]:
    """Answers the shop's notarizations per status (the active schema's)."""
    if not setting_complete(notary_setting()):
        notary_setting_save(actor=actor, fields=DEMO_CONFIG)
    for order_id, goal in zip(signed_lease_order_ids(len(PLAN)), PLAN, strict=False):
        _take(actor, order_id, goal)
    counts: dict[str, int] = {}
    for status in Notarization.objects.values_list("status", flat=True):
        counts[status] = counts.get(status, 0) + 1
    return counts
