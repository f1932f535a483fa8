"""The demo's transfer receipts: a bank's electronic receipt drawn in the embedded font, the
same bytes for the same transfer, and a different picture for a different one."""

import io
from dataclasses import replace
from datetime import date
from decimal import Decimal

from PIL import Image

from zulin.documents.slip import HEIGHT, WIDTH, TransferSlip, _masked, transfer_slip_png

SLIP = TransferSlip(
    bank="招商银行",
    payer_name="演示租赁商城",
    payer_account="6225880000001234",
    payee_name="租林平台服务有限公司",
    payee_account="755912345610801",
    amount=Decimal("2000.00"),
    day=date(2026, 11, 20),
    reference="CMB20261120000123",
    purpose="风控余额充值",
)


def test_a_receipt_is_a_png_of_its_size_and_the_same_bytes_again():
    png = transfer_slip_png(SLIP)
    picture = Image.open(io.BytesIO(png))
    assert (picture.format, picture.size) == ("PNG", (WIDTH, HEIGHT))
    assert transfer_slip_png(SLIP) == png
    # Mostly paper, with ink on it: a drawn receipt, not a blank or a code.
    colours = picture.convert("RGB").getcolors(maxcolors=WIDTH * HEIGHT)
    assert colours is not None and len(colours) > 50


def test_another_amount_or_reference_draws_another_receipt():
    png = transfer_slip_png(SLIP)
    assert transfer_slip_png(replace(SLIP, amount=Decimal("2000.01"))) != png
    assert transfer_slip_png(replace(SLIP, reference="CMB20261120000124")) != png


def test_account_numbers_print_masked_as_a_receipt_does():
    assert _masked("6225880000001234") == "6225 **** **** 1234"
    assert _masked("12345678") == "12345678"
