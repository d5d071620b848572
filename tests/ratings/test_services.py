"""Rating a ranked game: in the finishing transaction, once, a win or a loss on its challenge."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import Difficulty, Par, Status
from ratings import glicko2, rules
from ratings.models import PROVISIONAL_DEVIATION, ChallengeRating, PlayerRating, RatingChange
from ratings.selectors import challenge_first_rating
from ratings.services import game_rate
from tests.factories import DictionaryFactory, FinishedGameFactory, GameFactory, UserFactory
from tests.ratings.support import established_player

pytestmark = pytest.mark.django_db
WORDS = ["bark", "bare", "cart", "care", "dark", "dare", "mark", "mare"]


def test_giving_up_a_ranked_game_rates_it_as_a_loss_through_plays_hook() -> None:
    game = GameFactory(is_ranked=True, dictionary=DictionaryFactory(words=WORDS))
    game_services.game_forfeit(game_id=game.pk, player=game.player)
    change = RatingChange.objects.get(game=game)
    assert change.score == 0
    assert change.player_after < change.player_before
    assert (
        change.challenge_after == change.challenge_before
    )  # a newcomer's result moves no challenge
    rating = PlayerRating.objects.get(player=game.player)
    assert (rating.games, rating.rating) == (1, change.player_after)
    assert rating.provisional
    assert rating.deviation > PROVISIONAL_DEVIATION


def test_an_unranked_game_is_not_rated() -> None:
    game = GameFactory(is_ranked=False, dictionary=DictionaryFactory(words=WORDS))
    game_services.game_forfeit(game_id=game.pk, player=game.player)
    assert not RatingChange.objects.exists()
    assert not PlayerRating.objects.exists()


def test_a_win_raises_the_player_and_lowers_the_challenge_once() -> None:
    game = FinishedGameFactory(status=Status.WON, letters="zr", player=established_player())
    change = game_rate(game)
    assert change is not None
    assert change.player_delta > 0
    assert change.challenge_after < change.challenge_before
    assert game_rate(game) is None  # a second call (a replayed hook) changes nothing
    assert PlayerRating.objects.get().games == 1
    assert ChallengeRating.objects.get(dictionary=game.dictionary).games == 1


def test_a_game_still_in_play_is_not_rated() -> None:
    assert game_rate(GameFactory()) is None


def test_a_challenge_starts_from_par_against_the_misses_allowed() -> None:
    dictionary = DictionaryFactory()
    Par.objects.create(
        dictionary=dictionary, length=20, difficulty=Difficulty.HARD, misses=1, at_least=1, nodes=1
    )
    keys = {"dictionary_id": dictionary.pk, "length": 20, "difficulty": Difficulty.HARD}
    farmed = challenge_first_rating(max_misses=2, **keys)
    tight = challenge_first_rating(max_misses=1, **keys)
    assert (farmed.rating, tight.rating) == (1350, 1500)
    assert farmed.deviation == 300
    unknown = challenge_first_rating(max_misses=2, **keys | {"length": 7})
    assert (unknown.rating, unknown.deviation) == (1500, 350)
    assert challenge_first_rating(max_misses=26, **keys).rating == 800  # clamped


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


def _rated_before(player: Any, rating: float, *, at: dt.datetime) -> None:
    """The player's history says ``rating`` (deviation 60) as of ``at``: one rated game then."""
    elsewhere = ChallengeRating.objects.create(
        dictionary=DictionaryFactory(), length=9, max_misses=6, difficulty=Difficulty.HARD
    )
    RatingChange.objects.create(
        game=FinishedGameFactory(player=player, finished_at=at),
        player=player,
        challenge=elsewhere,
        score=1,
        player_before=rating,
        player_after=rating,
        player_deviation_after=60,
        challenge_before=1500,
        challenge_after=1500,
        finished_at=at,
    )
    PlayerRating.objects.update_or_create(
        player=player, defaults={"rating": rating, "deviation": 60}
    )


def _challenge_dictionary() -> Any:
    """A dictionary whose 20-letter challenges start at 1500 - 150 x (misses allowed - 1)."""
    dictionary = DictionaryFactory(
        words=["internationalization", "counterrevolutionary", "uncharacteristically"[:20]]
    )
    Par.objects.create(
        dictionary=dictionary, length=20, difficulty=Difficulty.HARD, misses=1, at_least=1, nodes=1
    )
    return dictionary


def _started(game: Any, at: dt.datetime) -> Any:
    type(game).objects.filter(pk=game.pk).update(started_at=at)
    game.refresh_from_db()
    return game


def test_a_win_on_a_challenge_far_below_the_player_changes_neither_rating() -> None:
    now = timezone.now()
    player = UserFactory()
    _rated_before(player, 1800, at=now - dt.timedelta(hours=1))
    game = FinishedGameFactory(
        player=player, dictionary=_challenge_dictionary(), length=20, max_misses=12
    )
    game = _started(game, now - dt.timedelta(minutes=10))
    assert game_rate(game) is None
    assert not RatingChange.objects.filter(game=game).exists()
    assert not ChallengeRating.objects.filter(length=20).exists()
    assert PlayerRating.objects.get(player=player).rating == 1800
    assert game_rate(game) is None  # and so it stays


def test_lifting_the_rating_in_another_tab_does_not_dodge_a_rated_loss() -> None:
    """The cheat: losing a game that counts, win elsewhere until the challenge is "too easy"."""
    now = timezone.now()
    player = UserFactory()
    _rated_before(player, 1500, at=now - dt.timedelta(hours=1))
    game = GameFactory(
        player=player, is_ranked=True, dictionary=_challenge_dictionary(), length=20, max_misses=3
    )
    game = _started(game, now - dt.timedelta(minutes=30))  # challenge 1200: it counts for 1500
    _rated_before(player, 1800, at=now - dt.timedelta(minutes=5))  # the other tab's wins
    challenge_now = challenge_first_rating(
        dictionary_id=game.dictionary_id, length=20, max_misses=3, difficulty=Difficulty.HARD
    )
    assert not rules.counts(glicko2.Rating(1800, 60), challenge_now)  # too easy by now
    game_services.game_forfeit(game_id=game.pk, player=player)
    change = RatingChange.objects.get(game=game)
    assert (change.score, change.player_before) == (0, 1800)
    assert change.player_after < 1800


def test_losing_rating_in_another_tab_does_not_make_an_easy_challenge_count() -> None:
    now = timezone.now()
    player = UserFactory()
    _rated_before(player, 1800, at=now - dt.timedelta(hours=1))
    game = FinishedGameFactory(
        player=player, dictionary=_challenge_dictionary(), length=20, max_misses=5
    )
    game = _started(game, now - dt.timedelta(minutes=30))  # challenge 900: too easy for 1800
    _rated_before(player, 1300, at=now - dt.timedelta(minutes=5))
    assert game_rate(game) is None
    assert PlayerRating.objects.get(player=player).rating == 1300


def test_spare_accounts_throwing_games_do_not_lift_a_challenge() -> None:
    """The cheat: twenty new accounts lose on a challenge so that a win there pays more."""
    dictionary = DictionaryFactory(words=WORDS)
    for _ in range(20):
        game = GameFactory(is_ranked=True, dictionary=dictionary)
        game_services.game_forfeit(game_id=game.pk, player=game.player)
    challenge = ChallengeRating.objects.get()
    assert (challenge.games, challenge.rating) == (
        20,
        1500,
    )  # rated for each account, not the challenge
    assert RatingChange.objects.filter(player_after__lt=1500).count() == 20


def _established_loss(dictionary: Any, *, letters: str, player: Any = None, **extra: Any) -> Any:
    """A loss of a player whose results may move challenges (``tests.ratings.support``)."""
    game = FinishedGameFactory(
        player=player or established_player(),
        dictionary=dictionary,
        status=Status.LOST,
        letters=letters,
        **extra,
    )
    return game_rate(game)


def test_an_established_players_loss_moves_the_challenge_once_a_day() -> None:
    """The cheat, established: one spare account throwing game after game on one challenge."""
    dictionary = DictionaryFactory(words=WORDS)
    first = _established_loss(dictionary, letters="zq")
    assert first.moved_challenge
    assert first.challenge_after > first.challenge_before
    spare = first.player
    for _ in range(5):
        again = _established_loss(dictionary, letters="zq", player=spare)
        assert not again.moved_challenge  # rated for the player, the challenge stays
        assert again.challenge_after == again.challenge_before
    assert ChallengeRating.objects.get(dictionary=dictionary).rating == first.challenge_after
    tomorrow = first.finished_at + dt.timedelta(days=1)
    assert _established_loss(
        dictionary, letters="zq", player=spare, finished_at=tomorrow
    ).moved_challenge
    # Another established account moves it the same day.
    assert _established_loss(dictionary, letters="zq").moved_challenge


def test_a_give_up_before_any_guess_moves_no_challenge() -> None:
    change = _established_loss(DictionaryFactory(words=WORDS), letters="", forfeited=True)
    assert change.score == 0
    assert change.player_after < change.player_before
    assert not change.moved_challenge
