"""Which ranked games move a rating: pure Python, shared by the site and ``bench/ratings.py``.

Glicko-2 reads every result through a logistic curve: a player who keeps winning a challenge
is taken to be ever further above it. Hangman challenges have a ceiling the curve does not
know: with many wrong guesses allowed on a long word, a middling player almost never
loses, so a stream of wins there says little about skill, yet it lifts the rating all
the same (``bench/ratings.py`` measured a farmer of middling strength climbing above a
stronger honest player by winning 296 of 299 games on the two easiest challenges).

So a game counts only where its result can tell us something: when the player's expected
score on the challenge, from both ratings as they stood when the game started, is at most
``RATED_EXPECTED_MAX`` (80 %). A game on a challenge far below the player is played and scored as
usual (points, streaks, statistics) but changes neither rating, and the new-game form says
so before it starts. The cut is fixed at the start, so nothing done in another tab while
the game is played (winning elsewhere to lift the rating) can turn a loss into an unrated
game. The bench measures the rule: a farmer who picks the easiest challenge that still counts
ends below every stronger player.
"""

from __future__ import annotations

import datetime as dt
import math

from ratings.glicko2 import DEFAULT_RATING, Rating, expected_score

# lichess's rule: a rating whose deviation is above 110 is provisional ("?").
PROVISIONAL_DEVIATION = 110.0

# lichess rates any puzzle, but chooses it near the player's rating; here players choose,
# so the challenges a result cannot measure are cut instead. 0.8 keeps every challenge within
# about 240 points below the player (a challenge's deviation widens the band a little); any
# challenge above counts. Measured in bench/ratings.py over six seeds, the edge farmer's
# distance below the stronger p15 player, median (least): 0.9 gives 105 (-3: above it
# once), 0.85 gives 146 (102), 0.8 gives 194 (81), and tau challenges median 0.89 at 0.8
# (measured before challenges moved at most once a day per player; with it: 163 (87), 0.87).
RATED_EXPECTED_MAX = 0.8


def counts(player: Rating, challenge: Rating) -> bool:
    """Whether a game between them is rated: the player is not all but sure to win."""
    return expected_score(player, challenge) <= RATED_EXPECTED_MAX


# A challenge moves for a player only once the player has this many rated games in which
# they guessed at least once, and an account older than this: chosen with the sock-puppet
# army of ``bench/ratings.py`` (K = 20 spare accounts throwing games on one challenge).
CHALLENGE_MOVER_MIN_PLAYED_GAMES = 10
CHALLENGE_MOVER_MIN_ACCOUNT_AGE = dt.timedelta(days=1)


def moves_challenge(
    player: Rating,
    challenge: Rating,
    *,
    played: bool,
    first_today: bool,
    played_games: int,
    account_age: dt.timedelta,
) -> bool:
    """Whether a rated result moves the challenge's rating, not only the player's.

    Challenges are the one thing players share, so they are what a cheater with spare
    accounts would bend: accounts that throw games on a challenge lift it, and a win there
    then pays more. So a challenge moves only for

    - an established player (a provisional rating says little, so neither does its
      result), with ``CHALLENGE_MOVER_MIN_PLAYED_GAMES`` rated games before this one in
      which they guessed at least once, and an account older than
      ``CHALLENGE_MOVER_MIN_ACCOUNT_AGE`` (a new account's throws are free to make),
    - who guessed at least once in this game (a give-up before any guess is a loss for
      the player, but says nothing of the challenge),
    - whom the challenge was not all but sure to beat: its expected score against the player
      at most ``RATED_EXPECTED_MAX``, the cut ``counts`` makes for the player (a spare
      account that threw its way down loses to the challenge as expected, which says
      nothing of the challenge),
    - in their first rated game on that challenge that day (one account moves a challenge at
      most once a day, as lichess counts only a player's first try at a puzzle).

    (A daily attempt is not rated at all, ``ratings.services.game_rate``.)
    ``bench/ratings.py`` measures the challenges' order, and a sock-puppet army, under
    these rules.
    """
    return (
        player.deviation <= PROVISIONAL_DEVIATION
        and played
        and first_today
        and played_games >= CHALLENGE_MOVER_MIN_PLAYED_GAMES
        and account_age > CHALLENGE_MOVER_MIN_ACCOUNT_AGE
        and expected_score(challenge, player) <= RATED_EXPECTED_MAX
    )


# The challenge's first rating, from par (the fewest wrong guesses perfect play needs) against
# the wrong guesses allowed: each miss of margin makes a challenge easier. With par 1 and 2
# misses allowed (the farmed 20-letter challenge) it starts at 1500 - 150 = 1350; a challenge
# allowing fewer misses than par needs is hard for anyone. Clamped, and uncertain
# (deviation 300) since par measures perfect play, not people: results correct it fast.
CHALLENGE_MARGIN_POINTS = 150.0
FIRST_RATING_MIN, FIRST_RATING_MAX = 800.0, 2200.0
FIRST_RATING_DEVIATION_WITH_PAR = 300.0


def first_rating_from_par(par: int, max_misses: int) -> Rating:
    """A challenge's first rating: 1500 moved by par's margin against the misses allowed."""
    start = DEFAULT_RATING + CHALLENGE_MARGIN_POINTS * (par - max_misses)
    return Rating(
        min(FIRST_RATING_MAX, max(FIRST_RATING_MIN, start)), FIRST_RATING_DEVIATION_WITH_PAR
    )


# The challenge's first rating, from the reference model player's win rate on it
# (``games.engine.prior``: the greedy guesser with 30 % random letters, seeded games with
# no miss limit): the rating at which a 1500 player wins with that rate on Glicko-2's
# logistic curve (its expected score without the deviations' damping). The win rate is
# the stored add-one estimate; a rate of exactly 0 or 1 (none should reach here) is
# taken as one win or loss in WIN_RATE_GAMES_FLOOR. Clamped like the par start, and as
# uncertain: the reference player stands in for people, whom results measure.
WIN_RATE_GAMES_FLOOR = 1000
GLICKO_POINTS_PER_DECADE = 400.0  # 10 times the odds: 400 points (SCALE = 400 / ln 10)
FIRST_RATING_DEVIATION_WITH_PRIOR = 300.0


def first_rating_from_win_rate(win_rate: float) -> Rating:
    """A challenge's first rating: where a 1500 player's expected score equals ``win_rate``."""
    if not 0.0 <= win_rate <= 1.0:
        raise ValueError(f"a win rate is between 0 and 1, not {win_rate!r}")
    edge = 1 / WIN_RATE_GAMES_FLOOR
    p = min(1 - edge, max(edge, win_rate))
    start = DEFAULT_RATING - GLICKO_POINTS_PER_DECADE * math.log10(p / (1 - p))
    return Rating(
        min(FIRST_RATING_MAX, max(FIRST_RATING_MIN, start)), FIRST_RATING_DEVIATION_WITH_PRIOR
    )
