"""Settings of the OAuth 2.0 test server: a django-oauth-toolkit authorization
server and a small protected resource, for Gatehouse's tests only.

Everything here is public test configuration: the server listens on
127.0.0.1 only, holds only the seeded demo accounts, and is thrown away
with its database after every run (scripts/oauth2-server).
"""

import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent

# Public on purpose: the server signs nothing that outlives a test run.
SECRET_KEY = "gatehouse-oauth2-test-server-not-a-secret"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "oauth2_provider",
    "bank",
]

# No sessions, cookies or CSRF: every route is a token route or a
# test-control route, and none reads a cookie.
MIDDLEWARE = [
    "django.middleware.common.CommonMiddleware",
]

ROOT_URLCONF = "gatehouse_oauth2.urls"
WSGI_APPLICATION = "gatehouse_oauth2.wsgi.application"

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ.get("OAUTH2_SERVER_DB", str(BASE_DIR / "db.sqlite3")),
        # Concurrent requests (the tests send up to 100 at once) wait for
        # SQLite's write lock instead of failing: a transaction takes it when
        # it begins (IMMEDIATE), since one that read first and then asked for
        # it would be refused at once ("database is locked") to avoid a
        # deadlock; WAL lets reads go on beside a write.
        "OPTIONS": {
            "timeout": 30,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL;",
        },
    }
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The password grant's `username` is the CPF digits or the e-mail.
AUTHENTICATION_BACKENDS = ["bank.auth_backend.CPFOrEmailBackend"]

# A fast hasher: every sign-in and every confidential client's request
# hashes once, and Django's default (PBKDF2, a million rounds) would make
# a hundred test sign-ins take minutes on a busy 2-core machine. The
# passwords are public demo data anyway.
PASSWORD_HASHERS = ["bank.hashers.TestPBKDF2PasswordHasher"]

USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_CODE = "en-us"
USE_I18N = False

# Unknown paths and server errors answer JSON (bank.views.errors).
APPEND_SLASH = False

OAUTH2_PROVIDER = {
    "SCOPES": {"read": "Read the profile and the statement"},
    "DEFAULT_SCOPES": ["read"],
    # Short, so expiry is real; tests expire tokens through
    # POST /_test/expire-access-tokens rather than wait.
    "ACCESS_TOKEN_EXPIRE_SECONDS": 300,
    # RFC 6749 §6 rotation: every refresh issues a new refresh token and
    # revokes the old one at once (no grace period).
    "ROTATE_REFRESH_TOKEN": True,
    "REFRESH_TOKEN_GRACE_PERIOD_SECONDS": 0,
    # RFC 9700 §4.14.2: a revoked refresh token presented again revokes its
    # whole family, the new one included.
    "REFRESH_TOKEN_REUSE_PROTECTION": True,
    "PKCE_REQUIRED": False,
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
