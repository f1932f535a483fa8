"""The money rules as pure functions: the arithmetic of the instalment schedule, late fees,
commission, quotes (early settlement, early return), the allocation of money to what is
owed, and the precedence of an order's list stage.

Standard library only (import-linter holds it: no Django, nothing else of the project), so
their unit tests run without a database in milliseconds and `make mutation` (mutmut) proves
each rule guarded. The services call these functions with what they read from their rows.
"""
