"""Word-maker bots: the AI guesser asks, the bot answers positions, the server judges them."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from api.makers import MAX_ILLEGAL_ANSWERS
from api.models import MakerGame
from api.services import api_token_create
from tests.api.conftest import ApiClient
from tests.conftest import NINE_WORDS
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def start_maker(api: ApiClient, **settings: Any) -> dict[str, Any]:
    response = api.post("/maker-games", {"length": 4, "max_misses": 8, **settings})
    assert response.status_code == 201, response.content
    return response.json()


def answer(api: ApiClient, game: dict[str, Any], positions: list[int]) -> Any:
    body = {"positions": positions, "expected_guesses": game["guesses"]}
    return api.post(f"/maker-games/{game['id']}/answers", body)


def honest(word: str, letter: str) -> list[int]:
    return [index for index, char in enumerate(word) if char == letter]


@pytest.mark.parametrize(("word", "max_misses"), [("good", 8), ("ibex", 1), ("ally", 26)])
def test_an_honest_bot_plays_a_game_to_its_end(
    api: ApiClient, nine: Any, word: str, max_misses: int
) -> None:
    game = start_maker(api, max_misses=max_misses)
    assert game["status"] == "playing"
    assert game["asked"]
    while game["status"] == "playing":
        response = answer(api, game, honest(word, game["asked"]))
        assert response.status_code == 200, response.content
        game = response.json()
    wrong = [letter for letter in game["letters"] if letter not in word]
    assert game["misses"] == len(wrong)
    assert game["asked"] is None
    if game["status"] == "guessed":
        assert game["pattern"] == word
    else:
        assert game["status"] == "hanged"
        assert game["misses"] == max_misses


def test_an_answer_no_word_fits_is_refused_and_changes_nothing(api: ApiClient, nine: Any) -> None:
    game = start_maker(api)
    letter = game["asked"]
    response = answer(api, game, [0, 1, 2, 3])  # no word of the nine is four of one letter
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "illegal_answer"
    assert f"No word of the dictionary fits {letter.upper()}" in error["message"]
    again = api.get(f"/maker-games/{game['id']}").json()
    assert again["letters"] == ""
    assert again["asked"] == letter
    assert again["illegal_answers"] == 1


def fits(word: str, game: dict[str, Any], letter: str, positions: list[int]) -> bool:
    """Whether ``word`` agrees with every answer so far and this one (the test's own check)."""
    pattern = list(game["pattern"])
    for position in positions:
        pattern[position] = letter
    return all(
        (char if char in game["letters"] + letter else "-") == shown
        for char, shown in zip(word, pattern, strict=True)
    )


def test_an_answer_inconsistent_with_earlier_ones_is_refused(api: ApiClient, nine: Any) -> None:
    game = start_maker(api)
    while game["pattern"] == "-" * 4:
        game = answer(api, game, honest("good", game["asked"])).json()
    letter = game["asked"]
    hidden = [index for index, char in enumerate(game["pattern"]) if char == "-"]
    answers = [list(c) for size in range(len(hidden) + 1) for c in combinations(hidden, size)]
    legal = [a for a in answers if any(fits(w, game, letter, a) for w in NINE_WORDS)]
    illegal = [a for a in answers if a not in legal]
    assert legal  # some word is always still possible
    assert illegal  # and with four positions some answer fits none of the nine words
    refused = answer(api, game, illegal[0])
    assert refused.status_code == 422, illegal[0]
    assert refused.json()["error"]["code"] == "illegal_answer"
    shown = next(index for index, char in enumerate(game["pattern"]) if char != "-")
    response = answer(api, game, [shown])
    assert response.status_code == 422
    assert "already shows" in response.json()["error"]["message"]
    assert api.get(f"/maker-games/{game['id']}").json()["illegal_answers"] == 2
    assert answer(api, game, legal[0]).status_code == 200


@pytest.mark.parametrize("positions", [[7], [-1], [0, 0]])
def test_positions_outside_the_word_or_repeated_are_illegal(
    api: ApiClient, nine: Any, positions: list[int]
) -> None:
    game = start_maker(api)
    response = answer(api, game, positions)
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "illegal_answer"


def test_a_bot_that_cannot_answer_legally_loses(api: ApiClient, nine: Any) -> None:
    game = start_maker(api)
    for _ in range(MAX_ILLEGAL_ANSWERS):
        response = answer(api, game, [0, 1, 2, 3])
        assert response.status_code == 422
    assert "the bot loses this game" in response.json()["error"]["message"]
    lost = api.get(f"/maker-games/{game['id']}").json()
    assert lost["status"] == "lost"
    assert lost["finished_at"]
    assert lost["asked"] is None
    assert answer(api, lost, []).status_code == 422


def test_a_resent_answer_is_a_409_and_is_applied_once(api: ApiClient, nine: Any) -> None:
    game = start_maker(api)
    first = answer(api, game, [])
    second = answer(api, game, [])
    assert first.status_code == 200
    assert second.status_code == 409
    assert second.json()["error"]["code"] == "stale_board"
    assert MakerGame.objects.get().letters == game["asked"]


def test_another_players_token_and_no_token(api: ApiClient, nine: Any) -> None:
    game = start_maker(api)
    _, other_secret = api_token_create(user=UserFactory(), name="theirs")
    other = ApiClient(other_secret)
    assert other.get(f"/maker-games/{game['id']}").status_code == 404
    assert answer(other, game, []).status_code == 404
    assert ApiClient(None).get(f"/maker-games/{game['id']}").status_code == 401
    assert answer(ApiClient(None), game, []).status_code == 401
    assert ApiClient(None).post("/maker-games", {"length": 4, "max_misses": 8}).status_code == 401
    assert MakerGame.objects.get().letters == ""


def test_bad_starts(api: ApiClient, nine: Any) -> None:
    assert api.post("/maker-games", {"length": 5, "max_misses": 8}).status_code == 422
    assert api.post("/maker-games", {"length": 4, "max_misses": 0}).status_code == 422
    body = {"length": 4, "max_misses": 8, "dictionary": "nope"}
    assert api.post("/maker-games", body).status_code == 404
    assert not MakerGame.objects.exists()


def test_the_maker_leaderboard_ranks_bots_beside_hard_and_fiendish(
    api: ApiClient, nine: Any
) -> None:
    for word in ("good", "ibex"):
        game = start_maker(api, max_misses=3)
        while game["status"] == "playing":
            game = answer(api, game, honest(word, game["asked"])).json()
    _, other_secret = api_token_create(user=UserFactory(username="cheat"), name="liar")
    liar = ApiClient(other_secret)
    lost = start_maker(liar, max_misses=3)
    for _ in range(MAX_ILLEGAL_ANSWERS):
        answer(liar, lost, [0, 1, 2, 3])
    leaderboard = api.get("/maker-leaderboard?length=4&max_misses=3").json()
    assert set(leaderboard["reference"]) == {"hard", "fiendish"}  # tasks run at once here
    assert leaderboard["reference_complete"]
    assert all(0 <= misses <= 3 for misses in leaderboard["reference"].values())
    rows = {row["bot"]: row for row in leaderboard["rows"]}
    assert rows["my bot"]["games"] == 2
    assert rows["liar"]["average_misses"] == 0  # a game lost by illegal answers forces nothing
    assert leaderboard["rows"][-1]["bot"] == "liar"
    refused = api.get("/maker-leaderboard?length=5")
    assert refused.status_code == 422
    assert refused.json()["error"]["message"] == "Nine has no words of length 5; its lengths are 4."
