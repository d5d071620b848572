"""Games name no daily any more: the daily's column and checks go (daily 0005 copied them
into its own link rows first, and runs before this one).

The last migration of games that names the daily: it names what it drops. The rules the
column held move with it: one attempt per player and puzzle is the daily's link row's
(``dailygame_one_attempt``); the games' own ones read ``counts_as`` ("one_attempt": a day's
attempt, played alongside the ranked game, on no points leaderboard). The leaderboards'
indexes are built again with that condition, and the boards of one attempts get an index
by the seed their attempts share; every index and check is built without stopping play
(core/migration_ops.py).
"""

import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models

from core.migration_ops import AddCheckOnline, AddIndexOnline


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("dictionaries", "0007_word_zipf"),
        ("games", "0017_counts_as"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="game",
            name="game_one_ranked_in_progress",
        ),
        migrations.RemoveConstraint(
            model_name="game",
            name="game_daily_seeded_ties",
        ),
        migrations.RemoveConstraint(
            model_name="game",
            name="game_bot_never_ranked",
        ),
        migrations.RemoveConstraint(
            model_name="game",
            name="game_one_ranked_daily_attempt",
        ),
        migrations.RemoveConstraint(
            model_name="game",
            name="game_guest_attempt_unranked_daily",
        ),
        migrations.RemoveIndex(
            model_name="game",
            name="game_ranked_finished",
        ),
        migrations.RemoveIndex(
            model_name="game",
            name="game_ranked_bucket",
        ),
        migrations.RemoveIndex(
            model_name="game",
            name="game_daily_board",
        ),
        migrations.RemoveField(
            model_name="game",
            name="daily_puzzle",
        ),
        migrations.RemoveField(
            model_name="game",
            name="played_as_guest",
        ),
        AddIndexOnline(
            model_name="game",
            index=models.Index(
                condition=models.Q(
                    ("finished_at__isnull", False),
                    ("is_ranked", True),
                    models.Q(("counts_as", "one_attempt"), _negated=True),
                ),
                fields=["finished_at"],
                include=("player", "score", "status", "dictionary", "length", "difficulty"),
                name="game_ranked_finished",
            ),
        ),
        AddIndexOnline(
            model_name="game",
            index=models.Index(
                condition=models.Q(
                    ("finished_at__isnull", False),
                    ("is_ranked", True),
                    models.Q(("counts_as", "one_attempt"), _negated=True),
                ),
                fields=["dictionary", "length", "difficulty", "finished_at"],
                include=("player", "score", "status"),
                name="game_ranked_bucket",
            ),
        ),
        AddIndexOnline(
            model_name="game",
            index=models.Index(
                models.F("seed"),
                models.OrderBy(models.F("status"), descending=True),
                models.F("misses"),
                django.db.models.functions.text.Length("letters"),
                models.F("finished_at"),
                models.F("id"),
                condition=models.Q(
                    ("counts_as", "one_attempt"),
                    ("finished_at__isnull", False),
                    ("is_ranked", True),
                ),
                name="game_one_attempt_board",
            ),
        ),
        AddCheckOnline(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("is_ranked", True), ("played_by_bot", True), _negated=True),
                    models.Q(("counts_as", "one_attempt"), ("played_by_bot", True), _negated=True),
                ),
                name="game_bot_never_ranked",
            ),
        ),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.UniqueConstraint(
                condition=models.Q(
                    ("is_ranked", True),
                    ("status", "playing"),
                    models.Q(("counts_as", "one_attempt"), _negated=True),
                ),
                fields=("player",),
                name="game_one_ranked_in_progress",
            ),
        ),
        AddCheckOnline(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("counts_as", "one_attempt"), _negated=True),
                    ("seeded_ties", True),
                    _connector="OR",
                ),
                name="game_one_attempt_seeded_ties",
            ),
        ),
    ]
