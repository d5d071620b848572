"""The honest game: the fair word never changes, and what the cheating cost (properties)."""

from __future__ import annotations

from hypothesis import given, settings

from games.engine import (
    HIDDEN,
    Difficulty,
    Lexicon,
    Status,
    apply_guess,
    fair_word,
    guesser,
    honest_game,
    new_game,
)
from tests.engine.test_properties import games

FAST = settings(max_examples=80, deadline=None)


@FAST
@given(games())
def test_the_fair_word_never_changes_and_is_the_word_named(
    game: tuple[Lexicon, int, Difficulty, int, list[str]],
) -> None:
    lexicon, max_misses, _, seed, letters = game
    word = fair_word(lexicon, seed)
    state = new_game(lexicon, max_misses=max_misses, difficulty=Difficulty.FAIR, seed=seed)
    for letter in letters:
        if state.is_over:
            break
        state, report = apply_guess(state, letter)
        # Every pattern shown is the fair word's, with the letters guessed so far.
        assert report.pattern == "".join(c if c in state.letters else HIDDEN for c in word)
        assert word in state.candidate_words()
        assert fair_word(lexicon, seed) == word
    if state.is_over:
        assert state.word == word


@FAST
@given(games())
def test_a_fair_game_costs_nothing_against_the_honest_game(
    game: tuple[Lexicon, int, Difficulty, int, list[str]],
) -> None:
    lexicon, max_misses, _, seed, letters = game
    state = new_game(lexicon, max_misses=max_misses, difficulty=Difficulty.FAIR, seed=seed)
    for letter in letters:
        if state.is_over:
            break
        state, _ = apply_guess(state, letter)
    honest = honest_game(lexicon, seed=seed, max_misses=max_misses, moves=state.letters)
    assert honest.misses - state.misses == 0
    assert honest.status is state.status
    assert honest.letters_used == len(state.letters)


@FAST
@given(games())
def test_the_honest_game_counts_the_letters_not_in_the_fair_word(
    game: tuple[Lexicon, int, Difficulty, int, list[str]],
) -> None:
    lexicon, max_misses, _, seed, letters = game
    honest = honest_game(lexicon, seed=seed, max_misses=max_misses, moves=letters)
    word = fair_word(lexicon, seed)
    used = letters[: honest.letters_used]
    assert honest.word == word
    assert honest.misses == sum(1 for letter in used if letter not in word)
    assert honest.misses <= max_misses
    if honest.status is Status.WON:
        assert set(word) <= set(used)
    elif honest.status is Status.LOST:
        assert honest.misses == max_misses
    else:
        assert honest.letters_used == len(letters)


def test_hard_cheating_costs_more_than_the_honest_word() -> None:
    """On hard, the word-maker dodges: the same letters miss more than against the fair word."""
    words = ["bake", "cake", "lake", "make", "rake", "take", "wake", "fake", "sake", "jake"]
    lexicon = Lexicon(words)
    seed = 2
    assert fair_word(lexicon, seed) == "bake"
    letters = list("akebcltmrwfsj")
    state = new_game(lexicon, max_misses=12, difficulty=Difficulty.HARD, seed=seed)
    for letter in letters:
        if state.is_over:
            break
        state, _ = apply_guess(state, letter)
    honest = honest_game(lexicon, seed=seed, max_misses=12, moves=state.letters)
    # A, K, E hit every word; then the hard word-maker keeps "-ake" words until only
    # JAKE is left (9 misses), while the honest word BAKE is found by the B.
    assert (state.status, state.misses, state.word) == (Status.WON, 9, "jake")
    assert (honest.status, honest.misses, honest.word) == (Status.WON, 0, "bake")
    assert honest.letters_used == 4


def test_the_guesser_plays_a_whole_fair_game_legally() -> None:
    lexicon = Lexicon(["cat", "cot", "cut", "dog", "dig", "dug", "bat", "bit"])
    state = new_game(lexicon, max_misses=5, difficulty=Difficulty.FAIR, seed=11)
    while not state.is_over:
        letter = guesser.propose(state).letter
        assert letter not in state.letters
        state, _ = apply_guess(state, letter)
    assert state.word == fair_word(lexicon, 11)
