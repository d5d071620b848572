"""What each name looks like, moved from ``evilsite`` (now the settings alone) to accounts.

A database migrated under the old layout has the skeletons in
``evilsite_usernameskeleton`` (evilsite's migrations 0002 and 0003): that table, with its
rows, becomes ``accounts_usernameskeleton``; a new database gets the table made
(core/migration_ops.py, ``AdoptTable``). Where evilsite's last rule (0003, names without
punctuation) never ran, every account's skeletons are computed by today's rule.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.migrations.recorder import MigrationRecorder

from core.migration_ops import AdoptTable

LAST_OLD_RULE = ("evilsite", "0003_username_skeletons_without_punctuation")


def remember_usernames_unless_done(apps, schema_editor):
    """Every account's skeletons, unless the old layout's last migration made them."""
    if LAST_OLD_RULE in MigrationRecorder(schema_editor.connection).applied_migrations():
        return
    from django.contrib.auth import get_user_model

    from accounts.usernames import skeletons

    name_field = get_user_model().USERNAME_FIELD
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    UsernameSkeleton = apps.get_model("accounts", "UsernameSkeleton")
    UsernameSkeleton.objects.all().delete()
    rows = []
    for pk, username in User.objects.values_list("pk", name_field).iterator():
        rows.extend(UsernameSkeleton(user_id=pk, skeleton=text) for text in skeletons(username))
    UsernameSkeleton.objects.bulk_create(rows, batch_size=1000)


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="UsernameSkeleton",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("skeleton", models.CharField(db_index=True, max_length=600)),
                        ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        "constraints": [models.UniqueConstraint(fields=("user", "skeleton"), name="one_of_each_skeleton")],
                    },
                ),
            ],
        ),
        AdoptTable("UsernameSkeleton", old_table="evilsite_usernameskeleton"),
        migrations.RunPython(remember_usernames_unless_done, migrations.RunPython.noop),
    ]
