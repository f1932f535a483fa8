"""Core input types: single-line and multi-line text, bounded ids and pages."""

import pytest
from ninja import Schema
from pydantic import Field, ValidationError

from zulin.core.field_messages import field_message
from zulin.core.numbers import BIGINT_MAX, MAX_PAGE, Id, Page, id_from_text
from zulin.core.text import MultiLineText, SingleLineText


class Form(Schema):
    name: SingleLineText = Field("", max_length=5)
    note: MultiLineText = ""
    id: Id = 1
    page: Page = 1


def _error(**data):
    with pytest.raises(ValidationError) as caught:
        Form(**data)
    (error,) = caught.value.errors()
    return error


@pytest.mark.parametrize(
    "text", ["a\nb", "a\rb", "a\tb", "a\x00b", "a\x1bb", "a\x7fb", "a\x85b", "a\u2028b"]
)
def test_single_line_text_refuses_every_control_character(text):
    error = _error(name=text)

    assert error["type"] == "text_control_character"
    assert field_message(error, "zh") == "只能是一行文字，不能包含换行、制表符等控制字符"
    assert "control characters" in field_message(error, "en")


def test_single_line_text_is_trimmed_before_its_length_counts():
    assert Form(name="  店名  ").name == "店名"
    assert Form(name="  abcde \n").name == "abcde"
    assert _error(name="abcdef")["type"] == "string_too_long"


def test_multi_line_text_allows_line_breaks_and_tabs_only():
    assert Form(note="第一行\r\n\t第二行").note == "第一行\n\t第二行"
    for text in ("a\x00b", "a\rb", "a\x0bb", "a\u2029b"):
        error = _error(note=text)
        assert error["type"] == "text_control_character_multiline"
        assert field_message(error, "zh") == "不能包含控制字符（换行和制表符除外）"


def test_ids_and_pages_are_bounded():
    assert Form(id=BIGINT_MAX).id == BIGINT_MAX
    assert _error(id=BIGINT_MAX + 1)["type"] == "less_than_equal"
    assert _error(id=0)["type"] == "greater_than_equal"
    assert Form(page=MAX_PAGE).page == MAX_PAGE
    assert _error(page=MAX_PAGE + 1)["type"] == "less_than_equal"


def test_a_keyword_names_an_id_only_as_ascii_digits_within_bigint():
    assert id_from_text(" 42 ") == 42
    assert id_from_text("²") is None
    assert id_from_text("٤٢") is None
    assert id_from_text("9" * 30) is None
    assert id_from_text("0") is None
    assert id_from_text("iphone") is None
