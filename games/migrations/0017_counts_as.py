"""Whether a game counts is stored on it (``Game.counts_as``), filled here for the ranked games.

Today's rule, for the games the games app can tell by itself: a game counts as a ranked
game when it is ranked, or was until an old hint made it unranked; the computer's games
count for nothing. The apps that make games count for something of their own fill theirs
next (daily 0005: the day's one attempts; classes 0004: assignments' games), before
games 0018 drops the daily's column.
"""

from django.db import migrations, models
from django.db.models import Q

from core.migration_ops import AddCheckOnline


def fill_ranked(apps, schema_editor):
    game_model = apps.get_model("games", "Game")
    game_model.objects.using(schema_editor.connection.alias).filter(
        Q(is_ranked=True) | Q(unranked_by_hint=True), played_by_computer=False
    ).update(counts_as="ranked")


class Migration(migrations.Migration):
    # The checks are validated after they are added, so play goes on (core/migration_ops.py);
    # the field has a database default, so adding it rewrites no row on PostgreSQL.
    atomic = False

    dependencies = [
        ("games", "0016_guest_daily_attempt"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="counts_as",
            field=models.CharField(
                blank=True,
                choices=[
                    ("", "a practice game"),
                    ("ranked", "a ranked game"),
                    ("one_attempt", "your one attempt at the daily puzzle"),
                    ("assignment", "a game of a class assignment"),
                ],
                db_default="",
                default="",
                editable=False,
                help_text=(
                    "What the game counts for, set when it starts and never changed: a game "
                    "that counts takes no hint and no undo, and is secret while it is played."
                ),
                max_length=11,
            ),
        ),
        migrations.RunPython(fill_ranked, migrations.RunPython.noop, elidable=False),
        AddCheckOnline(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(("counts_as__in", ["", "ranked", "one_attempt", "assignment"])),
                name="game_counts_as_valid",
            ),
        ),
        AddCheckOnline(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("is_ranked", False), ("unranked_by_hint", False)),
                    models.Q(("counts_as", ""), _negated=True),
                    _connector="OR",
                ),
                name="game_ranked_counts",
            ),
        ),
        AddCheckOnline(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("played_by_computer", False), ("counts_as", ""), _connector="OR"
                ),
                name="game_computer_counts_nothing",
            ),
        ),
    ]
