"""Every schema holds its chart (the template's clones included), each ledger sees only its
own schema, and `platform_ledger()` posts to the platform's books inside a merchant's."""

from __future__ import annotations

import importlib
import pkgutil
from decimal import Decimal

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection
from django_tenants.utils import schema_context, tenant_context

import zulin.ledger.migrations
from zulin.ledger.chart import MERCHANT_CHART, PLATFORM_CHART, chart_version
from zulin.ledger.models import Journal, LedgerAccount
from zulin.ledger.selectors import account_balance, journal_for_reference, ledger_check
from zulin.ledger.services import chart_sync, platform_ledger

from .lines import Line, ledger_post

D = Decimal


def chart_in_database() -> set[tuple[str, str, str, bool]]:
    return set(
        LedgerAccount.objects.filter(sub_key="").values_list(
            "code", "type", "normal_side", "may_go_negative"
        )
    )


def chart_in_code(chart) -> set[tuple[str, str, str, bool]]:
    return {(s.code, s.type.value, s.normal_side.value, s.may_go_negative) for s in chart}


def test_public_holds_the_platform_chart_and_every_merchant_schema_the_merchants(demo, acme):
    assert chart_in_database() == chart_in_code(PLATFORM_CHART)
    for schema in (settings.TENANT_BASE_SCHEMA, demo.schema_name, acme.schema_name):
        with schema_context(schema):
            assert chart_in_database() == chart_in_code(MERCHANT_CHART), schema
            assert ledger_check() == [], schema
    assert ledger_check() == []


def test_the_chart_has_zh_and_en_names_and_a_merchant_refunds_contra_account():
    for spec in MERCHANT_CHART + PLATFORM_CHART:
        assert spec.name_zh and spec.name_en and spec.name_zh != spec.name_en
    refunds = next(spec for spec in MERCHANT_CHART if spec.code == "refunds")
    assert (refunds.type, refunds.normal_side) == ("income", "debit")


def test_syncing_the_chart_again_adds_nothing_and_restores_names(demo):
    with tenant_context(demo):
        LedgerAccount.objects.filter(code="rent_income", sub_key="").update(name_en="renamed")
        assert chart_sync() == 0
        assert LedgerAccount.objects.get(code="rent_income", sub_key="").name_en == "Rent income"
    assert chart_sync() == 0


def test_a_changed_chart_ships_with_a_migration_that_syncs_it():
    versions = {}
    for module in pkgutil.iter_modules(zulin.ledger.migrations.__path__):
        migration = importlib.import_module(f"zulin.ledger.migrations.{module.name}")
        if hasattr(migration, "CHART_VERSION"):
            versions[module.name] = migration.CHART_VERSION
    assert versions[max(versions)] == chart_version()


def test_a_merchant_posting_is_invisible_to_another_merchant_and_the_platform(demo, acme):
    with tenant_context(acme):
        acme_clearing = account_balance("provider_clearing")
    public_clearing = account_balance("provider_clearing")

    with tenant_context(demo):
        ledger_post(
            reference="isolated-pay",
            kind="bill_payment",
            lines=[
                Line("provider_clearing", debit=D("66.00")),
                Line("rent_income", credit=D("66.00")),
            ],
        )
        assert journal_for_reference("isolated-pay") is not None

    with tenant_context(acme):
        assert journal_for_reference("isolated-pay") is None
        assert account_balance("provider_clearing") == acme_clearing
        # the same reference is free in another merchant's books
        ledger_post(
            reference="isolated-pay",
            kind="bill_payment",
            lines=[
                Line("provider_clearing", debit=D("1.00")),
                Line("rent_income", credit=D("1.00")),
            ],
        )
    assert journal_for_reference("isolated-pay") is None
    assert account_balance("provider_clearing") == public_clearing
    assert not Journal.objects.filter(reference="isolated-pay").exists()


def test_platform_ledger_posts_to_the_platforms_books_from_a_merchants_schema(demo):
    merchant_key = f"merchant:{demo.pk}"
    public_payable = account_balance("merchant_payable", sub_key=merchant_key)

    with tenant_context(demo):
        demo_clearing = account_balance("provider_clearing")
        with platform_ledger():
            ledger_post(
                reference="platform-side-pay",
                kind="merchant_receipt",
                lines=[
                    Line("provider_clearing", debit=D("500.00")),
                    Line("merchant_payable", credit=D("500.00"), sub_key=merchant_key),
                ],
            )
        assert connection.schema_name == demo.schema_name
        assert journal_for_reference("platform-side-pay") is None
        assert account_balance("provider_clearing") == demo_clearing

    assert journal_for_reference("platform-side-pay") is not None
    assert account_balance("merchant_payable", sub_key=merchant_key) - public_payable == D("500")


def test_the_check_command_reports_each_ledger_and_fails_on_a_problem(demo, capsys):
    call_command("ledger_check", "--all")
    lines = capsys.readouterr().out.splitlines()
    assert "public: ok" in lines
    assert f"{settings.TENANT_BASE_SCHEMA}: ok" in lines
    assert f"{demo.schema_name}: ok" in lines

    # An account the base data never posts to (the opening risk recharge moves `bank`).
    with tenant_context(demo):
        LedgerAccount.objects.filter(code="owner_equity", sub_key="").update(balance=D("9.99"))
    with pytest.raises(CommandError, match="1 of 1 ledgers"):
        call_command("ledger_check", "--schema", demo.schema_name)
    assert "m_demo: account owner_equity: cached 9.99 != entries 0.00" in capsys.readouterr().out
