"""Which script a word list is written in, which scripts the board cannot play, which letters
are too rare to be keys: the import's judgement of a whole list (``wordfiles`` applies it).

Scripts are ICU's (Unicode's Script property, ISO 15924 codes such as ``Latn``, ``Cyrl``),
named in the reader's language by ICU's locale data ("Cyrillic", "cyrillique",
"Kyrillisch"). Characters of the scripts ``Common`` and ``Inherited`` (digits, combining
accents, a modifier letter apostrophe) belong to every script and decide nothing.

The rules (docs/word-lists.md, "Uploading a list"):

- the list's script is its language's (Cyrillic for ``ru``) or, for a language the site
  does not know, the script most of its words are written in; when less than half of the
  words with letters are in it, the file is refused whole (the wrong language chosen, or a
  file of several lists);
- a script whose letters combine into syllables (abugidas such as Devanagari or Thai,
  Hangul's blocks) or whose characters are syllables or words (kana, Han) cannot be
  played on a board of letter keys: a list mostly in one is refused whole, with that reason;
- otherwise a word in another script is refused on its own line, and so is a word using a
  letter outside the language's alphabet that fewer than one word in ``RARE_LETTER_WORDS``
  of the list uses (at least one word for lists under that size): a letter a handful of
  junk words use would be a key for nothing (``ʖ``, Ukrainian i, U+0456, in Russian).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

import icu
from django.utils.translation import get_language, gettext

# Neither decides a word's script: digits, punctuation, combining accents.
NEUTRAL = frozenset({"Zyyy", "Zinh", "Zzzz"})
MIXED = "mixed"  # a word with letters of two scripts
MIXED_UNPLAYABLE = "mixed-unplayable"  # two scripts, one the board cannot play (kana and Han)
# A letter outside the language's alphabet is a key when at least one word in this many
# uses it: 20 words of a 20,000-word list.
RARE_LETTER_WORDS = 1_000

# Scripts the board cannot play yet, by why. Abugidas: a consonant carries its vowel as a
# sign, and the letters a player sees are syllables.
_ABUGIDA_CODES = (
    "Deva Beng Guru Gujr Orya Taml Telu Knda Mlym Sinh Thai Laoo Tibt Mymr Khmr Ethi Java "
    "Bali Sund Tglg Lana Tale Talu Cakm Limb Mtei Newa Tirh Shrd Sylo Gonm"
)
ABUGIDAS = frozenset(_ABUGIDA_CODES.split(" "))
SYLLABLE_BLOCKS = frozenset({"Hang"})
SYLLABARIES = frozenset({"Hira", "Kana", "Hrkt", "Hani", "Bopo", "Yiii", "Cher", "Cans", "Vaii"})
UNPLAYABLE = ABUGIDAS | SYLLABLE_BLOCKS | SYLLABARIES


@lru_cache(maxsize=65_536)
def script_code(char: str) -> str:
    """The ISO 15924 code of a character's script (``Latn``), ``Zyyy`` for Common."""
    return icu.Script.getScript(char).getShortName()


@lru_cache(maxsize=256)
def code_of(name: str) -> str:
    """The code of a script named as ``Language.script`` names it (``CYRILLIC``: ``Cyrl``)."""
    codes = icu.Script.getCode(name)
    return icu.Script(codes[0]).getShortName() if codes else ""


def scripts_in(text: str, known: dict[str, str] | None = None) -> frozenset[str]:
    """The scripts of a text's characters, neutral ones left out (``known``: a cache of
    characters' scripts for one file, which may hold a million different characters)."""
    if text.isascii():  # most lines of most lists: no lookup at all
        return _LATIN if text.isalpha() or any(map(str.isalpha, text)) else _NONE
    chars = set(text)
    if known is None:
        return frozenset(map(script_code, chars)) - NEUTRAL
    found = set()
    for char in chars:
        code = known.get(char)
        if code is None:
            code = known[char] = icu.Script.getScript(char).getShortName()
        found.add(code)
    return frozenset(found - NEUTRAL)


_LATIN = frozenset({"Latn"})
_NONE: frozenset[str] = frozenset()


def script_name(code: str) -> str:
    """A script's name in the active language ("Cyrillic", "cyrillique"); MIXED is
    "several scripts in one word"."""
    if code == MIXED:
        return gettext("several scripts in one word")
    return _display_name(code, get_language() or "en")


@lru_cache(maxsize=512)
def _display_name(code: str, locale: str) -> str:
    shown = icu.Locale(f"und_{code}").getDisplayScript(icu.Locale(locale.replace("-", "_")))
    return shown or code


def english_script_name(code: str) -> str:
    """The name stored in reports and reasons, which stay in English."""
    return "several scripts in one word" if code == MIXED else _display_name(code, "en")


def line_script(text: str) -> str | None:
    """A line's one script, MIXED, or None when it has no letter of any script."""
    found = scripts_in(text)
    if not found:
        return None
    return next(iter(found)) if len(found) == 1 else MIXED


def unplayable_reason(code: str) -> str:
    """Why the board cannot play a script, in words for an admin."""
    name = script_name(code)
    if code in SYLLABLE_BLOCKS:
        text = gettext(
            "The words are in %(script)s, whose letters are written together as syllable "
            "blocks; the board plays one letter a key and cannot play it yet. Nothing was "
            "imported."
        )
    elif code in SYLLABARIES:
        text = gettext(
            "The words are in %(script)s, whose characters stand for syllables or words, not "
            "letters; the board plays one letter a key and cannot play it yet. Nothing was "
            "imported."
        )
    else:
        text = gettext(
            "The words are in %(script)s, whose letters combine into syllables (vowel signs "
            "join the consonants); the board plays one letter a key and cannot play it yet. "
            "Nothing was imported."
        )
    return text % {"script": name}


def rare_threshold(words: int) -> int:
    """How many of the list's words must use a letter outside its language's alphabet for
    it to be a key: one in ``RARE_LETTER_WORDS``, at least one."""
    return max(1, math.ceil(words / RARE_LETTER_WORDS))


def rare_letters(words: Iterable[str], own_letters: str, total: int) -> dict[str, int]:
    """Letters outside ``own_letters`` that fewer than ``rare_threshold(total)`` of
    ``words`` (play forms, each once) use, with how many do."""
    threshold = rare_threshold(total)
    if threshold <= 1:
        return {}
    own = set(own_letters)
    holding: Counter[str] = Counter()
    for word in words:
        if word.isascii() and own.issuperset(word):
            continue  # the common case: nothing to count
        holding.update(set(word) - own)
    return {letter: count for letter, count in holding.items() if count < threshold}
