"""Create the demo accounts a fresh install needs to be tried at once.

``make run`` calls this after migrating. It is idempotent and never resets a
password: once someone changes the demo passwords, they stay changed.

- ``demo`` / ``evil-hangman-demo``: a player;
- ``admin`` / ``evil-hangman-admin``: a superuser, for the admin site.

Change or delete both on any server that others can reach.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction


@dataclass(frozen=True)
class DemoAccount:
    username: str
    password: str
    is_superuser: bool


DEMO_ACCOUNTS = (
    DemoAccount(username="demo", password="evil-hangman-demo", is_superuser=False),
    DemoAccount(username="admin", password="evil-hangman-admin", is_superuser=True),
)


class Command(BaseCommand):
    help = "Create the demo player and the admin superuser if they do not exist yet."

    def handle(self, *args: object, **options: object) -> None:
        user_model = get_user_model()
        for account in DEMO_ACCOUNTS:
            with transaction.atomic():
                user, created = user_model.objects.get_or_create(
                    **{user_model.USERNAME_FIELD: account.username},
                    defaults={
                        "is_staff": account.is_superuser,
                        "is_superuser": account.is_superuser,
                    },
                )
                if created:
                    user.set_password(account.password)
                    user.save(update_fields=["password"])
            role = "superuser" if account.is_superuser else "player"
            if created:
                self.stdout.write(
                    self.style.SUCCESS(
                        f"Created {role} {account.username!r} "
                        f"(password {account.password!r}; change it on a public server)."
                    )
                )
            else:
                self.stdout.write(f"{role.capitalize()} {account.username!r} exists; left as is.")
