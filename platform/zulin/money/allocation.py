"""Where money goes: bills oldest first (instalments and charges by their number — a
charge is numbered after the instalments — and the buyout bill, number 0, last), and within
a bill its late fee first, then rent, add-ons and fee."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

ZERO = Decimal("0.00")


def collection_key(period: int) -> tuple[int, int]:
    """The order money is allocated in: bills by their number, the buyout bill (0) last."""
    return (1 if period == 0 else 0, period)


def principal_parts(
    *, rent: Decimal, addon: Decimal, fee: Decimal, paid: Decimal, discount: Decimal = ZERO
) -> tuple[Decimal, Decimal, Decimal]:
    """What a bill's rent, add-ons and fee still ask after `discount` (off the rent) and
    after `paid` by earlier payments (which paid rent first, then add-ons, then fee)."""
    owed = []
    for part in (rent - discount, addon, fee):
        covered = min(paid, part)
        paid -= covered
        owed.append(part - covered)
    return owed[0], owed[1], owed[2]


@dataclass(frozen=True)
class Split:
    """What one amount pays of one bill."""

    late_fee: Decimal
    rent: Decimal
    addon: Decimal
    fee: Decimal

    @property
    def principal(self) -> Decimal:
        return self.rent + self.addon + self.fee

    @property
    def total(self) -> Decimal:
        return self.late_fee + self.principal

    @property
    def commissionable(self) -> Decimal:
        """What of it carries commission: rent (sale, buyout price) and add-ons."""
        return self.rent + self.addon


def split(
    amount: Decimal, *, late_fee_owed: Decimal, parts: tuple[Decimal, Decimal, Decimal]
) -> Split:
    """How `amount` pays a bill: its late fee owed first, then the rent, add-ons and fee
    still owed (`parts`), never more than the bill owes (the caller keeps the rest)."""
    late_fee = min(amount, late_fee_owed)
    left = amount - late_fee
    shares = []
    for part in parts:
        take = min(left, part)
        left -= take
        shares.append(take)
    return Split(late_fee, shares[0], shares[1], shares[2])


def take_in_order(available: Decimal, asks: Sequence[Decimal]) -> list[Decimal]:
    """What `available` pays of each ask, in the order given (the last one in part if need
    be); what is left over is the caller's (a deposit's rest is thawed)."""
    taken = []
    left = max(available, ZERO)
    for ask in asks:
        take = min(left, ask)
        left -= take
        taken.append(take)
    return taken
