"""The platform's aging (`getPlatformAging`): the public projection every case refresh keeps
(`projection.aging_project`) read on the admin side only — each merchant's figures are its
own `getRecoveryCount`, the platform's totals their sum."""

from decimal import Decimal

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.recovery.projection import aging_project
from apps.recovery.tests.support import COUNT, night, overdue_lease
from tenants.dashboard.models import MerchantAging
from tests.fixtures import login
from tests.leases import IntakeClient, goods_on_shelf

AGING = "/api/backend/getPlatformAging"
BUCKETS = ["M1", "M2", "M3", "M3+"]


@pytest.fixture
def two_shops_in_debt(demo, demo_owner, app, offer, acme, acme_owner):
    """Demo: debts in M1, M2 and M3+; acme: one in M1 and one in M3. Each shop's nightly run."""
    for n, days in enumerate((5, 40, 120)):
        overdue_lease(demo, demo_owner, app, offer, days=days, n=71 + n)
    acme_app, acme_offer = IntakeClient(acme, "acme.localhost"), goods_on_shelf(acme_owner)
    for n, days in enumerate((10, 70)):
        overdue_lease(acme, acme_owner, acme_app, acme_offer, days=days, n=81 + n)
    night(demo)
    night(acme)
    return {"demo": demo_owner, "acme": acme_owner}


def _own(owner) -> dict[str, dict]:
    """A shop's own figures per bucket: its open cases' count and total owed."""
    counts = owner.get(COUNT, {"state": "open"}).data
    return {row["bucket"]: row for row in counts["buckets"]}


def test_the_platform_aging_is_the_sum_of_the_merchants_own_figures(
    two_shops_in_debt, admin_client, demo, acme
):
    own = {slug: _own(owner) for slug, owner in two_shops_in_debt.items()}
    ids = {"demo": demo.pk, "acme": acme.pk}

    answer = admin_client.get(AGING, {"page_size": 100})
    assert answer.ok, answer
    aging = answer.data
    assert aging["as_of"] == timezone.localdate().isoformat()
    rows = {row["merchant_id"]: row for row in aging["list"]}
    for slug, figures in own.items():
        row = rows[ids[slug]]
        assert [b["bucket"] for b in row["buckets"]] == BUCKETS
        for bucket in row["buckets"]:
            assert bucket["cases"] == figures[bucket["bucket"]]["count"]
            assert bucket["total_owed"] == figures[bucket["bucket"]]["total_owed"]
        assert row["cases"] == sum(f["count"] for f in figures.values())
        assert Decimal(row["total_owed"]) == sum(Decimal(f["total_owed"]) for f in figures.values())
        # Rent, late fees and other charges make the total.
        parts = ("rent_owed", "late_fee_owed", "charges_owed")
        assert sum(Decimal(row[p]) for p in parts) == Decimal(row["total_owed"])
    assert own["demo"]["M3+"]["count"] >= 1 and own["acme"]["M3"]["count"] >= 1
    # The platform's totals per bucket: the sum over every merchant's rows.
    for bucket in aging["buckets"]:
        assert bucket["cases"] == sum(
            b["cases"]
            for r in aging["list"]
            for b in r["buckets"]
            if b["bucket"] == bucket["bucket"]
        )
        assert Decimal(bucket["total_owed"]) == sum(
            Decimal(b["total_owed"])
            for r in aging["list"]
            for b in r["buckets"]
            if b["bucket"] == bucket["bucket"]
        )
    assert aging["all"]["cases"] == sum(b["cases"] for b in aging["buckets"])
    assert aging["all"]["merchants"] == aging["total"] >= 2
    # Sorted by what they owe, most first.
    owed = [Decimal(r["total_owed"]) for r in aging["list"]]
    assert owed == sorted(owed, reverse=True)
    ascending = admin_client.get(AGING, {"page_size": 100, "sort": "total_asc"}).data["list"]
    assert [Decimal(r["total_owed"]) for r in ascending] == sorted(owed)


def test_the_merchant_filter_by_id_or_name(two_shops_in_debt, admin_client, demo, acme):
    one = admin_client.get(AGING, {"merchant_id": acme.pk}).data
    assert [row["merchant_id"] for row in one["list"]] == [acme.pk]
    assert one["all"]["merchants"] == 1
    assert one["all"]["total_owed"] == one["list"][0]["total_owed"]
    assert one["buckets"] == [
        {key: value for key, value in b.items()} for b in one["list"][0]["buckets"]
    ]

    by_name = admin_client.get(AGING, {"keyword": acme.name[:4]}).data
    assert acme.pk in [row["merchant_id"] for row in by_name["list"]]
    assert demo.pk not in [row["merchant_id"] for row in by_name["list"]]

    nobody = admin_client.get(AGING, {"keyword": "没有这个商户"}).data
    assert nobody["list"] == [] and nobody["total"] == 0 and nobody["as_of"] is None
    assert all(b["cases"] == 0 and b["total_owed"] == "0.00" for b in nobody["buckets"])


def test_a_payment_moves_the_projection_with_the_shops_own_figures(two_shops_in_debt, demo):
    """The projection replaces the merchant's rows whole: run again with fewer cases, the
    closed ones are gone from it at once."""
    with tenant_context(demo):
        from apps.recovery.models import RecoveryCase

        RecoveryCase.objects.filter(state="open", bucket="M3+").update(state="closed")
        aging_project()
        rows = {r.bucket: r for r in MerchantAging.objects.filter(merchant=demo)}
    connection.set_schema_to_public()
    assert sorted(rows) == sorted(BUCKETS)
    assert rows["M3+"].cases == 0 and rows["M3+"].total_owed == 0
    assert _own(two_shops_in_debt["demo"])["M3+"]["count"] == 0


def test_only_the_platform_reads_it(two_shops_in_debt, demo):
    owner = two_shops_in_debt["demo"]
    refused = owner.get(AGING)
    assert refused.code == 1002, refused  # WRONG_SIDE: an admin-side call
    # A shop's token on the admin host is refused too (a token works on its own side only).
    on_admin = login("demo.localhost", "owner")
    on_admin.host = "admin.localhost"
    assert not on_admin.get(AGING).ok
    assert login("admin.localhost", "admin").get(AGING).ok
