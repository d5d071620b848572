"""Challenge priors (games.engine.prior): seeded, bounded games of the reference model player."""

from __future__ import annotations

import random
from itertools import product

import pytest

from games.engine import ALPHABET, Lexicon, Status
from games.engine.prior import (
    ChallengePrior,
    GreedyLetters,
    challenge_prior,
    reference_game,
    win_rate,
)
from games.engine.vocabulary import FULL_VOCABULARY, ranked_vocabulary
from tests.engine.alphabets import RUSSIAN, russian_lexicon

# 2,197 three-letter words: over the secret vocabulary's 1,000, so ranked games play on a part.
WORDS = ["".join(letters) for letters in product("abeilnorstu", repeat=3)]


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon(WORDS)


def test_the_same_inputs_give_the_same_histogram_and_a_new_seed_another(
    lexicon: Lexicon,
) -> None:
    first = challenge_prior(lexicon, "hard", games=12, seed=5)
    assert first == challenge_prior(lexicon, "hard", games=12, seed=5)
    assert first.games == sum(first.misses_needed) == 12
    others = {challenge_prior(lexicon, "hard", games=12, seed=seed) for seed in range(6, 10)}
    assert others - {first}  # the seed draws the games and the random letters


def test_each_game_ends_won_within_the_alphabet(lexicon: Lexicon) -> None:
    assert ranked_vocabulary(lexicon) < FULL_VOCABULARY
    rng = random.Random(1)
    for seed in range(5):
        state = reference_game(
            lexicon, "medium", seed=seed, rng=rng, vocabulary=ranked_vocabulary(lexicon)
        )
        assert state.status is Status.WON
        assert len(state.letters) <= len(ALPHABET)
    prior = challenge_prior(lexicon, "easy", games=7, seed=1)
    assert len(prior.misses_needed) <= len(ALPHABET)
    assert prior.misses_needed[-1] > 0  # no trailing zeros stored


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_one_game_without_a_limit_stands_for_every_limit(lexicon: Lexicon, difficulty: str) -> None:
    """A game is lost on the last wrong guess allowed: won exactly when it needed fewer."""
    vocabulary = ranked_vocabulary(lexicon)
    for seed in range(4):
        needed = reference_game(
            lexicon, difficulty, seed=seed, rng=random.Random(seed), vocabulary=vocabulary
        ).misses
        for max_misses in range(1, needed + 3):
            limited = reference_game(
                lexicon,
                difficulty,
                seed=seed,
                rng=random.Random(seed),
                vocabulary=vocabulary,
                max_misses=max_misses,
            )
            assert (limited.status is Status.WON) == (needed < max_misses)
            if limited.status is Status.LOST:
                assert limited.misses == max_misses


def test_a_prior_needs_a_rule_and_a_game(lexicon: Lexicon) -> None:
    with pytest.raises(ValueError, match="seeds' rule, not fiendish"):
        challenge_prior(lexicon, "fiendish", games=1)
    with pytest.raises(ValueError, match="at least one game"):
        challenge_prior(lexicon, "hard", games=0)


def test_the_win_rate_counts_the_games_that_needed_fewer_misses_plus_one_each_way() -> None:
    prior = ChallengePrior(misses_needed=(0, 2, 3, 5), games=10)
    assert [prior.wins(m) for m in (0, 1, 2, 3, 4, 26)] == [0, 0, 2, 5, 10, 10]
    assert prior.win_rate(1) == win_rate([0, 2, 3, 5], 1) == 1 / 12  # never 0
    assert prior.win_rate(3) == 6 / 12
    assert prior.win_rate(4) == prior.win_rate(26) == 11 / 12  # never 1
    assert win_rate([0, 2, 3, 5], -3) == 1 / 12  # a crafted limit reads as none won


def test_a_russian_prior_draws_its_random_letters_from_the_russian_alphabet() -> None:
    lexicon = russian_lexicon(5)
    prior = challenge_prior(lexicon, "hard", games=6, seed=5)
    assert sum(prior.misses_needed) == 6
    assert len(prior.misses_needed) <= len(RUSSIAN)
    state = reference_game(
        lexicon, "easy", seed=1, rng=random.Random(2), vocabulary=FULL_VOCABULARY, noise=1.0
    )
    assert state.status is Status.WON
    assert set(state.letters) <= set(RUSSIAN)
    assert challenge_prior(lexicon, "hard", games=6, seed=5) == prior


# A small list played whole (under the secret vocabulary's 1,000 words), with words of many
# shapes: families of every size, ties broken by the pattern, a word alone early.
SMALL = sorted({"".join(letters) for letters in product("aeinrst", repeat=4)} - {"aaaa"})[:600]


def specified_histogram(
    lexicon: Lexicon, difficulty: str, *, games: int, seed: int, noise: float
) -> tuple[int, ...]:
    """challenge_prior as specified: reference_game's full states, one after the other."""
    rng = random.Random(seed)
    vocabulary = ranked_vocabulary(lexicon)
    counts = [0] * len(lexicon.alphabet)
    for _ in range(games):
        game_seed = rng.getrandbits(63)
        state = reference_game(
            lexicon, difficulty, seed=game_seed, rng=rng, vocabulary=vocabulary, noise=noise
        )
        counts[state.misses] += 1
    while len(counts) > 1 and counts[-1] == 0:
        counts.pop()
    return tuple(counts)


@pytest.mark.parametrize(
    ("words", "noise"),
    [(WORDS, 0.3), (WORDS, 0.0), (WORDS, 0.8), (SMALL, 0.3), (SMALL, 1.0), ("russian", 0.3)],
)
def test_the_quick_games_are_the_reference_games_move_for_move(
    words: list[str] | str, noise: float
) -> None:
    """challenge_prior's shortcuts (remembered letters, sets narrowed as they go, Python lists
    once small, one word left) play exactly reference_game's games: the same histograms,
    on a secret vocabulary with seeded ties (WORDS: every family level with others), a
    list played whole, another alphabet, and every share of random letters."""
    lexicon = russian_lexicon(5) if words == "russian" else Lexicon(words)
    letters = GreedyLetters(lexicon)  # shared by the difficulties, as the services share it
    for difficulty in ("easy", "medium", "hard"):
        for seed in (1, 2027):
            quick = challenge_prior(
                lexicon, difficulty, games=25, seed=seed, noise=noise, letters=letters
            )
            assert quick.misses_needed == specified_histogram(
                lexicon, difficulty, games=25, seed=seed, noise=noise
            ), (difficulty, seed)


def test_remembered_letters_belong_to_one_lexicon(lexicon: Lexicon) -> None:
    with pytest.raises(ValueError, match="another lexicon"):
        challenge_prior(lexicon, "hard", games=1, letters=GreedyLetters(Lexicon(SMALL)))
