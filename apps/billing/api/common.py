"""What the billing calls share: their routers (a lease's money calls under the tags they had
when orders answered them), the finance view's right, and how a refund is answered."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router

from tenants.catalog.selectors import money
from zulin.core.auth import (
    any_side_auth,
    current_session,
)
from zulin.core.sides import PlatformType

platform_router = Router(tags=["platform: finance"])
v2_router = Router(tags=["v2: finance"])
finance_router = Router(tags=["finance: bills"])
# A lease's money calls, under the tags they had when orders answered them.
lease_platform_router = Router(tags=["platform: orders"])
lease_merchant_router = Router(tags=["merchant: orders"])
lease_backend_router = Router(tags=["backend: orders"])
lease_v2_router = Router(tags=["v2: bills"])
lease_finance_router = Router(tags=["finance: late fees, settings, offline and early repayment"])
lease_applet_router = Router(tags=["applet: order intake (signed application key)"])

FINANCE = any_side_auth("finance.view")


def is_platform(request: HttpRequest) -> bool:
    return bool(current_session(request).side == PlatformType.ADMIN)


def refund_answer(refund: Any) -> dict[str, Any]:
    return {
        "id": refund.pk,
        "out_no": refund.out_no,
        "amount": money(refund.amount),
        "status": refund.status,
        "purpose": refund.purpose,
    }
