"""Demo risk queries beyond the intake's (every demo order's intake already charged one):
an in-depth report on the newest orders awaiting audit, a risk-list and a multiple-borrowing
query of people without an order, and a credit-bureau report of the newest order's customer
(the sandbox bureau settles it and its callback arrives). Each has its idempotency key: a
second run adds nothing."""

from __future__ import annotations

from apps.orders.selectors import awaiting_audit_order_ids
from apps.orders.services import order_credit_query_apply, order_risk_check
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.providers.credit import sandbox_credit_complete
from zulin.providers.interfaces import RiskGrade
from zulin.providers.risk import sandbox_id_number_for
from zulin.providers.sandbox import sandbox_callbacks_deliver

from .selectors import risk_query_count
from .services import Subject, risk_query_run

PEOPLE = (
    ("blacklist", "赵六", RiskGrade.B, "13700001111"),
    ("multi_lending", "孙七", RiskGrade.D, "13700002222"),
)


def risk_queries_showcase_load(*, actor: Session) -> int:
    """Answers how many risk queries the shop has (the active schema's)."""
    newest = awaiting_audit_order_ids(2)
    for order_id in newest:
        order_risk_check(
            actor=actor, order_id=order_id, query_type="deep", idempotency_key="demo-risk-deep"
        )
    if newest:
        order_credit_query_apply(
            actor=actor, order_id=newest[0], idempotency_key="demo-credit-report"
        )
        slug = tenant_connection.tenant.slug
        sandbox_credit_complete(merchant=slug)
        sandbox_callbacks_deliver(merchant=slug)
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
