from django.apps import AppConfig


class BankConfig(AppConfig):
    """The protected resource: the seeded accounts' profiles and statements."""

    name = "bank"
    default_auto_field = "django.db.models.BigAutoField"
