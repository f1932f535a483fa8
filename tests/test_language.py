"""Every text the server words for people is in the session's language (issue 27, item 7).

The front end sends its UI language in Accept-Language; Chinese is the default. Field errors,
role names, channels, conditions, lease terms and landing types read in that language only —
no English inside a Chinese answer, no Chinese inside an English one.
"""

from __future__ import annotations

import re

import pytest

from tests.fixtures import ApiClient
from zulin.core.errors import ErrorCode, field_error
from zulin.core.field_messages import field_message
from zulin.core.i18n import Text, pick, use_language

APPLY = "/api/finance/applyWithdraw"
HAN = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def _as(client: ApiClient, language: str | None) -> ApiClient:
    return ApiClient(client.host, client.token, language=language)


def test_a_field_error_the_service_words_reads_in_the_session_language(demo, demo_owner):
    body = {"amount": "0.50", "idempotency_key": "lang-key-0001"}

    chinese = _as(demo_owner, "zh-CN").post(APPLY, body)
    english = _as(demo_owner, "en").post(APPLY, body)
    default = _as(demo_owner, None).post(APPLY, body)

    assert chinese.code == english.code == ErrorCode.VALIDATION
    assert chinese.data["fields"] == {"amount": ["不少于 1.00"]}
    assert english.data["fields"] == {"amount": ["at least 1.00"]}
    assert default.data == chinese.data
    assert (chinese.msg, english.msg) == ("提交的数据有误", "The submitted data is not valid")


def test_schema_errors_never_put_pydantic_english_into_a_chinese_answer():
    known = {"type": "greater_than_equal", "msg": "Input should be >= 1", "ctx": {"ge": 1}}
    unknown = {"type": "uuid_parsing", "msg": "Input should be a valid UUID"}
    choice = {"type": "literal_error", "msg": "x", "ctx": {"expected": "'day' or 'month'"}}

    assert field_message(known, "zh") == "应不小于 1"
    assert field_message(unknown, "zh") == "内容不正确"
    assert field_message(choice, "zh") == "应为以下之一：'day'、'month'"
    assert field_message(unknown, "en") == "Input should be a valid UUID"


def test_a_bilingual_text_is_chosen_by_the_language_in_use():
    text = Text("最多 {0} 天", "at most {0} days").format(92)

    assert pick(text) == "最多 92 天"
    with use_language("en"):
        assert pick(text) == "at most 92 days"
        assert str(text) == "at most 92 days"
    assert pick("typed by a person") == "typed by a person"
    error = field_error("date_to", text)
    assert error.data == {"fields": {"date_to": [text]}}


def test_role_names_are_served_in_the_session_language(demo, demo_owner, admin_client):
    chinese = _as(demo_owner, "zh-CN").get("/api/platform/getLoginUserInfo")
    english = _as(demo_owner, "en").get("/api/platform/getLoginUserInfo")
    admin_english = _as(admin_client, "en").get("/api/platform/getLoginUserInfo")

    assert chinese.data["current_role"]["name"] == "商户管理员"
    assert english.data["current_role"]["name"] == "Merchant admin"
    assert [role["name"] for role in english.data["roles"]] == ["Merchant admin"]
    assert admin_english.data["current_role"]["name"] == "Platform admin"


@pytest.mark.parametrize(
    ("path", "key"),
    [
        ("/api/platform/getGoodFineness", "label"),
        ("/api/platform/getTerms", "label"),
        ("/api/backend/getChannels", "name"),
    ],
)
def test_names_of_choices_are_in_one_language_only(demo, demo_owner, path, key):
    chinese = _as(demo_owner, "zh-CN").get(path)
    english = _as(demo_owner, "en").get(path)

    assert chinese.ok and english.ok, (chinese, english)
    chinese_names = [row[key] for row in chinese.data]
    english_names = [row[key] for row in english.data]
    assert chinese_names and len(chinese_names) == len(english_names)
    assert not [name for name in english_names if HAN.search(name)]
    brands = {"H5", "APP", "App"}
    assert not [n for n in chinese_names if n not in brands and LATIN_WORD.search(n)]


def test_condition_and_terms_read_as_people_say_them(demo, demo_owner):
    fineness = _as(demo_owner, "en").get("/api/platform/getGoodFineness").data
    terms = _as(demo_owner, "en").get("/api/platform/getTerms").data
    chinese_terms = _as(demo_owner, "zh-CN").get("/api/platform/getTerms").data

    assert {row["value"]: row["label"] for row in fineness}["99"] == "99% new"
    assert {(t["term"], t["term_unit"]): t["label"] for t in terms}[(12, "month")] == "12 months"
    assert {(t["term"], t["term_unit"]): t["label"] for t in chinese_terms}[(7, "day")] == "7天"


def test_the_platform_reads_take_down_reasons_in_its_language(admin_client):
    chinese = _as(admin_client, "zh-CN").get("/api/platform/getForceRefuseReasons")
    english = _as(admin_client, "en").get("/api/platform/getForceRefuseReasons")

    assert {row["code"]: row["label"] for row in chinese.data}["other"] == "其他原因"
    assert {row["code"]: row["label"] for row in english.data}["other"] == "Other reason"
    assert not [row for row in english.data if HAN.search(row["label"])]
