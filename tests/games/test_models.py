"""The game row refuses states no play could reach."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import IntegrityError, transaction

from games.models import Status
from tests.factories import FinishedGameFactory, GameFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("fields", "constraint"),
    [
        ({"length": 4, "pattern": "-----"}, "game_pattern_fits_length"),
        ({"words_left": 0}, "game_some_word_left"),
        ({"misses": 9, "max_misses": 8}, "game_misses_within_allowed"),
        ({"max_misses": 27}, "game_max_misses_range"),
    ],
    ids=["pattern-length", "no-word-left", "misses-over", "misses-allowed-over"],
)
def test_an_impossible_game_is_refused(fields: dict[str, Any], constraint: str) -> None:
    with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
        GameFactory(**fields)


def test_a_won_game_shows_every_letter() -> None:
    with pytest.raises(IntegrityError, match="game_won_shows_every_letter"), transaction.atomic():
        FinishedGameFactory(status=Status.WON, word="cool", pattern="c-ol")
    FinishedGameFactory(status=Status.WON, word="cool", pattern="cool")


def test_a_start_token_belongs_to_one_game_of_a_player() -> None:
    player, token = UserFactory(), uuid.uuid4()
    GameFactory(player=player, start_token=token, is_ranked=False)
    GameFactory(player=UserFactory(), start_token=token)  # another player's form: no clash
    GameFactory(player=player, start_token=None, is_ranked=False)
    GameFactory(player=player, start_token=None, is_ranked=False)  # no token: never a clash
    clash = r"game_one_start_per_form|start_token"  # PostgreSQL names it; SQLite names columns
    with pytest.raises(IntegrityError, match=clash), transaction.atomic():
        GameFactory(player=player, start_token=token, is_ranked=False)
