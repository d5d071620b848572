"""The renames of issue 28's words (games 0019, ratings 0003, daily 0006: board → challenge,
category, settings digest) keep every row, both ways: rows made now are there under the old
names after migrating back, and the same after migrating forward again."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from daily.models import DailyAnswer
from games.leaderboard_totals import leaderboard_totals_rebuild
from games.models import CategoryTotal, ChallengePrior, Difficulty
from ratings.models import ChallengeRating, RatingChange
from ratings.services import game_rate
from tests.daily.support import daily_dictionary, todays_puzzle
from tests.factories import FinishedGameFactory

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [
    ("games", "0018_daily_link_out"),
    ("ratings", "0002_board_history"),
    ("daily", "0005_dailygame"),
]
AFTER = [
    ("games", "0019_challenge_and_category_names"),
    ("ratings", "0003_challenge_names"),
    ("daily", "0006_settings_digest"),
]


def migrate(targets: list[tuple[str, str]]):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_the_renamed_tables_and_fields_keep_every_row() -> None:
    game = FinishedGameFactory()
    change = game_rate(game)
    assert change is not None
    leaderboard_totals_rebuild()
    prior = ChallengePrior.objects.create(
        dictionary=game.dictionary,
        length=game.length,
        difficulty=Difficulty.HARD,
        misses_needed=[3, 1],
        games=4,
    )
    daily_dictionary()
    answer = DailyAnswer.objects.create(
        puzzle=todays_puzzle(), settings_digest="d" * 32, position="|-------|e", answer={"e": 1}
    )
    challenge = ChallengeRating.objects.get()
    category = CategoryTotal.objects.values("pk", "player_id", "points", "games", "wins").get()
    change_row = (change.pk, change.challenge_id, change.challenge_before, change.challenge_after)
    assert change.moved_challenge in (True, False)

    old = migrate(BEFORE)
    old_change = old.get_model("ratings", "RatingChange").objects.get()
    assert (
        old_change.pk,
        old_change.board_id,
        old_change.board_before,
        old_change.board_after,
    ) == change_row
    assert old_change.board_deviation_after == change.challenge_deviation_after
    assert old_change.moved_board == change.moved_challenge
    assert old.get_model("ratings", "BoardRating").objects.get().rating == challenge.rating
    assert old.get_model("games", "BoardPrior").objects.get().misses_needed == [3, 1]
    old_category = old.get_model("games", "BoardTotal").objects.values(*category).get()
    assert old_category == category
    assert old.get_model("daily", "DailyAnswer").objects.values_list("pk", "board").get() == (
        answer.pk,
        "d" * 32,
    )

    migrate(AFTER)
    again = RatingChange.objects.get()
    assert (again.pk, again.challenge_id, again.challenge_before, again.challenge_after) == (
        change_row
    )
    assert ChallengeRating.objects.get().rating == challenge.rating
    assert ChallengePrior.objects.get().pk == prior.pk
    assert CategoryTotal.objects.values(*category).get() == category
