"""The result picture's rated line: the view reads the game's rating change from the
ratings (the board's own test) and hands it to play's drawing, so the picture says
"rated" exactly when the board does."""

from __future__ import annotations

import pytest
from django.test import Client

from daily.models import DailyPuzzle
from dictionaries.models import Dictionary
from games import share_image
from games.models import Game
from games.selectors.share import result_image_path
from ratings.models import RatingChange
from tests.conftest import NINE_WORDS
from tests.daily.conftest import made_up, puzzle
from tests.daily.support import finished_attempt, play_out
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import start

pytestmark = pytest.mark.django_db

__all__ = ["made_up", "puzzle"]  # the daily fixtures


def drawn_label(client: Client, game: Game, monkeypatch: pytest.MonkeyPatch) -> str:
    """The line under the result that the picture of ``game`` is drawn with."""
    drawn: list[str] = []

    def draw(game: Game, label: str, heading: str) -> bytes:
        drawn.append(label)
        return b"png"

    monkeypatch.setattr(share_image, "_draw", draw)
    assert client.get(result_image_path(game)).status_code == 200
    assert len(drawn) == 1
    return drawn[0]


class TestStanding:
    """The picture says rated, ranked or unranked as the rest of the site does: rated
    when the game moved its player's rating (the board's test), whatever kind it is."""

    def test_an_unranked_game(self, client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
        nine = DictionaryFactory(words=list(NINE_WORDS), is_default=True)
        game = play_out(start(UserFactory(), nine, show_word_count=True))
        assert not game.is_ranked
        assert drawn_label(client, game, monkeypatch) == "Unranked"

    def test_a_rated_ranked_game_says_by_how_much_and_its_points(
        self, client: Client, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        nine = DictionaryFactory(words=list(NINE_WORDS), is_default=True)
        game = play_out(start(UserFactory(), nine, max_misses=8, show_word_count=False))
        change = RatingChange.objects.get(game=game)
        points = f"{game.score:,} point{'s' * (game.score != 1)}"
        assert (
            drawn_label(client, game, monkeypatch)
            == f"Rated {round(change.player_delta):+d} · {points}"
        )

    def test_a_daily_attempt_is_rated_exactly_when_its_rating_moved(
        self,
        made_up: Dictionary,
        puzzle: DailyPuzzle,
        client: Client,
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        attempt = finished_attempt(UserFactory(), puzzle)
        change = RatingChange.objects.filter(game=attempt).first()
        if change is not None:
            assert (
                drawn_label(client, attempt, monkeypatch)
                == f"Rated {round(change.player_delta):+d}"
            )
            change.delete()  # a daily that moves no rating (as the ratings may decide)
        label = drawn_label(client, attempt, monkeypatch)
        assert label == "Ranked"  # and no points: daily puzzles score none
