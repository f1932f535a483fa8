"""Pure rules of units: what a serial number and an IMEI look like, and which statuses still
hold their identifiers."""

from __future__ import annotations

import re

from zulin.core.i18n import Text

from .models import UnitStatus

IMEI_LENGTH = 15
_SERIAL = re.compile(r"^[A-Z0-9][A-Z0-9\-/.]{2,63}$")

# A unit holds its serial number and IMEIs unless it left the shop for good (sold or bought
# out: the same device may come back later as a new unit, bought again). A lost unit keeps
# them: when the device turns up it is marked found, never received as a second unit.
RELEASED_STATUSES = frozenset({UnitStatus.SOLD.value})


def luhn_valid(digits: str) -> bool:
    """The Luhn check over a string of digits, its last digit the check digit."""
    if not digits.isdigit():
        return False
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2 == 1:
            value *= 2
            if value > 9:
                value -= 9
        total += value
    return total % 10 == 0


def imei_valid(imei: str) -> bool:
    """15 ASCII digits whose last is the Luhn check digit of the first 14."""
    return len(imei) == IMEI_LENGTH and imei.isascii() and luhn_valid(imei)


def imei_shaped(code: str) -> bool:
    """15 ASCII digits: what an IMEI looks like, its check digit right or not."""
    return len(code) == IMEI_LENGTH and code.isascii() and code.isdigit()


def imei_mistyped(code: str) -> bool:
    """An IMEI read or typed wrong: 15 digits whose last is not the Luhn digit of the first
    14. Never kept as a unit's identifier (not even as a serial number) unless the person
    says it is not an IMEI (docs/assets.md, "A code that looks like an IMEI")."""
    return imei_shaped(code) and not luhn_valid(code)


# The one wording of a mistyped IMEI, at intake and at shipping.
IMEI_CHECK_WRONG = Text("IMEI 校验位不对", "The IMEI's check digit is wrong")


def serial_clean(serial: str) -> str:
    """A serial as stored: trimmed and upper-case (scanners and people type either case)."""
    return serial.strip().upper()


def serial_valid(serial: str) -> bool:
    return bool(_SERIAL.match(serial))
