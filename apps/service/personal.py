"""A customer's personal data in customer service on a deletion request (apps.privacy,
docs/privacy.md): the messages sent to the orders' customer keep their count, template,
status and time; the text and the masked phone are emptied. Blacklist entries are the shop's
risk record and hold only hashes and masks: they stay (docs/privacy.md, [counsel])."""

from __future__ import annotations

from datetime import datetime

from .models import CustomerMessage


def order_messages_erase(order_ids: list[int]) -> int:
    """How many messages of the orders were emptied."""
    messages = CustomerMessage.objects.filter(order_id__in=order_ids).exclude(text="")
    return messages.update(text="", phone_masked="")


def messages_erase_before(moment: datetime) -> int:
    """The retention job (3 years from sending): the text and masked phone of messages
    created before `moment` emptied, the rows (count, template, time) kept."""
    old = CustomerMessage.objects.filter(created_at__lt=moment).exclude(text="")
    return old.update(text="", phone_masked="")
