from urllib.parse import urlparse

from django.conf import settings
from django.db import models
from oauth2_provider.models import AbstractApplication

# RFC 8252 §7.3: loopback IP literals (never the name `localhost`, §8.3).
_LOOPBACK_IPS = ("127.0.0.1", "::1")


class Account(models.Model):
    """What the wire contract's User has beside Django's user: the account's
    id (a UUID string, the reference backend's), its display name and CPF.

    Django's `User` keeps the password, the e-mail and `is_active`
    (an inactive account cannot sign in: DOT answers `invalid_grant`).
    Its `username` is the CPF, so the token table names users by CPF.
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account")
    account_id = models.CharField(max_length=36, unique=True)
    name = models.CharField(max_length=100)
    cpf = models.CharField(max_length=11, unique=True)

    def __str__(self):
        return self.name


class NativeApplication(AbstractApplication):
    """DOT's Application with one more allowed grant and http for loopback only.

    DOT gives a client one grant type (`authorization_grant_type`). The native
    app's client `gatehouse-native` needs two under one client id: the
    authorization code grant (its `authorization_grant_type`) and the device
    grant (RFC 8628), listed in `additional_grant_types`; `allows_grant_type`,
    which every DOT check of a grant asks, accepts either.

    The server allows only `https` redirect URIs (ALLOWED_REDIRECT_URI_SCHEMES,
    so `check --deploy` passes the REDIRECT_URI_SCHEME gate). RFC 8252 §7.3
    has a native app receive the redirect on `http://127.0.0.1:<any port>`:
    `http` is added for a client whose every `http` redirect URI is on a
    loopback IP literal — no other host can ever be redirected to over http.
    DOT's own matching (models.redirect_to_uri_allowed) lets the port differ
    for a loopback IP and nothing else.
    """

    additional_grant_types = models.CharField(max_length=200, blank=True, default="")

    class Meta(AbstractApplication.Meta):
        swappable = "OAUTH2_PROVIDER_APPLICATION_MODEL"

    def allows_grant_type(self, *grant_types):
        allowed = {self.authorization_grant_type, *self.additional_grant_types.split()}
        return any(grant_type in allowed for grant_type in grant_types)

    def get_allowed_schemes(self):
        schemes = list(super().get_allowed_schemes())
        uris = [urlparse(uri) for uri in self.redirect_uris.split()]
        plain = [uri for uri in uris if uri.scheme == "http"]
        if plain and "http" not in schemes and all(uri.hostname in _LOOPBACK_IPS for uri in plain):
            schemes.append("http")
        return schemes
