"""Transfers between the warehouse and sub-shops, scoped: a sub-shop sends and receives only
its own."""

import pytest
from django.db import connection

from apps.assets.models import StockTransfer, Unit, UnitMovement, UnitStatus
from apps.assets.services import transfer_receive, transfer_send
from apps.subshops.models import SubShop
from apps.subshops.tests.factories import sign_in, sub_shop_account_make, sub_shop_make
from tests.fixtures import session_of
from zulin.core.errors import ApplicationError, ErrorCode

from .factories import units_in_stock


@pytest.fixture
def sessions(demo, demo_owner):
    """The owner's session and those of two sibling sub-shops' accounts (east, west)."""
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店", phone="13600000011")
    sub_shop_account_make(demo_owner, east["id"], "east")
    sub_shop_account_make(demo_owner, west["id"], "west")
    found = (
        session_of(demo_owner),
        session_of(sign_in("demo.localhost", "east")),
        session_of(sign_in("demo.localhost", "west")),
    )
    connection.set_tenant(demo)
    return found


def test_units_go_to_a_sub_shop_and_back_scoped(sessions, shop):
    owner, east, west = sessions
    assert east.sub_shop_id and west.sub_shop_id and east.sub_shop_id != west.sub_shop_id
    assert SubShop.objects.filter(pk=east.sub_shop_id).exists()
    units = units_in_stock(shop.sku.pk, 3)

    transfer = transfer_send(
        actor=owner, unit_ids=[u.pk for u in units[:2]], to_sub_shop_id=east.sub_shop_id
    )
    assert set(Unit.objects.filter(transfer=transfer).values_list("status", flat=True)) == {
        UnitStatus.IN_TRANSIT
    }
    with pytest.raises(ApplicationError) as sibling:
        transfer_receive(actor=west, transfer_id=transfer.pk)
    assert sibling.value.code == ErrorCode.NOT_FOUND

    transfer_receive(actor=east, transfer_id=transfer.pk)
    arrived = Unit.objects.filter(pk__in=[u.pk for u in units[:2]])
    assert {(u.status, u.sub_shop_id) for u in arrived} == {(UnitStatus.IN_STOCK, east.sub_shop_id)}
    assert StockTransfer.objects.get(pk=transfer.pk).status == StockTransfer.Status.RECEIVED
    receive = UnitMovement.objects.filter(unit=units[0], action="transfer_receive").get()
    assert (receive.from_sub_shop_id, receive.to_sub_shop_id, receive.transfer_id) == (
        None,
        east.sub_shop_id,
        transfer.pk,
    )
    with pytest.raises(ApplicationError) as twice:
        transfer_receive(actor=east, transfer_id=transfer.pk)
    assert twice.value.code == ErrorCode.CONFLICT

    # West sees neither east's units nor the warehouse's; east sends only its own.
    for actor, ids in ((west, [units[0].pk]), (west, [units[2].pk]), (east, [units[2].pk])):
        with pytest.raises(ApplicationError) as hidden:
            transfer_send(actor=actor, unit_ids=ids, to_sub_shop_id=None)
        assert hidden.value.code == ErrorCode.NOT_FOUND
    assert Unit.objects.get(pk=units[2].pk).status == UnitStatus.IN_STOCK

    back = transfer_send(actor=east, unit_ids=[units[0].pk], to_sub_shop_id=None)
    with pytest.raises(ApplicationError):  # the warehouse's transfer: not east's to receive
        transfer_receive(actor=east, transfer_id=back.pk)
    transfer_receive(actor=owner, transfer_id=back.pk)
    assert Unit.objects.get(pk=units[0].pk).sub_shop_id is None


def test_a_transfer_takes_units_in_stock_at_one_place_only(sessions, shop):
    owner, east, _ = sessions
    units = units_in_stock(shop.sku.pk, 2)
    transfer_send(actor=owner, unit_ids=[units[0].pk], to_sub_shop_id=east.sub_shop_id)
    with pytest.raises(ApplicationError) as mixed:
        transfer_send(actor=owner, unit_ids=[u.pk for u in units], to_sub_shop_id=east.sub_shop_id)
    assert mixed.value.code == ErrorCode.CONFLICT  # the one in transit cannot be sent again
    assert Unit.objects.get(pk=units[1].pk).status == UnitStatus.IN_STOCK  # nothing half-moved
    with pytest.raises(ApplicationError) as same:
        transfer_send(actor=owner, unit_ids=[units[1].pk], to_sub_shop_id=None)
    assert "to_sub_shop_id" in same.value.data["fields"]
