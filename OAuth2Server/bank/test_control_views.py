"""Test control: routes that exist only because this server exists for tests.

`GET /_test/tokens` (the token table, masked), `POST /_test/expire-access-tokens`
(every access token's `expires` moved into the past, so tests need not wait
300 s), `POST /_test/expire-device-codes` (the same for the device flow's
codes), `POST /_test/rotate-signing-key` (a new OIDC signing key signs from
now on; the ones before it are retired: still published in the key set, so
tokens they signed still verify, but never used to sign again) and
`POST /_test/reset` (every token and grant deleted, the seed restored, the
signing key the server started with signing again and no key retired).

The server listens on 127.0.0.1 only and Django refuses any `Host` but
`127.0.0.1` and `localhost` (ALLOWED_HOSTS), so a page re-pointing a name
at loopback cannot reach these routes; a request that carries an `Origin`
(what a browser adds to a cross-site request) or a body not typed
`application/json` is refused too, as the reference server's control API
does.
"""

from datetime import timedelta, timezone as utc_zone

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from oauth2_provider.models import get_access_token_model, get_device_grant_model, get_refresh_token_model
from oauth2_provider.settings import oauth2_settings
from oauth2_provider.utils import jwk_from_pem

from make_signing_key import new_signing_key_pem

from .answers import json_answer, method_not_allowed
from .seed_accounts import restore_seed


def _control(method):
    def decorate(view):
        @csrf_exempt
        def guarded(request):
            if request.method != method:
                return method_not_allowed([method])
            if not request.META.get("REMOTE_ADDR", "").startswith("127."):
                return json_answer(403, {"message": "Test control answers loopback clients only."})
            if "Origin" in request.headers:
                return json_answer(403, {"message": "Test control refuses requests that carry an Origin."})
            if request.body and request.content_type != "application/json":
                return json_answer(403, {"message": "A test control body must be application/json."})
            return view(request)

        return guarded

    return decorate


def mask(token):
    """The first four characters and an ellipsis: enough to tell tokens apart, never enough to use one.

    Under hashed token storage (the compliant mode's TOKEN_STORAGE gate) the
    server keeps no token, only its SHA-256: `token` is then "".
    """
    return token[:4] + "…" if token else ""


def masked_checksum(record):
    """The first eight hex digits of the token's SHA-256 (DOT's `token_checksum`)
    and an ellipsis: what identifies a token in both modes — a test hashes its
    own token to find it."""
    return record.token_checksum[:8] + "…"


def _instant(moment):
    return moment.astimezone(utc_zone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


@_control("GET")
def tokens(request):
    now = timezone.now()
    access = [
        {"user": record.user.username if record.user else None, "token": mask(record.token),
         "checksum": masked_checksum(record), "client": record.application.client_id if record.application else None,
         "expires": _instant(record.expires), "expired": record.expires <= now}
        for record in get_access_token_model().objects.select_related("user", "application").order_by("id")
    ]
    refresh = [
        {"user": record.user.username, "token": mask(record.token), "checksum": masked_checksum(record),
         "client": record.application.client_id if record.application else None,
         "revoked": _instant(record.revoked), "access_token_present": record.access_token_id is not None}
        for record in get_refresh_token_model().objects.select_related("user", "application").order_by("id")
    ]
    return json_answer(200, {"access": access, "refresh": refresh})


@_control("POST")
def expire_access_tokens(request):
    with transaction.atomic():
        count = get_access_token_model().objects.update(expires=timezone.now() - timedelta(seconds=1))
    return json_answer(200, {"expired": count})


@_control("POST")
def expire_device_codes(request):
    """Every device code's expiry moved one second into the past (RFC 8628's
    `expired_token` without waiting out `expires_in`)."""
    with transaction.atomic():
        count = get_device_grant_model().objects.update(expires=timezone.now() - timedelta(seconds=1))
    return json_answer(200, {"expired": count})


def _key_id(pem):
    """The `kid` DOT gives a key in its key set and its ID tokens' headers: the JWK thumbprint."""
    return jwk_from_pem(pem).thumbprint()


@_control("POST")
def rotate_signing_key(request):
    """Key rotation as a provider does it: a second key signs every ID token
    from now on, and the first is retired, published beside it (DOT's
    OIDC_RSA_PRIVATE_KEYS_INACTIVE) but never used to sign again. The keys
    live in this process only; `reset` goes back to the one it started with."""
    if not settings.OAUTH2_PROVIDER.get("OIDC_ENABLED"):
        return json_answer(404, {"message": "This mode signs no ID token: there is no key to rotate."})
    retired = [oauth2_settings.OIDC_RSA_PRIVATE_KEY, *oauth2_settings.OIDC_RSA_PRIVATE_KEYS_INACTIVE]
    signing = new_signing_key_pem().decode("ascii")
    oauth2_settings.OIDC_RSA_PRIVATE_KEYS_INACTIVE = retired
    oauth2_settings.OIDC_RSA_PRIVATE_KEY = signing
    return json_answer(200, {"signing": _key_id(signing), "retired": [_key_id(pem) for pem in retired]})


def _restore_signing_key():
    if settings.OAUTH2_PROVIDER.get("OIDC_ENABLED"):
        oauth2_settings.OIDC_RSA_PRIVATE_KEY = settings.OAUTH2_PROVIDER["OIDC_RSA_PRIVATE_KEY"]
        oauth2_settings.OIDC_RSA_PRIVATE_KEYS_INACTIVE = []


@_control("POST")
def reset(request):
    restore_seed()
    _restore_signing_key()
    return json_answer(200, {"reset": True})
