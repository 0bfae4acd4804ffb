from django.core.management.base import BaseCommand

from bank.seed_accounts import restore_seed


class Command(BaseCommand):
    help = "Deletes every token and restores the seeded accounts and OAuth 2.0 clients."

    def handle(self, *args, **options):
        restore_seed()
