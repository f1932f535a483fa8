"""Platform merchant management: onboarding, list, details, status, settlement terms."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from tenants.accounts.models import Account
from tenants.merchants.models import Merchant, SettlementTerms
from tests.fixtures import ApiClient, login
from zulin.audit.models import AuditEntry, StatusChange

SETTLEMENT = {
    "commission_rate": "5.50",
    "settlement_cycle": "T+7",
    "bank_name": "招商银行",
    "account_name": "新商户有限公司",
    "account_number": "6225880112345678",
}


def _onboarding(slug: str = "newshop", **overrides):
    body = {
        "name": "新商户",
        "slug": slug,
        "contact_name": "赵经理",
        "contact_phone": "13700000001",
        "owner_username": "boss",
        "owner_password": "Boss@2026x",
        "owner_name": "赵老板",
        "owner_phone": "13700000002",
        "settlement": dict(SETTLEMENT),
    }
    body.update(overrides)
    return body


def _merchant_id(slug: str) -> int:
    return Merchant.objects.get(slug=slug).pk


# --- createMerchant --------------------------------------------------------------------------


def test_create_merchant_makes_merchant_owner_terms_history_and_audit(admin_client):
    answer = admin_client.post("/api/platform/createMerchant", _onboarding())

    assert answer.code == 200, answer
    info = answer.data
    assert info["merchant"]["slug"] == "newshop"
    assert info["merchant"]["status"] == "active"
    assert info["merchant"]["domain"] == "newshop.localhost"
    assert info["merchant"]["commission_rate"] == "5.50"
    assert info["owner"]["username"] == "boss"
    # Encrypted at rest, masked in every answer.
    assert info["settlement"]["account_number"] == "6225 **** **** 5678"
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT account_number FROM merchants_settlementterms WHERE id = %s",
            [info["settlement"]["id"]],
        )
        stored = cursor.fetchone()[0]
    assert "6225880112345678" not in stored and stored.startswith("zf1:")
    assert info["settlement"]["created_by"] == "平台管理员"
    assert [s["to_status"] for s in info["status_history"]] == ["active"]
    assert info["audit"][0]["action"] == "merchant.create"
    # The audit trail never shows the full payout account number.
    assert info["audit"][0]["after"]["settlement"]["account_number"] == "6225 **** **** 5678"
    merchant = Merchant.objects.get(slug="newshop")
    assert SettlementTerms.objects.get(merchant=merchant).commission_rate == Decimal("5.50")
    # The owner signs in on the new host.
    assert (
        login("newshop.localhost", "boss", "Boss@2026x")
        .get("/api/platform/getLoginUserInfo")
        .data["user"]["merchant"]["slug"]
        == "newshop"
    )


def test_create_merchant_with_the_same_idempotency_key_answers_the_same_merchant(admin_client):
    body = _onboarding(idempotency_key="onboard-req-0001")

    first = admin_client.post("/api/platform/createMerchant", body)
    again = admin_client.post("/api/platform/createMerchant", body)

    assert first.code == again.code == 200
    assert again.data["merchant"]["id"] == first.data["merchant"]["id"]
    assert Merchant.objects.filter(slug="newshop").count() == 1
    assert SettlementTerms.objects.filter(merchant__slug="newshop").count() == 1


def test_an_idempotency_key_reused_for_another_slug_is_refused(admin_client):
    admin_client.post("/api/platform/createMerchant", _onboarding(idempotency_key="onboard-k-1"))

    answer = admin_client.post(
        "/api/platform/createMerchant", _onboarding("othershop", idempotency_key="onboard-k-1")
    )

    assert answer.code == 1101
    assert not Merchant.objects.filter(slug="othershop").exists()


def test_create_merchant_with_a_taken_slug_is_slug_taken(admin_client):
    answer = admin_client.post("/api/platform/createMerchant", _onboarding("demo"))

    assert answer.code == 1011
    assert Merchant.objects.filter(slug="demo").count() == 1


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"slug": "Bad Slug"}, "slug"),
        ({"slug": "admin"}, "slug"),
        ({"name": ""}, "name"),
        ({"contact_phone": "12345"}, "contact_phone"),
        ({"settlement": {**SETTLEMENT, "commission_rate": "100.01"}}, "settlement.commission_rate"),
        ({"settlement": {**SETTLEMENT, "commission_rate": "5.555"}}, "settlement.commission_rate"),
        ({"settlement": {**SETTLEMENT, "commission_rate": "-1"}}, "settlement.commission_rate"),
        ({"settlement": {**SETTLEMENT, "settlement_cycle": "T+2"}}, "settlement.settlement_cycle"),
        ({"settlement": {**SETTLEMENT, "account_number": "abc"}}, "settlement.account_number"),
    ],
)
def test_create_merchant_validation_errors_name_the_field(admin_client, change, field):
    answer = admin_client.post("/api/platform/createMerchant", _onboarding(**change))

    assert answer.code == 400
    assert field in answer.data["fields"]
    assert not Merchant.objects.filter(slug="newshop").exists()


def test_create_merchant_with_a_weak_owner_password_leaves_nothing(admin_client):
    answer = admin_client.post("/api/platform/createMerchant", _onboarding(owner_password="short"))

    assert answer.code == 1009
    assert not Merchant.objects.filter(slug="newshop").exists()


def test_a_failure_after_the_clone_leaves_no_half_merchant(admin_client, monkeypatch):
    from tenants.merchants import services as merchant_services

    def broken(**kwargs):
        raise RuntimeError("payout bank down")

    monkeypatch.setattr(merchant_services, "_settlement_add", broken)

    answer = admin_client.post("/api/platform/createMerchant", _onboarding())

    assert answer.status == 500
    assert not Merchant.objects.filter(slug="newshop").exists()
    assert not Account.objects.filter(username="boss").exists()
    from django_tenants.utils import schema_exists

    assert not schema_exists("m_newshop")


def test_commission_rate_sent_as_a_json_number_is_kept_exact(admin_client):
    body = _onboarding(settlement={**SETTLEMENT, "commission_rate": 0.1})

    answer = admin_client.post("/api/platform/createMerchant", body)

    assert answer.data["settlement"]["commission_rate"] == "0.10"
    assert SettlementTerms.objects.get(merchant__slug="newshop").commission_rate == Decimal("0.1")


# --- merchantList / merchantInfo / updateMerchant --------------------------------------------


def test_merchant_list_pages_searches_and_sorts(admin_client):
    page = admin_client.get("/api/platform/merchantList", {"page_size": 1, "sort_by": "name"})

    assert page.code == 200
    assert page.data["total"] == 2 and page.data["page_size"] == 1
    assert len(page.data["list"]) == 1
    by_name_asc = admin_client.get(
        "/api/platform/merchantList", {"sort_by": "name", "sort_order": "asc"}
    ).data["list"]
    by_name_desc = admin_client.get(
        "/api/platform/merchantList", {"sort_by": "name", "sort_order": "desc"}
    ).data["list"]
    assert [m["slug"] for m in by_name_asc] == [m["slug"] for m in reversed(by_name_desc)]
    found = admin_client.get("/api/platform/merchantList", {"keyword": "王经理"}).data
    assert [m["slug"] for m in found["list"]] == ["demo"]
    assert found["list"][0]["domain"] == "demo.localhost"


def test_merchant_list_shows_each_merchants_current_terms_in_a_fixed_number_of_queries(
    admin_client, demo
):
    admin_client.post(
        "/api/platform/addSettle",
        {"id": demo.pk, **SETTLEMENT, "commission_rate": "8", "settlement_cycle": "monthly"},
    )
    admin_client.get("/api/platform/merchantList")  # warm: tenancy and auth cost no query

    with CaptureQueriesContext(connection) as queries:
        rows = admin_client.get("/api/platform/merchantList").data["list"]

    demo_row = next(row for row in rows if row["slug"] == "demo")
    acme_row = next(row for row in rows if row["slug"] == "acme")
    assert (demo_row["commission_rate"], demo_row["settlement_cycle"]) == ("8.00", "monthly")
    assert demo_row["domain"] == "demo.localhost"
    assert acme_row["commission_rate"] == "5.50" and acme_row["domain"] == "acme.localhost"
    # The page (not full: its total needs no count), then the page's domains and terms in
    # one: not one per row.
    assert len(queries) == 2


def test_merchant_list_filters_by_status_and_refuses_an_unknown_one(admin_client, demo):
    admin_client.post(
        "/api/platform/updateStatus", {"id": demo.pk, "status": "frozen", "reason": "逾期"}
    )

    frozen = admin_client.get("/api/platform/merchantList", {"status": "frozen"}).data

    assert [m["slug"] for m in frozen["list"]] == ["demo"]
    assert admin_client.get("/api/platform/merchantList", {"status": "gone"}).code == 400


def test_merchant_info_answers_domains_owner_and_histories(admin_client, demo):
    info = admin_client.get("/api/platform/merchantInfo", {"id": demo.pk})

    assert info.code == 200
    assert info.data["domains"] == [{"domain": "demo.localhost", "is_primary": True}]
    assert info.data["owner"]["username"] == "owner"
    assert admin_client.get("/api/platform/merchantInfo", {"id": 999999}).code == 404


def test_update_merchant_changes_name_and_contact_with_audit(admin_client, demo):
    answer = admin_client.post(
        "/api/platform/updateMerchant", {"id": demo.pk, "name": "改名商城", "contact_name": "孙"}
    )

    assert answer.code == 200
    assert answer.data["name"] == "改名商城" and answer.data["contact_name"] == "孙"
    entry = AuditEntry.objects.get(action="merchant.update", target_id=str(demo.pk))
    assert entry.before == {"name": "演示租赁商城", "contact_name": "王经理"}
    # The store's sign-in page shows the new name at once (the host cache was dropped).
    site = ApiClient("demo.localhost").get("/api/platform/getSiteInfo").data
    assert site["merchant"]["name"] == "改名商城"


def test_update_merchant_refuses_bad_input_and_unknown_ids(admin_client, demo):
    assert (
        admin_client.post("/api/platform/updateMerchant", {"id": demo.pk, "name": ""}).code == 400
    )
    assert (
        admin_client.post("/api/platform/updateMerchant", {"id": 999999, "name": "x"}).code == 404
    )


# --- updateStatus --------------------------------------------------------------------------


def _status(client, merchant_id, status, reason=""):
    return client.post(
        "/api/platform/updateStatus", {"id": merchant_id, "status": status, "reason": reason}
    )


def test_freezing_ends_sessions_and_blocks_sign_in_and_reactivation_restores_it(admin_client, demo):
    owner = login("demo.localhost", "owner")

    frozen = _status(admin_client, demo.pk, "frozen", "合同违约")

    assert frozen.code == 200 and frozen.data["status"] == "frozen"
    assert owner.get("/api/platform/getLoginUserInfo").code == 1005
    refused = ApiClient("demo.localhost", language="en").post(
        "/api/platform/mainLand", {"username": "owner", "password": "Zulin@2026"}
    )
    assert refused.code == 1005 and "frozen" in refused.msg

    assert _status(admin_client, demo.pk, "active").code == 200

    # The old token stays dead; a new sign-in works.
    assert owner.get("/api/platform/getLoginUserInfo").code == 109
    assert login("demo.localhost", "owner").get("/api/platform/getLoginUserInfo").code == 200
    history = admin_client.get("/api/platform/merchantInfo", {"id": demo.pk}).data
    assert [(h["from_status"], h["to_status"]) for h in history["status_history"][:2]] == [
        ("frozen", "active"),
        ("active", "frozen"),
    ]
    assert history["status_history"][1]["reason"] == "合同违约"


def test_closing_is_final(admin_client, demo):
    assert _status(admin_client, demo.pk, "closed", "商户退出").code == 200

    again = _status(admin_client, demo.pk, "active")

    assert again.code == 409
    assert Merchant.objects.get(pk=demo.pk).status == "closed"
    assert login_refused("demo.localhost")


def login_refused(host: str) -> bool:
    answer = ApiClient(host).post(
        "/api/platform/mainLand", {"username": "owner", "password": "Zulin@2026"}
    )
    return answer.code == 1005


@pytest.mark.parametrize(
    ("start", "target"),
    [("active", "pending"), ("active", "active"), ("pending", "frozen"), ("pending", "closed")],
)
def test_forbidden_transitions_are_conflicts(admin_client, demo, start, target):
    Merchant.objects.filter(pk=demo.pk).update(status=start)

    answer = _status(admin_client, demo.pk, target, "原因")

    assert answer.code == 409
    assert answer.data == {"from": start, "to": target}
    assert start in answer.msg or "「" in answer.msg
    assert Merchant.objects.get(pk=demo.pk).status == start
    moves = StatusChange.objects.filter(target_type="merchant", target_id=str(demo.pk))
    assert not moves.exclude(action="create").exists()


def test_pending_merchant_can_be_activated(admin_client):
    created = admin_client.post("/api/platform/createMerchant", _onboarding(status="pending"))
    merchant_id = created.data["merchant"]["id"]
    assert created.data["merchant"]["status"] == "pending"

    assert _status(admin_client, merchant_id, "active").data["status"] == "active"


@pytest.mark.parametrize("target", ["frozen", "closed"])
def test_freezing_or_closing_needs_a_reason(admin_client, demo, target):
    answer = _status(admin_client, demo.pk, target, "   ")

    assert answer.code == 400
    assert "reason" in answer.data["fields"]
    assert Merchant.objects.get(pk=demo.pk).status == "active"


# --- addSettle -----------------------------------------------------------------------------


def test_add_settle_keeps_history_and_the_latest_is_current(admin_client, demo):
    first = admin_client.post("/api/platform/addSettle", {"id": demo.pk, **SETTLEMENT})
    second = admin_client.post(
        "/api/platform/addSettle",
        {"id": demo.pk, **SETTLEMENT, "commission_rate": "8", "settlement_cycle": "monthly"},
    )

    assert first.code == second.code == 200
    assert second.data["commission_rate"] == "8.00"
    info = admin_client.get("/api/platform/merchantInfo", {"id": demo.pk}).data
    assert info["settlement"]["id"] == second.data["id"]
    # The newest first; the onboarding terms (6.00) stay last.
    rates = [s["commission_rate"] for s in info["settlement_history"]]
    assert rates == ["8.00", "5.50", "6.00"]
    assert info["merchant"]["settlement_cycle"] == "monthly"
    settle_audit = [a for a in info["audit"] if a["action"] == "merchant.settlement"]
    assert settle_audit[0]["before"]["commission_rate"] == "5.50"
    assert settle_audit[0]["after"]["commission_rate"] == "8.00"


def test_add_settle_refuses_bad_terms_and_closed_merchants(admin_client, demo):
    bad = admin_client.post(
        "/api/platform/addSettle", {"id": demo.pk, **SETTLEMENT, "commission_rate": "101"}
    )
    assert bad.code == 400 and "commission_rate" in bad.data["fields"]
    assert admin_client.post("/api/platform/addSettle", {"id": 999999, **SETTLEMENT}).code == 404

    _status(admin_client, demo.pk, "closed", "退出")

    before = SettlementTerms.objects.filter(merchant=demo).count()
    assert admin_client.post("/api/platform/addSettle", {"id": demo.pk, **SETTLEMENT}).code == 409
    assert SettlementTerms.objects.filter(merchant=demo).count() == before


# --- who may call --------------------------------------------------------------------------

MERCHANT_CALLS = [
    ("GET", "/api/platform/merchantList", {}),
    ("GET", "/api/platform/merchantInfo", {"id": 1}),
    ("POST", "/api/platform/updateMerchant", {"id": 1, "name": "x"}),
    ("POST", "/api/platform/updateStatus", {"id": 1, "status": "active"}),
    ("POST", "/api/platform/addSettle", {"id": 1, **SETTLEMENT}),
    ("POST", "/api/platform/createMerchant", _onboarding()),
]


@pytest.mark.parametrize(("method", "path", "body"), MERCHANT_CALLS)
def test_merchant_calls_need_the_admin_side_and_merchant_manage(demo, method, path, body):
    store_owner = login("demo.localhost", "owner")
    assert store_owner.call(method, path, body).code == 1002
    # A platform token presented on a store host is no session there.
    admin_token = login("admin.localhost", "admin").token
    assert ApiClient("demo.localhost", token=admin_token).call(method, path, body).code == 1002
    assert ApiClient("admin.localhost").call(method, path, body).code == 109

    ops = login("admin.localhost", "ops")
    roles = ops.get("/api/platform/getLoginUserInfo").data["roles"]
    finance = next(role for role in roles if role["code"] == "platform_finance")
    ops.token = ops.post("/api/platform/chooseRole", {"role_id": finance["id"]}).data["token"]
    assert ops.call(method, path, body).code == 403


def test_an_operator_allows_a_merchant_private_ranges_with_a_reason_kept_in_the_audit(
    admin_client, demo
):
    answer = admin_client.post(
        "/api/platform/setWebhookNetworks",
        {"id": demo.pk, "networks": ["10.20.0.0/16", " 192.168.8.0/24"], "reason": "门店内网 ERP"},
    )

    assert answer.code == 200, answer
    assert answer.data == {"id": demo.pk, "webhook_networks": ["10.20.0.0/16", "192.168.8.0/24"]}
    info = admin_client.get("/api/platform/merchantInfo", {"id": demo.pk}).data
    assert info["webhook_networks"] == ["10.20.0.0/16", "192.168.8.0/24"]
    entry = AuditEntry.objects.get(action="merchant.webhook_networks", target_id=str(demo.pk))
    assert entry.before == {"webhook_networks": []}
    assert entry.after == {"webhook_networks": ["10.20.0.0/16", "192.168.8.0/24"]}
    assert entry.reason == "门店内网 ERP"
    # Taking them back is a change like any other: a reason, an audit entry.
    cleared = admin_client.post(
        "/api/platform/setWebhookNetworks", {"id": demo.pk, "networks": [], "reason": "专线停用"}
    )
    assert cleared.data["webhook_networks"] == []
    assert AuditEntry.objects.filter(action="merchant.webhook_networks").count() == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"networks": ["10.20.0.0/16", "8.8.8.0/24"], "reason": "x"}, "networks.1"),
        ({"networks": ["169.254.169.254/32"], "reason": "x"}, "networks.0"),
        ({"networks": ["10.20.0.0/16"], "reason": " "}, "reason"),
        ({"networks": [f"10.{n}.0.0/16" for n in range(17)], "reason": "x"}, "networks"),
    ],
)
def test_a_range_that_may_not_be_allowed_or_a_missing_reason_changes_nothing(
    admin_client, demo, body, field
):
    answer = admin_client.post("/api/platform/setWebhookNetworks", {"id": demo.pk, **body})

    assert answer.code == 400 and field in answer.data["fields"], answer
    if field.startswith("networks."):  # said in the session's language (Chinese here)
        assert "私有网段" in answer.data["fields"][field][0]
    demo.refresh_from_db()
    assert demo.webhook_networks == []
    assert not AuditEntry.objects.filter(action="merchant.webhook_networks").exists()


def test_every_bad_range_is_named_with_its_reason_at_once(admin_client, demo):
    body = {"networks": ["10.1.2.3/16", "10.20.0.0/16", "8.8.8.0/24", "intranet"], "reason": "x"}

    answer = admin_client.post("/api/platform/setWebhookNetworks", {"id": demo.pk, **body})
    english = ApiClient(admin_client.host, admin_client.token, language="en").post(
        "/api/platform/setWebhookNetworks", {"id": demo.pk, **body}
    )

    assert answer.code == 400, answer
    fields = answer.data["fields"]
    assert set(fields) == {"networks.0", "networks.2", "networks.3"}
    assert fields["networks.0"] == ["10.1.2.3/16 的主机位不为 0：应为 10.1.0.0/16"]
    assert "私有网段" in fields["networks.2"][0]
    assert "CIDR" in fields["networks.3"][0]
    assert english.data["fields"]["networks.0"] == [
        "10.1.2.3/16 has host bits set: it should be 10.1.0.0/16"
    ]
    demo.refresh_from_db()
    assert demo.webhook_networks == []


def test_the_merchant_page_says_whether_this_server_lets_webhooks_reach_loopback(
    admin_client, demo
):
    with override_settings(WEBHOOKS_ALLOW_LOOPBACK=True):
        sandbox = admin_client.get("/api/platform/merchantInfo", {"id": demo.pk}).data
    with override_settings(WEBHOOKS_ALLOW_LOOPBACK=False):
        production = admin_client.get("/api/platform/merchantInfo", {"id": demo.pk}).data

    assert (sandbox["webhook_loopback_allowed"], production["webhook_loopback_allowed"]) == (
        True,
        False,
    )


def test_webhook_networks_are_the_platforms_to_set(demo_owner, demo):
    answer = demo_owner.post(
        "/api/platform/setWebhookNetworks",
        {"id": demo.pk, "networks": ["10.20.0.0/16"], "reason": "x"},
    )

    assert answer.code != 200
    demo.refresh_from_db()
    assert demo.webhook_networks == []


def test_a_merchant_inserted_without_naming_its_networks_has_none(demo):
    """The release before the field (during a rolling deploy) and bulk copies insert merchants
    without the column: the database's default gives them the empty list, not a refusal."""
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO merchants_merchant (schema_name, name, slug, status, contact_name,"
            " contact_phone, created_at, updated_at)"
            " VALUES ('m_older', 'Older', 'older', 'pending', '', '', now(), now())"
            " RETURNING id"
        )
        merchant_id = cursor.fetchone()[0]

    assert Merchant.objects.get(pk=merchant_id).webhook_networks == []
