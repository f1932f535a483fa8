"""GB 11643 ID numbers: the check character, the birth date, the region."""

from datetime import date

import pytest

from zulin.core.identity import id_number_check_character, id_number_valid

# The standard's own example, and numbers made from it.
EXAMPLE = "11010519491231002X"


def test_the_standards_example_is_valid_in_any_case_and_spacing():
    assert id_number_check_character(EXAMPLE[:17]) == "X"
    assert id_number_valid(EXAMPLE)
    assert id_number_valid("110105 19491231 002x")


@pytest.mark.parametrize(
    "number",
    [
        "110105194912310021",  # wrong check character
        "11010519491231002",  # 17 characters
        "110105491231002",  # the old 15-digit form
        "99010519491231002X",  # no such province
        "1101051949123100X2",  # X before the end
        "",
    ],
)
def test_malformed_numbers_are_refused(number):
    assert not id_number_valid(number)


def test_the_birth_date_must_be_a_real_past_date():
    def with_birth(born: str) -> str:
        first17 = f"110105{born}002"
        return first17 + id_number_check_character(first17)

    assert id_number_valid(with_birth("20000229"))
    assert not id_number_valid(with_birth("19990229"))  # not a leap year
    assert not id_number_valid(with_birth("18991231"))
    assert not id_number_valid(with_birth("20300101"), today=date(2026, 1, 1))
