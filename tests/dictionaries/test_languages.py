"""The language registry: case, accents, alphabets and keyboards per language."""

from __future__ import annotations

import pytest

from dictionaries.languages import (
    FOLD,
    KEEP,
    alphabet_for,
    keyboard_rows,
    language,
    play_form,
)


@pytest.mark.parametrize(
    ("word", "code", "rule", "expected"),
    [
        ("Niño", "es", FOLD, "niño"),  # ñ is a Spanish letter: it never folds
        ("Canción", "es", FOLD, "cancion"),
        ("Canción", "es", KEEP, "canción"),
        ("ÉCOLE", "fr", FOLD, "ecole"),
        ("Œuvre", "fr", FOLD, "oeuvre"),
        ("Straße", "de", FOLD, "straße"),
        ("Straße", "fr", FOLD, "strasse"),
        ("Ёлка", "ru", KEEP, "ёлка"),
        ("Ёлка", "ru", FOLD, "елка"),
        ("Йогурт", "ru", FOLD, "йогурт"),  # й is its own letter, not и with a breve
        ("ISTANBUL", "tr", KEEP, "ıstanbul"),
        ("İSTANBUL", "tr", KEEP, "istanbul"),
        ("Cafe\u0301", "fr", KEEP, "café"),  # NFC: e + combining acute is é
    ],
)
def test_play_form(word: str, code: str, rule: str, expected: str) -> None:
    assert play_form(word, language(code), rule) == expected


def test_a_region_tag_is_its_language_and_an_unknown_one_plays_its_own_letters() -> None:
    assert language("es-MX") is language("es")
    unknown = language("xx")
    assert alphabet_for(["cba"], unknown) == "abc"
    assert unknown.default_accents == KEEP


def test_the_alphabet_is_the_languages_then_other_letters_after_their_base() -> None:
    es = language("es")
    assert alphabet_for(["niño"], es) == "abcdefghijklmnñopqrstuvwxyz"
    kept = alphabet_for(["canción", "pingüino"], es)
    assert kept.index("ó") == kept.index("o") + 1
    assert kept.index("ü") == kept.index("u") + 1
    assert len(alphabet_for(["ёлка"], language("ru"))) == 33


def test_upper_case_keeps_one_character_per_letter() -> None:
    assert language("de").upper_letter("ß") == "ẞ"
    assert language("tr").upper_letter("i") == "İ"
    assert language("tr").upper_letter("ı") == "I"
    assert language("en").upper_letter("q") == "Q"


def test_keyboards_follow_the_language_and_hold_every_letter_once() -> None:
    ru = language("ru")
    alphabet = alphabet_for(["ёлка"], ru)
    rows = keyboard_rows(alphabet, ru)
    assert rows[0].startswith("йцукен")
    assert sorted("".join(rows)) == sorted(alphabet)
    fr = language("fr")
    assert keyboard_rows(alphabet_for(["été"], fr), fr)[0].startswith("azerty")
    es = language("es")
    kept = alphabet_for(["canción"], es)
    assert sorted("".join(keyboard_rows(kept, es))) == sorted(kept)  # ó gets a row of its own


def test_a_language_without_a_keyboard_lays_keys_out_commonest_first() -> None:
    rows = keyboard_rows("abcdefghijklm", language("xx"), {"m": 5, "b": 2})
    assert rows[0].startswith("mb")
    assert [len(row) for row in rows] == [10, 3]


def test_commonest_first_orders_letters_by_the_words_holding_them() -> None:
    from dictionaries.languages import commonest_first

    # a is in three words, b in two (once each, however often), c in one, d in none.
    assert commonest_first("abcd", ["aab", "ab", "ca"]) == "abcd"
    assert commonest_first("dcba", ["aab", "ab", "ca"]) == "abcd"
    assert commonest_first("xyz", ["zz", "zy"]) == "zyx"
