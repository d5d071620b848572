"""Visitors' accounts keep no e-mail address (issue 37, finding 7): one saved before this
rule was never checked to be the visitor's, and served nothing (a visitor has no password
to reset), so it is forgotten. ``core.guests.guest_accounts`` is the same rule as a query
(the reserved name, an unusable password)."""

from django.conf import settings
from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX
from django.db import migrations

GUEST_USERNAME_PREFIX = "visitor-"  # core.guests, frozen here as migrations must be


def forget_guests_addresses(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    User.objects.filter(
        username__startswith=GUEST_USERNAME_PREFIX,
        password__startswith=UNUSABLE_PASSWORD_PREFIX,
    ).exclude(email="").update(email="")


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0003_username_skeletons_by_icu"),
    ]

    operations = [
        migrations.RunPython(forget_guests_addresses, migrations.RunPython.noop),
    ]
