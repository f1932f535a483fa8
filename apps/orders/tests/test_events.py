"""The order events registry: each event has the one handler its app registers at ready
time, a second handler is refused, and an event nobody answers fails loudly."""

import pytest

from apps.billing.bill_pay import customer_bill_pay
from apps.notary.selectors import order_notarization
from apps.orders import events
from apps.promotion.selectors import attribution_of
from apps.service.selectors import is_blacklisted


def test_each_order_event_is_answered_by_its_app():
    assert events.PERSON_REFUSED.handler is is_blacklisted
    assert events.SHARE_CODE_ATTRIBUTION.handler is attribution_of
    assert events.ORDER_NOTARIZATION.handler is order_notarization
    assert events.CUSTOMER_BILL_PAY.handler is customer_bill_pay


def test_an_event_takes_one_handler_and_an_unanswered_one_fails():
    event: events.OrderEvent[events.PersonRefused] = events.OrderEvent("test_only")
    with pytest.raises(RuntimeError, match="no app registered a handler"):
        event.handler(id_number="x", phone="y")
    event.register(is_blacklisted)
    event.register(is_blacklisted)  # the same handler again (ready() run twice) is no change
    with pytest.raises(RuntimeError, match="has a handler already"):
        event.register(lambda *, id_number, phone: False)
