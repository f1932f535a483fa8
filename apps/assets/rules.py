"""Pure rules of units: what a serial number and an IMEI look like, and which statuses still
hold their identifiers."""

from __future__ import annotations

import re

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


def serial_clean(serial: str) -> str:
    """A serial as stored: trimmed and upper-case (scanners and people type either case)."""
    return serial.strip().upper()


def serial_valid(serial: str) -> bool:
    return bool(_SERIAL.match(serial))
