"""The IMEI check: 15 digits whose last is the Luhn check digit (no database)."""

import pytest

from apps.assets.rules import imei_valid, luhn_valid

from .factories import imei_with_check

VALID = "490154203237518"  # the IMEI format's own worked example


def test_a_valid_imei_passes():
    assert imei_valid(VALID)
    assert imei_valid(imei_with_check("35209900176148"))


@pytest.mark.parametrize("check", [d for d in "0123456789" if d != "8"])
def test_every_wrong_check_digit_is_refused(check):
    assert not imei_valid(VALID[:14] + check)


@pytest.mark.parametrize(
    "imei",
    [
        VALID[:14],  # 14 digits
        VALID + "0",  # 16 digits
        "30569309025904",  # 14 digits passing the Luhn check (a test card number)
        "4111111111111111",  # 16 digits passing the Luhn check
        "49015420323751A",  # a letter
        "4901542032375 8",  # a space
        "４９０１５４２０３２３７５１８",  # full-width digits, what an IME may type
        "",
    ],
)
def test_an_imei_not_of_15_digits_with_its_check_digit_is_refused(imei):
    assert not imei_valid(imei)


def test_luhn_doubles_every_second_digit_from_the_right():
    assert luhn_valid("79927398713")  # the classic example
    assert not luhn_valid("79927398710")
