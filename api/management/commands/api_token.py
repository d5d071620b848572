"""``manage.py api_token USERNAME [--name NAME]``: print a new API token, for scripts and CI."""

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

    def handle(self, *args: Any, **options: Any) -> None:
        model = get_user_model()
        try:
            user = model.objects.get(**{model.USERNAME_FIELD: options["username"]})
        except model.DoesNotExist:
            raise CommandError(f"No account is named {options['username']!r}.") from None
        try:
            _, secret = api_token_create(user=user, name=options["name"])
        except ApiRuleError as error:
            raise CommandError(error.message) from None
        self.stdout.write(secret)
