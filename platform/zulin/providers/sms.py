"""SMS adapters. `get_sms_provider()` picks one from settings.SMS_PROVIDER."""

from __future__ import annotations

import uuid

from django.conf import settings

from .interfaces import ProviderError, ProviderReceipt, SmsProvider
from .models import SandboxSmsMessage

TEMPLATES = {
    "reset_password": "【{site}】您的验证码为{code}，5分钟内有效，请勿泄露给他人。",
    "bill_due_soon": (
        "【{site}】您的订单{order_no}第{period}期租金{amount}元将于{due_date}到期，"
        "届时将从代扣账户扣款，请保持余额充足。"
    ),
    "bill_overdue": (
        "【{site}】您的订单{order_no}第{period}期租金{amount}元已于{due_date}逾期，"
        "请尽快还款，逾期将按日产生违约金。"
    ),
    # A webhook endpoint the relay disabled (apps.webhooks), to the merchant's contact.
    "webhook_disabled": (
        "【{site}】您的 Webhook 端点 {url} 已停用：{reason}。请登录后台“开发者”页面修复后重新启用。"
    ),
    # The notice before a deposit-free lease's violation is told to Zhima (docs/zhima.md):
    # the amount, since when, the earliest day it may be reported, and what.
    "credit_violation_notice": (
        "【{site}】您的订单 {order_no} 自 {since} 起逾期未还，欠款 {amount} 元。"
        "如 {deadline} 前仍未还清，我们将向芝麻信用报送违约（信用单违约记录）。"
    ),
    # A shop's message to its customer, rendered by us from its template (apps.service).
    "shop_message": "【{site}】{content}",
}

# Phone numbers ending in this suffix make the sandbox fail, as a gateway outage would.
SANDBOX_FAILING_SUFFIX = "0000"


class SandboxSmsProvider:
    """Behaves like a gateway: renders the template, answers a reference, keeps the message."""

    name = "sandbox-sms"

    def send(self, *, phone: str, template: str, params: dict[str, str]) -> ProviderReceipt:
        if template not in TEMPLATES:
            raise ProviderError(self.name, f"unknown template {template}")
        text = TEMPLATES[template].format(site=settings.SITE_NAME, **params)
        reference = f"sms_{uuid.uuid4().hex[:24]}"
        failed = phone.endswith(SANDBOX_FAILING_SUFFIX)
        SandboxSmsMessage.objects.create(
            reference=reference,
            phone=phone,
            template=template,
            params=params,
            text=text,
            status="failed" if failed else "delivered",
        )
        if failed:
            raise ProviderError(self.name, "gateway rejected the number")
        return ProviderReceipt(reference=reference, status="delivered")


def get_sms_provider() -> SmsProvider:
    if settings.SMS_PROVIDER == "sandbox":
        return SandboxSmsProvider()
    raise ProviderError("sms", f"no adapter named {settings.SMS_PROVIDER!r}")
