"""Fixtures of the front's page tests: the game tests' player (logged in or not) and their
word lists."""

from __future__ import annotations

from tests.games.conftest import nine, other, player, player_client, secret

__all__ = ["nine", "other", "player", "player_client", "secret"]
