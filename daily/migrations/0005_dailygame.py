"""The daily owns its link to games: one ``DailyGame`` row per game of a puzzle.

Each game's ``daily_puzzle`` (and ``played_as_guest``) is copied into its link row, the
day's one attempts (ranked, made unranked by an old hint, or a guest's: the rule of the
old ``game_one_ranked_daily_attempt``) keep their player as ``attempt_by`` and are stored
as counting for that (``Game.counts_as``). Runs before games 0018 drops the columns;
backwards, it copies the links back into them.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import Q

BATCH = 2000
ATTEMPT = Q(is_ranked=True) | Q(unranked_by_hint=True) | Q(played_as_guest=True)


def link_games(apps, schema_editor):
    alias = schema_editor.connection.alias
    game_model = apps.get_model("games", "Game")
    link_model = apps.get_model("daily", "DailyGame")
    games = game_model.objects.using(alias).filter(daily_puzzle__isnull=False)
    attempts = set(games.filter(ATTEMPT).values_list("pk", flat=True))
    rows = games.order_by("pk").values_list("pk", "daily_puzzle_id", "player_id", "played_as_guest")
    batch = []
    for game_id, puzzle_id, player_id, played_as_guest in rows.iterator(chunk_size=BATCH):
        batch.append(
            link_model(
                game_id=game_id,
                puzzle_id=puzzle_id,
                attempt_by_id=player_id if game_id in attempts else None,
                played_as_guest=played_as_guest,
            )
        )
        if len(batch) == BATCH:
            link_model.objects.using(alias).bulk_create(batch)
            batch = []
    link_model.objects.using(alias).bulk_create(batch)
    games.filter(ATTEMPT).update(counts_as="one_attempt")


def unlink_games(apps, schema_editor):
    alias = schema_editor.connection.alias
    game_model = apps.get_model("games", "Game")
    link_model = apps.get_model("daily", "DailyGame")
    links = link_model.objects.using(alias).order_by("pk")
    for game_id, puzzle_id, played_as_guest in links.values_list(
        "game_id", "puzzle_id", "played_as_guest"
    ).iterator(chunk_size=BATCH):
        game_model.objects.using(alias).filter(pk=game_id).update(
            daily_puzzle_id=puzzle_id, played_as_guest=played_as_guest
        )
    game_model.objects.using(alias).filter(counts_as="one_attempt").update(counts_as="ranked")
    # The old rule's games that were never ranked count for nothing there.
    game_model.objects.using(alias).filter(
        counts_as="ranked", is_ranked=False, unranked_by_hint=False
    ).update(counts_as="")


class Migration(migrations.Migration):
    dependencies = [
        ("daily", "0004_settings_fields"),
        ("games", "0017_counts_as"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]
    # The links are made from the games' column before it goes.
    run_before = [("games", "0018_daily_link_out")]

    operations = [
        migrations.CreateModel(
            name="DailyGame",
            fields=[
                (
                    "game",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="daily_link",
                        serialize=False,
                        to="games.game",
                    ),
                ),
                (
                    "played_as_guest",
                    models.BooleanField(
                        default=False,
                        help_text=(
                            "An attempt a visitor played as a guest: the day's one attempt, "
                            "never ranked nor on the day's board, kept when they sign up."
                        ),
                    ),
                ),
                (
                    "attempt_by",
                    models.ForeignKey(
                        blank=True,
                        help_text="The player whose one attempt at the puzzle this is (empty: practice).",
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "puzzle",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="game_links",
                        to="daily.dailypuzzle",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["attempt_by", "puzzle"], name="dailygame_attempt_by")
                ],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("puzzle", "attempt_by"), name="dailygame_one_attempt"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            ("played_as_guest", False),
                            ("attempt_by__isnull", False),
                            _connector="OR",
                        ),
                        name="dailygame_guest_is_attempt",
                    ),
                ],
            },
        ),
        migrations.RunPython(link_games, unlink_games, elidable=False),
    ]
