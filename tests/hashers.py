"""Argon2 with its cheapest parameters, for the test run only.

Production's Argon2 (Django's defaults: two passes over 100 MB) takes about 0.17 s a hash by
design, and the tests sign in some thousands of times: about a quarter of `make test`'s CPU.
Passwords stay Argon2 hashes (the algorithm the login tests assert); only the cost differs,
and it is written in each hash, so a hash of either kind verifies under both.
"""

from django.contrib.auth.hashers import Argon2PasswordHasher


class QuickArgon2PasswordHasher(Argon2PasswordHasher):
    time_cost = 1
    memory_cost = 1024  # KiB
    parallelism = 1
