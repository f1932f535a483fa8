"""The chosen role's actions decide what a token may call."""

import pytest
from django.test import RequestFactory

from tenants.merchants.models import Merchant
from tests.fixtures import login
from zulin.core.auth import TokenAuth
from zulin.core.errors import ApplicationError, ErrorCode


def _request(host_side: int, merchant: Merchant | None, token: str):
    request = RequestFactory().get("/api/x", HTTP_JWT_TOKEN=token)
    request.side = host_side
    request.tenant = merchant
    return request


def test_call_needing_an_action_the_role_has_passes(demo):
    token = login("demo.localhost", "owner").token

    session = TokenAuth(side=1, action="subshop.manage")(_request(1, demo, token))

    assert session.account.username == "owner"
    assert session.can("subshop.manage")


def test_call_needing_an_action_the_role_lacks_is_forbidden(demo):
    manager = login("demo.localhost", "manager")
    roles = manager.get("/api/platform/getLoginUserInfo").data["roles"]
    auditor = next(role for role in roles if role["code"] == "auditor")
    token = manager.post("/api/platform/chooseRole", {"role_id": auditor["id"]}).data["token"]

    with pytest.raises(ApplicationError) as refused:
        TokenAuth(side=1, action="withdrawal.apply")(_request(1, demo, token))

    assert refused.value.code == ErrorCode.FORBIDDEN


def test_store_call_on_the_admin_host_is_a_wrong_side_error(db):
    token = login("admin.localhost", "admin").token

    with pytest.raises(ApplicationError) as refused:
        TokenAuth(side=1)(_request(0, None, token))

    assert refused.value.code == ErrorCode.WRONG_SIDE


def test_role_change_takes_effect_once_its_cache_entry_is_dropped(demo):
    from tenants.accounts.models import Action, Role
    from tenants.accounts.selectors import role_actions, role_actions_forget

    auditor = Role.objects.get(platform_type=1, merchant=None, code="auditor")
    assert "finance.view" not in role_actions(auditor.pk)

    auditor.actions.add(Action.objects.get(platform_type=1, code="finance.view"))
    role_actions_forget(auditor.pk)

    assert "finance.view" in role_actions(auditor.pk)


def test_offline_repayment_and_early_settlement_belong_to_the_owner_and_store_finance(demo):
    from tenants.accounts.models import Role
    from tenants.accounts.selectors import role_actions

    def holds(code: str) -> bool:
        role = Role.objects.get(platform_type=1, merchant=None, code=code)
        return "finance.manage" in role_actions(role.pk)

    assert holds("owner") and holds("finance")
    assert not any(holds(code) for code in ("auditor", "salesman", "customer_service"))
    assert not holds("sub_merchant")
