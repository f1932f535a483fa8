"""The one confirmation routine (`operation_sync`): asked while the operation waits, each
attempt counted and its error kept, a final answer applied exactly once."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from django_tenants.utils import tenant_context

from apps.notary.models import Notarization
from zulin.providers.interfaces import ProviderError
from zulin.providers.operations import operation_sync

pytestmark = pytest.mark.django_db


class Provider:
    """Answers in turn what it is given: a status, or an error to raise."""

    def __init__(self, *answers: str | ProviderError) -> None:
        self.answers = list(answers)
        self.asked = 0

    def ask(self, row: Notarization) -> Any:
        self.asked += 1
        answer = self.answers.pop(0)
        if isinstance(answer, ProviderError):
            raise answer
        return SimpleNamespace(status=answer)


def _sync(row_id: int, provider: Provider, applied: list[str], **options: Any) -> Any:
    def apply(row: Notarization, answer: Any) -> str:
        applied.append(answer.status)
        row.status = "notarized" if answer.status == "notarized" else "failed"
        row.save(update_fields=["status"])
        return answer.status

    return operation_sync(
        Notarization.objects.select_for_update().filter(pk=row_id).first,
        ask=provider.ask,
        apply=apply,
        **options,
    )


def test_a_final_answer_is_applied_once_and_every_attempt_is_counted(demo) -> None:
    with tenant_context(demo):
        row = Notarization.objects.create(order_id=7, order_no="N7", status="submitted")
        provider = Provider(
            "processing", ProviderError("SYSTEM_ERROR", "unreachable"), "notarized", "failed"
        )
        applied: list[str] = []

        still = _sync(row.pk, provider, applied)
        assert (still.final, still.row.attempts, still.row.last_error) == (False, 1, "")

        lost = _sync(row.pk, provider, applied, failed=lambda row, error: "later")
        assert (lost.applied, lost.error.code) == ("later", "SYSTEM_ERROR")
        row.refresh_from_db()
        assert (row.attempts, row.last_error, row.status) == (
            2,
            "SYSTEM_ERROR: unreachable",
            "submitted",
        )

        done = _sync(row.pk, provider, applied)
        assert (done.final, done.applied) == (True, "notarized")
        # A replayed callback, a second sync: nothing is asked, nothing applied again.
        again = _sync(row.pk, provider, applied)
        assert (again.final, again.applied) == (False, None)

        row.refresh_from_db()
        assert (row.status, row.attempts, row.last_error) == ("notarized", 3, "")
        assert applied == ["notarized"] and provider.asked == 3


def test_a_provider_error_is_raised_by_default_and_an_unknown_reference_is_none(demo) -> None:
    with tenant_context(demo):
        row = Notarization.objects.create(order_id=8, order_no="N8", status="submitted")
        with pytest.raises(ProviderError):
            _sync(row.pk, Provider(ProviderError("SYSTEM_ERROR", "down")), [])
        assert _sync(0, Provider(), []) is None
