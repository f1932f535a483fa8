"""The form of an API key (tenants.accounts.api_keys): a scanner's prefix, random characters
and a check that catches a mistyped character before any database read."""

from __future__ import annotations

import string

import pytest

from tenants.accounts.api_keys import (
    CHECK_LENGTH,
    RANDOM_LENGTH,
    key_digest,
    key_new,
    key_well_formed,
)


def test_a_new_key_is_well_formed_and_unique(settings):
    keys = {key_new() for _ in range(200)}

    assert len(keys) == 200
    assert all(key_well_formed(key) for key in keys)
    assert all(
        len(key) == len(settings.API_KEY_PREFIX) + RANDOM_LENGTH + CHECK_LENGTH for key in keys
    )


@pytest.mark.parametrize("position", range(-RANDOM_LENGTH - CHECK_LENGTH, 0, 5))
def test_one_changed_character_breaks_the_check(position):
    key = key_new()
    changed = next(ch for ch in string.ascii_letters if ch != key[position])
    mistyped = key[:position] + changed + (key[position + 1 :] if position != -1 else "")

    assert not key_well_formed(mistyped)


def test_keys_issued_under_either_prefix_stay_readable(settings):
    settings.API_KEY_PREFIX = "zl_live_"
    live = key_new()
    settings.API_KEY_PREFIX = "zl_test_"

    assert live.startswith("zl_live_") and key_well_formed(live)
    assert not key_well_formed("sk_live_" + live[len("zl_live_") :])


def test_the_digest_is_keyed_by_the_servers_secret(settings):
    key = key_new()
    first = key_digest(key)
    settings.SECRET_KEY = "another-secret-of-enough-length-0123456789abcdef"

    assert key_digest(key) != first and len(first) == 64
