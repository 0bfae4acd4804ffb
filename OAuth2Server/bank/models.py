from django.conf import settings
from django.db import models


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
