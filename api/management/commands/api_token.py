"""``manage.py api_token USERNAME [--name NAME] [--days N]``: print a new API token (for CI)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.services import ApiRuleError, api_token_create


class Command(BaseCommand):
    help = "Make an API token for USERNAME and print its secret (shown this once)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="command line", help="What the token is for.")
        parser.add_argument(
            "--days", type=int, default=None, help="Expire after N days (default: never)."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        model = get_user_model()
        try:
            user = model.objects.get(**{model.USERNAME_FIELD: options["username"]})
        except model.DoesNotExist:
            raise CommandError(f"No account is named {options['username']!r}.") from None
        try:
            _, secret = api_token_create(user=user, name=options["name"], days=options["days"])
        except ApiRuleError as error:
            raise CommandError(error.message) from None
        self.stdout.write(secret)
