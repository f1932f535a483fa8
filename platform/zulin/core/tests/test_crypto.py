"""Field encryption: authenticated, rotating keys, lookup hashes, masks, the model field."""

import base64
import os

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, models
from django.test.utils import isolate_apps

from zulin.core.crypto import (
    DecryptionError,
    EncryptedTextField,
    decrypt,
    encrypt,
    encrypting_key_id,
    lookup_hash,
    mask_bank_account,
    mask_id_number,
    mask_phone,
)

ACCOUNT = "6222021234567891234"


def _key() -> str:
    return base64.urlsafe_b64encode(os.urandom(32)).decode()


def test_a_value_round_trips_and_never_shows_in_the_stored_text():
    sealed = encrypt(ACCOUNT)

    assert decrypt(sealed) == ACCOUNT
    assert ACCOUNT not in sealed and sealed.startswith("zf1:dev:")
    assert encrypt(ACCOUNT) != sealed  # a fresh nonce each time


def test_a_changed_value_or_another_context_does_not_decrypt():
    sealed = encrypt(ACCOUNT, context="settlement.account_number")
    flipped = sealed[:-2] + ("A" if sealed[-2] != "A" else "B") + sealed[-1]

    with pytest.raises(DecryptionError):
        decrypt(flipped, context="settlement.account_number")
    with pytest.raises(DecryptionError):
        decrypt(sealed, context="customer.id_number")
    with pytest.raises(DecryptionError):
        decrypt("6222021234567891234")


def test_keys_rotate_by_id(settings):
    old, new = _key(), _key()
    settings.FIELD_ENCRYPTION_KEY = f"k1:{old}"
    sealed_with_old = encrypt(ACCOUNT)

    settings.FIELD_ENCRYPTION_KEY = f"k2:{new},k1:{old}"
    sealed_with_new = encrypt(ACCOUNT)

    assert encrypting_key_id() == "k2"
    assert sealed_with_old.startswith("zf1:k1:") and sealed_with_new.startswith("zf1:k2:")
    assert decrypt(sealed_with_old) == decrypt(sealed_with_new) == ACCOUNT
    settings.FIELD_ENCRYPTION_KEY = f"k2:{new}"
    with pytest.raises(DecryptionError):
        decrypt(sealed_with_old)


@pytest.mark.parametrize(
    "setting",
    ["k1", "k1:short", "k 1:{key}", "k1:{key},k1:{key}"],
    ids=["no-key", "short-key", "space-in-id", "id-twice"],
)
def test_a_malformed_key_setting_is_refused(settings, setting):
    setting = setting.replace("{key}", _key(), 1).replace("{key}", _key())
    settings.FIELD_ENCRYPTION_KEY = setting

    with pytest.raises(ImproperlyConfigured):
        encrypt(ACCOUNT)


def test_lookup_hash_finds_equal_values_and_survives_key_rotation(settings):
    settings.FIELD_ENCRYPTION_KEY = f"k1:{_key()}"
    before = lookup_hash("6222 0212 3456 7891 234")
    settings.FIELD_ENCRYPTION_KEY = f"k2:{_key()}"

    assert lookup_hash(ACCOUNT) == before
    assert lookup_hash("11010119900307123x") == lookup_hash("11010119900307123X")
    assert lookup_hash(ACCOUNT, context="a") != lookup_hash(ACCOUNT, context="b")
    assert ACCOUNT not in before and len(before) == 64
    settings.FIELD_HASH_KEY = _key()
    assert lookup_hash(ACCOUNT) != before


def test_masks():
    assert mask_bank_account("6222 0212 3456 1234") == "6222 **** **** 1234"
    assert mask_bank_account(ACCOUNT) == "6222 **** **** 1234"
    assert mask_id_number("110101199003071234") == "1101**********1234"
    assert mask_id_number("11010119900307123x") == "1101**********123X"
    assert mask_phone("13812345678") == "138****5678"
    assert mask_bank_account("1234") == "****"
    assert mask_phone("12345") == "*****"


@pytest.fixture
def payee_model(db):
    """A model of its own registry (no other test sees it), its table made inside the
    test's transaction and so rolled back with it."""
    with isolate_apps("zulin.providers"):

        class Payee(models.Model):
            account_number = EncryptedTextField(context="test.payee", null=True)

            class Meta:
                app_label = "providers"
                db_table = "test_crypto_payee"

    with connection.schema_editor() as editor:
        editor.create_model(Payee)
    return Payee


def test_the_model_field_stores_ciphertext_and_reads_plaintext(payee_model):
    Payee = payee_model
    payee = Payee.objects.create(account_number=ACCOUNT)
    empty = Payee.objects.create(account_number=None)

    with connection.cursor() as cursor:
        cursor.execute("select account_number from test_crypto_payee where id = %s", [payee.pk])
        (stored,) = cursor.fetchone()
    assert stored.startswith("zf1:") and ACCOUNT not in stored
    assert decrypt(stored, context="test.payee") == ACCOUNT
    assert Payee.objects.get(pk=payee.pk).account_number == ACCOUNT
    assert Payee.objects.get(pk=empty.pk).account_number is None
    assert Payee.objects.filter(account_number__isnull=True).count() == 1
    with pytest.raises(TypeError, match="lookup_hash"):
        Payee.objects.filter(account_number=ACCOUNT).exists()


def test_the_field_keeps_its_context_in_migrations():
    field = EncryptedTextField(context="test.payee")
    field.set_attributes_from_name("account_number")
    _, path, _, kwargs = field.deconstruct()

    assert path == "zulin.core.crypto.EncryptedTextField"
    assert kwargs["context"] == "test.payee"
