"""The port through which goods learns how many units of a tracked SKU are in stock.

Goods sits below `apps.assets` in the apps' layers and never imports it: the units live
there, so assets registers the one counter in its `AppConfig.ready()` (as orders' events
are answered by the apps above orders). Asking with no counter registered is a programming
error (the apps are installed together), never a silent zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol


class UnitsInStock(Protocol):
    """For each SKU id, the sub-shops its goods are sold in (empty: every sub-shop), answer
    the count of its units in stock there by grade (the fineness they are leased at; the
    shop's warehouse serves every sub-shop): `{sku_id: {grade: count}}`, every SKU asked
    present."""

    def __call__(self, skus: Mapping[int, Sequence[int]]) -> dict[int, dict[str, int]]: ...


_counter: UnitsInStock | None = None


def register(counter: UnitsInStock) -> None:
    global _counter
    if _counter is not None and _counter is not counter:
        raise RuntimeError("the units-in-stock counter is registered once")
    _counter = counter


def units_in_stock(skus: Mapping[int, Sequence[int]]) -> dict[int, dict[str, int]]:
    if _counter is None:
        raise RuntimeError("no app counts units in stock (apps.assets is not installed)")
    if not skus:
        return {}
    return _counter(skus)
