"""Which games count (ratings.rules): a board the player is all but sure to win does not."""

from __future__ import annotations

import pytest

from ratings import glicko2, rules


def test_a_board_near_the_player_counts_and_one_far_below_does_not() -> None:
    player = glicko2.Rating(1500, 80)
    assert rules.counts(player, glicko2.Rating(1500, 80))
    assert rules.counts(player, glicko2.Rating(1900, 80))  # a hard board always counts
    assert rules.counts(player, glicko2.Rating(1300, 80))
    assert not rules.counts(player, glicko2.Rating(1200, 80))


def test_the_cut_is_the_expected_score() -> None:
    player = glicko2.Rating(1700, 60)
    for gap in range(0, 800, 10):
        board = glicko2.Rating(1700 - gap, 120)
        expected = glicko2.expected_score(player, board)
        assert rules.counts(player, board) == (expected <= rules.RATED_EXPECTED_MAX)


@pytest.mark.parametrize(
    ("par", "max_misses", "rating"),
    [(1, 2, 1350), (1, 1, 1500), (4, 1, 1950), (1, 26, 800), (20, 0, 2200)],
)
def test_a_board_starts_from_par_against_the_misses_allowed(
    par: int, max_misses: int, rating: float
) -> None:
    start = rules.board_start_from_par(par, max_misses)
    assert (start.rating, start.deviation) == (rating, 300)
