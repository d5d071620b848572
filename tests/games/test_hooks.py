"""Play's hook points (``games/hooks.py``): the apps above it register once what play asks.

Play (``games``) imports none of the apps above it. The daily puzzle registers its
secrecy rule and its shared answers in ``DailyConfig.ready``, the ratings their update
as a ranked game ends; classes register the bot assignments' start check with the API
(``api/hooks.py``); play registers par with the dictionaries' imports
(``dictionaries/hooks.py``). Running ``ready`` again must not register anything twice.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.db.models import Q

from api import hooks as api_hooks
from classes.bots import assignment_start_check
from daily.answers import shared_answer
from daily.selectors import TODAYS_PUZZLE_SECRECY
from dictionaries import hooks as dictionary_hooks
from games import hooks, secrecy
from games import services as game_services
from games.models import Game, Move
from ratings.services import game_rate
from tests.factories import GameFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_each_app_registers_once_however_often_it_is_ready() -> None:
    for label in ("daily", "ratings", "classes", "games"):
        apps.get_app_config(label).ready()
        apps.get_app_config(label).ready()
    assert hooks.secrecy_rules().count(TODAYS_PUZZLE_SECRECY) == 1
    assert hooks.answer_sources().count(shared_answer) == 1
    assert hooks.finish_hooks().count(game_rate) == 1
    assert api_hooks.registered_start_checks().count(assignment_start_check) == 1
    assert dictionary_hooks.after_import_steps().count(game_services.par_compute) == 1


def test_without_an_apps_rule_play_hides_only_games_that_count_in_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(hooks, "_secrecy_rules", [])
    ranked = GameFactory(is_ranked=True)
    assert secrecy.is_secret_for(ranked, UserFactory())  # play's own rule (issue 26)
    Game.objects.filter(pk=ranked.pk).delete()
    game = GameFactory(is_ranked=False)
    viewer = UserFactory()
    assert not secrecy.is_secret_for(game, viewer)
    assert list(Game.objects.exclude(secrecy.hidden_games(viewer))) == [game]
    moves = Move.objects.exclude(secrecy.hidden_games(viewer, through="game__"))
    assert list(moves) == list(Move.objects.all())  # a filter a move's path accepts


class HideAll:
    """A made-up app's rule: every game is secret."""

    def is_secret_for(self, game: Game, viewer: Any) -> bool:
        return True

    def hidden_games(self, viewer: Any, *, through: str = "") -> Q:
        return Q(**{f"{through}pk__isnull": False})


def test_a_registered_rule_hides_games_on_every_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hooks, "_secrecy_rules", [])
    hooks.register_secrecy_rule(HideAll())
    game = GameFactory()
    assert secrecy.is_secret_for(game, UserFactory())
    assert not Game.objects.exclude(secrecy.hidden_games(UserFactory())).exists()
