"""Play's hooks: the apps above it supply what its pages hide and show, registered once.

Play (``games``) imports none of the apps above it. The daily puzzle registers its
secrecy rule, its shared answers and its home card in ``DailyConfig.ready``; classes
register the bot assignments' start check with the API; play registers par with the
dictionaries' imports. Running ``ready`` again must not register anything twice.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.db.models import Q

from api import services as api_services
from classes.bots import assignment_start_check
from daily.answers import shared_answer
from daily.page_extras import attempt_place, home_card
from daily.selectors import TODAYS_PUZZLE_SECRECY
from dictionaries import import_jobs
from games import page_extras, secrecy
from games import services as game_services
from games.models import Game, Move
from tests.factories import GameFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_each_app_registers_once_however_often_it_is_ready() -> None:
    for label in ("daily", "classes", "games"):
        apps.get_app_config(label).ready()
        apps.get_app_config(label).ready()
    assert secrecy._rules.count(TODAYS_PUZZLE_SECRECY) == 1
    assert game_services._answer_sources.count(shared_answer) == 1
    assert page_extras._home.count(home_card) == 1
    assert page_extras._board.count(attempt_place) == 1
    assert api_services._start_checks.count(assignment_start_check) == 1
    assert import_jobs._after_import.count(game_services.par_compute) == 1


def test_without_an_apps_rule_play_hides_only_games_that_count_in_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(secrecy, "_rules", [])
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
    monkeypatch.setattr(secrecy, "_rules", [])
    secrecy.register_secrecy_rule(HideAll())
    game = GameFactory()
    assert secrecy.is_secret_for(game, UserFactory())
    assert not Game.objects.exclude(secrecy.hidden_games(UserFactory())).exists()


def test_extras_of_several_apps_add_up(monkeypatch: pytest.MonkeyPatch, rf: Any) -> None:
    monkeypatch.setattr(page_extras, "_home", [])
    page_extras.register_home_extra(lambda request: {"one": 1})
    page_extras.register_home_extra(lambda request: {"two": 2})
    assert page_extras.home_extras(rf.get("/")) == {"one": 1, "two": 2}
