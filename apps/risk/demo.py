"""Demo risk queries of people without an order: a risk-list and a multiple-borrowing query
(the queries of orders' customers are the orders' demo: `apps.orders.demo`). Each has its
idempotency key: a second run adds nothing."""

from __future__ import annotations

from zulin.core.auth import Session
from zulin.providers.interfaces import RiskGrade
from zulin.providers.risk import sandbox_id_number_for

from .selectors import risk_query_count
from .services import Subject, risk_query_run

PEOPLE = (
    ("blacklist", "赵六", RiskGrade.B, "13700001111"),
    ("multi_lending", "孙七", RiskGrade.D, "13700002222"),
)


def risk_queries_showcase_load(*, actor: Session) -> int:
    """Answers how many risk queries the shop has (the active schema's)."""
    for number, (query_type, name, grade, phone) in enumerate(PEOPLE):
        risk_query_run(
            query_type=query_type,
            subject=Subject(
                name=name,
                id_number=sandbox_id_number_for(grade=grade, seed=30 + number),
                phone=phone,
            ),
            idempotency_key=f"manual:demo-risk-person-{number}",
            actor=actor,
        )
    return risk_query_count()
