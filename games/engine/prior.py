"""A challenge's prior: how often a reference model player wins it, from seeded games.

Par (``par.py``) says what perfect play needs; people are not perfect, so a challenge's first
rating (issue 20) also uses how a fallible player fares on it. The **reference player**
is the greedy guesser (:func:`~games.engine.guesser.greedy_aware_letter`) that plays a
uniformly random unguessed letter instead on 30 % of its guesses: the middle one of the
model players ``bench/ratings.py`` rates (0 % to 70 % random letters), neither perfect
nor hopeless, so challenges differ in its win rate where people's do. Its random letters
come from a generator seeded by the caller, so a prior is the same on every machine.

It plays ``games`` ranked games (secret vocabulary and seeded ties, as a ranked game is
played) of one lexicon against one rule difficulty to the end with no miss limit, and
keeps how many wrong guesses each needed. The seeds' word-makers (easy, medium, hard:
``makers/schedule.py``) choose by the guess number alone, never by the misses left, so
a game with no limit makes the same moves as one with any limit until that limit ends
it: a game that needed ``k`` misses is won exactly when more than ``k`` are allowed
(``rules.apply_guess`` ends a game as lost when the misses reach the allowed number),
and one histogram gives the win rate for every number of wrong guesses allowed. The cost
is bounded by the count of games (each at most one guess per letter), never by the clock.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.engine.guesser import greedy_aware_letter
from games.engine.lexicon import Lexicon
from games.engine.makers import Difficulty, GuesserModel, maker_for
from games.engine.rules import apply_guess, new_game
from games.engine.state import GameState
from games.engine.vocabulary import ranked_vocabulary

# Games per challenge for ``manage.py compute_challenge_priors``; the reference player's chance of
# a random letter; the seed its letters and its games' seeds are drawn from.
PRIOR_GAMES = 200
REFERENCE_NOISE = 0.30
PRIOR_SEED = 2027


@dataclass(frozen=True, slots=True)
class ChallengePrior:
    """How many of ``games`` games needed 0, 1, 2, ... wrong guesses (``misses_needed[k]``)."""

    misses_needed: tuple[int, ...]
    games: int

    def wins(self, max_misses: int) -> int:
        """The games won with ``max_misses`` wrong guesses allowed: those that needed fewer."""
        return sum(self.misses_needed[: max(max_misses, 0)])

    def win_rate(self, max_misses: int) -> float:
        """The win rate with one win and one loss added (add-one), so never exactly 0 or 1:
        200 games without a loss say the challenge is very easy, not infinitely easy."""
        return win_rate(self.misses_needed, max_misses)


def win_rate(misses_needed: list[int] | tuple[int, ...], max_misses: int) -> float:
    """The add-one win rate of a stored histogram (see :meth:`ChallengePrior.win_rate`)."""
    games = sum(misses_needed)
    wins = sum(misses_needed[: max(max_misses, 0)])
    return (wins + 1) / (games + 2)


def challenge_prior(
    lexicon: Lexicon,
    difficulty: Difficulty | str,
    *,
    games: int = PRIOR_GAMES,
    seed: int = PRIOR_SEED,
    noise: float = REFERENCE_NOISE,
) -> ChallengePrior:
    """The reference player's misses over ``games`` seeded ranked games against a rule.

    Only the seeds' rule difficulties (easy, medium, hard) have one: a planning word-maker
    (fiendish, obscure) looks at the misses left, so one game with no limit would not
    stand for every limit. The same lexicon, difficulty, games, seed and noise give the
    same histogram.
    """
    if maker_for(difficulty).guesser_model is not GuesserModel.RULE:
        raise ValueError(f"a challenge prior is played against the seeds' rule, not {difficulty}")
    if games < 1:
        raise ValueError("a challenge prior needs at least one game")
    rng = random.Random(seed)
    vocabulary = ranked_vocabulary(lexicon)
    counts = [0] * len(lexicon.alphabet)
    for _ in range(games):
        state = reference_game(
            lexicon,
            difficulty,
            seed=rng.getrandbits(63),
            rng=rng,
            vocabulary=vocabulary,
            noise=noise,
        )
        counts[state.misses] += 1
    while len(counts) > 1 and counts[-1] == 0:
        counts.pop()
    return ChallengePrior(misses_needed=tuple(counts), games=games)


def reference_game(
    lexicon: Lexicon,
    difficulty: Difficulty | str,
    *,
    seed: int,
    rng: random.Random,
    vocabulary: int,
    noise: float = REFERENCE_NOISE,
    max_misses: int | None = None,
) -> GameState:
    """One ranked game of the reference player, to its end; its random letters from ``rng``.

    The default limit (one miss per letter of the alphabet) is never reached (every word has
    a letter of its own), so the game ends won, after the misses it needed.
    """
    state = new_game(
        lexicon,
        max_misses=len(lexicon.alphabet) if max_misses is None else max_misses,
        difficulty=difficulty,
        seed=seed,
        seeded_ties=True,
        vocabulary=vocabulary,
    )
    while not state.is_over:
        if rng.random() < noise:
            letter = rng.choice([a for a in lexicon.alphabet if a not in state.letters])
        else:
            letter = greedy_aware_letter(state)
        state, _ = apply_guess(state, letter)
    return state
