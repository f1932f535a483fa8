"""The instalment bills of lease orders and every attempt to collect one.

Billing knows orders by id only (`apps.orders` calls billing, never the other way round): a
bill carries the order's id, number and sub-shop so bill lists scope and filter without a
join into orders."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from zulin.providers.operations import ProviderOperation, idempotency_unique


class BillStatus(models.TextChoices):
    UNPAID = "unpaid", "待支付"
    PAYING = "paying", "支付中"
    PAID = "paid", "已支付"
    CANCELLED = "cancelled", "已取消"
    # Written off by the shop after long past due (apps.recovery: `writeOffDebt`): closed in
    # the shop's collection, still owed by the customer, so the one settling path still
    # takes its payment (then `recovered_after_write_off`). Not a waiver: nothing forgiven.
    WRITTEN_OFF = "written_off", "已核销"


class BillKind(models.TextChoices):
    LEASE = "lease", "租金"
    PURCHASE = "purchase", "购买款"
    BUYOUT = "buyout", "买断款"
    # Charges that outlive the lease (`charges.py`): owed once the goods are back.
    DAMAGE = "damage", "损坏赔偿"
    TERMINATION = "termination", "提前退租违约金"


# Charges: no late fee accrues on them and no commission is taken of them.
CHARGE_KINDS = (BillKind.DAMAGE.value, BillKind.TERMINATION.value)


class Bill(models.Model):
    """One instalment of a lease (or the one payment of a purchase, `kind` purchase), or a
    charge owed after it (`kind` damage, termination: `charges.py`), numbered after the
    instalments."""

    order_id = models.BigIntegerField()
    kind = models.CharField(max_length=12, choices=BillKind.choices, default=BillKind.LEASE)
    order_no = models.CharField(max_length=32)
    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    period = models.PositiveIntegerField()  # 1 … term
    due_date = models.DateField()
    rent = models.DecimalField(max_digits=12, decimal_places=2)
    addon_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # The shipping fee the customer pays, on bill 1 (refundable: refundSfAmount).
    fee_amount = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    amount = models.DecimalField(max_digits=12, decimal_places=2)  # rent + add-ons + fee
    paid_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    status = models.CharField(max_length=12, choices=BillStatus.choices, default=BillStatus.UNPAID)
    # One trade number per bill, whatever the number of attempts: the provider answers the
    # same trade for a retry, so a bill is never charged twice.
    out_trade_no = models.CharField(max_length=48, unique=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    paid_by = models.CharField(max_length=16, blank=True, default="")  # withhold, deposit …
    # Late fees (finance.latefees): accrued day by day while overdue (the days are
    # `BillLateFee` rows; this is their sum), never above `amount`; waived with a reason;
    # paid before the rent by the payment that settles the bill.
    late_fee = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    late_fee_waived = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    late_fee_paid = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # The night that found the bill past due first and wrote its `bill.overdue` (once,
    # whatever its late fee: a shop charging none still learns it; `latefees.py`).
    overdue_noted_on = models.DateField(null=True, blank=True)
    # Rent forgone when the lease was settled early (`early.py`): the bill is paid with
    # `paid_amount` = `amount` - `discount`.
    discount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # What waivers forgave of the principal (`charges.bill_waive`, each with a `BillWaiver`):
    # a part (the rest stays owed), or all that was left, and the bill is then cancelled
    # (its late fee forgiven goes to `late_fee_waived`).
    waived_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    waived_at = models.DateTimeField(null=True, blank=True)
    # A write-off (`charges.bills_write_off`): what the bill still owed then (principal and
    # late fee), when; and what money that came later paid of it (the one settling path).
    written_off_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    written_off_at = models.DateTimeField(null=True, blank=True)
    recovered_after_write_off = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["order_id", "period"]
        indexes = [
            models.Index(fields=["order_id", "period"], name="bill_order_period"),
            models.Index(
                fields=["due_date"],
                name="bill_unpaid_due",
                condition=Q(status__in=["unpaid", "paying"]),
            ),
            models.Index(fields=["-due_date", "-id"], name="bill_list_order"),
            # The data centre: rent due and the overdue rate of a period, from the index alone.
            models.Index(
                fields=["kind", "due_date"],
                include=["rent", "amount", "paid_amount", "waived_amount", "status", "sub_shop_id"],
                name="bill_kind_due",
            ),
        ]
        constraints = [
            models.UniqueConstraint(fields=["order_id", "period"], name="bill_order_period_unique"),
            # Paid and forgiven never pass what the bill asks.
            models.CheckConstraint(
                condition=Q(waived_amount__gte=0)
                & Q(paid_amount__lte=models.F("amount") - models.F("waived_amount")),
                name="bill_paid_within_amount",
            ),
            models.CheckConstraint(
                condition=Q(discount__gte=0)
                & Q(
                    discount__lte=models.F("amount")
                    - models.F("paid_amount")
                    - models.F("waived_amount")
                ),
                name="bill_discount_within_amount",
            ),
            models.CheckConstraint(
                condition=Q(late_fee__lte=models.F("amount"))
                & Q(late_fee_waived__gte=0)
                & Q(late_fee_paid__gte=0)
                & Q(late_fee__gte=models.F("late_fee_waived") + models.F("late_fee_paid")),
                name="bill_late_fee_within_cap",
            ),
        ]

    @property
    def late_fee_owed(self):  # type: ignore[no-untyped-def]
        return self.late_fee - self.late_fee_waived - self.late_fee_paid

    @property
    def rent_owed(self):  # type: ignore[no-untyped-def]
        """The principal (rent, add-ons, fee, or the charge) neither paid nor forgiven."""
        return self.amount - self.paid_amount - self.waived_amount


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


class BillLateFee(models.Model):
    """One day's late fee of an overdue bill: at most one row per bill per day (the nightly
    run and its re-runs add each day once)."""

    bill = models.ForeignKey(Bill, on_delete=models.PROTECT, related_name="late_fees")
    day = models.DateField()
    days_overdue = models.PositiveIntegerField()
    base = models.DecimalField(max_digits=12, decimal_places=2)  # the unpaid amount that day
    rate = models.DecimalField(max_digits=6, decimal_places=4)  # percent per day
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["bill_id", "day"]
        constraints = [
            models.UniqueConstraint(fields=["bill", "day"], name="bill_late_fee_day_unique"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="bill_late_fee_positive"),
        ]


class LateFeeWaiver(models.Model):
    """Late fee of a bill forgone, with the reason and who decided it."""

    bill = models.ForeignKey(Bill, on_delete=models.PROTECT, related_name="waivers")
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    reason = models.CharField(max_length=300)
    idempotency_key = models.CharField(max_length=64, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="late_fee_waiver_positive"),
            models.UniqueConstraint(
                fields=["idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="late_fee_waiver_idempotency",
            ),
        ]


class BillWaiver(models.Model):
    """What of a bill's debt was forgone, with a reason, by a role allowed to
    (`finance.waive`; `charges.bill_waive`): all it still owed (the only way an owed bill is
    cancelled), or a part of its principal (a negotiated part of a damage charge; the rest
    stays owed). A bill may have several, the last of them the one that cancelled it."""

    bill = models.ForeignKey(Bill, on_delete=models.PROTECT, related_name="debt_waivers")
    order_id = models.BigIntegerField(db_index=True)
    principal = models.DecimalField(max_digits=12, decimal_places=2)
    late_fee = models.DecimalField(max_digits=12, decimal_places=2)
    # All the bill still owed (it was cancelled), or a part of its principal.
    whole = models.BooleanField(default=True)
    reason = models.CharField(max_length=300)
    idempotency_key = models.CharField(max_length=64, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(principal__gte=0) & Q(late_fee__gte=0), name="bill_waiver_amounts"
            ),
            # A part forgives some principal, never a late fee (`waiveLateFee` does that).
            models.CheckConstraint(
                condition=Q(whole=True) | (Q(principal__gt=0) & Q(late_fee=0)),
                name="bill_waiver_part",
            ),
            models.UniqueConstraint(
                fields=["idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="bill_waiver_idempotency",
            ),
        ]


class BillReminder(models.Model):
    """A reminder SMS of a bill: at most one of each kind per bill. The row is committed
    before the message is sent, so a run killed in between never sends it twice."""

    class Kind(models.TextChoices):
        DUE_SOON = "due_soon", "到期提醒"
        OVERDUE = "overdue", "逾期提醒"

    class Status(models.TextChoices):
        SENDING = "sending", "发送中"
        SENT = "sent", "已发送"
        FAILED = "failed", "发送失败"

    bill = models.ForeignKey(Bill, on_delete=models.PROTECT, related_name="reminders")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SENDING)
    provider_reference = models.CharField(max_length=64, blank=True, default="")
    failure_reason = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["bill", "kind"], name="bill_reminder_once"),
        ]


class FinanceSetting(models.Model):
    """The shop's finance settings (one row). An empty field follows the platform's default
    (settings.FINANCE_DEFAULTS)."""

    late_fee_rate_early = models.DecimalField(
        max_digits=6, decimal_places=4, null=True, blank=True
    )  # percent of the unpaid amount per day, up to `late_fee_tier_days` days overdue
    late_fee_rate_late = models.DecimalField(max_digits=6, decimal_places=4, null=True, blank=True)
    reminder_days_before = models.PositiveSmallIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(null=True, blank=True)
    actor_account_id = models.BigIntegerField(null=True, blank=True)


class Statement(models.Model):
    """The settlement of one cycle (`settlement_cycle` of the terms in force when it
    closes): every movement of money at the provider not yet settled up to `period_end`,
    less commission and refunds. Its net moves to the withdrawable balance when it closes."""

    class Status(models.TextChoices):
        CLOSED = "closed", "已结算"
        HELD = "held", "待抵扣"  # refunds exceed what is withdrawable: retried next run

    period_start = models.DateField()
    period_end = models.DateField()
    cycle = models.CharField(max_length=16)
    status = models.CharField(max_length=8, choices=Status.choices)
    received = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    refunded = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    commission = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    net = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    payments = models.PositiveIntegerField(default=0)
    closed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-period_end", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["period_end"], name="statement_period_unique"),
        ]


class StatementLine(models.Model):
    """One journal a statement settles (a journal is settled once: unique)."""

    statement = models.ForeignKey(Statement, on_delete=models.PROTECT, related_name="lines")
    journal_id = models.BigIntegerField(unique=True)
    kind = models.CharField(max_length=40)
    order_id = models.BigIntegerField(null=True, blank=True)
    amount = models.DecimalField(max_digits=14, decimal_places=2)  # + in, - out
    booked_at = models.DateTimeField()

    class Meta:
        ordering = ["booked_at", "id"]


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


class CreditOrderStatus(models.TextChoices):
    CREATED = "created", "已创建"
    FROZEN = "frozen", "已授权"
    PERFORMING = "performing", "履约中"
    COMPLETED = "completed", "已履约完结"
    CLOSED = "closed", "已关闭"
    VIOLATION_PENDING = "violation_pending", "待确认违约"
    VIOLATED = "violated", "已违约"


class CreditOrder(models.Model):
    """The credit order (信用单) of a deposit-free lease at the credit service (Zhima):
    what the authorisation's freeze asked and answered, credit and fund kept apart, and
    how the lease's performance was told (docs/zhima.md). One per order; its status moves
    only through `credit_orders.CREDIT_ORDER_MACHINE`."""

    order_id = models.BigIntegerField(unique=True)
    order_no = models.CharField(max_length=32)
    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=20, choices=CreditOrderStatus.choices, default=CreditOrderStatus.CREATED
    )
    service_id = models.CharField(max_length=64)
    category = models.CharField(max_length=64)
    deposit_mode = models.CharField(max_length=20)
    auth_no = models.CharField(max_length=64, blank=True, default="")
    deposit = models.DecimalField(max_digits=12, decimal_places=2)  # asked of the freeze
    credit_limit = models.DecimalField(max_digits=12, decimal_places=2)  # the plan's max
    post_payment_amount = models.DecimalField(max_digits=12, decimal_places=2)
    post_payment_count = models.PositiveIntegerField()
    # The freeze's answer: the guarantee (no money) and the customer's money, apart.
    credit_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    fund_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    violation_reason = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(credit_amount__gte=0) & Q(fund_amount__gte=0),
                name="credit_order_parts_positive",
            ),
        ]


class CreditOrderSync(models.Model):
    """One call to the credit service about a credit order (alipay.trade.orderinfo.sync):
    its own request number, what was sent, what came back, when, and the result. A retry
    of the same sync reuses its number (`attempts` counts them); a replayed answer of a
    sync already ended changes nothing."""

    class Result(models.TextChoices):
        PROCESSING = "processing", "待应答"
        SUCCEEDED = "succeeded", "成功"
        FAILED = "failed", "失败"

    credit_order = models.ForeignKey(CreditOrder, on_delete=models.PROTECT, related_name="syncs")
    out_request_no = models.CharField(max_length=64, unique=True)
    sync_status = models.CharField(max_length=12)  # COMPLETE / CLOSED / VIOLATED
    # A bill of the lease paid late by another route than the authorisation, told COMPLETE
    # (the credit order's status does not move); null: the credit order's own status.
    period = models.PositiveIntegerField(null=True, blank=True)
    request = models.JSONField(default=dict)
    answer = models.JSONField(default=dict)
    result = models.CharField(max_length=12, choices=Result.choices, default=Result.PROCESSING)
    error = models.CharField(max_length=300, blank=True, default="")
    attempts = models.PositiveIntegerField(default=0)
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]


class CreditOrderNotice(models.Model):
    """The notice a customer is sent before a violation is reported (the credit-reporting
    rule that a person is told first): the amount owed, the date, and what will be
    reported. A violation is confirmed no earlier than the shop's grace after it."""

    credit_order = models.ForeignKey(CreditOrder, on_delete=models.PROTECT, related_name="notices")
    amount_owed = models.DecimalField(max_digits=12, decimal_places=2)
    owed_since = models.DateField()
    text = models.CharField(max_length=500)
    phone = models.CharField(max_length=20, blank=True, default="")
    sent_at = models.DateTimeField()
    actor_account_id = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-sent_at", "-id"]
