"""A bot plays a game a friend sent, through the API: the same game, once per account."""

from __future__ import annotations

from typing import Any

import pytest

from friends.models import SentGamePlay
from friends.services import sent_game_close, sent_game_new
from games.models import Game, Move
from tests.api.conftest import ApiClient
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_bot_plays_a_link_once_with_the_links_seed(api: ApiClient, nine: Any) -> None:
    sender = UserFactory(username="sender")
    sent = sent_game_new(player=sender, dictionary=nine, length=4, max_misses=8, difficulty="hard")
    response = api.post(f"/play-with/{sent.code}/games", {})
    assert response.status_code == 201, response.content
    game = response.json()
    assert (game["bot"], game["ranked"], game["guesses"]) == (True, False, 0)
    row = Game.objects.get(pk=game["id"])
    assert (row.seed, row.played_by_bot) == (sent.seed, True)
    outcome = api.post(f"/games/{game['id']}/guesses", {"letter": "e", "expected_guesses": 0})
    assert outcome.status_code == 200
    again = api.post(f"/play-with/{sent.code}/games", {})
    assert again.json()["id"] == game["id"]  # once per account: the same game back
    assert SentGamePlay.objects.filter(sent=sent).count() == 1
    assert Move.objects.filter(game=row).count() == 1


def test_an_unknown_or_closed_link_starts_nothing(api: ApiClient, nine: Any) -> None:
    assert api.post("/play-with/no-such-code/games", {}).status_code == 404
    sender = UserFactory(username="sender")
    sent = sent_game_new(player=sender, dictionary=nine, length=4, max_misses=8, difficulty="hard")
    sent_game_close(code=sent.code, player=sender)
    response = api.post(f"/play-with/{sent.code}/games", {})
    assert response.status_code == 422
    assert "closed" in response.json()["error"]["message"]
    assert not Game.objects.exists()
