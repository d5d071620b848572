"""Whole-word guesses in the engine: dropped unless the only word left, on every difficulty."""

from __future__ import annotations

import pytest

from games.engine import (
    MAKERS,
    GameState,
    InvalidWordError,
    Lexicon,
    RepeatedWordError,
    Status,
    apply_guess,
    fair_word,
    follow,
    new_game,
    replay,
    restore,
)
from games.engine.state import all_candidates
from tests.conftest import NINE_WORDS

UNFAIR = [maker.name for maker in MAKERS if maker.name != "fair"]


def played(moves: list[str], difficulty: str = "hard", **settings: int) -> GameState:
    state = new_game(
        Lexicon(NINE_WORDS),
        max_misses=settings.get("max_misses", 8),
        difficulty=difficulty,
        seed=settings.get("seed", 7),
    )
    for move in moves:
        state, _ = apply_guess(state, move)
    return state


@pytest.mark.parametrize("difficulty", UNFAIR)
def test_a_word_that_is_not_the_last_is_a_miss_and_is_gone(difficulty: str) -> None:
    before = played(["e"], difficulty)
    word = before.candidate_words()[0]
    assert before.words_left >= 2
    after, report = apply_guess(before, word.upper())
    assert report.miss
    assert report.is_word
    assert report.letter == word
    assert word not in after.candidate_words()
    assert after.words_left == before.words_left - 1
    assert (after.misses, after.pattern, after.words) == (
        before.misses + 1,
        before.pattern,
        (word,),
    )
    assert [(family.pattern, family.size) for family in report.families] == [
        (before.pattern, before.words_left - 1),
        (word, 1),
    ]


@pytest.mark.parametrize("difficulty", [maker.name for maker in MAKERS])
def test_the_last_word_wins(difficulty: str) -> None:
    state = played(["e", "o", "t"], difficulty, max_misses=26)
    while state.words_left > 1:
        state, _ = apply_guess(state, state.candidate_words()[-1])
    (last,) = state.candidate_words()
    state, report = apply_guess(state, last)
    assert (report.miss, state.status, state.word, state.pattern) == (False, Status.WON, last, last)


def test_a_word_of_the_list_no_longer_possible_is_a_miss_that_drops_nothing() -> None:
    before = played(["e"])  # ally cool good
    after, report = apply_guess(before, "beta")
    assert report.miss
    assert after.candidate_words() == before.candidate_words()
    assert [(family.pattern, family.size) for family in report.families] == [("----", 3)]


@pytest.mark.parametrize(
    ("word", "error"),
    [("zzzz", InvalidWordError), ("cools", InvalidWordError), ("co", InvalidWordError)],
)
def test_a_word_not_in_the_list_changes_nothing(word: str, error: type[Exception]) -> None:
    before = played(["e"])
    with pytest.raises(error):
        apply_guess(before, word)
    assert before.words == ()
    assert before.guess_number == 1


def test_a_word_guessed_twice_is_refused() -> None:
    state = played(["e", "cool"])
    with pytest.raises(RepeatedWordError):
        apply_guess(state, "COOL")


def test_the_list_is_the_whole_list_not_a_secret_part_of_it() -> None:
    """A ranked game's secret vocabulary never decides whether a word is taken."""
    lexicon = Lexicon(NINE_WORDS)
    state = new_game(lexicon, max_misses=8, difficulty="hard", seed=3, vocabulary=500)
    outside = sorted(set(NINE_WORDS) - set(lexicon.words_at(all_candidates(state))))
    assert outside
    after, report = apply_guess(state, outside[0])
    assert report.miss
    assert after.words_left == state.words_left


def test_the_fair_game_is_won_by_its_word() -> None:
    lexicon = Lexicon(NINE_WORDS)
    state = new_game(lexicon, max_misses=8, difficulty="fair", seed=5)
    secret = fair_word(lexicon, 5)
    other = next(word for word in NINE_WORDS if word != secret)
    state, missed = apply_guess(state, other)
    state, won = apply_guess(state, secret)
    assert missed.miss
    assert not won.miss
    assert state.status is Status.WON
    assert state.word == secret


@pytest.mark.parametrize("difficulty", [maker.name for maker in MAKERS])
def test_a_game_with_words_replays_and_restores_to_itself(difficulty: str) -> None:
    moves = ["e", "cool", "o", "t"]
    state = played(moves, difficulty)
    replayed, reports = replay(
        Lexicon(NINE_WORDS), max_misses=8, difficulty=difficulty, seed=7, moves=moves
    )
    restored = restore(
        Lexicon(NINE_WORDS),
        max_misses=8,
        difficulty=difficulty,
        seed=7,
        moves=moves,
        pattern=state.pattern,
    )
    walked = new_game(Lexicon(NINE_WORDS), max_misses=8, difficulty=difficulty, seed=7)
    for report in reports:
        walked = follow(walked, report.letter, report.pattern)
    for other in (replayed, restored, walked):
        assert other.candidate_words() == state.candidate_words()
        assert (other.misses, other.pattern) == (state.misses, state.pattern)
    assert restored.words == ("cool",)
    assert restored.letters == ("e", "o", "t")


def test_a_game_won_by_a_word_restores_as_won() -> None:
    moves = ["e", "o", "cool", "good"]
    state = played(moves)
    assert (state.status, state.misses, state.word) == (Status.WON, 2, "good")
    restored = restore(
        Lexicon(NINE_WORDS), max_misses=8, difficulty="hard", seed=7, moves=moves, pattern="good"
    )
    assert (restored.status, restored.misses, restored.candidate_words()) == (
        Status.WON,
        2,
        ["good"],
    )
