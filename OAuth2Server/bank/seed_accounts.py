"""The seeded accounts and OAuth 2.0 clients, restored by `manage.py seed`
and by `POST /_test/reset`.

The accounts are the reference backend's (docs/spec/wire-contract.md,
"Seeded data"; Sources/AdapterInMemory/BackendSeed.swift): the same ids,
names, CPFs, e-mails, passwords and states. All of it is public demo data.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from oauth2_provider.models import (
    AccessToken, Grant, IDToken, RefreshToken, get_application_model, get_device_grant_model)

from .models import Account

ACCOUNTS = [
    {"account_id": "5b1d7c2e-0c4f-4a51-9d0e-000000000001", "name": "Maria Silva", "cpf": "12345678909",
     "email": "maria@example.com", "password": "123456", "active": True},
    {"account_id": "5b1d7c2e-0c4f-4a51-9d0e-000000000002", "name": "João da Silva", "cpf": "52998224725",
     "email": "joao.silva@example.com", "password": "654321", "active": True},
    {"account_id": "5b1d7c2e-0c4f-4a51-9d0e-000000000003", "name": "Carla Souza", "cpf": "76626692038",
     "email": "carla.souza@example.com", "password": "111111", "active": False},
]

# The compliant mode's one client: the native app, public (RFC 8252 §8.5: a
# native app cannot keep a secret), authorization code + PKCE and the device
# grant, redirected to the loopback IP on any port (RFC 8252 §7.3).
NATIVE_CLIENT_ID = "gatehouse-native"
NATIVE_REDIRECT_URI = "http://127.0.0.1/callback"

# The legacy mode's two password-grant clients.
PUBLIC_CLIENT_ID = "gatehouse-public"
CONFIDENTIAL_CLIENT_ID = "gatehouse-confidential"
# Public test configuration, documented in docs/oauth2-server.md.
CONFIDENTIAL_CLIENT_SECRET = "gatehouse-test-secret"


@transaction.atomic
def restore_seed():
    """Deletes every token and grant, then puts the accounts and the mode's clients back as seeded."""
    for model in (RefreshToken, AccessToken, IDToken, Grant, get_device_grant_model()):
        model.objects.all().delete()
    users = get_user_model().objects
    for seeded in ACCOUNTS:
        user, _ = users.get_or_create(username=seeded["cpf"])
        user.email = seeded["email"]
        user.is_active = seeded["active"]
        user.first_name = seeded["name"]
        user.set_password(seeded["password"])
        user.save()
        Account.objects.update_or_create(
            user=user, defaults={"account_id": seeded["account_id"], "name": seeded["name"], "cpf": seeded["cpf"]})
    known = [seeded["cpf"] for seeded in ACCOUNTS]
    users.exclude(username__in=known).delete()

    if settings.COMPLIANT:
        _restore_native_client()
    else:
        _restore_password_grant_clients()


def _restore_native_client():
    Application = get_application_model()
    Application.objects.exclude(client_id=NATIVE_CLIENT_ID).delete()
    native, _ = Application.objects.get_or_create(client_id=NATIVE_CLIENT_ID)
    native.name = "Gatehouse"
    native.client_type = Application.CLIENT_PUBLIC
    native.authorization_grant_type = Application.GRANT_AUTHORIZATION_CODE
    native.additional_grant_types = Application.GRANT_DEVICE_CODE
    native.client_secret = ""
    native.hash_client_secret = False
    native.redirect_uris = NATIVE_REDIRECT_URI
    native.post_logout_redirect_uris = NATIVE_REDIRECT_URI
    native.skip_authorization = False
    native.algorithm = Application.RS256_ALGORITHM
    native.full_clean()
    native.save()


def _restore_password_grant_clients():
    Application = get_application_model()
    Application.objects.exclude(client_id__in=[PUBLIC_CLIENT_ID, CONFIDENTIAL_CLIENT_ID]).delete()
    public, _ = Application.objects.get_or_create(client_id=PUBLIC_CLIENT_ID)
    public.name = "Gatehouse (public client)"
    public.client_type = Application.CLIENT_PUBLIC
    public.authorization_grant_type = Application.GRANT_PASSWORD
    public.client_secret = ""
    public.hash_client_secret = False
    public.save()
    confidential, _ = Application.objects.get_or_create(client_id=CONFIDENTIAL_CLIENT_ID)
    confidential.name = "Gatehouse (confidential client)"
    confidential.client_type = Application.CLIENT_CONFIDENTIAL
    confidential.authorization_grant_type = Application.GRANT_PASSWORD
    # Saved hashed (DOT hashes a plain secret on save).
    confidential.client_secret = CONFIDENTIAL_CLIENT_SECRET
    confidential.hash_client_secret = True
    confidential.save()
