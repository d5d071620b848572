"""games 0021 turns every stored game into its sequence of moves, and each still replays.

Games played letter by letter (hard, easy, fair, won, lost, given up, not started) are
taken back to games 0020 (a row of letters, no moves), then migrated forward: each game's
moves are its letters in order, and ``check_games``' check finds nothing to say. Runs on
SQLite and on PostgreSQL (the migration fills PostgreSQL's rows in SQL).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import services
from games.models import Game
from games.selectors.replay_check import replay_mismatches
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0021_player_one_attempts")]
AFTER = [("games", "0022_moves_are_the_game")]


def migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def played(letters: str, **settings: Any) -> Game:
    player = UserFactory()
    game = services.game_start(
        player=player,
        dictionary=settings.pop("dictionary"),
        length=4,
        max_misses=settings.pop("max_misses", 8),
        difficulty=settings.pop("difficulty", "hard"),
        show_word_count=True,
        seed=settings.pop("seed", 7),
    )
    for letter in letters:
        game = services.game_guess(game_id=game.pk, player=player, letter=letter).game
    return game


def test_old_rows_become_their_letters_as_moves_and_replay_to_themselves() -> None:
    nine = DictionaryFactory(words=list(NINE_WORDS), slug="nine")
    games = [
        played("eotgcl", dictionary=nine),  # won
        played("eot", dictionary=nine, max_misses=2),  # lost
        played("eoazly", dictionary=nine, difficulty="easy"),
        played("eab", dictionary=nine, difficulty="fair", seed=3),
        played("", dictionary=nine),  # not started
    ]
    services.game_forfeit(game_id=games[-1].pk, player=games[-1].player)
    letters = {game.pk: Game.objects.get(pk=game.pk).letters for game in games}
    try:
        old = migrate(BEFORE).get_model("games", "Game")
        assert "moves" not in [field.name for field in old._meta.concrete_fields]
        assert dict(old.objects.values_list("pk", "letters")) == letters
        migrate(AFTER)
        for game in Game.objects.all():
            assert game.moves == list(letters[game.pk])
            assert replay_mismatches(game) == [], game.pk
    finally:
        migrate(latest())
