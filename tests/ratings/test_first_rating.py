"""Where a challenge's rating starts: the reference model player's win rate, else par, else 1500."""

from __future__ import annotations

import pytest

from games.models import ChallengePrior, Difficulty, Par, Status
from ratings import glicko2, rules
from ratings.selectors import challenge_first_rating, ratings_at_start
from ratings.services import game_rate
from tests.factories import DictionaryFactory, FinishedGameFactory, GameFactory

pytestmark = pytest.mark.django_db

# 10 games: 2 needed 3 misses, 3 needed 5, 5 needed 8.
HISTOGRAM = [0, 0, 0, 2, 0, 3, 0, 0, 5]


def test_a_stored_prior_comes_before_par_and_par_before_the_default() -> None:
    dictionary = DictionaryFactory()
    keys = {"dictionary_id": dictionary.pk, "length": 7, "difficulty": Difficulty.HARD}
    assert challenge_first_rating(max_misses=6, **keys) == glicko2.Rating()  # neither: 1500/350
    Par.objects.create(misses=4, at_least=4, nodes=1, **keys)
    assert challenge_first_rating(max_misses=6, **keys) == rules.first_rating_from_par(4, 6)
    ChallengePrior.objects.create(misses_needed=HISTOGRAM, games=10, **keys)
    start = challenge_first_rating(max_misses=6, **keys)  # 5 of 10 won with 6 allowed: (5 + 1) / 12
    assert start == rules.first_rating_from_win_rate(0.5)
    assert (start.rating, start.deviation) == (1500, 300)
    harder = challenge_first_rating(max_misses=4, **keys)  # 2 won: 3 / 12
    assert harder.rating == pytest.approx(1500 + 400 * 0.47712125472)  # log10(3)
    assert (
        challenge_first_rating(max_misses=9, **keys).rating < start.rating
    )  # every game won: 11 / 12


def test_a_prior_is_per_challenge_and_other_challenges_keep_par() -> None:
    dictionary = DictionaryFactory()
    keys = {"dictionary_id": dictionary.pk, "length": 7}
    Par.objects.create(difficulty=Difficulty.MEDIUM, misses=2, at_least=2, nodes=1, **keys)
    ChallengePrior.objects.create(
        difficulty=Difficulty.HARD, misses_needed=[0, 0, 1], games=1, **keys
    )
    medium = challenge_first_rating(max_misses=3, difficulty=Difficulty.MEDIUM, **keys)
    assert medium == rules.first_rating_from_par(2, 3)


def test_crafted_limits_read_as_a_challenge_no_one_or_every_one_wins() -> None:
    """A request with a limit outside the histogram gets a clamped start, not an error."""
    dictionary = DictionaryFactory()
    keys = {"dictionary_id": dictionary.pk, "length": 7, "difficulty": Difficulty.HARD}
    ChallengePrior.objects.create(misses_needed=HISTOGRAM, games=10, **keys)
    for max_misses in (-5, 0, 1, 26, 10_000):
        start = challenge_first_rating(max_misses=max_misses, **keys)
        assert rules.FIRST_RATING_MIN <= start.rating <= rules.FIRST_RATING_MAX


def test_a_prior_stored_after_a_challenge_was_rated_does_not_reset_it() -> None:
    """The cheat: a challenge rated hard by its results cannot be made to start over as easy
    (say by an admin rerunning the priors with --force): the history decides."""
    dictionary = DictionaryFactory()
    first = FinishedGameFactory(dictionary=dictionary, status=Status.LOST, max_misses=8)
    change = game_rate(first)
    assert change is not None
    ChallengePrior.objects.create(
        dictionary=dictionary,
        length=first.length,
        difficulty=first.difficulty,
        misses_needed=[100],  # every game won without a miss: the easiest start there is
        games=100,
    )
    second = GameFactory(dictionary=dictionary, length=first.length, max_misses=8)
    _, challenge = ratings_at_start(second)
    assert (challenge.rating, challenge.deviation) == (
        change.challenge_after,
        change.challenge_deviation_after,
    )
    assert challenge.rating > rules.FIRST_RATING_MIN
