"""Reads of the shop's own order settings and intake keys (their settings screens)."""

from __future__ import annotations

from typing import Any

from apps.goods.rules import early_fee_text

from .models import IntakeKey, OrderSetting


def order_setting_answer(setting: OrderSetting) -> dict[str, Any]:
    return {
        "unpaid_cancel_minutes": setting.unpaid_cancel_minutes,
        "auto_receive_days": setting.auto_receive_days,
        "early_buyout_discount_rate": f"{setting.early_buyout_discount_rate:.4f}",
        "buyout_from_period": setting.buyout_from_period,
        "early_return_min_term": setting.early_return_min_term,
        "early_return_fee_mode": setting.early_return_fee_mode,
        "early_return_fee_value": early_fee_text(
            setting.early_return_fee_mode, setting.early_return_fee_value
        ),
        "updated_at": setting.updated_at,  # None: the defaults, never saved
    }


def intake_key_rows() -> list[dict[str, Any]]:
    """The shop's application keys, newest first, without their secrets."""
    return [intake_key_row(key) for key in IntakeKey.objects.defer("secret").order_by("-id")]


def intake_key_row(key: IntakeKey) -> dict[str, Any]:
    return {
        "app_id": key.app_id,
        "name": key.name,
        "channel": key.channel,
        "is_active": key.is_active,
        "created_at": key.created_at,
    }
