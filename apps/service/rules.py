"""What messages to customers may say and how often: the platform's templates, the variables a
template fills from the order, and the per-customer throttle."""

from __future__ import annotations

import re
from dataclasses import dataclass

from zulin.core.i18n import Text

# Variables a template may name: {name} … filled from the order, its bills and the shop.
VARIABLES: dict[str, tuple[str, str]] = {
    "name": ("客户姓名", "customer's name"),
    "order_no": ("订单号", "order number"),
    "goods": ("商品名称", "goods title"),
    "period": ("待还期数", "period of the next open bill"),
    "amount": ("待还金额", "what the next open bill asks"),
    "due_date": ("到期日", "due date of the next open bill"),
    "overdue_amount": ("逾期应还", "owed past due, late fees included"),
    "lease_end": ("租期结束日", "lease end date"),
    "shop_name": ("店铺名称", "shop name"),
    "shop_phone": ("客服电话", "customer-service phone"),
    "service_hours": ("服务时间", "customer-service hours"),
}


@dataclass(frozen=True)
class PlatformTemplate:
    code: str
    name: str
    name_en: str
    content: str


PLATFORM_TEMPLATES: tuple[PlatformTemplate, ...] = (
    PlatformTemplate(
        "bill_due",
        "还款提醒",
        "Payment reminder",
        "{name}您好，您的订单{order_no}第{period}期应还{amount}元，将于{due_date}到期，"
        "请保持代扣账户余额充足。如有疑问请致电{shop_phone}。",
    ),
    PlatformTemplate(
        "bill_overdue",
        "逾期催缴",
        "Overdue notice",
        "{name}您好，您的订单{order_no}已逾期，应还{overdue_amount}元（含违约金），"
        "请尽快还款以免产生更多违约金。客服电话{shop_phone}。",
    ),
    PlatformTemplate(
        "return_reminder",
        "归还提醒",
        "Return reminder",
        "{name}您好，您租用的{goods}（订单{order_no}）将于{lease_end}到期，"
        "请按时归还或联系我们办理续租、买断。客服电话{shop_phone}。",
    ),
    PlatformTemplate(
        "service_contact",
        "客服联系",
        "Please contact us",
        "{name}您好，{shop_name}客服正在处理您的订单{order_no}，"
        "请在{service_hours}致电{shop_phone}与我们联系。",
    ),
)
PLATFORM_CODES = {t.code: t for t in PLATFORM_TEMPLATES}

# The text of a payment link sent from a recovery case (`sendPaymentLink` with `send_sms`):
# not among the templates a person picks, since only a link fills its two variables. The
# link stands between spaces: a phone's SMS app ends a link at a space, not at a Chinese
# character, so text after it would otherwise open as part of the address.
PAYMENT_LINK_TEMPLATE = PlatformTemplate(
    "payment_link",
    "付款链接",
    "Payment link",
    "{name}您好，您的订单{order_no}有逾期账单待付{pay_amount}元，可打开 {pay_url} 付款。"
    "如已付款请忽略。客服电话{shop_phone}。",
)
LINK_VARIABLES = ("pay_url", "pay_amount")
SHOP_TEMPLATE_PREFIX = "shop:"

# Per customer (the ID number's hash, every order of theirs together).
MESSAGES_PER_HOUR = 3
MESSAGES_PER_DAY = 10

TEMPLATE_MAX = 300
NOTICES_MAX = 20
TEMPLATES_MAX = 30

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
# 15 or 18 characters of an ID number, anywhere in a text: never sent to a customer.
ID_NUMBER_LIKE = re.compile(r"(?<![0-9])([0-9]{17}[0-9Xx]|[0-9]{15})(?![0-9])")
PHONE = re.compile(r"^(1[3-9][0-9]{9}|0[0-9]{2,3}-?[0-9]{7,8}|400-?[0-9]{3}-?[0-9]{4})$")
URL = re.compile(r"^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[^\s]*)?$")


def placeholders(content: str) -> list[str]:
    return _PLACEHOLDER.findall(content)


def template_problem(content: str) -> Text | None:
    """Why a template cannot be kept, or None: unknown variables, stray braces, an ID
    number written into it."""
    unknown = sorted({name for name in placeholders(content) if name not in VARIABLES})
    if unknown:
        return Text("未知的变量：{0}", "unknown variables: {0}").format(", ".join(unknown))
    if _PLACEHOLDER.sub("", content).count("{") or _PLACEHOLDER.sub("", content).count("}"):
        return Text("花括号不成对", "unbalanced braces")
    if ID_NUMBER_LIKE.search(content):
        return Text("不能包含身份证号", "must not contain an ID number")
    return None


def render(content: str, values: dict[str, str]) -> str:
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), content)
