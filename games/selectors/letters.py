"""The letters a game takes: its dictionary's alphabet, read alike by the board, the
guess, the API and the console (``dictionaries.languages`` knows each language).

A typed letter is lower-cased by its language's rules (Turkish ``I`` is the dotless i); on a
list that folds accents, an accented letter the alphabet lacks counts as its base letter
(``É`` plays ``e``), while the language's own letters (Spanish ``ñ``) stay themselves.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from django.utils.translation import gettext

from dictionaries.languages import FOLD, Language, direction_of, keyboard_rows, language
from dictionaries.models import ENGLISH_ALPHABET, Dictionary
from dictionaries.selectors import written_form, written_forms
from games.models import Game


def play_letter(raw: object, dictionary: Dictionary) -> str | None:
    """The letter of the dictionary's alphabet a guess means, or None for anything else."""
    return letter_of(
        raw, alphabet=dictionary.alphabet, lang=_lang(dictionary), folds=_folds(dictionary)
    )


def letter_of(raw: object, *, alphabet: str, lang: Language, folds: bool) -> str | None:
    """``play_letter`` for any alphabet (the console's word files have no row)."""
    if not isinstance(raw, str):
        return None
    lowered = lang.lower(raw.strip())
    if len(lowered) == 1 and lowered in alphabet:
        return lowered
    lowered = lang.as_played(lowered)  # a final form is its letter (Hebrew ם is מ)
    if len(lowered) == 1 and lowered in alphabet:
        return lowered
    if folds:
        folded = lang.fold(lowered)
        if len(folded) == 1 and folded in alphabet:
            return folded
    return None


def play_word(raw: object, dictionary: Dictionary) -> str | None:
    """The word of the dictionary's alphabet a whole-word guess means, letter by letter as
    ``play_letter`` reads each (a capital is its letter; on a list that folds accents, an
    accented letter its base), or None when a character is no letter of it. Whether it is
    a word of the list, of the game's length, is the engine's to say."""
    return word_of(
        raw, alphabet=dictionary.alphabet, lang=_lang(dictionary), folds=_folds(dictionary)
    )


def word_of(raw: object, *, alphabet: str, lang: Language, folds: bool) -> str | None:
    """``play_word`` for any alphabet (the console's word files have no row)."""
    if not isinstance(raw, str):
        return None
    typed = lang.lower(unicodedata.normalize("NFC", raw.strip()))
    letters = [letter_of(char, alphabet=alphabet, lang=lang, folds=folds) for char in typed]
    if len(letters) < 2 or None in letters:
        return None
    return "".join(letter for letter in letters if letter is not None)


def guess_shown(move: str, dictionary: Dictionary) -> str:
    """A move as the board writes it: a letter as its key, a word in capitals (isolated
    in a sentence when the list reads right to left: ``isolated``)."""
    return isolated(upper_word(move, _lang(dictionary)), dictionary)


def isolated(text: str, dictionary: Dictionary) -> str:
    """A word or letter of a right-to-left list set in a sentence between Unicode's first
    strong isolate and its pop, so the sentence keeps its order: without them "Yes, one מ.
    3 wrong guesses left." reads "Yes, one 3 .מ wrong..." (a number after a Hebrew letter
    joins its run). Text of a left-to-right list is returned as it is."""
    if not text or direction_of(dictionary.alphabet, _lang(dictionary)) != "rtl":
        return text
    return f"\u2068{text}\u2069"


def upper_word(word: str, lang: Language) -> str:
    """A word in capitals, one capital per letter (``ß`` is ``ẞ``, Turkish ``i`` is ``İ``)."""
    return "".join(lang.upper_letter(char) for char in word)


def capital(letter: str, dictionary: Dictionary) -> str:
    """A letter of the dictionary's alphabet as its keys and tiles show it."""
    return _lang(dictionary).upper_letter(letter)


def final_word(game: Game) -> str:
    """The word a finished game named, as its list writes it, in capitals ("" while played),
    isolated for a sentence (``isolated``)."""
    if not game.is_over or not game.word:
        return ""
    written = written_form(game.dictionary, game.word)
    return isolated(upper_word(written, _lang(game.dictionary)), game.dictionary)


def words_as_written(games: Iterable[Game]) -> dict[int, str]:
    """The word each finished game named, as its list writes it (lower case), by game id:
    a list of games names them with one read per dictionary at most (``written_forms``)."""
    by_dictionary: dict[int, tuple[Dictionary, list[Game]]] = {}
    for game in games:
        if game.is_over and game.word:
            by_dictionary.setdefault(game.dictionary_id, (game.dictionary, []))[1].append(game)
    shown: dict[int, str] = {}
    for dictionary, named in by_dictionary.values():
        written = written_forms(dictionary, [game.word for game in named])
        shown.update(zip((game.pk for game in named), written, strict=True))
    return shown


def letters_named(alphabet: str, lang: Language) -> str:
    """The alphabet in capitals, in order, for a sentence that names it."""
    return " ".join(upper_word(alphabet, lang))


def not_a_word_message(typed: str, length: int, dictionary: Dictionary) -> str:
    """Why a whole-word guess was refused: it is not a word of the list of this length.

    The same sentence whatever the game's secret part of the list or words still possible:
    the list is public, nothing else is read (docs/design/whole-words.md)."""
    # A control or format character is named as U+FFFD: a line break would forge a log line,
    # a bidirectional control reverse the sentence.
    printable = "".join(
        "\ufffd" if unicodedata.category(char).startswith("C") else char for char in typed.strip()
    )
    shown = upper_word(printable, _lang(dictionary))[:64]
    return gettext(
        "“%(word)s” is not a %(length)s-letter word of this list, so it was not played. "
        "Nothing was changed."
    ) % {"word": shown, "length": length}


def not_a_letter_message(dictionary: Dictionary) -> str:
    """Why a guess was refused: it is not one letter of the game's alphabet."""
    if dictionary.alphabet == ENGLISH_ALPHABET:
        return gettext("A guess is a single letter from A to Z.")
    return gettext("A guess is a single letter of this list: %(letters)s.") % {
        "letters": letters_named(dictionary.alphabet, _lang(dictionary))
    }


def board_keyboard(dictionary: Dictionary) -> tuple[str, ...]:
    """The board's key rows for the dictionary: its language's keyboard, limited to its
    alphabet (English: QWERTY); a language without one, its letters the commonest first."""
    return _rows(dictionary.alphabet, dictionary.language, dictionary.key_order)


@lru_cache(maxsize=64)
def _rows(alphabet: str, code: str, key_order: str) -> tuple[str, ...]:
    counts = {letter: len(key_order) - rank for rank, letter in enumerate(key_order)}
    return tuple(keyboard_rows(alphabet, language(code), counts))


def _lang(dictionary: Dictionary) -> Language:
    return language(dictionary.language)


def _folds(dictionary: Dictionary) -> bool:
    return dictionary.accents == FOLD
