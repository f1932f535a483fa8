"""Amounts as a Chinese contract writes them: ¥1,234.50 and 壹仟贰佰叁拾肆元伍角."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
_DIGITS = "零壹贰叁肆伍陆柒捌玖"
_PLACES = ((1000, "仟"), (100, "佰"), (10, "拾"), (1, ""))
_SECTIONS = ("", "万", "亿", "万亿")
_NUMERALS = "零一二三四五六七八九"


def yuan(amount: Decimal) -> Decimal:
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def amount_figures(amount: Decimal) -> str:
    """`¥1,234.50`: two places, thousands grouped."""
    return f"¥{yuan(amount):,.2f}"


def _section_in_capitals(value: int) -> str:
    """0 < value < 10000; zeros between digits collapse into one 零, trailing zeros vanish."""
    text = ""
    pending_zero = False
    for place, unit in _PLACES:
        digit = value // place % 10
        if digit == 0:
            pending_zero = bool(text)
            continue
        if pending_zero:
            text += "零"
            pending_zero = False
        text += _DIGITS[digit] + unit
    return text


def _integer_in_capitals(value: int) -> str:
    sections: list[int] = []
    while value:
        sections.append(value % 10000)
        value //= 10000
    if len(sections) > len(_SECTIONS):
        raise ValueError("amount too large")
    text = ""
    pending_zero = False
    for index in range(len(sections) - 1, -1, -1):
        section = sections[index]
        if section == 0:
            pending_zero = bool(text)
            continue
        # 壹万零伍佰: a section below a thousand after a higher one reads with a 零.
        if text and (pending_zero or section < 1000):
            text += "零"
        text += _section_in_capitals(section) + _SECTIONS[index]
        pending_zero = False
    return text


def amount_in_capitals(amount: Decimal) -> str:
    """The amount in financial capitals, by the PBOC rule: 整 after 元, none after 角 or 分."""
    cents = int(yuan(amount) / CENT)
    if cents < 0:
        raise ValueError("amount must not be negative")
    integer, fraction = divmod(cents, 100)
    jiao, fen = divmod(fraction, 10)
    if cents == 0:
        return "零元整"
    text = f"{_integer_in_capitals(integer)}元" if integer else ""
    if not fraction:
        return text + "整"
    if jiao:
        text += f"{_DIGITS[jiao]}角"
    elif integer:
        text += "零"
    if fen:
        text += f"{_DIGITS[fen]}分"
    return text


def chinese_ordinal(number: int) -> str:
    """1 → 一, 10 → 十, 15 → 十五, 23 → 二十三 (article numbers: 第二十三条)."""
    if not 1 <= number <= 99:
        raise ValueError("ordinal out of range")
    tens, ones = divmod(number, 10)
    if tens == 0:
        return _NUMERALS[ones]
    head = "十" if tens == 1 else f"{_NUMERALS[tens]}十"
    return head + (_NUMERALS[ones] if ones else "")
