"""Field messages of input validation in the request's language.

Pydantic words its errors in English; for Chinese (the default) the kinds are rendered here
from the error's type and context, and a kind without a Chinese wording reads 内容不正确
(never pydantic's English inside a Chinese screen). The checks our services make themselves
word their problems as `zulin.core.i18n.Text` (`field_error`).
"""

from __future__ import annotations

from typing import Any

ZH_TEMPLATES: dict[str, str] = {
    "missing": "必填",
    "string_type": "应为文本",
    "string_too_short": "至少 {min_length} 个字符",
    "string_too_long": "最多 {max_length} 个字符",
    "string_pattern_mismatch": "格式不正确",
    "int_type": "应为整数",
    "int_parsing": "应为整数",
    "int_from_float": "应为整数",
    "float_type": "应为数字",
    "float_parsing": "应为数字",
    "decimal_type": "应为金额数字",
    "decimal_parsing": "应为金额数字",
    "decimal_max_places": "最多 {decimal_places} 位小数",
    "decimal_max_digits": "数字过长",
    "bool_type": "应为是/否",
    "bool_parsing": "应为是/否",
    "greater_than": "应大于 {gt}",
    "greater_than_equal": "应不小于 {ge}",
    "less_than": "应小于 {lt}",
    "less_than_equal": "应不大于 {le}",
    "list_type": "应为列表",
    "too_short": "至少 {min_length} 项",
    "too_long": "最多 {max_length} 项",
    "dict_type": "应为对象",
    "literal_error": "应为以下之一：{expected}",
    "enum": "应为以下之一：{expected}",
    "datetime_parsing": "日期时间格式不正确",
    "date_parsing": "日期格式不正确",
    "json_invalid": "不是有效的JSON",
    "extra_forbidden": "不允许的字段",
    # zulin.core.text and zulin.core.input_guard
    "text_control_character": "只能是一行文字，不能包含换行、制表符等控制字符",
    "text_control_character_multiline": "不能包含控制字符（换行和制表符除外）",
    "nul_character": "不能包含空字符（NUL）",
    "number_out_of_range": "数字超出范围",
    "malformed_multipart": "上传内容不是有效的 multipart/form-data",
    "body_too_large": "请求内容过大",
}


ZH_UNKNOWN = "内容不正确"


def field_message(error: dict[str, Any], language: str) -> str:
    if language == "en":
        return str(error.get("msg", "invalid"))
    template = ZH_TEMPLATES.get(str(error.get("type", "")))
    if template is None:
        return ZH_UNKNOWN
    context = dict(error.get("ctx") or {})
    if "expected" in context:  # pydantic's "'a', 'b' or 'c'"
        context["expected"] = str(context["expected"]).replace(" or ", "、").replace(", ", "、")
    try:
        return template.format(**context)
    except (KeyError, IndexError, ValueError):
        return ZH_UNKNOWN
