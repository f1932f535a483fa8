"""The reasons the system's own steps write on a status move or an audit entry.

A step the system takes by itself (a courier's delivery, a bill paid, a case opened overnight)
records its reason as the Chinese words below; the trail keeps them as written. A reader gets
them in the session's language (`reason_text`), so an English screen never reads the system's
Chinese. A reason a person typed is theirs and is answered as typed.
tests/test_status_texts.py finds every reason literal the backend writes and fails on one with
no English here.
"""

from __future__ import annotations

import re

from zulin.core.i18n import Text, pick

SYSTEM_REASONS: dict[str, Text] = {
    text.zh: text
    for text in (
        Text("快递签收", "Signed for at the courier"),
        Text("用户确认收货", "The customer confirmed receipt"),
        Text("商家确认签收", "The shop confirmed receipt"),
        Text("用户已支付", "The customer paid"),
        Text("欠款已还清", "The debt was paid"),
        Text("合同已签署，首期已支付", "Contract signed, first bill paid"),
        Text(
            "超时未支付/签约，系统自动取消", "Not paid or signed in time: cancelled by the system"
        ),
        Text("已收到归还商品", "The returned goods arrived"),
        Text("发货更正为另一台设备", "Shipping corrected to another device"),
        Text("购买订单已签收", "The purchase was signed for"),
        Text("归还日后到期的租金不再收取", "Rent due after the return day is not charged"),
        Text(
            "到账金额与请求金额不符，待对账",
            "The amount received differs from the request: to reconcile",
        ),
        Text(
            "订单已结束未成交，滞纳金不再收取",
            "The order ended without a deal: late fees are not charged",
        ),
        Text(
            "订单已结束未成交，到账款退回用户",
            "The order ended without a deal: money received goes back to the customer",
        ),
        Text(
            "订单已结束未成交，到账款退回",
            "The order ended without a deal: money received goes back",
        ),
        Text("退还运费", "Shipping fee refunded"),
        Text("提前结清，买断完成", "Settled early: bought out"),
        Text("押金退款", "Deposit refunded"),
        Text("逾期未还，自动立案", "Overdue and unpaid: case opened automatically"),
        Text("逾期欠款已结清", "The overdue debt was paid off"),
        Text(
            "逾期阶梯：告知宽限期已满，请人工确认违约",
            "Overdue ladder: the grace after the notice has run; a person to confirm the violation",
        ),
        Text("订单已删除", "The order was deleted"),
    )
}

# Reasons with a figure or a person's words inside: (pattern on the stored text, its texts).
SYSTEM_REASON_PATTERNS: list[tuple[re.Pattern[str], Text]] = [
    (
        re.compile(r"^发货满(?P<value>\d+)天自动确认收货$"),
        Text(
            "发货满{value}天自动确认收货",
            "Receipt confirmed automatically {value} days after shipping",
        ),
    ),
    (
        re.compile(r"^风控拒绝（等级 (?P<value>.+)）$"),
        Text("风控拒绝（等级 {value}）", "Refused by the risk check (grade {value})"),
    ),
    (re.compile(r"^核销：(?P<value>.*)$", re.S), Text("核销：{value}", "Written off: {value}")),
    # A unit moved by its work order (apps/assets/inspections.py).
    (re.compile(r"^工单 #(?P<value>\d+)$"), Text("工单 #{value}", "Work order #{value}")),
    # A customer's copy made for their access request (apps/privacy/copy.py, a reveal).
    (
        re.compile(r"^查阅复制请求 (?P<value>\S+)$"),
        Text("查阅复制请求 {value}", "Access and copy request {value}"),
    ),
]


def reason_text(stored: str, language: str | None = None) -> str:
    """A stored reason in the reader's language: the system's own words translated, a
    person's words as typed."""
    known = SYSTEM_REASONS.get(stored)
    if known is not None:
        return pick(known, language)
    for pattern, text in SYSTEM_REASON_PATTERNS:
        if found := pattern.match(stored):
            return pick(text.format(value=found["value"]), language)
    return stored
