"""Test data made through the calls themselves, as the owner of a merchant would."""

from __future__ import annotations

from typing import Any

from tests.fixtures import ApiClient, login

ACCOUNT_PASSWORD = "Shop@2026x"


def sub_shop_make(owner: ApiClient, name: str = "城东店", **fields: Any) -> dict[str, Any]:
    body = {"name": name, "contact_name": "钱店长", "phone": "13600000001", "address": "城东路1号"}
    answer = owner.post("/api/backend/createSubShop", {**body, **fields})
    assert answer.ok, answer
    return answer.data


def sub_shop_account_make(
    owner: ApiClient, sub_shop_id: int, username: str = "east"
) -> dict[str, Any]:
    answer = owner.post(
        "/api/backend/createSubShopAccount",
        {
            "sub_shop_id": sub_shop_id,
            "username": username,
            "password": ACCOUNT_PASSWORD,
            "name": f"{username} 店员",
            "phone": "13600000002",
        },
    )
    assert answer.ok, answer
    return answer.data


def staff_make(
    owner: ApiClient, username: str = "alice", roles: list[str] | None = None
) -> dict[str, Any]:
    answer = owner.post(
        "/api/backend/createStaff",
        {
            "username": username,
            "password": ACCOUNT_PASSWORD,
            "name": f"{username} 员工",
            "phone": "13600000003",
            "role_codes": roles or ["auditor"],
        },
    )
    assert answer.ok, answer
    return answer.data


def sign_in(host: str, username: str) -> ApiClient:
    return login(host, username, ACCOUNT_PASSWORD)


ADDRESS = {
    "name": "退货仓",
    "phone": "13600000009",
    "province": "浙江省",
    "city": "杭州市",
    "district": "西湖区",
    "detail": "文三路1号",
}
