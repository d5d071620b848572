"""Every rule of RULES.md, pinned on small dictionaries that make it visible."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import (
    ALPHABET,
    Difficulty,
    EngineError,
    Family,
    GameOverError,
    GameState,
    GuessError,
    InvalidLetterError,
    InvalidWordError,
    Lexicon,
    LexiconError,
    Reason,
    RepeatedLetterError,
    Status,
    apply_guess,
    dodge_and_hit,
    family_rank_key,
    named_word,
    new_game,
    partition,
    replay,
    restore,
    second_hardest_due,
)
from games.engine.state import all_candidates
from tests.conftest import NINE_WORDS
from tests.engine.alphabets import RUSSIAN, SPANISH, SPANISH_WORDS, russian_lexicon
from tests.engine.test_properties import FAST, games, play_out


def play(
    words: list[str] | tuple[str, ...],
    letters: str,
    *,
    difficulty: str = "hard",
    max_misses: int = 8,
    seed: int = 0,
) -> tuple[GameState, list[Any]]:
    state = new_game(Lexicon(words), max_misses=max_misses, difficulty=difficulty, seed=seed)
    reports = []
    for letter in letters:
        state, report = apply_guess(state, letter)
        reports.append(report)
    return state, reports


def ranked(report: Any) -> list[tuple[str, int]]:
    return [(family.pattern, family.size) for family in report.families]


def snapshot(state: GameState) -> tuple[object, ...]:
    return (
        state.letters,
        state.pattern,
        state.misses,
        state.misses_left,
        state.status,
        state.word,
        state.guess_number,
        state.words_left,
        tuple(state.candidate_words()),
    )


# -- the worked example ------------------------------------------------------


def test_worked_example_from_the_rules() -> None:
    state, (e, o, t) = play(NINE_WORDS, "eot", max_misses=8)

    assert e.as_json()["families"] == {"----": 3, "-e--": 2, "--e-": 2, "e--e": 1, "---e": 1}
    assert ranked(e) == [("----", 3), ("--e-", 2), ("-e--", 2), ("---e", 1), ("e--e", 1)]
    assert (e.pattern, e.miss, e.words_left, e.misses_left) == ("----", True, 3, 7)

    assert ranked(o) == [("-oo-", 2), ("----", 1)]
    assert (o.pattern, o.miss, o.words_left, o.misses_left) == ("-oo-", False, 2, 7)

    assert ranked(t) == [("-oo-", 2)]
    assert (t.pattern, t.miss, t.words_left, t.misses_left) == ("-oo-", True, 2, 6)

    assert state.candidate_words() == ["cool", "good"]
    assert state.letters == ("e", "o", "t")
    assert state.missed_letters == ("e", "t")
    assert state.status is Status.PLAYING
    assert state.word is None


def test_first_guess_keeps_the_words_without_the_letter() -> None:
    state, _ = play(NINE_WORDS, "e")
    assert state.candidate_words() == ["ally", "cool", "good"]


def test_position_matters_not_only_the_count() -> None:
    _, (report,) = play(["beer", "here"], "e")
    assert ranked(report) == [("-e-e", 1), ("-ee-", 1)]


# -- difficulty ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("difficulty", "due"),
    [
        ("hard", set()),
        ("medium", {4, 8, 12, 16, 20, 24}),
        ("easy", {2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26}),
    ],
)
def test_schedule_of_second_hardest_picks(difficulty: str, due: set[int]) -> None:
    assert {n for n in range(1, 27) if second_hardest_due(Difficulty(difficulty), n)} == due


# Every 4-letter word over a-f: every guess of a-f splits the candidates in several families.
SIX_LETTER_WORDS = [
    a + b + c + d for a in "abcdef" for b in "abcdef" for c in "abcdef" for d in "ab"
]


@pytest.mark.parametrize(
    ("difficulty", "second_on"),
    [("hard", set()), ("medium", {4}), ("easy", {2, 4})],
)
def test_each_difficulty_picks_by_guess_number(difficulty: str, second_on: set[int]) -> None:
    _, reports = play(SIX_LETTER_WORDS, "fedcb", difficulty=difficulty, max_misses=10)
    assert len(reports) == 5
    for number, report in enumerate(reports, start=1):
        assert report.number == number
        assert len(report.families) > 1, "the dictionary must offer a choice on every guess"
        if number in second_on:
            assert (report.kept_rank, report.reason) == (1, Reason.SECOND_HARDEST)
            assert report.kept == report.families[1]
        else:
            assert (report.kept_rank, report.reason) == (0, Reason.HARDEST)
            assert report.kept == report.families[0]


def test_medium_keeps_the_second_hardest_family_on_guess_four() -> None:
    _, reports = play(SIX_LETTER_WORDS, "fedc", difficulty="medium", max_misses=10)
    _, hard_reports = play(SIX_LETTER_WORDS, "fedc", difficulty="hard", max_misses=10)
    assert [r.pattern for r in reports[:3]] == [r.pattern for r in hard_reports[:3]]
    assert reports[3].pattern == hard_reports[3].families[1].pattern
    assert reports[3].words_left == hard_reports[3].families[1].size


ONLY_FAMILY_WORDS = ["abc", "abd", "bcd", "bce", "cde", "cdf", "efg", "efh"]


def test_single_family_is_kept_when_second_hardest_is_due_and_schedule_does_not_shift() -> None:
    state, (first, second, third, fourth) = play(ONLY_FAMILY_WORDS, "azbe", difficulty="easy")

    assert (first.reason, first.pattern, first.words_left) == (Reason.HARDEST, "---", 6)
    # Guess 2 is due a second-hardest pick, but 'z' leaves one family: keep it.
    assert ranked(second) == [("---", 6)]
    assert (second.kept_rank, second.reason, second.miss) == (0, Reason.ONLY_FAMILY, True)
    # Guess 3 is not due, although the pick due at 2 could not be made.
    assert ranked(third) == [("---", 4), ("b--", 2)]
    assert (third.reason, third.pattern) == (Reason.HARDEST, "---")
    # Guess 4 is due again, exactly on schedule.
    assert ranked(fourth) == [("e--", 2), ("---", 1), ("--e", 1)]
    assert (fourth.reason, fourth.pattern, fourth.miss) == (Reason.SECOND_HARDEST, "---", True)
    assert state.candidate_words() == ["cdf"]
    assert state.guess_number == 4


def test_guess_numbering_counts_hits_and_misses_but_not_refused_guesses() -> None:
    state = new_game(Lexicon(ONLY_FAMILY_WORDS), max_misses=8, difficulty="easy", seed=0)
    state, first = apply_guess(state, "a")
    with pytest.raises(InvalidLetterError):
        apply_guess(state, "7")
    with pytest.raises(RepeatedLetterError):
        apply_guess(state, "a")
    state, second = apply_guess(state, "z")
    assert (first.number, second.number) == (1, 2)
    assert second.reason is Reason.ONLY_FAMILY


# -- tie-breaks ----------------------------------------------------------------


def test_more_words_wins_even_when_it_reveals_letters() -> None:
    _, (report,) = play(["aa", "ab", "ac", "bb"], "a")
    assert ranked(report) == [("a-", 2), ("--", 1), ("aa", 1)]
    assert (report.pattern, report.miss) == ("a-", False)


def test_equal_size_fewer_letters_revealed_wins_over_pattern_order() -> None:
    # '-aa' sorts before 'a--', but reveals two letters where 'a--' reveals one.
    _, (report,) = play(["abb", "baa"], "a")
    assert ranked(report) == [("a--", 1), ("-aa", 1)]
    assert report.pattern == "a--"


def test_equal_size_revealing_nothing_wins_so_a_tie_costs_a_miss() -> None:
    _, (report,) = play(["ab", "cd"], "c")
    assert ranked(report) == [("--", 1), ("c-", 1)]
    assert report.miss


def test_equal_size_and_reveals_smaller_pattern_wins_with_dash_first() -> None:
    _, (report,) = play(["ab", "ba"], "a")
    assert ranked(report) == [("-a", 1), ("a-", 1)]
    assert report.pattern == "-a"


def test_dash_sorts_before_letters_after_earlier_reveals() -> None:
    _, (first, second) = play(["bax", "bxa"], "ba")
    assert first.pattern == "b--"
    assert ranked(second) == [("b-a", 1), ("ba-", 1)]
    assert second.pattern == "b-a"


def test_rank_key_is_size_then_revealed_then_pattern() -> None:
    families = [
        ("a-", 2, 1),
        ("--", 2, 0),
        ("-a", 3, 1),
        ("aa", 2, 2),
        ("-a", 2, 1),
    ]
    order = sorted(families, key=lambda f: family_rank_key(*f))
    assert order == [("-a", 3, 1), ("--", 2, 0), ("-a", 2, 1), ("a-", 2, 1), ("aa", 2, 2)]


def test_partition_ranks_every_family_and_counts_every_candidate() -> None:
    state = new_game(Lexicon(NINE_WORDS), max_misses=8, difficulty="hard", seed=0)
    families, codes, family_codes = partition(state, "e")
    assert families[0] == Family(pattern="----", size=3, revealed=0)
    assert sum(family.size for family in families) == len(NINE_WORDS)
    assert len(codes) == len(NINE_WORDS)
    assert len(set(family_codes)) == len(families)


# -- refused guesses change nothing -------------------------------------------


@pytest.mark.parametrize(
    ("guess", "error"),
    [
        ("", InvalidLetterError),
        ("   ", InvalidLetterError),
        ("ab", InvalidWordError),  # more than one letter: a word, of the wrong length
        ("e e", InvalidWordError),
        ("zzzz", InvalidWordError),  # four letters, not in the list
        ("7", InvalidLetterError),
        ("-", InvalidLetterError),
        ("_", InvalidLetterError),
        ("é", InvalidLetterError),
        ("\u212a", InvalidLetterError),  # the Kelvin sign lower-cases to 'k'
        ("ß", InvalidLetterError),
        (None, InvalidLetterError),
        (5, InvalidLetterError),
        ("e", RepeatedLetterError),
        ("E", RepeatedLetterError),
    ],
)
def test_refused_guess_raises_a_typed_error_and_changes_nothing(
    guess: object, error: type[GuessError]
) -> None:
    state, _ = play(NINE_WORDS, "e")
    before = snapshot(state)
    with pytest.raises(error) as raised:
        apply_guess(state, guess)  # type: ignore[arg-type]
    assert str(raised.value)
    assert isinstance(raised.value, GuessError)
    assert snapshot(state) == before
    # The game goes on as if the refused guess never happened.
    state, report = apply_guess(state, "o")
    assert report.number == 2
    assert state.letters == ("e", "o")


def test_upper_case_and_surrounding_spaces_are_normalised() -> None:
    state, (report,) = play(NINE_WORDS, ["E"])  # type: ignore[arg-type]
    assert report.letter == "e"
    state, report = apply_guess(state, " O\n")
    assert report.letter == "o"
    assert state.letters == ("e", "o")


@pytest.mark.parametrize(
    ("words", "letters", "status"),
    [(["ab"], "ab", Status.WON), (["ab", "cd"], "z", Status.LOST)],
)
def test_no_guess_is_accepted_once_the_game_is_over(
    words: list[str], letters: str, status: Status
) -> None:
    state, _ = play(words, letters, max_misses=1)
    assert state.status is status
    before = snapshot(state)
    for guess in ("q", "a", "7"):
        with pytest.raises(GameOverError):
            apply_guess(state, guess)
    assert snapshot(state) == before


# -- end of game ---------------------------------------------------------------


def test_won_when_no_letter_is_hidden() -> None:
    state, (first, second) = play(["ab"], "ab", max_misses=1)
    assert (first.status, first.word, first.pattern) == (Status.PLAYING, None, "a-")
    assert (second.status, second.word, second.pattern) == (Status.WON, "ab", "ab")
    assert state.status is Status.WON
    assert state.word == "ab"
    assert state.misses_left == 1
    assert second.as_json()["word"] == "ab"


def test_a_hit_on_the_last_wrong_guess_left_does_not_lose() -> None:
    state, reports = play(["ab", "cb"], "zbx", max_misses=2)
    assert [r.status for r in reports] == [Status.PLAYING, Status.PLAYING, Status.LOST]
    assert [r.misses_left for r in reports] == [1, 1, 0]
    assert state.word in {"ab", "cb"}


def test_lost_when_the_wrong_guesses_are_used_up() -> None:
    state, reports = play(NINE_WORDS, "eot", max_misses=2)
    assert [r.status for r in reports] == [Status.PLAYING, Status.PLAYING, Status.LOST]
    assert [r.word for r in reports[:2]] == [None, None]
    assert reports[2].word in {"cool", "good"}
    assert state.word == reports[2].word
    assert state.misses_left == 0
    assert reports[2].as_json()["word"] == state.word
    assert "word" not in reports[1].as_json()


def test_move_report_json_has_exactly_the_export_keys() -> None:
    _, (report,) = play(NINE_WORDS, "e")
    assert report.as_json() == {
        "guess": "e",
        "accepted": True,
        "miss": True,
        "pattern": "----",
        "families": {"----": 3, "--e-": 2, "-e--": 2, "---e": 1, "e--e": 1},
        "words_left": 3,
        "misses_left": 7,
        "status": "playing",
    }
    assert list(report.as_json()["families"]) == ["----", "--e-", "-e--", "---e", "e--e"]


# -- the named word ------------------------------------------------------------

FIVE_LEFT = ["petite", "peyote", "piquet", "putout", "puttee", "zzzzzz"]


def test_named_word_is_a_candidate_and_the_same_on_every_replay() -> None:
    lexicon = Lexicon(FIVE_LEFT)
    named = set()
    for seed in range(40):
        words = set()
        for _ in range(3):
            state, _ = replay(lexicon, max_misses=1, difficulty="hard", seed=seed, moves="z")
            assert state.status is Status.LOST
            assert state.word in state.candidate_words()
            words.add(state.word)
        assert len(words) == 1, "the same seed must name the same word"
        assert named_word(state) == state.word
        named |= words
    # A seeded random pick, not always the same candidate (e.g. the smallest).
    assert len(named) >= 3


def test_named_word_while_playing_is_a_seeded_candidate() -> None:
    lexicon = Lexicon(NINE_WORDS)
    state = new_game(lexicon, max_misses=5, difficulty="hard", seed=11)
    assert named_word(state) in NINE_WORDS
    assert named_word(state) == named_word(
        new_game(lexicon, max_misses=5, difficulty="hard", seed=11)
    )
    state, _ = apply_guess(state, "e")
    assert named_word(state) in {"ally", "cool", "good"}


# -- replay --------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", ["hard", "medium", "easy"])
def test_replay_of_every_prefix_equals_the_game_played_step_by_step(difficulty: str) -> None:
    lexicon = Lexicon(SIX_LETTER_WORDS)
    letters = "qfeazdcb"
    state = new_game(lexicon, max_misses=4, difficulty=difficulty, seed=5)
    steps = [state]
    for letter in letters:
        if state.is_over:
            break
        state, _ = apply_guess(state, letter)
        steps.append(state)
    for count, step in enumerate(steps):
        replayed, reports = replay(
            lexicon, max_misses=4, difficulty=difficulty, seed=5, moves=letters[:count]
        )
        assert snapshot(replayed) == snapshot(step)
        assert len(reports) == count


def test_replay_refuses_bad_letters_with_the_same_typed_errors() -> None:
    lexicon = Lexicon(NINE_WORDS)
    with pytest.raises(RepeatedLetterError):
        replay(lexicon, max_misses=8, difficulty="hard", seed=0, moves="ee")
    with pytest.raises(InvalidLetterError):
        replay(lexicon, max_misses=8, difficulty="hard", seed=0, moves=["e", "1"])
    with pytest.raises(GameOverError):
        replay(lexicon, max_misses=1, difficulty="hard", seed=0, moves="eo")


# -- settings and lexicons -----------------------------------------------------


@pytest.mark.parametrize("max_misses", [0, -1, True, 2.5, "3", None])
def test_new_game_refuses_bad_wrong_guesses_allowed(max_misses: object) -> None:
    with pytest.raises(EngineError, match="at least 1"):
        new_game(Lexicon(NINE_WORDS), max_misses=max_misses, difficulty="hard", seed=0)  # type: ignore[arg-type]


def test_new_game_refuses_an_unknown_difficulty() -> None:
    with pytest.raises(EngineError, match="difficulty"):
        new_game(Lexicon(NINE_WORDS), max_misses=3, difficulty="insane", seed=0)


def test_new_game_starts_with_everything_hidden() -> None:
    state = new_game(Lexicon(NINE_WORDS), max_misses=3, difficulty=Difficulty.EASY, seed=0)
    assert (state.pattern, state.misses_left, state.guess_number) == ("----", 3, 0)
    assert (state.status, state.word, state.words_left) == (Status.PLAYING, None, 9)
    assert state.difficulty is Difficulty.EASY
    assert state.length == 4


def test_lexicon_sorts_and_deduplicates() -> None:
    lexicon = Lexicon(["good", "ally", "good", "beta"])
    assert lexicon.words == ("ally", "beta", "good")
    assert (len(lexicon), lexicon.length) == (3, 4)
    assert "length=4" in repr(lexicon)


def test_lexicon_accepts_the_longest_allowed_word() -> None:
    assert Lexicon(["a" * 64, "b" * 64]).length == 64


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ([], "at least one word"),
        (iter(()), "at least one word"),
        (["ally", "cat"], "not 4 letters long"),
        (["Ally"], "'A', which is not lower case"),
        (["ab1"], "'1', which is not a letter"),
        (["a-b"], "'-', which is not a letter"),
        (["a b"], "' ', which is not a letter"),
        ([""], "word length"),
        (["a" * 65], "word length"),
        (["ally", 4], "not a word"),
        ("ally", "not one string"),
    ],
)
def test_lexicon_refuses_bad_words(words: object, message: str) -> None:
    with pytest.raises(LexiconError, match=message):
        Lexicon(words)  # type: ignore[arg-type]


def test_alphabet_is_a_to_z() -> None:
    assert ALPHABET == "abcdefghijklmnopqrstuvwxyz"


def spanish_game() -> GameState:
    return new_game(
        Lexicon(SPANISH_WORDS, alphabet=SPANISH), max_misses=8, difficulty="hard", seed=0
    )


def test_guessing_n_tilde_splits_a_spanish_list_apart_from_n() -> None:
    state = spanish_game()
    families, _, _ = partition(state, "ñ")
    assert [(family.pattern, family.size) for family in families] == [("----", 10), ("--ñ-", 10)]
    by_n, _, _ = partition(state, "n")
    assert all("ñ" not in family.pattern for family in by_n)
    assert ("n---", 3) in [(family.pattern, family.size) for family in by_n]  # niña niño nube
    state, report = apply_guess(state, "ñ")
    assert report.miss
    assert state.words_left == 10
    state, report = apply_guess(state, "n")
    assert "ñ" not in report.pattern


@pytest.mark.parametrize(
    ("letter", "message"),
    [
        ("e", f"'e' is not a letter of this word list \\({RUSSIAN}\\)"),
        ("ñ", "'ñ' is not a letter of this word list"),
        ("1", "'1' is not a letter of this word list"),
        ("\u212a", "is not a letter"),  # the Kelvin sign, a look-alike of K
    ],
)
def test_a_guess_outside_the_lexicon_s_alphabet_is_refused_and_changes_nothing(
    letter: str, message: str
) -> None:
    state = new_game(russian_lexicon(), max_misses=8, difficulty="hard", seed=0)
    with pytest.raises(InvalidLetterError, match=message):
        apply_guess(state, letter)
    assert state.letters == ()
    assert state.candidates is None


def test_english_refuses_other_alphabets_letters_by_name() -> None:
    state = new_game(Lexicon(NINE_WORDS), max_misses=8, difficulty="hard", seed=0)
    with pytest.raises(InvalidLetterError, match="'ж' is not a letter from a to z"):
        apply_guess(state, "ж")


def test_a_capital_or_a_letter_typed_with_its_accent_is_that_letter() -> None:
    state = new_game(russian_lexicon(), max_misses=8, difficulty="hard", seed=0)
    assert apply_guess(state, "Ж")[0].letters == ("ж",)
    assert apply_guess(state, " Ё ")[0].letters == ("ё",)
    spanish = spanish_game()
    assert apply_guess(spanish, "n\u0303")[0].letters == ("ñ",)  # n + combining tilde
    assert apply_guess(spanish, "Ñ")[0].letters == ("ñ",)


def test_restore_refuses_letters_outside_the_alphabet() -> None:
    lexicon = russian_lexicon()
    with pytest.raises(EngineError, match="distinct letters of this word list"):
        restore(lexicon, max_misses=8, difficulty="hard", seed=0, moves="e", pattern="-----")
    state = new_game(lexicon, max_misses=8, difficulty="hard", seed=0)
    for letter in "оае":
        state, _ = apply_guess(state, letter)
    back = restore(
        lexicon,
        max_misses=8,
        difficulty="hard",
        seed=0,
        moves=state.letters,
        pattern=state.pattern,
    )
    assert (back.candidates == state.candidates).all()


@FAST
@given(games(), st.booleans())
def test_dodge_and_hit_are_the_families_partition_ranks(game: tuple, seeded: bool) -> None:
    for before, report, _ in play_out(*game):
        state = replace(before, seeded_ties=seeded)
        families, codes, family_codes = partition(state, report.letter)
        members = {
            family.pattern: all_candidates(state)[codes == code]
            for family, code in zip(families, family_codes, strict=True)
        }
        dodge, hit = dodge_and_hit(state, report.letter)
        missed = [family for family in families if not family.revealed]
        hits = [family for family in families if family.revealed]
        assert (dodge[0] if dodge else None) == (missed[0] if missed else None)
        assert (hit[0] if hit else None) == (hits[0] if hits else None)
        for found in (dodge, hit):
            if found is not None:
                assert np.array_equal(found[1], members[found[0].pattern])
