"""Invariants of every game, on small generated dictionaries (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    ALPHABET,
    HIDDEN,
    Difficulty,
    GameState,
    Lexicon,
    MoveReport,
    Status,
    apply_guess,
    new_game,
    replay,
)
from games.engine.guesser import propose
from tests.engine.alphabets import relabel

FAST = settings(max_examples=80, deadline=None)


@st.composite
def games(draw: st.DrawFn) -> tuple[Lexicon, int, Difficulty, int, list[str]]:
    """A small dictionary over a few letters (so families collide and tie) and a guess order."""
    letters = draw(st.text(alphabet="abcdefgh", min_size=2, max_size=5).map(set).map(sorted))
    length = draw(st.integers(min_value=1, max_value=5))
    word = st.text(alphabet=letters, min_size=length, max_size=length)
    words = draw(st.lists(word, min_size=1, max_size=40))
    max_misses = draw(st.integers(min_value=1, max_value=8))
    difficulty = draw(st.sampled_from(list(Difficulty)))
    seed = draw(st.integers(min_value=0, max_value=2**32))
    # Mostly the dictionary's own letters, with a few that miss for sure.
    pool = [*letters, *draw(st.sets(st.sampled_from(ALPHABET), max_size=4))]
    order = draw(st.permutations(sorted(set(pool))))
    return Lexicon(words), max_misses, difficulty, seed, list(order)


def play_out(
    lexicon: Lexicon, max_misses: int, difficulty: Difficulty, seed: int, letters: list[str]
) -> list[tuple[GameState, MoveReport, GameState]]:
    """(state before, report, state after) for each guess until the letters or the game end."""
    state = new_game(lexicon, max_misses=max_misses, difficulty=difficulty, seed=seed)
    steps = []
    for letter in letters:
        if state.is_over:
            break
        after, report = apply_guess(state, letter)
        steps.append((state, report, after))
        state = after
    return steps


@FAST
@given(games())
def test_kept_family_is_one_of_the_families(game: tuple) -> None:
    for _, report, after in play_out(*game):
        assert report.kept in report.families
        assert after.pattern == report.kept.pattern
        assert after.words_left == report.kept.size == report.words_left
        patterns = [family.pattern for family in report.families]
        assert len(patterns) == len(set(patterns))


@FAST
@given(games())
def test_every_candidate_matches_the_pattern_and_avoids_every_missed_letter(game: tuple) -> None:
    for _, _, after in play_out(*game):
        missed = set(after.missed_letters)
        guessed = set(after.letters)
        for word in after.candidate_words():
            assert not missed & set(word)
            for char, shown in zip(word, after.pattern, strict=True):
                if shown == HIDDEN:
                    assert char not in guessed
                else:
                    assert char == shown


@FAST
@given(games())
def test_candidates_only_shrink_and_families_add_up(game: tuple) -> None:
    for before, report, after in play_out(*game):
        assert sum(family.size for family in report.families) == before.words_left
        assert set(after.candidate_words()) <= set(before.candidate_words())
        assert after.words_left >= 1
        assert after.misses == before.misses + report.miss
        assert after.misses <= after.max_misses


@FAST
@given(games())
def test_hard_always_keeps_a_largest_family(game: tuple) -> None:
    lexicon, max_misses, _, seed, letters = game
    for _, report, _ in play_out(lexicon, max_misses, Difficulty.HARD, seed, letters):
        assert report.kept.size == max(family.size for family in report.families)
        assert report.kept_rank == 0


@FAST
@given(games())
def test_families_are_ranked_by_the_rule_key(game: tuple) -> None:
    for _, report, _ in play_out(*game):
        keys = [(-f.size, f.revealed, f.pattern) for f in report.families]
        assert keys == sorted(keys)
        for family in report.families:
            assert family.revealed == family.pattern.count(report.letter)


@FAST
@given(games())
def test_status_follows_pattern_and_misses(game: tuple) -> None:
    for _, report, after in play_out(*game):
        if HIDDEN not in after.pattern:
            assert after.status is Status.WON
            assert after.word == after.pattern
        elif after.misses == after.max_misses:
            assert after.status is Status.LOST
            assert after.word in after.candidate_words()
        else:
            assert after.status is Status.PLAYING
            assert after.word is None
        assert report.status is after.status


@FAST
@given(games(), st.data())
def test_replay_of_any_prefix_gives_the_same_state(game: tuple, data: st.DataObject) -> None:
    lexicon, max_misses, difficulty, seed, letters = game
    steps = play_out(*game)
    count = data.draw(st.integers(min_value=0, max_value=len(steps)))
    expected = steps[count - 1][2] if count else steps[0][0]
    replayed, reports = replay(
        lexicon,
        max_misses=max_misses,
        difficulty=difficulty,
        seed=seed,
        moves=letters[:count],
    )
    assert replayed.letters == expected.letters
    assert replayed.pattern == expected.pattern
    assert replayed.misses == expected.misses
    assert replayed.status is expected.status
    assert replayed.word == expected.word
    assert replayed.candidate_words() == expected.candidate_words()
    assert [r.as_json() for r in reports] == [s[1].as_json() for s in steps[:count]]


def relabelled(report: MoveReport) -> tuple:
    """A report with its letters written in the Cyrillic stand-ins (tests/engine/alphabets.py)."""
    return (
        relabel(report.letter),
        report.miss,
        tuple(
            (relabel(family.pattern), family.size, family.revealed) for family in report.families
        ),
        report.kept_rank,
        report.reason,
        relabel(report.pattern),
        report.status,
        None if report.word is None else relabel(report.word),
        report.values,
        report.search_nodes,
    )


def relabelled_back(report: MoveReport) -> tuple:
    return (
        report.letter,
        report.miss,
        tuple((family.pattern, family.size, family.revealed) for family in report.families),
        report.kept_rank,
        report.reason,
        report.pattern,
        report.status,
        report.word,
        report.values,
        report.search_nodes,
    )


@FAST
@given(games())
def test_english_in_other_letters_plays_the_same_game(game: tuple) -> None:
    """Every strategy reads its letters and their order from the lexicon, nowhere else.

    The same words written in 26 Cyrillic letters (in the same order) play exactly the
    same unranked game: families, choices, values, positions searched, the AI's letters.
    """
    lexicon, max_misses, difficulty, seed, letters = game
    zipf = [(index * 7 % 11) / 2 for index in range(len(lexicon))]
    lexicon.set_familiarity(zipf)
    cyrillic = Lexicon([relabel(word) for word in lexicon.words], alphabet=relabel(ALPHABET))
    cyrillic.set_familiarity(zipf)
    english_steps = play_out(lexicon, max_misses, difficulty, seed, letters)
    cyrillic_steps = play_out(cyrillic, max_misses, difficulty, seed, [relabel(x) for x in letters])
    assert [relabelled(report) for _, report, _ in english_steps] == [
        relabelled_back(report) for _, report, _ in cyrillic_steps
    ]
    for (english, _, _), (other, _, _) in zip(english_steps, cyrillic_steps, strict=True):
        mine, theirs = propose(english), propose(other)
        assert (relabel(mine.letter), mine.misses) == (theirs.letter, theirs.misses)
