"""Which games count (ratings.rules): a challenge the player is all but sure to win does not."""

from __future__ import annotations

import pytest

from ratings import glicko2, rules


def test_a_challenge_near_the_player_counts_and_one_far_below_does_not() -> None:
    player = glicko2.Rating(1500, 80)
    assert rules.counts(player, glicko2.Rating(1500, 80))
    assert rules.counts(player, glicko2.Rating(1900, 80))  # a hard challenge always counts
    assert rules.counts(player, glicko2.Rating(1300, 80))
    assert not rules.counts(player, glicko2.Rating(1200, 80))


def test_the_cut_is_the_expected_score() -> None:
    player = glicko2.Rating(1700, 60)
    for gap in range(0, 800, 10):
        challenge = glicko2.Rating(1700 - gap, 120)
        expected = glicko2.expected_score(player, challenge)
        assert rules.counts(player, challenge) == (expected <= rules.RATED_EXPECTED_MAX)


@pytest.mark.parametrize(
    ("par", "max_misses", "rating"),
    [(1, 2, 1350), (1, 1, 1500), (4, 1, 1950), (1, 26, 800), (20, 0, 2200)],
)
def test_a_challenge_starts_from_par_against_the_misses_allowed(
    par: int, max_misses: int, rating: float
) -> None:
    start = rules.first_rating_from_par(par, max_misses)
    assert (start.rating, start.deviation) == (rating, 300)


@pytest.mark.parametrize(
    ("win_rate", "rating"),
    [(0.5, 1500.0), (1 / 11, 1900.0), (10 / 11, 1100.0), (0.0, 2200.0), (1.0, 800.0)],
)
def test_a_challenge_starts_where_a_1500_player_wins_with_the_model_players_rate(
    win_rate: float, rating: float
) -> None:
    start = rules.first_rating_from_win_rate(win_rate)
    assert start.rating == pytest.approx(rating)
    assert start.deviation == 300
    if rating not in (800.0, 2200.0):  # unclamped: the 1500 player's expected score is the rate
        exact = glicko2.Rating(start.rating, 0.0)
        assert glicko2.expected_score(glicko2.Rating(), exact) == pytest.approx(win_rate)


def test_the_start_falls_as_the_win_rate_rises_and_refuses_a_rate_that_is_not_one() -> None:
    starts = [rules.first_rating_from_win_rate(p / 100).rating for p in range(101)]
    assert starts == sorted(starts, reverse=True)
    assert min(starts) == rules.FIRST_RATING_MIN
    assert max(starts) == rules.FIRST_RATING_MAX
    for bad in (-0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="between 0 and 1"):
            rules.first_rating_from_win_rate(bad)
