from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router
from pydantic import Field

from zulin.core.auth import any_side_auth, current_session
from zulin.core.envelope import request_language
from zulin.core.routes import call
from zulin.core.schema import Schema

from . import selectors, services

router = Router(tags=["v2: workbench"])


class ShortcutOut(Schema):
    id: int
    menu_name: str
    path: str
    menu_icon: str


class ShortcutsIn(Schema):
    menu_ids: list[int] = Field(max_length=50)


@call(router.get, "/getCommonFunctionMenu", list[ShortcutOut], auth=any_side_auth())
def get_common_function_menu(request: HttpRequest) -> list[dict[str, Any]]:
    """The workbench shortcuts of the signed-in account."""
    return selectors.shortcuts_for(
        session=current_session(request), language=request_language(request)
    )


@call(router.post, "/saveCommonFunctionMenu", list[ShortcutOut], auth=any_side_auth())
def save_common_function_menu(request: HttpRequest, payload: ShortcutsIn) -> list[dict[str, Any]]:
    """(Added) Replaces the account's pinned workbench shortcuts."""
    session = current_session(request)
    services.shortcuts_replace(session=session, menu_ids=payload.menu_ids)
    return selectors.shortcuts_for(session=session, language=request_language(request))
