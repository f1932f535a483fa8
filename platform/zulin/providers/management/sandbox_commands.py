"""What the `sandbox_*` commands share: a provider's failure told as the command's error."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.core.management.base import CommandError

from zulin.providers.interfaces import ProviderError


@contextmanager
def provider_failure_as_command_error() -> Iterator[None]:
    """A ProviderError raised inside, told as the CommandError "CODE: reason"."""
    try:
        yield
    except ProviderError as exc:
        raise CommandError(f"{exc.code}: {exc.reason}") from exc
