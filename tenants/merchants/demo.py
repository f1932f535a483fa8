"""Showcase merchants for the platform's merchant list: one in every status, each made the
way operators make them (onboarding, then status changes with their reasons). Safe to run
again: onboarding answers the same merchant and a merchant already in its status is left."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from zulin.core.auth import Session

from .models import Merchant, MerchantStatus
from .services import SettlementInput, merchant_create, merchant_status_change


@dataclass(frozen=True)
class ShowcaseMerchant:
    slug: str
    name: str
    contact_name: str
    phone: str
    created_as: str
    # The status changes that bring it where it should be, with their reasons.
    moves: tuple[tuple[str, str], ...]
    settlement: SettlementInput


def _terms(rate: str, cycle: str, bank: str, holder: str, number: str) -> SettlementInput:
    return SettlementInput(
        commission_rate=Decimal(rate),
        settlement_cycle=cycle,
        bank_name=bank,
        account_name=holder,
        account_number=number,
    )


SHOWCASE_MERCHANTS = (
    ShowcaseMerchant(
        slug="qingshan",
        name="青山户外装备租赁",
        contact_name="赵青山",
        phone="13910000001",
        created_as=MerchantStatus.PENDING,
        moves=(),
        settlement=_terms(
            "6.50", "T+7", "中国银行成都分行", "成都青山户外有限公司", "6216610100001111"
        ),
    ),
    ShowcaseMerchant(
        slug="xingguang",
        name="星光摄影器材租赁",
        contact_name="钱星光",
        phone="13910000002",
        created_as=MerchantStatus.PENDING,
        moves=((MerchantStatus.ACTIVE, ""),),
        settlement=_terms(
            "5.00", "T+1", "招商银行上海分行", "上海星光影像有限公司", "6225880200002222"
        ),
    ),
    ShowcaseMerchant(
        slug="beiji",
        name="北极星游戏租赁",
        contact_name="孙北辰",
        phone="13910000003",
        created_as=MerchantStatus.ACTIVE,
        moves=((MerchantStatus.FROZEN, "营业执照年检逾期，待补交材料"),),
        settlement=_terms(
            "6.00", "monthly", "中国建设银行北京分行", "北京北极星游戏有限公司", "6217000300003333"
        ),
    ),
    ShowcaseMerchant(
        slug="laojie",
        name="老街数码",
        contact_name="李老街",
        phone="13910000004",
        created_as=MerchantStatus.ACTIVE,
        moves=((MerchantStatus.CLOSED, "商户申请退出平台，账款已结清"),),
        settlement=_terms(
            "5.50", "T+7", "中国农业银行广州分行", "广州老街数码有限公司", "6228480400004444"
        ),
    ),
)


def merchants_showcase_load(*, actor: Session, password: str) -> list[Merchant]:
    """Makes the showcase merchants (owner `owner` / `password`) and moves each to its status."""
    made = []
    for entry in SHOWCASE_MERCHANTS:
        merchant = merchant_create(
            name=entry.name,
            slug=entry.slug,
            owner_password=password,
            owner_name=f"{entry.contact_name}（店主）",
            owner_phone=entry.phone,
            contact_name=entry.contact_name,
            contact_phone=entry.phone,
            settlement=entry.settlement,
            status=entry.created_as,
            actor=actor,
        )
        # Moved already (an earlier run, or an operator since): left as it is.
        if merchant.status == entry.created_as:
            for status, reason in entry.moves:
                merchant = merchant_status_change(
                    actor=actor, merchant_id=merchant.pk, status=status, reason=reason
                )
        made.append(merchant)
    return made
