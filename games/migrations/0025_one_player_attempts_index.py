"""One index of a player's finished one attempts, whichever 0021 a database took.

The index was added as ``game_player_daily`` (0021_player_daily_attempts), then that
migration was renamed and its index called ``game_player_one_attempts``
(0021_player_one_attempts) after it had landed. Both are kept, as landed migrations are:
a database migrated before the rename builds the second name now, one migrated after it
builds the first, and this drops the first everywhere. The two indexes are the same
columns and condition; the streaks read whichever is there until this runs.
"""

from django.db import migrations

from core.migration_ops import RemoveIndexOnline


class Migration(migrations.Migration):
    atomic = False  # the index is dropped concurrently on PostgreSQL: play goes on

    dependencies = [
        ("games", "0021_player_daily_attempts"),
        ("games", "0024_one_attempt_board_counts_words"),
    ]

    operations = [
        RemoveIndexOnline(model_name="game", name="game_player_daily"),
    ]
