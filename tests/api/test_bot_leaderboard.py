"""The bot leaderboard: finished bot games per token on one challenge, with par; no person's
game."""

from __future__ import annotations

from typing import Any

import pytest

from api.services import api_token_create
from games.models import Par
from tests.api.conftest import ApiClient, start
from tests.api.test_bot_games_marked import play_out
from tests.factories import FinishedGameFactory, UserFactory

pytestmark = pytest.mark.django_db

CHALLENGE = "/leaderboard?difficulty=easy&length=4&max_misses=26"


def test_bots_ranked_by_average_misses_with_par_and_no_human_games(
    api: ApiClient, nine: Any, player: Any
) -> None:
    Par.objects.create(dictionary=nine, length=4, difficulty="easy", misses=2, at_least=1, nodes=9)
    FinishedGameFactory(player=player, dictionary=nine, difficulty="easy", max_misses=26)
    for _ in range(2):
        play_out(api, start(api, difficulty="easy", max_misses=26))
    _, quitter_secret = api_token_create(user=UserFactory(username="quitter"), name="gives up")
    quitter = ApiClient(quitter_secret)
    quitter.post(f"/games/{start(quitter, difficulty='easy', max_misses=26)['id']}/forfeit")
    start(quitter, difficulty="easy", max_misses=26)  # in progress: not counted
    leaderboard = api.get(CHALLENGE).json()
    assert leaderboard["par"] == 2
    assert [(row["username"], row["bot"], row["games"]) for row in leaderboard["rows"]] == [
        ("botmaker", "my bot", 2),
        ("quitter", "gives up", 1),
    ]
    assert leaderboard["rows"][0]["won"] == 2
    assert leaderboard["rows"][1]["average_misses"] == 26  # a forfeit counts every miss allowed


def test_the_leaderboard_needs_a_token_and_a_known_dictionary(api: ApiClient, nine: Any) -> None:
    assert ApiClient(None).get(CHALLENGE).status_code == 401
    assert api.get(CHALLENGE + "&dictionary=nope").status_code == 404
    assert api.get("/leaderboard?length=4").status_code == 422
