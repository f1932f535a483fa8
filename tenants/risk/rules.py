"""The risk domain's fixed rules: the intake's query type, recharge bounds, voucher limits."""

from __future__ import annotations

from decimal import Decimal

# The query the intake runs on every lease order (its price comes from the price list).
INTAKE_QUERY_TYPE = "standard"
# The credit bureau's report of a customer (applyCreditQuery), a `credit` type of the list.
CREDIT_QUERY_TYPE = "credit_report"
# One recharge, by QR code or by transfer.
RECHARGE_MIN = Decimal("10.00")
RECHARGE_MAX = Decimal("100000.00")
# A transfer voucher: a JPEG or PNG picture (the screen shrinks a phone photo before sending).
VOUCHER_MAX_BYTES = 1536 * 1024  # base64 in JSON stays under Django's 2.5 MB body limit
VOUCHER_TYPES = ("jpg", "png")
# The workbench warns when the balance pays for fewer intake checks than this.
LOW_BALANCE_CHECKS = 10
REASON_MAX = 300
