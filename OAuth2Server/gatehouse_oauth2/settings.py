"""Settings of the OAuth 2.0 test server: a django-oauth-toolkit authorization
server and a small protected resource, for Gatehouse's tests only.

Everything here is public test configuration: the server listens on
127.0.0.1 only, holds only the seeded demo accounts, and is thrown away
with its database after every run (scripts/oauth2-server).
"""

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

# Public on purpose: the server signs nothing that outlives a test run.
SECRET_KEY = "gatehouse-oauth2-test-server-not-a-secret"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]

# Two modes (scripts/oauth2-server start [--legacy-password-grant]):
# "compliant", the default, is set up as a real deployment would be (every
# RFC 9700 gate of django-oauth-toolkit on, OIDC, the login page, one public
# client for the authorization code and device grants); "legacy-password-grant"
# is the server as it was before issue 28, for the suites that still use the
# password grant.
MODE = os.environ.get("OAUTH2_SERVER_MODE", "compliant")
if MODE not in ("compliant", "legacy-password-grant"):
    raise ImproperlyConfigured(f"OAUTH2_SERVER_MODE is {MODE!r}, not compliant or legacy-password-grant")
COMPLIANT = MODE == "compliant"

# What the server is reached at (scripts/oauth2-server sets it): the device
# flow's verification_uri is absolute.
PUBLIC_BASE_URL = os.environ.get("OAUTH2_SERVER_BASE_URL", "http://127.0.0.1:8099").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.messages",
    "oauth2_provider",
    "bank",
]

# What a real deployment runs: sessions for the login page, CSRF for its
# forms (the token, revocation, resource and test-control routes are
# exempt: none of them reads a cookie), messages, clickjacking protection.
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]

# DOT's pages link a stylesheet nobody serves here: it is a 404, the pages
# work unstyled. (A directory that does not exist, so the test live server's
# static handler answers 404 too.)
STATIC_URL = "/static/"
STATIC_ROOT = str(BASE_DIR / "no-static-files")
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/o/device/"
# The session lives as long as the browser: the tests' browsers are thrown away.
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"

# One client model for both modes: DOT's Application with a second allowed
# grant, so the native client `gatehouse-native` takes the authorization
# code grant and the device grant under one client id (bank/models.py).
OAUTH2_PROVIDER_APPLICATION_MODEL = "bank.NativeApplication"

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
    # Our validator: the device grant's token request (which DOT 3.4.1 leaves
    # to oauthlib without the validator method it calls) and the OIDC claims.
    "OAUTH2_VALIDATOR_CLASS": "bank.validator.GatehouseOAuth2Validator",
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


def _signing_key():
    """The OIDC signing key, an RSA key generated at set-up (never committed):
    scripts/oauth2-server writes it into the server's state directory and
    names the file in OAUTH2_SERVER_OIDC_KEY_FILE."""
    name = os.environ.get("OAUTH2_SERVER_OIDC_KEY_FILE", "")
    if not name:
        raise ImproperlyConfigured(
            "OAUTH2_SERVER_OIDC_KEY_FILE is not set: the compliant mode signs ID tokens with a key "
            "scripts/oauth2-server generates; start the server with it")
    try:
        return Path(name).read_text()
    except OSError as error:
        raise ImproperlyConfigured(f"cannot read OAUTH2_SERVER_OIDC_KEY_FILE: {error}") from error


if COMPLIANT:
    OAUTH2_PROVIDER.update({
        "SCOPES": {
            "read": "Read the profile and the statement",
            "openid": "Sign you in (OpenID Connect)",
            "profile": "Your name and CPF",
            "email": "Your e-mail address",
        },
        # Every RFC 9700 gate of DOT 3.4.1 on: the six behaviour gates...
        "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
        "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
        "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
        "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
        "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
        "COMPLIANT_BCP_RFC9700_TOKEN_STORAGE": True,
        # ...and the four that make `manage.py check --deploy` an error on a
        # non-compliant value of the setting each covers.
        "COMPLIANT_BCP_RFC9700_REFRESH_TOKEN": True,
        "COMPLIANT_BCP_RFC9700_REDIRECT_URI_SCHEME": True,
        "COMPLIANT_BCP_RFC9700_REDIRECT_URI_MATCHING": True,
        "COMPLIANT_BCP_RFC9700_PKCE_REQUIRED": True,
        "PKCE_REQUIRED": True,
        # https only, server-wide (the REDIRECT_URI_SCHEME gate): the native
        # client alone adds http, and only for its registered loopback IP
        # redirect URI (RFC 8252 §7.3; bank.models.NativeApplication).
        "ALLOWED_REDIRECT_URI_SCHEMES": ["https"],
        "ALLOW_URI_WILDCARDS": False,
        "OIDC_ENABLED": True,
        "OIDC_RSA_PRIVATE_KEY": _signing_key(),
        "OIDC_RP_INITIATED_LOGOUT_ENABLED": True,
        "ID_TOKEN_EXPIRE_SECONDS": 300,
        # What discovery advertises: the one public client authenticates with
        # its client_id alone, and takes only these grants.
        "OIDC_TOKEN_ENDPOINT_AUTH_METHODS_SUPPORTED": ["none"],
        "OAUTH2_TOKEN_ENDPOINT_AUTH_METHODS_SUPPORTED": ["none"],
        "OIDC_RESPONSE_TYPES_SUPPORTED": ["code"],
        "OAUTH2_RESPONSE_TYPES_SUPPORTED": ["code"],
        "OAUTH2_GRANT_TYPES_SUPPORTED": [
            "authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
        # RFC 8628: the device flow's verification page, absolute.
        "OAUTH_DEVICE_VERIFICATION_URI": f"{PUBLIC_BASE_URL}/o/device/",
        "DEVICE_FLOW_INTERVAL": 5,
    })

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
