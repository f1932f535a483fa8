"""The charts of accounts, in code: the merchant's books (each merchant schema) and the
platform's (public).

The merchant's books see money from the merchant's side: what the customer paid sits at the
payment provider (`provider_clearing`) until a settlement statement closes and moves the net
to `merchant_cash` (withdrawable); a withdrawal moves it to `withdrawals_in_transit` until the
payout is confirmed (`bank`). Deposits frozen by pre-authorisation are not the merchant's
money: `deposit_frozen` (what the provider holds) always equals `deposit_held` (what is owed
back) until a transfer takes part of it as income. The platform's books mirror the same money
as `merchant_payable` (one sub-ledger per merchant) and earn `commission_income`.

Income is recognised when money arrives (cash basis): bills that fall due are not posted.

Changing a chart needs a migration that calls `chart_sync` again (see 0001_initial and its
`CHART_VERSION`), so that every existing schema, the template and the spare schemas get it;
a test fails while `CHART_VERSION` of the newest such migration differs from `chart_version()`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass

from .models import AccountType, Side

NORMAL_SIDE = {
    AccountType.ASSET: Side.DEBIT,
    AccountType.EXPENSE: Side.DEBIT,
    AccountType.LIABILITY: Side.CREDIT,
    AccountType.EQUITY: Side.CREDIT,
    AccountType.INCOME: Side.CREDIT,
}


@dataclass(frozen=True)
class AccountSpec:
    code: str
    name_zh: str
    name_en: str
    type: AccountType
    # A contra account (refunds against income) keeps its type but has the other normal side.
    contra: bool = False
    may_go_negative: bool = True

    @property
    def normal_side(self) -> Side:
        side = NORMAL_SIDE[self.type]
        if self.contra:
            return Side.CREDIT if side == Side.DEBIT else Side.DEBIT
        return side


ASSET, LIABILITY, EQUITY, INCOME, EXPENSE = (
    AccountType.ASSET,
    AccountType.LIABILITY,
    AccountType.EQUITY,
    AccountType.INCOME,
    AccountType.EXPENSE,
)

MERCHANT_CHART: tuple[AccountSpec, ...] = (
    # assets
    AccountSpec(
        "provider_clearing",
        "支付渠道待结算",
        "Received at the payment provider, not settled",
        ASSET,
    ),
    AccountSpec(
        "merchant_cash", "可提现余额", "Withdrawable balance", ASSET, may_go_negative=False
    ),
    AccountSpec(
        "withdrawals_in_transit", "提现在途", "Withdrawals in transit", ASSET, may_go_negative=False
    ),
    AccountSpec("bank", "商户银行账户", "Merchant's bank account", ASSET),
    AccountSpec(
        "risk_prepaid", "风控预付余额", "Prepaid risk checks", ASSET, may_go_negative=False
    ),
    AccountSpec(
        "deposit_frozen",
        "已冻结押金",
        "Deposits frozen at the provider",
        ASSET,
        may_go_negative=False,
    ),
    # liabilities
    AccountSpec(
        "deposit_held",
        "应退押金",
        "Deposits owed back to customers",
        LIABILITY,
        may_go_negative=False,
    ),
    AccountSpec(
        "customer_refunds_payable",
        "应退客户款",
        "Refunds owed to customers",
        LIABILITY,
        may_go_negative=False,
    ),
    # equity
    AccountSpec("owner_equity", "所有者权益", "Owner's equity", EQUITY),
    # income
    AccountSpec("rent_income", "租金收入", "Rent income", INCOME),
    AccountSpec("addon_income", "增值服务收入", "Add-on service income", INCOME),
    AccountSpec("sale_income", "销售收入", "Sales income", INCOME),
    AccountSpec("buyout_income", "买断收入", "Buyout income", INCOME),
    AccountSpec("damage_income", "损坏赔偿收入", "Damage compensation income", INCOME),
    # The early-termination fee of a lease returned before its minimum term, when paid.
    AccountSpec(
        "termination_fee_income", "提前退租违约金收入", "Early-termination fee income", INCOME
    ),
    AccountSpec("shipping_fee_income", "运费收入", "Shipping fee income", INCOME),
    AccountSpec("late_fee_income", "逾期违约金收入", "Late fee income", INCOME),
    AccountSpec("refunds", "退款", "Refunds (against income)", INCOME, contra=True),
    # Rent forgone when a lease is settled early (the shop's early-buyout discount): the
    # rent is booked in full and this takes the discount back, so income nets to what came in.
    AccountSpec(
        "early_settlement_discount",
        "提前结清优惠",
        "Early settlement discounts (against rent)",
        INCOME,
        contra=True,
    ),
    # expenses
    AccountSpec("commission_expense", "平台佣金", "Platform commission", EXPENSE),
    AccountSpec("risk_check_expense", "风控查询费", "Risk check fees", EXPENSE),
)

PLATFORM_CHART: tuple[AccountSpec, ...] = (
    # assets
    AccountSpec("provider_clearing", "支付渠道资金", "Funds at the payment provider", ASSET),
    AccountSpec("bank", "平台银行账户", "Platform's bank account", ASSET),
    # liabilities (sub-ledger per merchant: sub_key "merchant:<id>")
    AccountSpec("merchant_payable", "应付商户款", "Owed to merchants", LIABILITY),
    AccountSpec(
        "withdrawals_in_transit",
        "商户提现在途",
        "Merchant payouts in transit",
        LIABILITY,
        may_go_negative=False,
    ),
    AccountSpec(
        "risk_recharge_liability",
        "商户风控充值余额",
        "Merchants' prepaid risk balances",
        LIABILITY,
        may_go_negative=False,
    ),
    # equity
    AccountSpec("platform_equity", "平台权益", "Platform equity", EQUITY),
    # income
    AccountSpec("commission_income", "佣金收入", "Commission income", INCOME),
    AccountSpec("risk_service_income", "风控服务收入", "Risk service income", INCOME),
    # expenses
    AccountSpec("provider_fee_expense", "支付渠道手续费", "Payment provider fees", EXPENSE),
)


def chart_for(schema_name: str, public_schema_name: str = "public") -> tuple[AccountSpec, ...]:
    return PLATFORM_CHART if schema_name == public_schema_name else MERCHANT_CHART


def chart_version() -> str:
    """A short digest of both charts: a new one needs a migration calling chart_sync."""
    body = json.dumps(
        [[asdict(spec) for spec in chart] for chart in (MERCHANT_CHART, PLATFORM_CHART)],
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(body.encode()).hexdigest()[:12]
