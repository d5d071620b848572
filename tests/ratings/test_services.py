"""Rating a ranked game: in the finishing transaction, once, a win or a loss against the board."""

from __future__ import annotations

from typing import Any

import pytest

from games import services as game_services
from games.models import Difficulty, Par, Status
from ratings.models import PROVISIONAL_DEVIATION, BoardRating, PlayerRating, RatingChange
from ratings.services import board_start, rating_record
from tests.factories import DictionaryFactory, FinishedGameFactory, GameFactory

pytestmark = pytest.mark.django_db
WORDS = ["bark", "bare", "cart", "care", "dark", "dare", "mark", "mare"]


def test_giving_up_a_ranked_game_rates_it_as_a_loss_through_plays_hook() -> None:
    game = GameFactory(is_ranked=True, dictionary=DictionaryFactory(words=WORDS))
    game_services.game_forfeit(game_id=game.pk, player=game.player)
    change = RatingChange.objects.get(game=game)
    assert change.score == 0
    assert change.player_after < change.player_before
    assert change.board_after > change.board_before
    rating = PlayerRating.objects.get(player=game.player)
    assert (rating.games, rating.rating) == (1, change.player_after)
    assert rating.provisional
    assert rating.deviation > PROVISIONAL_DEVIATION


def test_an_unranked_game_is_not_rated() -> None:
    game = GameFactory(is_ranked=False, dictionary=DictionaryFactory(words=WORDS))
    game_services.game_forfeit(game_id=game.pk, player=game.player)
    assert not RatingChange.objects.exists()
    assert not PlayerRating.objects.exists()


def test_a_win_raises_the_player_and_lowers_the_board_once() -> None:
    game = FinishedGameFactory(status=Status.WON)
    change = rating_record(game)
    assert change is not None
    assert change.player_delta > 0
    assert change.board_after < change.board_before
    assert rating_record(game) is None  # a second call (a replayed hook) changes nothing
    assert PlayerRating.objects.get().games == 1
    assert BoardRating.objects.get().games == 1


def test_a_game_still_in_play_is_not_rated() -> None:
    assert rating_record(GameFactory()) is None


def test_a_board_starts_from_par_against_the_misses_allowed() -> None:
    dictionary = DictionaryFactory()
    Par.objects.create(
        dictionary=dictionary, length=20, difficulty=Difficulty.HARD, misses=1, at_least=1, nodes=1
    )
    keys = {"dictionary_id": dictionary.pk, "length": 20, "difficulty": Difficulty.HARD}
    farmed = board_start(max_misses=2, **keys)
    tight = board_start(max_misses=1, **keys)
    assert (farmed.rating, tight.rating) == (1350, 1500)
    assert farmed.deviation == 300
    unknown = board_start(max_misses=2, **keys | {"length": 7})
    assert (unknown.rating, unknown.deviation) == (1500, 350)
    assert board_start(max_misses=26, **keys).rating == 800  # clamped


def test_abandoning_a_ranked_game_for_a_new_one_still_rates_it_as_a_loss(settings: Any) -> None:
    """The cheat: walk away from a game about to be lost. Its forfeit is rated like any loss."""
    settings.RANKED_MIN_WORDS = 1
    dictionary = DictionaryFactory(words=WORDS)
    first = GameFactory(is_ranked=True, dictionary=dictionary)
    second = game_services.game_start(
        player=first.player,
        dictionary=dictionary,
        length=4,
        max_misses=8,
        difficulty=Difficulty.HARD,
        forfeit_game_id=first.pk,
    )
    assert second.is_ranked
    change = RatingChange.objects.get(game=first)
    assert change.score == 0
    assert change.player_after < change.player_before
    assert not RatingChange.objects.filter(game=second).exists()  # still in play
