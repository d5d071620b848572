"""Fixtures of the daily tests: the made-up default dictionary, today's puzzle, a player."""

from __future__ import annotations

import pytest

from daily.models import DailyPuzzle
from dictionaries.models import Dictionary
from tests.daily.support import daily_dictionary, todays_puzzle
from tests.games.conftest import player, player_client

__all__ = ["made_up", "player", "player_client", "puzzle"]


@pytest.fixture
def made_up() -> Dictionary:
    return daily_dictionary()


@pytest.fixture
def puzzle(made_up: Dictionary) -> DailyPuzzle:
    return todays_puzzle()
