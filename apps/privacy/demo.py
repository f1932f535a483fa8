"""The demo shop's privacy requests, told through the services on the days they came in:
an access request answered, a deletion refused while a lease holds the data, a correction
in progress and one left past its due day (the workbench's to-do)."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING

from django.utils import timezone

from apps.orders.reads import customer_identity, customer_ids_oldest
from tenants.accounts.demo import demo_actor
from zulin.core.auth import Session
from zulin.core.clock import clock_at
from zulin.core.sides import PlatformType

from . import selectors, services
from .models import PrivacyRequest

if TYPE_CHECKING:
    from tenants.merchants.models import Merchant


def _at(days_ago: int, hour: int) -> datetime:
    day = timezone.localdate() - timedelta(days=days_ago)
    return timezone.make_aware(datetime.combine(day, time(hour, 0)))


def privacy_showcase_load(*, owner: Session, merchant: Merchant) -> dict[str, int]:
    if PrivacyRequest.objects.exists():
        return {"requests": PrivacyRequest.objects.count()}
    service = demo_actor(platform_type=PlatformType.STORE, merchant=merchant, username="service")
    handler = next(
        (h["id"] for h in selectors.handlers() if h["username"] == "service"), owner.account.pk
    )
    people = [p for p in map(customer_identity, customer_ids_oldest(4)) if p is not None]
    stories = [
        # (days ago received, kind, lookup by, verification, what happens, after days)
        (40, "access", "phone", "sms_code", "complete", 6),
        (33, "delete", "id_number", "id_document", "refuse", 9),
        (26, "correct", "phone", "account", "assign", 1),
        (3, "access", "id_number", "face_check", None, 0),
    ]
    for (days_ago, kind, lookup_by, verification, then, after), person in zip(
        stories, people, strict=False
    ):
        with clock_at(_at(days_ago, 10)):
            row = services.request_create(
                actor=service,
                data=services.RequestInput(
                    kind=kind,
                    requester_name=person["name"],
                    requester_phone=person["phone"],
                    lookup_by=lookup_by,
                    lookup=person["phone"] if lookup_by == "phone" else person["id_number"],
                    channel="phone" if lookup_by == "phone" else "online",
                    verification=verification,
                    verification_note="核对一致",
                    detail={
                        "access": "请提供贵店持有的我的个人信息副本",
                        "delete": "不再使用贵店服务，请删除我的个人信息",
                        "correct": "收货地址已变更，请更正",
                    }[kind],
                ),
            )
        if then is None:
            continue
        with clock_at(_at(days_ago - after, 15)):
            services.request_assign(actor=owner, request_id=row.pk, handler_id=handler)
            if then == "complete":
                services.request_answer(
                    actor=service,
                    request_id=row.pk,
                    result="completed",
                    outcome="已通过短信链接向客户提供个人信息副本（订单、账单、合同）",
                    refusal_reason="",
                )
            elif then == "refuse":
                services.request_answer(
                    actor=service,
                    request_id=row.pk,
                    result="refused",
                    outcome="",
                    refusal_reason="客户尚有在租订单，履行合同所必需的信息在租期结束、"
                    "款项结清前不能删除；届时将依法删除或匿名化",
                )
    return {"requests": PrivacyRequest.objects.count()}
