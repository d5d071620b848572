"""The search tools against brute force: exact values, the tree estimate, the node budget."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dictionaries.sources import default_word_source
from games.engine import ALPHABET, Lexicon, apply_guess, new_game
from games.engine.search import (
    BudgetExhaustedError,
    EstimateSettings,
    ExactSolver,
    NodeBudget,
    TreeEstimate,
    guessed_mask,
    search_tables,
)
from tests.conftest import NINE_WORDS
from tests.engine.alphabets import RUSSIAN, russian_lexicon
from tests.engine.minimax import greedy_aware_value, perfect_value

SEARCH = settings(max_examples=60, deadline=None)
UNLIMITED = 10**9


@st.composite
def word_sets(draw: st.DrawFn) -> tuple[str, ...]:
    """A few words over a small alphabet, so families collide and positions matter."""
    alphabet = draw(st.sampled_from(["ab", "abc", "abcd", "aeiost"]))
    length = draw(st.integers(min_value=2, max_value=4))
    word = st.text(alphabet=alphabet, min_size=length, max_size=length)
    return tuple(sorted(draw(st.sets(word, min_size=1, max_size=9))))


def all_words(lexicon: Lexicon) -> np.ndarray:
    return np.arange(len(lexicon), dtype=np.int32)


@SEARCH
@given(word_sets())
def test_the_exact_solver_finds_the_brute_force_minimax_value(words: tuple[str, ...]) -> None:
    lexicon = Lexicon(words)
    solver = ExactSolver(search_tables(lexicon), all_words(lexicon), NodeBudget(UNLIMITED))
    assert solver.value() == perfect_value(words)


@SEARCH
@given(word_sets())
def test_the_best_letter_really_finishes_within_the_value(words: tuple[str, ...]) -> None:
    lexicon = Lexicon(words)
    solver = ExactSolver(search_tables(lexicon), all_words(lexicon), NodeBudget(UNLIMITED))
    value = solver.value()
    letter_index = solver.best_letter(value)
    if len(words) == 1:
        assert letter_index is None  # nothing left to find
        return
    assert letter_index is not None
    groups: dict[tuple[int, ...], list[str]] = {}
    for word in words:
        positions = tuple(i for i, char in enumerate(word) if char == ALPHABET[letter_index])
        groups.setdefault(positions, []).append(word)
    assert len(groups) > 1
    assert max((0 if p else 1) + perfect_value(tuple(g)) for p, g in groups.items()) == value


@SEARCH
@given(word_sets())
def test_the_tree_is_the_greedy_aware_guessers_value_and_bounds_the_true_one(
    words: tuple[str, ...],
) -> None:
    lexicon = Lexicon(words)
    tables = search_tables(lexicon)
    everything = EstimateSettings(exact_up_to=0, wide_up_to=UNLIMITED)
    tree = TreeEstimate(tables, NodeBudget(UNLIMITED), everything)
    value = tree.value(all_words(lexicon), guessed_mask(""))
    assert value == greedy_aware_value(words)
    assert value >= perfect_value(words)
    # With exact leaves it can only come closer to the true value.
    with_leaves = TreeEstimate(tables, NodeBudget(UNLIMITED), EstimateSettings())
    assert perfect_value(words) <= with_leaves.value(all_words(lexicon), guessed_mask("")) <= value


def test_the_worked_example_is_worth_one_miss_with_perfect_play() -> None:
    """The nine words of RULES.md's example: two misses with perfect play on both sides."""
    lexicon = Lexicon(NINE_WORDS)
    solver = ExactSolver(search_tables(lexicon), all_words(lexicon), NodeBudget(UNLIMITED))
    assert solver.value() == perfect_value(NINE_WORDS) == 2


def test_a_search_that_runs_out_of_positions_says_so_and_is_not_used() -> None:
    lexicon = Lexicon(NINE_WORDS)
    budget = NodeBudget(3)
    solver = ExactSolver(search_tables(lexicon), all_words(lexicon), budget)
    with pytest.raises(BudgetExhaustedError):
        solver.value()
    assert budget.used == 4
    assert budget.left == 0


def test_the_family_tables_rank_like_the_rules() -> None:
    """The hardest family of E over the nine words is ----: the biggest, revealing nothing."""
    lexicon = Lexicon(NINE_WORDS)
    tables = search_tables(lexicon)
    sizes = tables.family_sizes(all_words(lexicon))
    hardest = tables.hardest_family(sizes, ALPHABET.index("e"))
    assert tables.reveals_nothing[hardest]
    assert sizes[hardest] == 3
    # Of the two-word families --e- (flew, ibex) sorts before -e-- (beta, deal): "-" first.
    ids = [family_id for family_id, _ in tables.split(all_words(lexicon), ALPHABET.index("e"))]
    two_word = sorted(
        (family_id for family_id in ids if sizes[family_id] == 2),
        key=lambda family_id: tables.pattern_order[family_id],
    )
    positions = [lexicon.reveals[ALPHABET.index("e")][tables.code(f)] for f in two_word]
    assert positions == [(2,), (1,)]


def test_the_tables_are_built_once_per_lexicon() -> None:
    lexicon = Lexicon(NINE_WORDS)
    assert search_tables(lexicon) is search_tables(lexicon)


def test_exact_values_kept_across_decisions_never_change_a_choice() -> None:
    """A warm lexicon (exact values remembered from earlier guesses) decides as a cold one."""
    words = [word for word in default_word_source() if len(word) == 5][:3000]
    letters = "eaoisrtnl"

    def play(lexicon: Lexicon) -> list[tuple[object, ...]]:
        state = new_game(lexicon, max_misses=8, difficulty="fiendish", seed=7)
        reports = []
        for letter in letters:
            if state.is_over:
                break
            state, report = apply_guess(state, letter)
            reports.append((report.pattern, report.values, report.search_nodes))
        return reports

    warm = Lexicon(words)
    play(warm)
    assert search_tables(warm).exact_values  # the first game left values behind
    for letter in "uy":  # other decisions on the same words, to warm it further
        apply_guess(new_game(warm, max_misses=8, difficulty="fiendish", seed=7), letter)
    assert play(warm) == play(Lexicon(words))


def test_a_russian_lexicon_s_tables_cover_its_33_letters() -> None:
    lexicon = russian_lexicon(5)
    tables = search_tables(lexicon)
    assert tables.family_ids.shape == (33, len(lexicon))
    assert len(tables.miss_id) == len(tables.offsets) - 1 == 33
    words = all_words(lexicon)[::3]
    sizes = tables.family_sizes(words)
    guessed = guessed_mask("оя", lexicon)
    assert guessed.tolist() == [letter in "оя" for letter in RUSSIAN]
    biggest, is_miss, families = tables.hardest_stats(sizes)
    expected = sorted(
        (index for index in range(33) if not guessed[index] and families[index] >= 2),
        key=lambda index: (bool(is_miss[index]), int(biggest[index]), index),
    )
    assert tables.greedy_aware_order(sizes, guessed, splitting_only=True).tolist() == expected
    assert len(tables.rule_replies(sizes, second=True, seeded_ties=True)) == 33
