from decimal import Decimal

import pytest

from zulin.documents.money import amount_figures, amount_in_capitals, chinese_ordinal


@pytest.mark.parametrize(
    ("amount", "capitals"),
    [
        ("0", "零元整"),
        ("0.50", "伍角"),
        ("0.05", "伍分"),
        ("1", "壹元整"),
        ("10", "壹拾元整"),
        ("15.5", "壹拾伍元伍角"),
        ("105.07", "壹佰零伍元零柒分"),
        ("1005", "壹仟零伍元整"),
        ("1050", "壹仟零伍拾元整"),
        ("1234.56", "壹仟贰佰叁拾肆元伍角陆分"),
        ("10000", "壹万元整"),
        ("10500", "壹万零伍佰元整"),
        ("100000", "壹拾万元整"),
        ("100010", "壹拾万零壹拾元整"),
        ("111000000", "壹亿壹仟壹佰万元整"),
        ("100010000", "壹亿零壹万元整"),
        ("3299.005", "叁仟贰佰玖拾玖元零壹分"),
    ],
)
def test_amounts_in_financial_capitals(amount, capitals):
    assert amount_in_capitals(Decimal(amount)) == capitals


def test_negative_amounts_have_no_capitals():
    with pytest.raises(ValueError):
        amount_in_capitals(Decimal("-1"))


def test_amount_figures_group_thousands_with_two_places():
    assert amount_figures(Decimal("1234567.5")) == "¥1,234,567.50"
    assert amount_figures(Decimal("0")) == "¥0.00"


@pytest.mark.parametrize(
    ("number", "text"),
    [(1, "一"), (9, "九"), (10, "十"), (14, "十四"), (20, "二十"), (31, "三十一")],
)
def test_article_ordinals(number, text):
    assert chinese_ordinal(number) == text
