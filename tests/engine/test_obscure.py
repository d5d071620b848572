"""The obscure word-maker: it steers toward words a player is less likely to know, the same way
on every replay, and every family it keeps fits every answer given so far."""

from __future__ import annotations

import random

import numpy as np
import pytest

from games.engine import (
    ALPHABET,
    HIDDEN,
    Difficulty,
    GameState,
    Lexicon,
    LexiconError,
    Reason,
    apply_guess,
    new_game,
    ranked_vocabulary,
    replay,
)
from games.engine.ensemble import SHARE_THRESHOLD as KNOWN_ZIPF
from games.engine.makers.obscure import NODES
from games.engine.state import all_candidates

# Eight familiar words from three two-way choices (b/c, d/f, g/h): a player who knows them
# splits them with a miss per choice. Six words it does not know, which differ in one letter:
# each of those letters is a miss but the last.
KNOWN = ["a" + b + d + g for b in "bc" for d in "df" for g in "gh"]
UNKNOWN = ["ezz" + last for last in "kmnpqr"]


def lexicon_of(known: list[str], unknown: list[str]) -> Lexicon:
    lexicon = Lexicon(known + unknown)
    lexicon.set_familiarity([4.0 if word in known else 1.0 for word in lexicon.words])
    return lexicon


def test_it_keeps_a_smaller_family_of_words_the_player_does_not_know() -> None:
    # On E, the hardest family is the eight familiar words (a miss), worth 3 misses more to
    # every planning player; the six E--- words are worth 5 to those who know every word and
    # more to those who know fewer: it leaves hard's family, since every one of them gains.
    lexicon = lexicon_of(KNOWN, UNKNOWN)
    for difficulty, pattern, reason in (
        (Difficulty.HARD, "----", Reason.HARDEST),
        (Difficulty.OBSCURE, "e---", Reason.LEAST_KNOWN),
    ):
        state = new_game(lexicon, max_misses=26, difficulty=difficulty, seed=1)
        _, report = apply_guess(state, "e")
        assert report.pattern == pattern
        assert report.reason == reason
    assert report.kept_rank == 1
    assert report.families[0].size == len(KNOWN)
    assert report.search_nodes is not None
    assert 0 < report.search_nodes <= NODES


def test_without_frequencies_it_keeps_the_hardest_family_as_hard_does() -> None:
    lexicon = Lexicon(KNOWN + UNKNOWN)
    letters = "elacbkdhnprfmtw"
    _, hard = replay(lexicon, max_misses=26, difficulty=Difficulty.HARD, seed=3, moves=letters)
    _, obscure = replay(
        lexicon, max_misses=26, difficulty=Difficulty.OBSCURE, seed=3, moves=letters
    )
    assert [r.pattern for r in obscure] == [r.pattern for r in hard]


def random_game(rng: random.Random) -> tuple[list[str], list[float], str]:
    letters = rng.sample("abcdeilmnorst", 5)
    length = rng.randint(3, 5)
    words = sorted({"".join(rng.choice(letters) for _ in range(length)) for _ in range(60)})
    zipf = [rng.choice([0.0, 2.0, KNOWN_ZIPF, 4.5]) for _ in words]
    order = "".join(rng.sample(ALPHABET, 26))
    return words, zipf, order


def fits(word: str, state: GameState) -> bool:
    """Whether ``word`` agrees with every answer so far: each guessed letter where shown."""
    return all(
        (char == shown) if shown != HIDDEN else (char not in state.letters)
        for char, shown in zip(word, state.pattern, strict=True)
    )


@pytest.mark.parametrize("ranked", [False, True])
def test_same_settings_same_choices_and_every_kept_family_fits_every_answer(
    ranked: bool,
) -> None:
    rng = random.Random(19)
    kept_other_than_hardest = 0
    for game in range(40):
        words, zipf, order = random_game(rng)
        runs = []
        for _ in range(2):  # a fresh lexicon each time: nothing remembered between the runs
            lexicon = Lexicon(words)
            lexicon.set_familiarity(zipf)
            state = new_game(
                lexicon,
                max_misses=8,
                difficulty=Difficulty.OBSCURE,
                seed=game,
                seeded_ties=ranked,
                vocabulary=ranked_vocabulary(lexicon) if ranked else 1000,
            )
            reports = []
            for letter in order:
                if state.is_over:
                    break
                state, report = apply_guess(state, letter)
                reports.append(report)
                kept_other_than_hardest += report.kept_rank != 0
                candidates = lexicon.words_at(all_candidates(state))
                assert candidates
                assert all(fits(word, state) for word in candidates)
                assert len(candidates) == report.words_left
            runs.append(([r.as_json() for r in reports], [r.kept_rank for r in reports]))
        assert runs[0] == runs[1]
    assert kept_other_than_hardest > 0  # the rule did more than hard's


def test_frequencies_must_match_the_words() -> None:
    lexicon = Lexicon(KNOWN)
    with pytest.raises(LexiconError):
        lexicon.set_familiarity(np.zeros(len(KNOWN) + 1))
    lexicon.set_familiarity(np.arange(len(KNOWN)))
    assert lexicon.familiarity is not None
    assert lexicon.familiarity.dtype == np.float32
