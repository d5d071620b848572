"""Names people set (dictionaries, classes, terms, assignments, API tokens, usernames):
no bidirectional control characters, in any script, and what a name looks like.

U+202E (RIGHT-TO-LEFT OVERRIDE) and its kin reorder the text after them: a dictionary
named with one rendered reversed on the new-game form and the leaderboards (issue 37,
finding 7), and could make a name read as another's. No name needs them: a name in
Arabic or Hebrew is laid out right to left by its letters alone. One validator, on the
model fields (so the admin's forms refuse them too), and on the site's plain forms.
Usernames allow only letters, digits and ``_ . - @ +`` anyway (Django's validator).

A name is written in any script (``עברית``, ``Ελληνικά``): it needs a letter or a digit of
any alphabet (``has_letter_or_digit``), and two names are look-alikes when they share a
*skeleton* (``lookalike_skeletons``): Unicode's confusable skeleton (UTS #39) of every
character as ICU computes it, with the steps ``accounts/usernames.py`` explains. Usernames
and dictionary names are compared by it.
"""

from __future__ import annotations

import threading
import unicodedata
from functools import lru_cache

import icu
from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _

# Embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069), and the marks
# LRM, RLM and ALM (U+200E, U+200F, U+061C).
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)
BIDI_CONTROL_MESSAGE = _(
    "A name cannot hold invisible characters that change the direction of text "
    "(such as U+202E); remove them."
)


def has_bidi_control(text: str) -> bool:
    return not BIDI_CONTROLS.isdisjoint(text)


@deconstructible(path="core.names.NoBidiControls")
class NoBidiControls:
    """The validator: a ValidationError (code ``bidi_control``) for a name holding one."""

    def __call__(self, value: object) -> None:
        if isinstance(value, str) and has_bidi_control(value):
            raise ValidationError(BIDI_CONTROL_MESSAGE, code="bidi_control")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NoBidiControls)

    def __hash__(self) -> int:
        return hash(NoBidiControls)


no_bidi_controls = NoBidiControls()


def has_letter_or_digit(text: str) -> bool:
    """Whether a name holds a letter or a digit of any script (not only punctuation)."""
    return any(unicodedata.category(char)[0] in "LN" for char in text)


class _Icu(threading.local):
    """ICU's spoof checker and Latin-ASCII transform, one of each per thread (a
    transliterator is not to be shared between threads)."""

    def __init__(self) -> None:
        self.spoof = icu.SpoofChecker()
        self.latin_ascii = icu.Transliterator.createInstance("Latin-ASCII")


_icu = _Icu()
# A Latin letter named after a Greek one it is drawn like (LATIN SMALL LETTER ALPHA, U+0251).
_GREEK_NAMED = {"ALPHA": "a", "IOTA": "i", "UPSILON": "u", "OMEGA": "w", "GAMMA": "y"}


@lru_cache(maxsize=4096)
def _named_letter(char: str) -> str:
    """A Latin letter's plain letter by its name: the last word before "WITH" when it is one
    or two letters (LATIN LETTER SMALL CAPITAL D, LATIN SMALL LETTER TURNED A), or a Greek
    letter's name (LATIN SMALL LETTER INVERTED ALPHA); else the character itself."""
    name = unicodedata.name(char, "")
    if not name.startswith("LATIN ") or " LETTER " not in name:
        return char
    word = name.split(" WITH ", 1)[0].rsplit(" ", 1)[-1]
    if len(word) <= 2 and word.isalpha() and word.isascii():
        return word.lower()
    return _GREEK_NAMED.get(word, char)


def _unmarked(text: str) -> str:
    text = unicodedata.normalize("NFD", text)
    return "".join(char for char in text if not unicodedata.combining(char))


def _looks(text: str) -> str:
    """What a text looks like: Latin-ASCII, letters by name, then UTS #39's skeleton,
    without accents or overlays (``đ``'s skeleton is ``d`` with a stroke)."""
    text = _unmarked(_icu.latin_ascii.transliterate(text))
    text = "".join(char if char.isascii() else _named_letter(char) for char in text)
    return _unmarked(_icu.spoof.getSkeleton(0, text))


def lookalike_skeletons(text: str) -> set[str]:
    """What a name looks like, every character of every script: names sharing a skeleton
    can be taken for each other.

    Up to three, since names are compared without case and case and look-alikes
    interfere: ``PayPaI`` passes for ``PayPal`` before folding its case, ``ADMlN`` for
    ``admin`` written in capitals.
    """
    text = unicodedata.normalize("NFKC", text)
    return {_looks(_looks(variant).casefold()) for variant in (text.casefold(), text, text.upper())}


def name_skeletons(name: str) -> set[str]:
    """A label's skeletons (a dictionary's name) without spaces and punctuation, which a
    reader skims over: ``Greek 2026`` and ``Greek-2026`` look alike."""
    return {
        "".join(char for char in skeleton if unicodedata.category(char)[0] in "LN")
        for skeleton in lookalike_skeletons(name)
    }
