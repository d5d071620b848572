"""games 0017, daily 0005, classes 0004 and games 0018 keep every stored game and attempt.

A database at the migrations before them (games 0016, daily 0004, classes 0003) is filled
with one game of each kind: ranked and practice games, a ranked game an old hint made
unranked, the day's ranked attempt, one a hint made unranked, a guest's attempt, practice of
a past day, the computer's replay of an attempt, an assignment's ranked and fair games, a
bot's game. Migrated forward, each game is still there, unchanged, and stores what it
counts as by the rule of the day it was played; each daily game has its link row, with its
puzzle, its one-attempt player and its guest mark. Migrated back, the daily's column holds
the puzzles again. Runs on SQLite and on PostgreSQL (the online operations' own path).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from classes.models import AssignmentGame
from daily.models import DailyGame
from games.models import CountsAs, Game

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [
    ("games", "0016_guest_daily_attempt"),
    ("daily", "0004_settings_fields"),
    ("classes", "0003_settings_fields"),
]
GAME_FIELDS = (
    "player_id",
    "is_ranked",
    "unranked_by_hint",
    "hints_used",
    "played_by_computer",
    "played_by_bot",
    "status",
    "letters",
    "seed",
    "score",
    "finished_at",
    "computer_replay_of_id",
)


def migrate(targets: list[tuple[str, str]]) -> Any:
    """Migrate the test database to ``targets``; the apps of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.fixture
def old_apps() -> Iterator[Any]:
    try:
        yield migrate(BEFORE)
    finally:
        migrate(latest())  # the rest of the suite runs on the current schema


def stored_games(apps: Any) -> dict[str, Any]:
    """One game of each kind, written with the models of ``apps`` (games 0016's)."""
    user_model = apps.get_model("auth", "User")
    dictionary = apps.get_model("dictionaries", "Dictionary").objects.create(
        name="Old", slug="old", word_count=3
    )
    puzzle_model = apps.get_model("daily", "DailyPuzzle")
    board = {"dictionary": dictionary, "length": 4, "max_misses": 6, "difficulty": "hard"}
    today = timezone.now().date()
    puzzle = puzzle_model.objects.create(date=today, number=2, seed=77, **board)
    past = puzzle_model.objects.create(
        date=today - dt.timedelta(days=1), number=1, seed=66, **board
    )
    game_model = apps.get_model("games", "Game")
    now = timezone.now()
    players = {name: user_model.objects.create(username=name) for name in ("ann", "bob", "cy")}

    def game(player: str, **fields: Any) -> Any:
        values = {
            "player": players[player],
            **board,
            "seed": 1,
            "pattern": "cool",
            "letters": "col",
            "words_left": 1,
            "status": "won",
            "word": "cool",
            "finished_at": now,
            "score": 0,
            **fields,
        }
        return game_model.objects.create(**values)

    daily = {"seed": 77, "seeded_ties": True, "daily_puzzle": puzzle}
    games = {
        "ranked": game("ann", is_ranked=True, score=120),
        "practice": game("ann", is_ranked=False),
        "ranked-hinted-before": game("bob", is_ranked=False, unranked_by_hint=True, hints_used=1),
        "attempt": game("ann", is_ranked=True, **daily),
        "attempt-hinted-before": game(
            "bob", is_ranked=False, unranked_by_hint=True, hints_used=1, **daily
        ),
        "guest-attempt": game("cy", is_ranked=False, played_as_guest=True, **daily),
        "past-practice": game("ann", is_ranked=False, seed=66, seeded_ties=True, daily_puzzle=past),
        "bot": game("bob", is_ranked=False, played_by_bot=True),
    }
    games["replay"] = game(
        "ann",
        is_ranked=False,
        played_by_computer=True,
        computer_replay_of=games["attempt"],
        **daily,
    )
    classroom = apps.get_model("classes", "Classroom").objects.create(
        instructor=players["cy"], name="Class", term="Fall", join_code="ABCDEFGH"
    )
    assignment = apps.get_model("classes", "Assignment").objects.create(
        classroom=classroom, title="One", due_at=now, **board
    )
    games["assignment"] = game("bob", is_ranked=True, score=80)
    games["assignment-fair"] = game("bob", is_ranked=False, difficulty="fair")
    link_model = apps.get_model("classes", "AssignmentGame")
    for kind in ("assignment", "assignment-fair"):
        link_model.objects.create(game=games[kind], assignment=assignment)
    return games


COUNTS_AS = {
    "ranked": CountsAs.RANKED,
    "practice": CountsAs.NOTHING,
    "ranked-hinted-before": CountsAs.RANKED,
    "attempt": CountsAs.ONE_ATTEMPT,
    "attempt-hinted-before": CountsAs.ONE_ATTEMPT,
    "guest-attempt": CountsAs.ONE_ATTEMPT,
    "past-practice": CountsAs.NOTHING,
    "bot": CountsAs.NOTHING,
    "replay": CountsAs.NOTHING,
    "assignment": CountsAs.ASSIGNMENT,
    "assignment-fair": CountsAs.ASSIGNMENT,
}
# Each daily game's link: its puzzle's number, its one-attempt player, its guest mark.
LINKS = {
    "attempt": (2, "ann", False),
    "attempt-hinted-before": (2, "bob", False),
    "guest-attempt": (2, "cy", True),
    "past-practice": (1, None, False),
    "replay": (2, None, False),
}


def snapshot(games: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    return {
        kind: tuple(getattr(game, field) for field in GAME_FIELDS) for kind, game in games.items()
    }


def test_every_game_is_kept_and_counts_as_it_did_and_every_daily_game_is_linked(
    old_apps: Any,
) -> None:
    games = stored_games(old_apps)
    before = snapshot(games)

    migrate(latest())

    after = {kind: Game.objects.get(pk=game.pk) for kind, game in games.items()}
    assert snapshot(after) == before
    assert {kind: game.counts_as for kind, game in after.items()} == COUNTS_AS
    links = {
        kind: (
            link.puzzle.number,
            link.attempt_by.username if link.attempt_by else None,
            link.played_as_guest,
        )
        for kind, game in after.items()
        for link in DailyGame.objects.filter(game=game)
    }
    assert links == LINKS
    assert AssignmentGame.objects.count() == 2
    assert Game.objects.count() == len(games)

    # Backwards: the daily's column and the guest's mark are filled from the links again.
    back = migrate(BEFORE)
    old_game = back.get_model("games", "Game")
    restored = {
        kind: (
            old_game.objects.get(pk=game.pk).daily_puzzle_id,
            old_game.objects.get(pk=game.pk).played_as_guest,
        )
        for kind, game in games.items()
    }
    assert restored == {
        kind: (getattr(game, "daily_puzzle_id", None), getattr(game, "played_as_guest", False))
        for kind, game in games.items()
    }
