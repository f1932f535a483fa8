from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import Any

from zulin.documents import (
    AddOn,
    Instalment,
    LeaseContractData,
    LeasedGoods,
    LeasePlan,
    Lessee,
    Lessor,
    OwnershipTransfer,
    RentUnit,
)

MONTHLY_DUE_DATES = [date(2026, 1, 31), date(2026, 2, 28), date(2026, 3, 31), date(2026, 4, 30)]


def lease_contract_data(**changes: Any) -> LeaseContractData:
    """A four-month lease with a screen-cover add-on on the first bill."""
    schedule = tuple(
        Instalment(
            period=index + 1,
            due_on=due_on,
            amount=Decimal("399.00") + (Decimal("59.90") if index == 0 else Decimal("0")),
        )
        for index, due_on in enumerate(MONTHLY_DUE_DATES)
    )
    data = LeaseContractData(
        contract_no="HT20260131000017",
        order_no="ZL20260131000017",
        issued_on=date(2026, 1, 31),
        lease_starts_on=date(2026, 1, 31),
        lease_ends_on=date(2026, 5, 30),
        lessor=Lessor(
            legal_name="杭州租邻数码科技有限公司",
            contact_name="王经理",
            contact_phone="0571-88886666",
            address="浙江省杭州市西湖区文三路188号",
            credit_code="91330106MA2H7K3Q5X",
        ),
        lessee=Lessee(
            name="李晓梅",
            id_number="330106********2046",
            phone="139****0731",
            address="浙江省宁波市鄞州区首南街道天童南路588号",
        ),
        goods=LeasedGoods(
            title="华为 Mate 60 Pro 12GB+512GB",
            specs="雅丹黑 / 全新国行",
            serial_number="IMEI 861234567890123",
        ),
        plan=LeasePlan(
            term=4,
            unit=RentUnit.MONTH,
            rent_per_period=Decimal("399.00"),
            deposit=Decimal("1500.00"),
            buyout_price=Decimal("3299.00"),
            ownership=OwnershipTransfer.ON_BUYOUT,
        ),
        schedule=schedule,
        add_ons=(
            AddOn(name="碎屏保障", price=Decimal("59.90"), description="屏幕意外损坏维修一次"),
        ),
    )
    return replace(data, **changes)
