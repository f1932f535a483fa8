"""Mainland resident identity card numbers (GB 11643-1999): 6 digits of region, 8 of birth
date, 3 of sequence (odd for men), and a check digit (ISO 7064 MOD 11-2, `X` for 10)."""

from __future__ import annotations

import re
from datetime import date

from django.utils import timezone

# Weight of each of the first 17 digits: 2^(17-i) mod 11.
CHECK_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
# The check character for each remainder of the weighted sum mod 11.
CHECK_CHARACTERS = "10X98765432"
# Provinces, autonomous regions, municipalities, Taiwan, Hong Kong, Macao; 91 is the code
# issued to foreigners with permanent residence (since 2017 on the same 18-character form).
PROVINCE_CODES = frozenset(
    {"11", "12", "13", "14", "15", "21", "22", "23", "31", "32", "33", "34", "35", "36", "37"}
    | {"41", "42", "43", "44", "45", "46", "50", "51", "52", "53", "54", "61", "62", "63"}
    | {"64", "65", "71", "81", "82", "83", "91"}
)
_SHAPE = re.compile(r"^\d{17}[\dX]$")


def id_number_normalise(text: str) -> str:
    """Without spaces, `x` as `X`: the form people type it in varies, the number does not."""
    return re.sub(r"\s+", "", text).upper()


def id_number_check_character(first17: str) -> str:
    """The 18th character GB 11643 gives the first 17 digits."""
    if len(first17) != 17 or not first17.isdigit():
        raise ValueError("the check character needs exactly 17 digits")
    total = sum(int(digit) * weight for digit, weight in zip(first17, CHECK_WEIGHTS, strict=True))
    return CHECK_CHARACTERS[total % 11]


def id_number_birth_date(number: str) -> date | None:
    """The birth date the number carries, or None when it is not a real date."""
    text = id_number_normalise(number)
    try:
        return date(int(text[6:10]), int(text[10:12]), int(text[12:14]))
    except ValueError:
        return None


def id_number_valid(number: str, *, today: date | None = None) -> bool:
    """True for an 18-character number with a known province, a real birth date between
    1900 and today, and the right check character (spaces and a lower-case `x` allowed)."""
    text = id_number_normalise(number)
    if not _SHAPE.match(text) or text[:2] not in PROVINCE_CODES:
        return False
    born = id_number_birth_date(text)
    if born is None or not date(1900, 1, 1) <= born <= (today or timezone.localdate()):
        return False
    return id_number_check_character(text[:17]) == text[17]
