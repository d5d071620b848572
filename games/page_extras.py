"""What apps above play add to its pages: the home page's cards, a game's board, the form.

Play's views render the home page and the board; an app above it (the daily puzzle:
its card on the home page, an attempt's place on the day's leaderboard; the ratings: a
board's rating on the new-game form, a game's rating change) registers a
function here in its ``AppConfig.ready`` that returns more template context, so play
shows their information without importing them. The templates name the keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest

from games.models import Game
from games.selectors.board import ParInfo

HomeExtra = Callable[[HttpRequest], dict[str, Any]]
BoardExtra = Callable[[HttpRequest, Game], dict[str, Any]]
SettingsExtra = Callable[[HttpRequest, ParInfo], dict[str, Any]]
# What a result says of a game to anyone (the share picture): no request, no viewer.
ResultExtra = Callable[[Game], dict[str, Any]]
_home: list[HomeExtra] = []
_board: list[BoardExtra] = []
_settings: list[SettingsExtra] = []
_result: list[ResultExtra] = []


def register_home_extra(extra: HomeExtra) -> None:
    """Add context to the home page (once, however often an app's ``ready`` runs)."""
    if extra not in _home:
        _home.append(extra)


def register_board_extra(extra: BoardExtra) -> None:
    """Add context to a game's board (once, however often an app's ``ready`` runs)."""
    if extra not in _board:
        _board.append(extra)


def register_settings_extra(extra: SettingsExtra) -> None:
    """Add context to the new-game form's board line (par and what apps above say of it)."""
    if extra not in _settings:
        _settings.append(extra)


def register_result_extra(extra: ResultExtra) -> None:
    """Add what the share picture says of a game (the same for every viewer)."""
    if extra not in _result:
        _result.append(extra)


def result_extras(game: Game) -> dict[str, Any]:
    context: dict[str, Any] = {}
    for extra in _result:
        context.update(extra(game))
    return context


def home_extras(request: HttpRequest) -> dict[str, Any]:
    context: dict[str, Any] = {}
    for extra in _home:
        context.update(extra(request))
    return context


def board_extras(request: HttpRequest, game: Game) -> dict[str, Any]:
    context: dict[str, Any] = {}
    for extra in _board:
        context.update(extra(request, game))
    return context


def settings_extras(request: HttpRequest, board: ParInfo) -> dict[str, Any]:
    context: dict[str, Any] = {}
    for extra in _settings:
        context.update(extra(request, board))
    return context
