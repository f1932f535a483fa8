"""Documents the product prints: the lease contract PDF (no models, no domain imports).

The lead's orders domain builds a `LeaseContractData` from an order and its merchant's
template, renders it, and keeps `sha256_hex(pdf)` beside the private file.
"""

from .clauses import (
    DEFAULT_LEASE_CLAUSES,
    ContractClause,
    clauses_from_data,
    clauses_to_data,
    default_lease_clauses,
)
from .contract import (
    LESSEE_SIGNATURE_ANCHOR,
    LESSOR_SIGNATURE_ANCHOR,
    AddOn,
    Instalment,
    LeaseContractData,
    LeasedGoods,
    LeasePlan,
    Lessee,
    Lessor,
    OwnershipTransfer,
    RentUnit,
    font_missing_characters,
    lease_contract_missing_characters,
    render_lease_contract,
    sha256_hex,
)
from .money import amount_figures, amount_in_capitals

__all__ = [
    "DEFAULT_LEASE_CLAUSES",
    "LESSEE_SIGNATURE_ANCHOR",
    "LESSOR_SIGNATURE_ANCHOR",
    "AddOn",
    "ContractClause",
    "Instalment",
    "LeaseContractData",
    "LeasePlan",
    "LeasedGoods",
    "Lessee",
    "Lessor",
    "OwnershipTransfer",
    "RentUnit",
    "amount_figures",
    "amount_in_capitals",
    "clauses_from_data",
    "clauses_to_data",
    "default_lease_clauses",
    "font_missing_characters",
    "lease_contract_missing_characters",
    "render_lease_contract",
    "sha256_hex",
]
