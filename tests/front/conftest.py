"""Fixtures of the front's page tests: the game tests' player, logged in or not."""

from __future__ import annotations

from tests.games.conftest import player, player_client

__all__ = ["player", "player_client"]
