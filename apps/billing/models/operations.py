"""Every attempt to move a lease's money at the provider or outside it: a bill's payment
and refund, an offline receipt, an early settlement, and the deposit's operations
(`DepositOperation`, written only by `apps/billing/deposits.py`; its table keeps the name
`orders_depositoperation` it had while the model was declared in orders)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from zulin.providers.operations import ProviderOperation, idempotency_unique

from .bills import Bill


class BillPayment(ProviderOperation):
    """One attempt to collect a bill, by any method (`settle.py`, the one settling path):
    `processing` while its settlement is in flight (at most one per bill: a partial unique
    index), then what came (`succeeded`, `amount`) or nothing (`failed`). A bill may have
    several succeeded payments when a short result left part of it owed."""

    REFERENCE = "out_trade_no"
    KIND = "bill_payment"

    class Status(models.TextChoices):
        PROCESSING = "processing", "处理中"
        SUCCEEDED = "succeeded", "成功"
        FAILED = "failed", "失败"

    class Method(models.TextChoices):
        WITHHOLD = "withhold", "代扣"
        CUSTOMER = "customer", "用户支付"
        DEPOSIT = "deposit", "押金转支付"
        # Money the merchant received itself (bank transfer, cash …), recorded by finance
        # with a voucher (`offline.py`): never at the provider, never refundable through it.
        OFFLINE = "offline", "线下还款"
        # One withhold for every bill left of a lease (`early.py`).
        EARLY = "early", "提前结清"
        # A deposit-free lease's instalment charged against its Zhima authorisation
        # (`credit_pay.py`: alipay.trade.pay with auth_no), instead of the agreement.
        AUTH = "auth", "授权扣款"

    bill = models.ForeignKey(Bill, on_delete=models.PROTECT, related_name="payments")
    method = models.CharField(max_length=10, choices=Method.choices)
    # What was asked while processing; what came once succeeded.
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    # What was asked (the provider's result may differ: `amount_mismatch`, for reconciliation).
    asked_amount = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    amount_mismatch = models.BooleanField(default=False)
    # A payment against the authorisation (`Method.AUTH`) that completed it (COMPLETE): the
    # provider released what remained frozen with it (`deposits.deposit_auth_completed`).
    auth_complete = models.BooleanField(default=False)
    # The part of `amount` that pays the bill's late fee (settled first); the rest is rent.
    late_fee_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # An early settlement's discount of this bill's rent (it holds when all asked came).
    discount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # What of `amount` carries commission: the rent (sale, buyout price) and add-ons it paid.
    commission_base = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # The platform's commission on this payment (`commission.py`): the merchant's rate in
    # force when it succeeded x its rent, buyout, sale and add-on amounts, to the cent.
    commission_rate = models.DecimalField(max_digits=5, decimal_places=2, null=True, blank=True)
    commission = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    out_trade_no = models.CharField(max_length=48)
    provider_reference = models.CharField(
        max_length=64, blank=True, default="", db_column="provider_trade_no"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PROCESSING)
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    # An offline repayment's receipt (the voucher); an early settlement that paid the bill.
    offline_receipt = models.ForeignKey(
        "OfflineReceipt", on_delete=models.PROTECT, null=True, blank=True, related_name="payments"
    )
    early_settlement = models.ForeignKey(
        "EarlySettlement",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="payments",
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            # One settlement in flight per bill, whatever its method.
            models.UniqueConstraint(
                fields=["bill"], condition=Q(status="processing"), name="bill_one_in_flight"
            ),
            idempotency_unique("bill_payment_idempotency"),
        ]


class BillRefund(ProviderOperation):
    """Money of a succeeded bill payment given back to the customer (order refunded or
    closed, the shipping fee). Counts once the provider confirms."""

    KIND = "refund"

    class Status(models.TextChoices):
        PROCESSING = "processing", "处理中"
        SUCCEEDED = "succeeded", "成功"
        FAILED = "failed", "失败"

    class Purpose(models.TextChoices):
        ORDER = "order", "订单退款"
        SHIPPING_FEE = "shipping_fee", "运费退款"
        # Money that came for an order already ended without a deal: never the bill's, it
        # was booked owed back to the customer (`customer_refunds_payable`).
        UNWOUND = "unwound", "未成交退回"

    payment = models.ForeignKey(BillPayment, on_delete=models.PROTECT, related_name="refunds")
    order_id = models.BigIntegerField(db_index=True)
    purpose = models.CharField(max_length=16, choices=Purpose.choices)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    # The part of the payment's commission this refund gives back to the merchant.
    commission_reversed = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    out_no = models.CharField(max_length=64, unique=True)
    provider_reference = models.CharField(
        max_length=64, blank=True, default="", db_column="provider_trade_no"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PROCESSING)
    reason = models.CharField(max_length=300, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            idempotency_unique("bill_refund_idempotency"),
        ]


class OfflineReceipt(models.Model):
    """Money a customer paid the merchant outside the payment provider (bank transfer,
    cash …), recorded by a finance person with the voucher picture (a private file): for
    one bill, or for an early settlement of every bill left. It never reaches the provider,
    so it never becomes withdrawable; its commission is still owed to the platform."""

    class Channel(models.TextChoices):
        BANK_TRANSFER = "bank_transfer", "银行转账"
        CASH = "cash", "现金"
        WECHAT = "wechat", "微信转账"
        ALIPAY = "alipay", "支付宝转账"
        OTHER = "other", "其他"

    class Purpose(models.TextChoices):
        BILL = "bill", "单期还款"
        EARLY_SETTLEMENT = "early_settlement", "提前结清"

    receipt_no = models.CharField(max_length=48, unique=True)
    order_id = models.BigIntegerField(db_index=True)
    order_no = models.CharField(max_length=32)
    purpose = models.CharField(max_length=20, choices=Purpose.choices)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    channel = models.CharField(max_length=16, choices=Channel.choices)
    paid_on = models.DateField()
    payer_name = models.CharField(max_length=50)
    bank_reference = models.CharField(max_length=64, blank=True, default="")
    remark = models.CharField(max_length=200, blank=True, default="")
    voucher_file_id = models.BigIntegerField()  # zulin.files StoredFile, kind `voucher`
    voucher_sha256 = models.CharField(max_length=64)
    idempotency_key = models.CharField(max_length=64, unique=True)
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="offline_receipt_positive"),
        ]


class EarlySettlement(ProviderOperation):
    """Every bill left of a lease paid at once (`early.py`): bills due by the day in full
    with their late fees, later bills' rent less the shop's early-buyout discount, and for
    a lease that transfers ownership the plan's buyout price (the order is then bought
    out). Through the provider (one withhold, `settlement_no` its trade number; counts when
    confirmed) or offline (a receipt with a voucher; counts at once)."""

    REFERENCE = "settlement_no"
    KIND = "early_settlement"

    class Method(models.TextChoices):
        PROVIDER = "provider", "支付渠道代扣"
        OFFLINE = "offline", "线下还款"

    class Status(models.TextChoices):
        PROCESSING = "processing", "处理中"
        SUCCEEDED = "succeeded", "成功"
        # The provider took less than the quote: what came paid the oldest bills, the rest
        # is owed; the lease is not settled.
        SHORT = "short", "部分到账"
        FAILED = "failed", "失败"

    settlement_no = models.CharField(max_length=48, unique=True)
    order_id = models.BigIntegerField(db_index=True)
    order_no = models.CharField(max_length=32)
    method = models.CharField(max_length=10, choices=Method.choices)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PROCESSING)
    total = models.DecimalField(max_digits=12, decimal_places=2)
    discount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    discount_rate = models.DecimalField(max_digits=5, decimal_places=4, default=0)
    late_fee = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    buyout_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # What the provider took (null while processing); differs from `total` only on a
    # mismatch (`settle.py`).
    received = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    # The quote it was made from: one row per bill (id, period, rent, addon, fee, late fee,
    # discount, amount), so the outcome pays exactly what was asked.
    lines = models.JSONField(default=list)
    quoted_on = models.DateField()
    provider_reference = models.CharField(
        max_length=64, blank=True, default="", db_column="provider_trade_no"
    )
    offline_receipt = models.OneToOneField(
        OfflineReceipt, on_delete=models.PROTECT, null=True, blank=True, related_name="settlement"
    )
    idempotency_key = models.CharField(max_length=64, unique=True)
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=Q(total__gt=0), name="early_settlement_positive"),
            # At most one in flight per order.
            models.UniqueConstraint(
                fields=["order_id"],
                condition=Q(status="processing"),
                name="early_settlement_one_in_flight",
            ),
        ]


class DepositOperation(ProviderOperation):
    """One request to the payment provider about an order's deposit. Amounts count on the
    order only once the provider confirms (`succeeded`)."""

    REFERENCE = "out_request_no"
    KIND = "deposit"

    class Kind(models.TextChoices):
        FREEZE = "freeze", "冻结"
        THAW = "thaw", "解冻"
        TRANSFER = "transfer", "转支付"
        REFUND = "refund", "退款"

    class Status(models.TextChoices):
        PROCESSING = "processing", "处理中"
        SUCCEEDED = "succeeded", "成功"
        FAILED = "failed", "失败"

    order = models.ForeignKey(
        "orders.Order", on_delete=models.PROTECT, related_name="deposit_operations"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    out_request_no = models.CharField(max_length=64, unique=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PROCESSING)
    purpose = models.CharField(max_length=20, blank=True, default="")  # bills, damage
    bill_ids = models.JSONField(default=list)
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # A refund of a transfer that paid bills: the commission it gave back (as a refund of a
    # withheld payment does: `apps/billing/commission.transfer_refund_commission`).
    commission_reversed = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # Deposit-free (docs/zhima.md): what of `amount` the provider said is the credit
    # service's guarantee, no money; the rest (`fund_amount`) is the customer's money, the
    # only part the ledger books of a freeze or thaw.
    credit_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)

    @property
    def fund_amount(self):  # type: ignore[no-untyped-def]
        return self.amount - self.credit_amount

    class Meta:
        db_table = "orders_depositoperation"  # declared in orders until billing/0016
        ordering = ["-id"]
        constraints = [
            idempotency_unique("deposit_operation_idempotency"),
        ]
