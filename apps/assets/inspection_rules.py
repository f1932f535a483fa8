"""Pure rules of inspections (docs/assets.md, "Inspections"): the default checklists for
phones and laptops, what a template's items look like, how one checked line passes or fails
and what it costs from the price list, and the table from a functional result and a cosmetic
grade to the unit's fineness."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from zulin.core.errors import field_error
from zulin.core.i18n import Text

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
PRICE_MAX = Decimal("1000000.00")
KINDS = ("pass_fail", "number", "choice")
SEVERITIES = ("minor", "moderate", "severe")
SEVERITY_LABELS = {
    "minor": Text("轻微", "minor"),
    "moderate": Text("中等", "moderate"),
    "severe": Text("严重", "severe"),
}
COSMETIC_GRADES = ("A", "B", "C", "D")
COSMETIC_LABELS = {
    "A": Text("A 近新", "A like new"),
    "B": Text("B 轻微使用痕迹", "B light wear"),
    "C": Text("C 明显磨损", "C heavy wear"),
    "D": Text("D 有损坏", "D damaged"),
}
MAX_ITEMS = 40

# The unit's fineness from its functional result and cosmetic grade: the table the shop sees
# (getInspectionTemplateList's `fineness_table`). A returned device is never sold as new.
FINENESS_TABLE: Mapping[str, Mapping[str, str]] = {
    "pass": {"A": "99", "B": "95", "C": "90", "D": "80"},
    "fail": {"A": "90", "B": "90", "C": "80", "D": "80"},
}


def fineness_of(*, functional_pass: bool, cosmetic_grade: str) -> str:
    return FINENESS_TABLE["pass" if functional_pass else "fail"][cosmetic_grade]


def _item(
    code: str,
    label: str,
    label_en: str,
    kind: str = "pass_fail",
    *,
    required: bool = True,
    blocks: bool = False,
    cosmetic: bool = False,
    prices: tuple[str, str, str] = ("0", "0", "0"),
    choices: Sequence[str] = (),
    fail_choices: Sequence[str] = (),
    min_pass: str | None = None,
    unit: str = "",
) -> dict[str, Any]:
    return {
        "code": code,
        "label": label,
        "label_en": label_en,
        "kind": kind,
        "required": required,
        "blocks_restock": blocks,
        "cosmetic": cosmetic,
        "prices": dict(zip(SEVERITIES, prices, strict=True)),
        "choices": list(choices),
        "fail_choices": list(fail_choices),
        "min_pass": min_pass,
        "unit": unit,
    }


DEFAULT_ITEMS: Mapping[str, list[dict[str, Any]]] = {
    "phone": [
        _item("account_lock", "账户已退出（激活锁）", "Signed out (activation lock)", blocks=True),
        _item("imei_match", "IMEI/序列号一致", "IMEI / serial matches", blocks=True),
        _item("power_on", "正常开机", "Powers on", prices=("300", "600", "1200")),
        _item("screen_display", "屏幕显示", "Screen display", prices=("200", "600", "1500")),
        _item("touch", "触控", "Touch", prices=("200", "500", "1200")),
        _item("camera", "摄像头", "Cameras", prices=("150", "400", "900")),
        _item("face_id", "面容/指纹", "Face ID / fingerprint", prices=("200", "500", "1000")),
        _item(
            "battery_health",
            "电池健康度",
            "Battery health",
            "number",
            min_pass="80",
            unit="%",
            prices=("100", "300", "500"),
        ),
        _item(
            "screen_glass",
            "屏幕外观",
            "Screen glass",
            "choice",
            cosmetic=True,
            choices=("完好", "细微划痕", "明显划痕", "碎裂"),
            fail_choices=("明显划痕", "碎裂"),
            prices=("100", "400", "1200"),
        ),
        _item(
            "frame",
            "边框与后盖",
            "Frame and back",
            "choice",
            cosmetic=True,
            choices=("完好", "细微磨损", "磕碰", "变形或碎裂"),
            fail_choices=("磕碰", "变形或碎裂"),
            prices=("80", "300", "900"),
        ),
        _item(
            "accessories",
            "配件齐全",
            "Accessories complete",
            required=False,
            prices=("30", "60", "120"),
        ),
    ],
    "laptop": [
        _item(
            "account_lock",
            "账户已退出（查找/激活锁）",
            "Signed out (find-my / activation lock)",
            blocks=True,
        ),
        _item("serial_match", "序列号一致", "Serial matches", blocks=True),
        _item("power_on", "正常开机", "Powers on", prices=("400", "900", "2000")),
        _item("screen_display", "屏幕显示", "Screen display", prices=("300", "900", "2500")),
        _item("keyboard", "键盘", "Keyboard", prices=("150", "400", "900")),
        _item("trackpad", "触控板", "Trackpad", prices=("150", "400", "900")),
        _item("ports", "接口", "Ports", prices=("100", "300", "700")),
        _item(
            "battery_health",
            "电池健康度",
            "Battery health",
            "number",
            min_pass="80",
            unit="%",
            prices=("200", "500", "900"),
        ),
        _item(
            "lid",
            "顶盖与机身外观",
            "Lid and body",
            "choice",
            cosmetic=True,
            choices=("完好", "细微磨损", "磕碰", "变形或碎裂"),
            fail_choices=("磕碰", "变形或碎裂"),
            prices=("100", "400", "1200"),
        ),
        _item("charger", "充电器", "Charger", required=False, prices=("80", "150", "300")),
    ],
}
DEFAULT_NAMES = {
    "phone": Text("手机默认检测单", "Phone default checklist"),
    "laptop": Text("笔记本默认检测单", "Laptop default checklist"),
}
LAPTOP_WORDS = ("电脑", "笔记本", "laptop", "notebook", "computer", "macbook")


def base_of_category(name: str) -> str:
    """The default a category falls back to: laptops by their name, else phones."""
    lowered = name.lower()
    return "laptop" if any(word in lowered for word in LAPTOP_WORDS) else "phone"


def _money(value: Any, field: str) -> Decimal:
    try:
        amount = Decimal(str(value))
    except ArithmeticError:
        raise field_error(field, Text("应为金额", "an amount")) from None
    if (
        not amount.is_finite()
        or amount < 0
        or amount > PRICE_MAX
        or amount != amount.quantize(CENT)
    ):
        raise field_error(
            field, Text("应为 0 到 {0}，精确到分", "0 to {0}, in cents").format(PRICE_MAX)
        )
    return amount.quantize(CENT)


def items_clean(items: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A template's items as stored: each code unique (letters, digits, `_`), a label, a known
    kind, a choice item's choices (its failing ones among them), a number item's threshold,
    and a price per severity (yuan, two places)."""
    if not 1 <= len(items) <= MAX_ITEMS:
        raise field_error(
            "items", Text("检测项应为 1 到 {0} 项", "1 to {0} items").format(MAX_ITEMS)
        )
    seen: set[str] = set()
    cleaned = []
    for index, item in enumerate(items):
        at = f"items.{index}"
        code = str(item.get("code", "")).strip()
        if not code or not code.replace("_", "").isalnum() or not code.isascii() or len(code) > 30:
            raise field_error(
                f"{at}.code", Text("编码应为字母、数字或下划线", "letters, digits or _")
            )
        if code in seen:
            raise field_error(f"{at}.code", Text("编码重复", "a code used twice"))
        seen.add(code)
        label = str(item.get("label", "")).strip()
        if not label or len(label) > 50:
            raise field_error(f"{at}.label", Text("必填，最多 50 字", "required, at most 50"))
        kind = item.get("kind")
        if kind not in KINDS:
            raise field_error(f"{at}.kind", Text("未知的类型", "unknown kind"))
        choices = [str(c).strip() for c in item.get("choices") or [] if str(c).strip()]
        fail_choices = [str(c).strip() for c in item.get("fail_choices") or []]
        if kind == "choice" and (len(choices) < 2 or len(set(choices)) != len(choices)):
            raise field_error(
                f"{at}.choices", Text("至少两个不同的选项", "at least two different choices")
            )
        if any(c not in choices for c in fail_choices):
            raise field_error(
                f"{at}.fail_choices", Text("应为选项之一", "must be among the choices")
            )
        min_pass = item.get("min_pass")
        if kind == "number" and min_pass not in (None, ""):
            try:
                min_pass = str(Decimal(str(min_pass)))
            except ArithmeticError:
                raise field_error(f"{at}.min_pass", Text("应为数字", "a number")) from None
        else:
            min_pass = None
        prices = item.get("prices") or {}
        cleaned.append(
            {
                "code": code,
                "label": label,
                "label_en": str(item.get("label_en", "")).strip()[:50],
                "kind": kind,
                "required": bool(item.get("required", True)),
                "blocks_restock": bool(item.get("blocks_restock", False)),
                "cosmetic": bool(item.get("cosmetic", False)),
                "prices": {
                    s: str(_money(prices.get(s, "0"), f"{at}.prices.{s}")) for s in SEVERITIES
                },
                "choices": choices if kind == "choice" else [],
                "fail_choices": fail_choices if kind == "choice" else [],
                "min_pass": min_pass,
                "unit": str(item.get("unit", "")).strip()[:8] if kind == "number" else "",
            }
        )
    return cleaned


@dataclass(frozen=True)
class LineIn:
    """One item as the inspector checked it."""

    code: str
    passed: bool | None = None
    value: Decimal | None = None
    choice: str = ""
    severity: str = ""
    note: str = ""


@dataclass(frozen=True)
class LineResult:
    code: str
    label: str
    kind: str
    passed: bool | None
    value: Decimal | None
    choice: str
    severity: str
    price: Decimal
    blocks_restock: bool
    cosmetic: bool
    note: str


def lines_evaluate(items: Sequence[Mapping[str, Any]], lines: Sequence[LineIn]) -> list[LineResult]:
    """Each template item with its checked line: a pass/fail item as ticked; a number passes
    at or above its threshold; a choice fails on one of its failing choices. A failed line's
    severity prices it from the item's prices (no severity: not charged); a required item left
    unchecked, an unknown code or a code twice is refused on `lines`."""
    by_code: dict[str, LineIn] = {}
    for index, given in enumerate(lines):
        if given.code in by_code:
            raise field_error(f"lines.{index}.code", Text("检测项重复", "an item twice"))
        if not any(item["code"] == given.code for item in items):
            raise field_error(f"lines.{index}.code", Text("检测单没有此项", "not on the checklist"))
        if given.severity and given.severity not in SEVERITIES:
            raise field_error(f"lines.{index}.severity", Text("未知的程度", "unknown severity"))
        by_code[given.code] = given
    results = []
    for item in items:
        checked = by_code.get(item["code"])
        field = f"lines.{item['code']}"
        kind = item["kind"]
        passed: bool | None
        value: Decimal | None = None
        choice = ""
        line = checked
        if kind == "pass_fail":
            passed = line.passed if line is not None else None
        elif kind == "number":
            value = line.value if line is not None else None
            if value is None:
                passed = None
            else:
                threshold = item.get("min_pass")
                passed = True if not threshold else value >= Decimal(str(threshold))
                if line is not None and line.passed is False:
                    passed = False  # the inspector may fail it whatever the number says
        else:
            choice = line.choice.strip() if line is not None else ""
            if choice and choice not in item["choices"]:
                raise field_error(field, Text("不是此项的选项", "not one of its choices"))
            passed = None if not choice else choice not in item["fail_choices"]
        if passed is None and item["required"]:
            raise field_error(
                field,
                Text("「{0}」为必检项", "{1} must be checked").format(
                    item["label"], item.get("label_en") or item["label"]
                ),
            )
        severity = line.severity if line is not None and passed is False else ""
        price = Decimal(item["prices"][severity]) if severity else ZERO
        results.append(
            LineResult(
                code=item["code"],
                label=item["label"],
                kind=kind,
                passed=passed,
                value=value,
                choice=choice,
                severity=severity,
                price=price,
                blocks_restock=bool(item["blocks_restock"]),
                cosmetic=bool(item.get("cosmetic")),
                note=line.note.strip()[:200] if line is not None else "",
            )
        )
    return results


@dataclass(frozen=True)
class Outcome:
    functional_pass: bool
    failed: list[str]
    blocked: bool
    fineness: str
    damage_computed: Decimal


def outcome_of(
    results: Sequence[LineResult], *, cosmetic_grade: str, quarantine_fee: Decimal
) -> Outcome:
    """The functional result (pass, or the failed items neither cosmetic nor blocking),
    whether a blocking item
    failed, the fineness by the table, and the damage: the sum of priced lines plus the
    shop's fixed charge for a device still locked (when switched on and a blocking item
    failed)."""
    if cosmetic_grade not in COSMETIC_GRADES:
        raise field_error("cosmetic_grade", Text("应为 A、B、C 或 D", "A, B, C or D"))
    # A blocking item (locked to an account, a serial that does not match) quarantines the
    # unit until it is cleared; it says nothing of how the device works.
    failed = [
        r.code for r in results if r.passed is False and not r.cosmetic and not r.blocks_restock
    ]
    blocked = any(r.passed is False and r.blocks_restock for r in results)
    functional = not failed
    damage = sum((r.price for r in results), ZERO) + (quarantine_fee if blocked else ZERO)
    return Outcome(
        functional_pass=functional,
        failed=failed,
        blocked=blocked,
        fineness=fineness_of(functional_pass=functional, cosmetic_grade=cosmetic_grade),
        damage_computed=damage.quantize(CENT),
    )


def line_changed(now: Mapping[str, Any], before: Mapping[str, Any] | None) -> bool:
    """Whether a line differs from the baseline's same item (its result, number, choice or
    severity). An item the baseline did not check is not a change."""
    if before is None or before.get("passed") is None:
        return False
    return any(now.get(key) != before.get(key) for key in ("passed", "value", "choice", "severity"))
