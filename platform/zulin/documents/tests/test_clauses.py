import json

import pytest

from zulin.documents import (
    DEFAULT_LEASE_CLAUSES,
    ContractClause,
    clauses_from_data,
    clauses_to_data,
    default_lease_clauses,
)


def test_default_clauses_cover_what_a_lease_to_own_contract_must_say():
    titles = [clause.title for clause in DEFAULT_LEASE_CLAUSES]

    assert titles == [
        "出租方的权利与义务",
        "承租方的权利与义务",
        "租金及支付方式",
        "押金",
        "租赁物的损坏与灭失",
        "提前买断",
        "租赁期满的处理",
        "逾期与违约责任",
        "争议解决",
        "其他",
    ]


def test_default_clauses_survive_storage_as_json():
    stored = json.loads(json.dumps(default_lease_clauses(), ensure_ascii=False))

    assert clauses_from_data(stored) == DEFAULT_LEASE_CLAUSES


def test_a_merchants_copy_is_its_own():
    copy = default_lease_clauses()
    copy[0]["body"] = "改过的条款"

    assert default_lease_clauses()[0]["body"] != "改过的条款"
    edited = ContractClause(DEFAULT_LEASE_CLAUSES[0].title, "改过的条款")
    assert clauses_from_data(copy)[0] == edited


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([{"title": "", "body": "正文"}], "clause 1: title"),
        ([{"title": "标题", "body": "   "}], "clause 1: body"),
        ([{"title": "甲", "body": "文"}, {"title": "长" * 41, "body": "文"}], "clause 2: title"),
        ([{"title": "标题", "body": "字" * 2001}], "clause 1: body"),
        ([{"title": "标题", "body": "正文"}] * 31, "at most 30"),
    ],
)
def test_broken_clause_rows_are_refused_by_row(rows, message):
    with pytest.raises(ValueError, match=message):
        clauses_from_data(rows)


def test_clause_text_is_trimmed():
    assert clauses_to_data(clauses_from_data([{"title": " 保密 ", "body": "\n内容\n"}])) == [
        {"title": "保密", "body": "内容"}
    ]
