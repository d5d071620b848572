"""Whole-word guesses through the API, as a guesser bot sends them."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game
from games.selectors.replay import game_state
from tests.api.conftest import ApiClient, start

pytestmark = pytest.mark.django_db


def post(api: ApiClient, game: dict[str, Any], body: dict[str, Any]) -> Any:
    return api.post(f"/games/{game['id']}/guesses", body)


def test_a_word_is_dropped_and_the_last_word_wins(api: ApiClient, nine: Any) -> None:
    game = start(api, max_misses=26)
    game = post(api, game, {"letter": "e", "expected_guesses": 0}).json()["game"]
    while True:
        words = game_state(Game.objects.get(pk=game["id"])).candidate_words()
        response = post(api, game, {"word": words[0].upper(), "expected_guesses": game["guesses"]})
        assert response.status_code == 200, response.content
        outcome = response.json()
        game = outcome["game"]
        assert outcome["letter"] == words[0]
        assert outcome["word"] is True
        assert game["moves"][-1] == words[0]
        if len(words) == 1:
            break
        assert outcome["hit"] is False
        assert words[0] not in game_state(Game.objects.get(pk=game["id"])).candidate_words()
    assert outcome["hit"] is True
    assert (game["status"], game["word"], game["letters"]) == ("won", words[0], "e")
    assert game["guesses"] == len(game["moves"]) == 1 + len(game["words_guessed"])


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"word": "zzzz", "expected_guesses": 1}, 422),  # not in the list
        ({"word": "cools", "expected_guesses": 1}, 422),  # not the game's length
        ({"word": "c", "expected_guesses": 1}, 422),  # one letter: send it as a letter
        ({"word": "cool", "letter": "c", "expected_guesses": 1}, 422),  # both
        ({"expected_guesses": 1}, 422),  # neither
        ({"word": "cool", "expected_guesses": 0}, 409),  # out of date
    ],
)
def test_a_bad_word_changes_nothing(
    api: ApiClient, nine: Any, body: dict[str, Any], status: int
) -> None:
    game = start(api)
    post(api, game, {"letter": "e", "expected_guesses": 0})
    before = Game.objects.values("moves", "misses", "pattern").get(pk=game["id"])
    response = post(api, game, body)
    assert response.status_code == status, response.content
    assert "error" in response.json()
    assert Game.objects.values("moves", "misses", "pattern").get(pk=game["id"]) == before
