from django.contrib.auth.hashers import PBKDF2PasswordHasher


class TestPBKDF2PasswordHasher(PBKDF2PasswordHasher):
    """PBKDF2 with few rounds, for a test server only.

    Every password sign-in and every request of the confidential client
    (DOT hashes client secrets) hashes once; Django's million rounds would
    make the concurrent test suites crawl on a busy 2-core machine. The
    passwords are the public demo accounts' and the database is thrown away
    after every run.
    """

    algorithm = "pbkdf2_sha256_test"
    iterations = 1_000
