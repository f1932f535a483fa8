"""Postings from many real PostgreSQL connections at once, committed: no test transaction
hides a race. Each test works on sub-ledgers of its own (a fresh `sub_key`) in demo's
schema and removes what it committed at the end, so other tests never see it.

The test's own connection only reads (READ COMMITTED sees what the threads commit)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import pytest
from django.db import connection, connections, transaction

from zulin.core.errors import ApplicationError
from zulin.ledger.models import Journal
from zulin.ledger.selectors import account_balance, ledger_check

from .lines import Line, ledger_post

if TYPE_CHECKING:  # the ledger knows no domain; the tests get the merchant as a fixture
    from tenants.merchants.models import Merchant

D = Decimal


def in_threads(
    merchant: Merchant, count: int, work: Callable[[int], Any], *, timeout: float = 120
) -> list[Any]:
    """Runs work(0..count-1) at once, each on its own connection in `merchant`'s schema;
    answers each result, an ApplicationError's code, or the exception. A thread still running
    after `timeout` seconds fails the caller (it would go on committing behind its back)."""
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(number: int) -> None:
        try:
            connection.set_tenant(merchant)
            barrier.wait(timeout=30)
            results[number] = work(number)
        except ApplicationError as error:
            results[number] = int(error.code)
        except Exception as error:  # noqa: BLE001 — reported by the assertions
            results[number] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    if any(thread.is_alive() for thread in threads):
        for thread in threads:  # let the late ones finish before anything is cleaned up
            thread.join()
        raise TimeoutError(f"work in threads ran over {timeout} s")
    return results


def committed(merchant: Merchant, work: Callable[[], Any]) -> Any:
    """work() committed on a connection of its own; its result. Waits however long it takes
    (a served test's shop filled with the showcase takes minutes on a loaded machine)."""
    (result,) = in_threads(merchant, 1, lambda _: work(), timeout=1800)
    if isinstance(result, BaseException):
        raise result
    return result


def purge(merchant: Merchant, sub_key: str, prefix: str) -> None:
    """Removes what a test committed. The append-only triggers are off for this one
    transaction only (a superuser's replica role): the product has no such path."""

    def remove() -> None:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SET LOCAL session_replication_role = replica")
            cursor.execute(
                "DELETE FROM ledger_entry WHERE journal_id IN"
                " (SELECT id FROM ledger_journal WHERE reference LIKE %s)",
                [f"{prefix}%"],
            )
            cursor.execute("DELETE FROM ledger_journal WHERE reference LIKE %s", [f"{prefix}%"])
            cursor.execute("DELETE FROM ledger_account WHERE sub_key = %s", [sub_key])

    committed(merchant, remove)


@pytest.fixture
def own_sub_ledger(demo):
    sub_key = f"test:{uuid.uuid4().hex[:12]}"
    prefix = f"{sub_key}/"
    connection.set_tenant(demo)
    yield sub_key, prefix
    purge(demo, sub_key, prefix)


def test_postings_from_many_connections_to_one_account_sum_exactly(demo, own_sub_ledger):
    sub_key, prefix = own_sub_ledger
    workers, each, amount = 8, 15, D("13.37")

    def post_many(worker: int) -> int:
        for number in range(each):
            ledger_post(
                reference=f"{prefix}{worker}-{number}",
                kind="deposit_freeze",
                lines=[
                    Line("deposit_frozen", debit=amount, sub_key=sub_key),
                    Line("deposit_held", credit=amount, sub_key=sub_key),
                ],
            )
        return each

    results = in_threads(demo, workers, post_many)

    assert results == [each] * workers
    expected = amount * workers * each
    assert account_balance("deposit_frozen", sub_key=sub_key) == expected
    assert account_balance("deposit_frozen", sub_key=sub_key, cached=True) == expected
    assert account_balance("deposit_held", sub_key=sub_key, cached=True) == expected
    assert Journal.objects.filter(reference__startswith=prefix).count() == workers * each
    assert ledger_check() == []


def test_concurrent_withdrawals_never_take_a_guarded_balance_below_zero(demo, own_sub_ledger):
    sub_key, prefix = own_sub_ledger
    committed(
        demo,
        lambda: ledger_post(
            reference=f"{prefix}settled",
            kind="settlement",
            lines=[
                Line("merchant_cash", debit=D("100.00"), sub_key=sub_key),
                Line("provider_clearing", credit=D("100.00"), sub_key=sub_key),
            ],
        ),
    )

    def withdraw(number: int) -> str:
        ledger_post(
            reference=f"{prefix}withdraw-{number}",
            kind="withdrawal_freeze",
            lines=[
                Line("withdrawals_in_transit", debit=D("30.00"), sub_key=sub_key),
                Line("merchant_cash", credit=D("30.00"), sub_key=sub_key),
            ],
        )
        return "ok"

    results = in_threads(demo, 12, withdraw)

    assert results.count("ok") == 3
    assert results.count(1393) == 9
    assert account_balance("merchant_cash", sub_key=sub_key) == D("10.00")
    assert account_balance("merchant_cash", sub_key=sub_key, cached=True) == D("10.00")
    assert account_balance("withdrawals_in_transit", sub_key=sub_key) == D("90.00")
    assert ledger_check() == []


def test_one_reference_posted_from_many_connections_at_once_posts_once(demo, own_sub_ledger):
    sub_key, prefix = own_sub_ledger

    def pay(_: int) -> int:
        journal = ledger_post(
            reference=f"{prefix}callback",
            kind="bill_payment",
            lines=[
                Line("provider_clearing", debit=D("399.00"), sub_key=sub_key),
                Line("rent_income", credit=D("399.00"), sub_key=sub_key),
            ],
        )
        return journal.pk

    results = in_threads(demo, 10, pay)

    assert all(isinstance(result, int) for result in results), results
    assert len(set(results)) == 1
    assert account_balance("provider_clearing", sub_key=sub_key) == D("399.00")
    assert account_balance("rent_income", sub_key=sub_key, cached=True) == D("399.00")
    assert ledger_check() == []
