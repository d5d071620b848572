"""A lexicon's alphabet: the letters its games play with, in the order every tie-break uses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import ALPHABET, InvalidLetterError, Lexicon, LexiconError
from tests.engine.alphabets import RUSSIAN, SPANISH, SPANISH_WORDS, russian_lexicon

FAST = settings(max_examples=80, deadline=None)


def naive_reveals(lexicon: Lexicon, letter: str) -> list[tuple[int, ...]]:
    """Each word's positions of ``letter``, read from the strings."""
    return [tuple(i for i, char in enumerate(word) if char == letter) for word in lexicon.words]


def test_an_english_lexicon_plays_a_to_z() -> None:
    lexicon = Lexicon(["ally", "beta"])
    assert lexicon.alphabet == ALPHABET
    assert len(lexicon.codes) == len(lexicon.reveals) == 26
    assert lexicon.letter_index("a") == 0
    assert lexicon.letter_index("z") == 25


def test_the_alphabet_given_is_kept_in_its_order() -> None:
    lexicon = Lexicon(SPANISH_WORDS, alphabet=SPANISH)
    assert lexicon.alphabet == SPANISH
    assert lexicon.letter_index("ñ") == 14
    assert lexicon.letter_index("o") == 15
    assert len(lexicon.codes) == 27


def test_without_an_alphabet_other_letters_follow_z_in_code_point_order() -> None:
    lexicon = Lexicon(["niño", "café", "ålen"])
    assert lexicon.alphabet == ALPHABET + "åéñ"
    assert Lexicon(["шаг", "дом"]).alphabet == ALPHABET + "агдмош"


def test_a_caseless_script_is_letters_too() -> None:
    lexicon = Lexicon(["שלום"])
    assert lexicon.alphabet == ALPHABET + "ולםש"


@pytest.mark.parametrize(
    ("words", "alphabet", "message"),
    [
        (["шаг"], "абв", "'шаг' holds 'г', which is not in its alphabet"),
        (["niño"], ALPHABET, "'niño' holds 'ñ', which is not in its alphabet"),
        (["Шаг"], None, "'Шаг' holds 'Ш', which is not lower case"),
        (["ша1"], None, "'ша1' holds '1', which is not a letter"),
        (["abc"], "abca", "repeats 'a'"),
        (["abc"], "abc1", "holds '1', not a letter"),
        (["abc"], "abcD", "holds 'D', an upper-case letter"),
        (["abc"], "", "non-empty string"),
        (["abc"], ["a", "b", "c"], "non-empty string"),
    ],
)
def test_a_word_or_alphabet_outside_the_rules_is_refused(
    words: list[str], alphabet: object, message: str
) -> None:
    with pytest.raises(LexiconError, match=message):
        Lexicon(words, alphabet=alphabet)  # type: ignore[arg-type]


def test_a_letter_outside_the_alphabet_has_no_index() -> None:
    lexicon = Lexicon(["дом"], alphabet=RUSSIAN)
    assert lexicon.letter_index("я") == 32
    assert lexicon.has_letter("ё")
    assert not lexicon.has_letter("e")
    with pytest.raises(
        InvalidLetterError, match=f"'e' is not a letter of this word list \\({RUSSIAN}\\)"
    ):
        lexicon.letter_index("e")
    with pytest.raises(InvalidLetterError, match="'ñ' is not a letter from a to z"):
        Lexicon(["ally"]).letter_index("ñ")


def test_a_russian_bucket_codes_every_one_of_its_33_letters() -> None:
    lexicon = russian_lexicon(5)
    assert len(lexicon.codes) == 33
    for index, letter in enumerate(RUSSIAN):
        reveals = lexicon.reveals[index]
        assert [reveals[code] for code in lexicon.codes[index]] == naive_reveals(lexicon, letter)
        assert len(reveals) > 1, f"{letter} splits nothing in the bucket"


@st.composite
def lexicons(draw: st.DrawFn) -> tuple[list[str], str]:
    """Words over letters of one, two and four bytes (ASCII, Latin-1, Cyrillic, beyond)."""
    letters = draw(st.sets(st.sampled_from("abyzñéжщё𝑎"), min_size=1, max_size=6))
    alphabet = "".join(draw(st.permutations(sorted(letters))))
    length = draw(st.integers(min_value=1, max_value=6))
    word = st.text(alphabet=alphabet, min_size=length, max_size=length)
    return draw(st.lists(word, min_size=1, max_size=30)), alphabet


@FAST
@given(lexicons())
def test_codes_are_the_letters_positions_whatever_the_letters_width(drawn: tuple) -> None:
    words, alphabet = drawn
    lexicon = Lexicon(words, alphabet=alphabet)
    assert lexicon.alphabet == alphabet
    for index, letter in enumerate(alphabet):
        reveals = lexicon.reveals[index]
        assert [reveals[code] for code in lexicon.codes[index]] == naive_reveals(lexicon, letter)
        assert lexicon.letter_index(letter) == index


@FAST
@given(st.lists(st.text(alphabet="abcdefghij", min_size=4, max_size=4), min_size=1, max_size=40))
def test_english_given_or_not_is_the_same_lexicon(words: list[str]) -> None:
    implied, given_ = Lexicon(words), Lexicon(words, alphabet=ALPHABET)
    assert implied.alphabet == given_.alphabet == ALPHABET
    assert implied.reveals == given_.reveals
    assert all((a == b).all() for a, b in zip(implied.codes, given_.codes, strict=True))
