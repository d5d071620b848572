"""The fiendish and fair word-makers, and seeded ties in ranked games."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dictionaries.sources import default_word_source
from games.engine import (
    Difficulty,
    GameState,
    Lexicon,
    MoveReport,
    Reason,
    Status,
    apply_guess,
    new_game,
    partition,
    replay,
    restore,
    secret_word_index,
)
from games.guesser import strong_heuristic_letter
from games.lookahead import FIENDISH_FAMILIES, FIENDISH_NODES, choose_family
from tests.engine.minimax import families, perfect_value
from tests.engine.test_properties import games, play_out

WORDMAKER = settings(max_examples=60, deadline=None)


@cache
def web2_lexicon(length: int) -> Lexicon:
    return Lexicon(word for word in default_word_source() if len(word) == length)


@st.composite
def small_fiendish_games(draw: st.DrawFn) -> tuple[Lexicon, int, list[str]]:
    """Dictionaries whose families hold at most 6 words, so the search values them exactly."""
    alphabet = draw(st.sampled_from(["abc", "abcd", "aeiost"]))
    length = draw(st.integers(min_value=2, max_value=4))
    word = st.text(alphabet=alphabet, min_size=length, max_size=length)
    words = draw(st.sets(word, min_size=1, max_size=6))
    order = draw(st.permutations(sorted(set(alphabet) | {"z"})))
    return Lexicon(words), draw(st.integers(min_value=1, max_value=6)), list(order)


@WORDMAKER
@given(small_fiendish_games())
def test_fiendish_keeps_a_family_worth_the_most_misses_to_the_end(game: tuple) -> None:
    lexicon, max_misses, letters = game
    state = new_game(lexicon, max_misses=max_misses, difficulty="fiendish", seed=1)
    for letter in letters:
        if state.is_over:
            break
        before = tuple(state.candidate_words())
        after, report = apply_guess(state, letter)
        groups = families(before, letter)
        worth = {
            pattern_of(state.pattern, letter, positions): min(
                state.misses_left, (0 if positions else 1) + perfect_value(group)
            )
            for positions, group in groups.items()
        }
        values = [worth[family.pattern] for family in report.families]
        state = after
        if len(report.families) == 1:
            assert (report.values, report.reason) == (None, Reason.HARDEST)
            continue
        assert report.reason is Reason.LOOKAHEAD
        assert report.values is not None
        searched = list(report.values)
        # Every family valued got its true value; families after one worth every wrong guess
        # left need no value (they cannot be kept in a practice game).
        assert all(value in {None, values[rank]} for rank, value in enumerate(searched))
        # Only the biggest FIENDISH_FAMILIES families are candidates; among them, one is left
        # unvalued only when it could not be kept: too small to beat the best value (n words
        # are worth n - 1 misses at most), or after a family worth every wrong guess left.
        considered = values[:FIENDISH_FAMILIES]
        best = max(considered)
        misses_left = state_misses_left(report, after)
        for rank, value in enumerate(searched[:FIENDISH_FAMILIES]):
            if value is None:
                family = report.families[rank]
                bound = min(misses_left, int(family.revealed == 0) + family.size - 1)
                assert bound < best or best == misses_left
        # The best value, and among equals the one the rules rank hardest (unranked game).
        assert report.kept_rank == considered.index(best)
        assert report.search_nodes is not None
        assert report.search_nodes <= FIENDISH_NODES
        state = after


def state_misses_left(report: MoveReport, after: GameState) -> int:
    """The wrong guesses that were left before the move."""
    return after.misses_left + int(report.miss)


def pattern_of(pattern: str, letter: str, positions: tuple[int, ...]) -> str:
    return "".join(letter if i in positions else char for i, char in enumerate(pattern))


@WORDMAKER
@given(games())
def test_fair_keeps_its_secret_word_from_the_first_guess_to_the_last(game: tuple) -> None:
    lexicon, max_misses, _, seed, letters = game
    secret = lexicon.words[secret_word_index(lexicon, seed)]
    steps = play_out(lexicon, max_misses, Difficulty.FAIR, seed, letters)
    for _, report, after in steps:
        assert secret in after.candidate_words()
        assert all(char == "-" or char == secret[i] for i, char in enumerate(report.pattern)), (
            "the fair game shows only the secret word's letters"
        )
        assert report.miss == (report.letter not in secret)
        if len(report.families) > 1:
            assert report.reason is Reason.HONEST
    if steps and steps[-1][2].is_over:
        assert steps[-1][2].word == secret


def test_a_lost_fair_game_restored_from_its_pattern_names_the_secret() -> None:
    lexicon = web2_lexicon(5)
    seed = 99
    state = new_game(lexicon, max_misses=2, difficulty="fair", seed=seed)
    secret = lexicon.words[secret_word_index(lexicon, seed)]
    for letter in "zqxjvkwy":
        if state.is_over:
            break
        state, _ = apply_guess(state, letter)
    assert state.status is Status.LOST
    assert state.word == secret
    restored = restore(
        lexicon,
        max_misses=2,
        difficulty="fair",
        seed=seed,
        letters=state.letters,
        pattern=state.pattern,
    )
    assert restored.word == secret


def test_ranked_games_order_families_of_equal_rank_by_their_seed() -> None:
    # One word per place of A, and one without: four families of one word that reveal one letter.
    lexicon = Lexicon(["abcd", "bacd", "cbad", "dcba", "xyzw"])
    orders = set()
    for seed in range(12):
        state = new_game(lexicon, max_misses=5, difficulty="hard", seed=seed, seeded_ties=True)
        ranked, _, _ = partition(state, "a")
        sizes = [(family.size, family.revealed) for family in ranked]
        assert sizes == sorted(sizes, key=lambda pair: (-pair[0], pair[1]))
        orders.add(tuple(family.pattern for family in ranked))
        again, _, _ = partition(state, "a")
        assert ranked == again  # the same seed always gives the same order
    assert len(orders) > 1
    practice = new_game(lexicon, max_misses=5, difficulty="hard", seed=3)
    exact, _, _ = partition(practice, "a")
    assert [family.pattern for family in exact] == ["----", "---a", "--a-", "-a--", "a---"]


@pytest.mark.parametrize(("length", "hard_misses", "fiendish_misses"), [(9, 5, 7), (11, 3, 5)])
def test_fiendish_forces_more_misses_than_hard_on_a_strong_guesser(
    length: int, hard_misses: int, fiendish_misses: int
) -> None:
    """Pinned from bench/adversary.py: strength is not monotone in the node budget, so a change
    of budget or estimate that loses misses must be noticed."""
    lexicon = web2_lexicon(length)
    forced = {}
    for difficulty in (Difficulty.HARD, Difficulty.FIENDISH):
        state = new_game(lexicon, max_misses=26, difficulty=difficulty, seed=0)
        while not state.is_over:
            state, _ = apply_guess(state, strong_heuristic_letter(state))
        assert state.status is Status.WON
        forced[difficulty] = state.misses
    assert forced == {Difficulty.HARD: hard_misses, Difficulty.FIENDISH: fiendish_misses}


def test_the_same_guess_gets_the_same_choice_whatever_the_lexicon_has_cached() -> None:
    fresh, warm = Lexicon(web2_lexicon(10).words), web2_lexicon(10)
    choices = []
    for lexicon in (fresh, warm, fresh):
        state = new_game(lexicon, max_misses=8, difficulty="fiendish", seed=5)
        state, _ = apply_guess(state, "e")
        choices.append(
            choose_family(
                lexicon,
                candidates=state.candidates,
                guessed=state.letters,
                letter="i",
                ranked_codes=partition(state, "i")[2],
                misses_left=state.misses_left,
                seed=None,
                guess_number=2,
            )
        )
    assert choices[0] == choices[1] == choices[2]


def test_a_won_ranked_fiendish_game_is_no_recipe_for_the_next() -> None:
    """Its letters, replayed in ranked games with other seeds, do not win them all."""
    lexicon = web2_lexicon(11)
    state = play_strongly(
        new_game(lexicon, max_misses=26, difficulty="fiendish", seed=7, seeded_ties=True)
    )
    assert state.status is Status.WON
    allowed = state.misses + 1  # the winning letters had a wrong guess to spare
    outcomes = []
    for seed in range(100, 116):
        replayed, _ = replay_until_over(lexicon, allowed, seed, state.letters, seeded_ties=True)
        outcomes.append(replayed.status is Status.WON)
    assert not all(outcomes)
    # Practice games keep the rules' exact order, so there the same letters always win.
    practice = play_strongly(new_game(lexicon, max_misses=26, difficulty="fiendish", seed=7))
    for seed in (100, 101):
        replayed, _ = replay_until_over(lexicon, practice.misses + 1, seed, practice.letters)
        assert replayed.status is Status.WON


def play_strongly(state: GameState) -> GameState:
    while not state.is_over:
        state, _ = apply_guess(state, strong_heuristic_letter(state))
    return state


def replay_until_over(
    lexicon: Lexicon, max_misses: int, seed: int, letters: tuple[str, ...], *, seeded_ties=False
) -> tuple[GameState, int]:
    state = new_game(
        lexicon, max_misses=max_misses, difficulty="fiendish", seed=seed, seeded_ties=seeded_ties
    )
    for letter in letters:
        if state.is_over:
            break
        state, _ = apply_guess(state, letter)
    return state, state.misses


def test_replay_of_a_fiendish_game_makes_every_choice_again() -> None:
    lexicon = web2_lexicon(12)
    state = play_strongly(
        new_game(lexicon, max_misses=6, difficulty="fiendish", seed=3, seeded_ties=True)
    )
    again, reports = replay(
        lexicon,
        max_misses=6,
        difficulty="fiendish",
        seed=3,
        letters=state.letters,
        seeded_ties=True,
    )
    assert (again.pattern, again.status, again.word) == (state.pattern, state.status, state.word)
    assert all(report.values is not None for report in reports if len(report.families) > 1)
