"""The rate-limit counters, moved from ``evilsite`` (now the settings alone) to ``core``.

A database migrated under the old layout has them in ``evilsite_ratelimitcount``
(evilsite's migration 0001): that table, with its rows, becomes ``core_ratelimitcount``;
a new database gets the table made (core/migration_ops.py, ``AdoptTable``).
"""

from django.db import migrations, models

from core.migration_ops import AdoptTable


class Migration(migrations.Migration):

    initial = True

    dependencies = []

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="RateLimitCount",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("scope", models.CharField(max_length=40)),
                        ("subject", models.CharField(help_text='Whose requests: "user:<id>".', max_length=80)),
                        ("window_start", models.BigIntegerField(help_text="Unix time the window began.")),
                        ("hits", models.PositiveIntegerField(default=1)),
                    ],
                    options={
                        "constraints": [models.UniqueConstraint(fields=("scope", "subject", "window_start"), name="ratelimit_one_count_per_window")],
                    },
                ),
            ],
        ),
        AdoptTable("RateLimitCount", old_table="evilsite_ratelimitcount"),
    ]
