"""Field encryption: the one helper for values stored encrypted (settlement account numbers;
next, customers' ID numbers).

- `encrypt` / `decrypt`: AES-256-GCM (authenticated: a changed byte fails, never decrypts to
  something else). A stored value reads `zf1:<key id>:<base64url(nonce ‖ ciphertext)>`; the
  key id names the key that sealed it, so keys rotate: `FIELD_ENCRYPTION_KEY` is
  `id:base64key[,id:base64key…]`, the first key encrypts, every listed key decrypts (add the
  new key first, re-save rows, then drop the old one). Without the setting (dev, tests) one
  key `dev` is derived from SECRET_KEY; production requires the setting.
- `lookup_hash`: HMAC-SHA256 under a separate key (`FIELD_HASH_KEY`, base64 of 32 bytes;
  else derived from SECRET_KEY under another label), for finding a row by an encrypted value
  (a `*_hash` column beside it): equal values hash equal, the value cannot be read back. It
  does not follow the encryption keys' rotation (stored hashes would stop matching).
- `mask_bank_account`, `mask_id_number`, `mask_phone`: what screens and logs show.
- `EncryptedTextField`: a model field that stores the ciphertext and gives plaintext in
  Python; it cannot be filtered on (use a hash column).

`context` binds a ciphertext to its use (e.g. "settlement.account_number"): decrypting it
under another context fails, so a value cannot be copied into another column and read there.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import re
from functools import lru_cache
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import models

PREFIX = "zf1"
NONCE_BYTES = 12
KEY_ID = re.compile(r"^[A-Za-z0-9_-]{1,16}$")
DEV_KEY_ID = "dev"


class DecryptionError(Exception):
    """The value was changed, sealed under another context, or by a key no longer listed."""


def _derive(secret: str, purpose: bytes) -> bytes:
    hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=b"zulin", info=purpose)
    return hkdf.derive(secret.encode())


def _b64decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@lru_cache(maxsize=8)
def _keyring(setting: str, secret_key: str) -> tuple[str, dict[str, AESGCM]]:
    """(id of the encrypting key, every key by id) from `FIELD_ENCRYPTION_KEY`."""
    if not setting.strip():
        return DEV_KEY_ID, {DEV_KEY_ID: AESGCM(_derive(secret_key, b"field-encryption"))}
    keys: dict[str, AESGCM] = {}
    for entry in setting.split(","):
        key_id, _, encoded = entry.strip().partition(":")
        try:
            material = _b64decode(encoded)
        except (binascii.Error, ValueError):
            material = b""
        if not KEY_ID.match(key_id) or len(material) != 32 or key_id in keys:
            raise ImproperlyConfigured(
                "FIELD_ENCRYPTION_KEY is `id:base64key[,…]`: distinct ids of letters, digits, "
                "_ or -, each key 32 bytes (e.g. `k2026:` + base64 of os.urandom(32))"
            )
        keys[key_id] = AESGCM(material)
    return next(iter(keys)), keys


@lru_cache(maxsize=8)
def _hash_key(setting: str, secret_key: str) -> bytes:
    if setting.strip():
        return _b64decode(setting.strip())
    return _derive(secret_key, b"field-lookup-hash")


def _current_keyring() -> tuple[str, dict[str, AESGCM]]:
    return _keyring(settings.FIELD_ENCRYPTION_KEY, settings.SECRET_KEY)


def is_encrypted(value: object) -> bool:
    return isinstance(value, str) and value.startswith(f"{PREFIX}:")


def encrypt(plaintext: str, *, context: str = "") -> str:
    key_id, keys = _current_keyring()
    nonce = os.urandom(NONCE_BYTES)
    sealed = keys[key_id].encrypt(nonce, plaintext.encode(), context.encode())
    return f"{PREFIX}:{key_id}:{_b64encode(nonce + sealed)}"


def decrypt(token: str, *, context: str = "") -> str:
    prefix, key_id, payload = (token.split(":", 2) + ["", ""])[:3]
    keys = _current_keyring()[1]
    if prefix != PREFIX or key_id not in keys:
        raise DecryptionError(f"not a value sealed by a listed key (key id {key_id!r})")
    try:
        raw = _b64decode(payload)
        plain = keys[key_id].decrypt(raw[:NONCE_BYTES], raw[NONCE_BYTES:], context.encode())
    except (InvalidTag, binascii.Error, ValueError):
        raise DecryptionError("the value was changed or sealed for another context") from None
    return plain.decode()


def encrypting_key_id() -> str:
    """The id new values are sealed with (rows under other ids are due for re-saving)."""
    return _current_keyring()[0]


def normalized(value: str) -> str:
    """What a lookup compares: no whitespace, upper case (`6222 0212…`, `…123x`)."""
    return re.sub(r"\s+", "", value).upper()


def lookup_hash(value: str, *, context: str = "") -> str:
    """Hex HMAC-SHA256 of the normalized value, for an indexed `*_hash` column."""
    key = _hash_key(settings.FIELD_HASH_KEY, settings.SECRET_KEY)
    message = f"{context}\x00{normalized(value)}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


# --- masks ---------------------------------------------------------------------------------


def mask_bank_account(number: str) -> str:
    """`6222 **** **** 1234`: the issuer's first four digits and the last four."""
    digits = normalized(number)
    if len(digits) <= 8:
        return "**** " + digits[-4:] if len(digits) > 4 else "****"
    return f"{digits[:4]} **** **** {digits[-4:]}"


def mask_id_number(number: str) -> str:
    """`1101**********1234`: region prefix and last four; the length is kept."""
    text = normalized(number)
    if len(text) <= 8:
        return "*" * len(text)
    return text[:4] + "*" * (len(text) - 8) + text[-4:]


def mask_name(name: str) -> str:
    """张三 → 张*, 欧阳娜娜 → 欧***: the family name stays readable."""
    return name[:1] + "*" * max(len(name) - 1, 1) if name else ""


def mask_phone(phone: str) -> str:
    """`138****5678`: the carrier prefix and the last four digits."""
    text = normalized(phone)
    if len(text) < 8:
        return "*" * len(text)
    return text[:3] + "*" * (len(text) - 7) + text[-4:]


# --- model field ---------------------------------------------------------------------------


class EncryptedTextField(models.TextField):  # type: ignore[type-arg]
    """Stores `encrypt(value, context=…)`; reading the row gives the plaintext. It cannot
    be filtered or ordered on (each encryption differs): keep a `lookup_hash` column for
    finding rows by the value, and `mask_*` for showing it."""

    def __init__(self, *args: Any, context: str = "", **kwargs: Any) -> None:
        self.context = context
        super().__init__(*args, **kwargs)

    def deconstruct(self) -> Any:
        name, path, args, kwargs = super().deconstruct()
        if self.context:
            kwargs["context"] = self.context
        return name, path, args, kwargs

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> str | None:
        return None if value is None else decrypt(value, context=self.context)

    def get_prep_value(self, value: Any) -> Any:
        # Model attributes always hold plaintext (from_db_value decrypts), so every value
        # written is sealed here, once.
        value = super().get_prep_value(value)
        return None if value is None else encrypt(str(value), context=self.context)

    def get_lookup(self, lookup_name: str) -> Any:
        if lookup_name != "isnull":
            raise TypeError(
                f"{self.name} is encrypted: filter on a lookup_hash column, not {lookup_name}"
            )
        return super().get_lookup(lookup_name)
