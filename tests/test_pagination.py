"""The one page of every list (`zulin.core.pagination.page_of`): the same rows as a plain
OFFSET on every page, a total counted only as far as its bound, and a deep page read through
its ids."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.models import Count
from django.test.utils import CaptureQueriesContext

from tenants.merchants.models import Domain, Merchant
from zulin.core import pagination
from zulin.core.pagination import page_of

ROWS = 57


@pytest.fixture
def merchants(db: None) -> Any:
    """57 merchant rows (no schemas: the page reads public rows only), with repeated
    statuses so an order by status needs its id to break ties."""
    Merchant.objects.bulk_create(
        Merchant(
            schema_name=f"m_page{n}",
            slug=f"page{n}",
            name=f"Page {n:02d}",
            status=("active", "frozen", "pending")[n % 3],
        )
        for n in range(ROWS)
    )
    return Merchant.objects.filter(slug__startswith="page")


@pytest.mark.parametrize("ordering", [("-id",), ("status", "-id"), ("name",)])
def test_every_page_holds_the_rows_a_plain_offset_reads(merchants: Any, ordering: Any) -> None:
    ordered = merchants.order_by(*ordering)
    expected = list(ordered.values_list("pk", flat=True))

    pages = [page_of(ordered, page=n, page_size=10)["list"] for n in range(1, 8)]
    as_values = [
        page_of(ordered.values("pk", "name"), page=n, page_size=10)["list"] for n in range(1, 8)
    ]

    assert [m.pk for page in pages for m in page] == expected
    assert [row["pk"] for page in as_values for row in page] == expected
    assert pages[-1] == []  # page 7 is past the end


def test_the_total_is_counted_to_its_bound_or_to_the_page_asked(
    merchants: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pagination, "COUNT_BOUND", 30)
    ordered = merchants.order_by("-id")

    def frame(page: int) -> tuple[int, bool, int]:
        answer = page_of(ordered, page=page, page_size=10)
        return answer["total"], answer["total_capped"], len(answer["list"])

    assert frame(1) == (30, True, 10)  # more than 30 rows: at least 30
    assert frame(3) == (30, True, 10)  # the last page within the bound, the next one open
    assert frame(4) == (40, True, 10)  # a deeper page counts to its own end
    assert frame(6) == (57, False, 7)  # past every row: the exact total
    monkeypatch.setattr(pagination, "COUNT_BOUND", 100)
    assert frame(1) == (57, False, 10)


def test_a_page_that_is_not_full_ends_the_list_and_is_not_counted(merchants: Any) -> None:
    ordered = merchants.order_by("-id")
    with CaptureQueriesContext(connection) as last:
        answer = page_of(ordered, page=6, page_size=10)
    with CaptureQueriesContext(connection) as only:
        small = page_of(ordered.filter(status="frozen"), page=1, page_size=50)
    with CaptureQueriesContext(connection) as past:
        beyond = page_of(ordered, page=9, page_size=10)

    assert (answer["total"], answer["total_capped"], len(answer["list"])) == (57, False, 7)
    assert (small["total"], len(small["list"])) == (19, 19)
    assert len(last.captured_queries) == len(only.captured_queries) == 1  # the page alone
    # Past the end nothing tells how many precede: those are counted.
    assert (beyond["total"], beyond["list"]) == (57, [])
    assert "COUNT(*)" in past.captured_queries[-1]["sql"]


def test_a_deep_page_reads_its_ids_first_in_one_statement(merchants: Any) -> None:
    ordered = merchants.order_by("-id")
    with CaptureQueriesContext(connection) as first:
        page_of(ordered, page=1, page_size=10)
    with CaptureQueriesContext(connection) as deep:
        rows = page_of(ordered, page=5, page_size=10)["list"]

    page_sql, count_sql = (q["sql"] for q in deep.captured_queries)
    assert [m.pk for m in rows] == list(ordered.values_list("pk", flat=True)[40:50])
    # The total stops at its bound; the page's rows are read for its own ids only.
    assert "LIMIT 10001" in count_sql and "ORDER BY" not in count_sql
    assert " IN (SELECT " in page_sql and "OFFSET 40" in page_sql
    assert " IN (SELECT " not in first.captured_queries[0]["sql"]  # page 1: a plain LIMIT


def test_a_deep_page_finds_its_ids_without_the_rows_to_one_joins(merchants: Any) -> None:
    Domain.objects.bulk_create(
        Domain(domain=f"{m.slug}.localhost", tenant=m, is_primary=True) for m in merchants
    )
    domains = Domain.objects.filter(tenant__in=list(merchants)).order_by("-id")
    shown = domains.values("pk", "domain", "tenant__name", "tenant__status")

    with CaptureQueriesContext(connection) as deep:
        rows = page_of(shown, page=3, page_size=10, counted=domains)["list"]

    page_sql = deep.captured_queries[0]["sql"]
    inner = page_sql[page_sql.index(" IN (SELECT ") :]
    assert [row["pk"] for row in rows] == list(domains.values_list("pk", flat=True)[20:30])
    assert rows[0]["domain"].startswith("page") and rows[0]["tenant__name"].startswith("Page")
    # The merchant's columns join it for the page's 10 rows, not for the 20 skipped.
    assert " JOIN " in page_sql[: page_sql.index(" IN (SELECT ")] and " JOIN " not in inner


def test_a_page_of_totals_per_row_totals_only_its_own_rows(merchants: Any) -> None:
    Domain.objects.bulk_create(
        Domain(domain=f"{m.slug}-{k}.localhost", tenant=m, is_primary=not k)
        for m in merchants
        for k in range(m.pk % 3)
    )
    ordered = merchants.order_by("-id")
    totals = ordered.values("pk", "name").annotate(domains=Count("domains"))

    with CaptureQueriesContext(connection) as deep:
        rows = page_of(totals, page=4, page_size=10, counted=ordered)["list"]

    expected = list(ordered[30:40])
    assert [(r["pk"], r["domains"]) for r in rows] == [(m.pk, m.pk % 3) for m in expected]
    assert " IN (SELECT " in deep.captured_queries[0]["sql"]
    # Ordered by the total itself: the page is read as it is, with the same rows.
    by_total = totals.order_by("-domains", "-pk")
    page = page_of(by_total, page=2, page_size=10, counted=ordered)["list"]
    assert [r["pk"] for r in page] == [r["pk"] for r in by_total[10:20]]


def test_a_grouped_list_pages_and_counts_as_it_is(merchants: Any) -> None:
    grouped = merchants.values("status").annotate(n=Count("id")).order_by("status")

    pages = [page_of(grouped, page=n, page_size=2) for n in (1, 2)]

    assert [row["status"] for page in pages for row in page["list"]] == [
        "active",
        "frozen",
        "pending",
    ]
    assert {page["total"] for page in pages} == {3} and pages[0]["list"][0]["n"] == 19
