"""The platform's aging (admin side only): every merchant's recovery debt by bucket, read
from the public projection the merchants' case refreshes keep (`MerchantAging`); no request
enters a merchant's schema."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from zulin.core.auth import admin_auth
from zulin.core.routes import call

from . import schemas, selectors

backend_router = Router(tags=["backend: platform aging"])
VIEW = admin_auth("data.view")


def _plain(value: Any) -> Any:
    """Money leaves as a string with two decimals."""
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


@call(backend_router.get, "/getPlatformAging", schemas.PlatformAgingOut, auth=VIEW)
def get_platform_aging(request: HttpRequest, query: Query[schemas.PlatformAgingIn]) -> Any:
    """Every merchant's open recovery cases and what they owe (rent, late fees, other
    charges) per bucket and in all, as of each merchant's last case refresh (the nightly
    run); a page of merchants sorted by what they owe; one merchant or a name keyword."""
    return _plain(
        selectors.platform_aging(
            merchant_id=query.merchant_id,
            keyword=query.keyword,
            sort=query.sort,
            page=query.page,
            page_size=query.page_size,
        )
    )
