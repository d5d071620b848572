"""What the site knows about a word list's language: its letters, case, accents and keyboard.

One registry, read by the import (normalising and checking words), the word bank (the
engine's alphabet), the board (the keyboard) and the API. Pure Python: the engine is told
its alphabet as a string and never reads this module.

Two accent rules, chosen per dictionary at upload:

- ``keep``: every letter is a letter of its own (``é`` is a key beside ``e``).
- ``fold``: a letter with a diacritic plays as its base letter (``café`` plays as
  ``cafe`` and is shown as ``café`` at the end), except the letters the language counts
  as letters of their own (Spanish ``ñ``), which never fold. Ligatures and ``ß`` expand
  (``œuvre`` plays as ``oeuvre``) unless the language keeps them. A language may fold
  only some marks: Vietnamese folds its five tones and keeps ă â ê ô ơ ư (``người`` plays
  as ``ngươi``), its 29 letters.

Whatever the rule, a letter's positional forms are one letter (Greek final sigma ``ς`` is
sigma at a word's end, Hebrew ``ם`` is ``מ``): a word plays with the base form, and is
written with the final form at its end and the base form elsewhere, a pure function of
position (``Language.by_position``), so the board shows a revealed letter rightly
without knowing the word.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

import icu

KEEP = "keep"
FOLD = "fold"
ACCENT_RULES = (KEEP, FOLD)
# Letters a dictionary may play with; a bound for the columns that store guessed letters.
MAX_ALPHABET = 64
DEFAULT_LANGUAGE = "en"

_EXPANSIONS = {"œ": "oe", "æ": "ae", "ß": "ss", "ĳ": "ij"}
_UPPER_EXCEPTIONS = {"ß": "ẞ"}  # str.upper gives "SS": two tiles for one letter
# Scripts written right to left: a word and a keyboard of their letters are laid out so.
RTL_SCRIPTS = frozenset({"HEBREW", "ARABIC", "SYRIAC", "THAANA", "NKO", "ADLAM"})
# Vietnamese's five tone marks (grave, acute, tilde, hook above, dot below): what its fold
# takes off; the marks that make ă â ê ô ơ ư stay.
VIETNAMESE_TONES = "\u0300\u0301\u0303\u0309\u0323"


@dataclass(frozen=True, slots=True)
class Language:
    """A language the site knows: the letters of its alphabet in their order, and more."""

    code: str  # BCP 47 primary language subtag
    name: str  # in English; pages translate it
    native_name: str
    script: str  # Unicode script name as unicodedata spells it: LATIN, CYRILLIC, GREEK
    letters: str  # lower case, in the language's alphabetical order
    unfolded: str = ""  # letters with a diacritic that ``fold`` keeps (Spanish ñ)
    default_accents: str = FOLD
    # The usual keyboard's letter rows, left to right as on the keys; () means by frequency.
    keyboard: tuple[str, ...] = ()
    # Positional forms, pairs of (final form, its letter) run together: Greek "ςσ".
    finals: str = ""
    # The combining marks ``fold`` takes off; "" takes off every mark (Vietnamese: tones).
    folded_marks: str = ""

    @property
    def direction(self) -> str:
        """How its words and keyboard are laid out: "rtl" (Hebrew, Arabic) or "ltr"."""
        return "rtl" if self.script in RTL_SCRIPTS else "ltr"

    def as_played(self, text: str) -> str:
        """Text with each final form as the letter it is (``ζωτικός`` -> ``ζωτικόσ``)."""
        if not self.finals:
            return text
        return text.translate(_finals(self.finals)[0])

    def by_position(self, word: str) -> str:
        """A word (or a pattern) with its letters in the form their position asks: the
        final form at the end, the base form elsewhere (``ζωτικοσ`` -> ``ζωτικος``).
        Only the position decides, so a board may apply it to a letter it reveals."""
        if not self.finals or not word:
            return word
        to_letters, final_of = _finals(self.finals)
        played = word.translate(to_letters)
        return played[:-1] + final_of.get(played[-1], played[-1])

    def play(self, written: str, accents: str) -> str:
        """A lower-case written word as it plays: final forms as their letters, folded when
        the rule is ``fold``."""
        played = self.as_played(written)
        return self.fold(played) if accents == FOLD else played

    def lower(self, text: str) -> str:
        """Lower-case by this language's rules (Turkish dotted and dotless i), NFC."""
        if text.isascii() and self.code not in ("tr", "az"):
            return text.lower()  # ASCII is NFC, and its lower case too
        text = unicodedata.normalize("NFC", text)
        if self.code in ("tr", "az"):
            text = text.replace("I", "ı").replace("İ", "i")
        return unicodedata.normalize("NFC", text.lower())

    def upper_letter(self, letter: str) -> str:
        """One letter in upper case, still one character (for tiles and keys)."""
        if self.code in ("tr", "az") and letter in "iı":
            return "İ" if letter == "i" else "I"
        upper = _UPPER_EXCEPTIONS.get(letter, letter.upper())
        return upper if len(upper) == 1 else letter

    def fold(self, word: str) -> str:
        """The word as ``fold`` plays it: diacritics off, but this language's own letters kept."""
        if word.isascii():
            return word  # nothing to fold (most words of most Latin lists)
        out: list[str] = []
        for char in word:
            if char.isascii() or char in self.unfolded:
                out.append(char)
            elif char in _EXPANSIONS:
                out.append(_EXPANSIONS[char])
            else:
                out.append(self._without_marks(char))
        return "".join(out)

    def _without_marks(self, char: str) -> str:
        """A letter with its marks off: only ``folded_marks`` when that leaves one of this
        language's letters (Vietnamese ờ is ơ), else every mark (ü is u)."""
        decomposed = unicodedata.normalize("NFD", char)
        if self.folded_marks:
            kept = "".join(c for c in decomposed if c not in self.folded_marks)
            letter = unicodedata.normalize("NFC", kept)
            if letter in self.letters:
                return letter
        base = "".join(c for c in decomposed if not unicodedata.combining(c))
        return unicodedata.normalize("NFC", base) or char


@lru_cache(maxsize=16)
def _finals(finals: str) -> tuple[dict[int, str], dict[str, str]]:
    """A language's final forms (pairs run together) as a ``str.translate`` table from each
    final form to its letter, and each letter that has one -> its final form."""
    pairs = [(finals[i], finals[i + 1]) for i in range(0, len(finals), 2)]
    return str.maketrans(dict(pairs)), {letter: final for final, letter in pairs}


def _latin(
    code: str,
    name: str,
    native: str,
    *,
    extra: str = "",
    order: str = "",
    keyboard: tuple[str, ...] = ("qwertyuiop", "asdfghjkl", "zxcvbnm"),
    accents: str = FOLD,
    folded_marks: str = "",
) -> Language:
    letters = order or "abcdefghijklmnopqrstuvwxyz" + extra
    unfolded = "".join(c for c in letters if not c.isascii())
    return Language(
        code, name, native, "LATIN", letters, unfolded, accents, keyboard, "", folded_marks
    )


LANGUAGES: Mapping[str, Language] = {
    lang.code: lang
    for lang in (
        _latin("en", "English", "English"),
        _latin(
            "es",
            "Spanish",
            "Español",
            order="abcdefghijklmnñopqrstuvwxyz",
            keyboard=("qwertyuiop", "asdfghjklñ", "zxcvbnm"),
        ),
        _latin("fr", "French", "Français", keyboard=("azertyuiop", "qsdfghjklm", "wxcvbn")),
        _latin(
            "de",
            "German",
            "Deutsch",
            extra="äöüß",
            accents=KEEP,
            keyboard=("qwertzuiopü", "asdfghjklöä", "yxcvbnmß"),
        ),
        _latin("it", "Italian", "Italiano"),
        _latin("pt", "Portuguese", "Português", keyboard=("qwertyuiop", "asdfghjklç", "zxcvbnm")),
        _latin("nl", "Dutch", "Nederlands"),
        _latin(
            "tr",
            "Turkish",
            "Türkçe",
            order="abcçdefgğhıijklmnoöprsştuüvyz",
            accents=KEEP,
            keyboard=("qwertyuıopğü", "asdfghjklşi", "zxcvbnmöç"),
        ),
        _latin(
            "pl",
            "Polish",
            "Polski",
            order="aąbcćdeęfghijklłmnńoóprsśtuwyzźż",
            accents=KEEP,
            keyboard=("qwertyuiop", "asdfghjkl", "zxcvbnm", "ąćęłńóśźż"),
        ),
        Language(
            "ru",
            "Russian",
            "Русский",
            "CYRILLIC",
            "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
            unfolded="й",
            default_accents=KEEP,
            keyboard=("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбюё"),
        ),
        Language(
            "uk",
            "Ukrainian",
            "Українська",
            "CYRILLIC",
            "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
            unfolded="йїґ",
            default_accents=KEEP,
            keyboard=("йцукенгшщзхї", "фівапролджє", "ячсмитьбюґ"),
        ),
        Language(
            "el",
            "Greek",
            "Ελληνικά",
            "GREEK",
            "αβγδεζηθικλμνξοπρστυφχψω",
            keyboard=("ερτυθιοπ", "ασδφγηξκλ", "ζχψωβνμ"),
            finals="ςσ",
        ),
        Language(
            "he",
            "Hebrew",
            "עברית",
            "HEBREW",
            "אבגדהוזחטיכלמנסעפצקרשת",
            keyboard=("קראטופ", "שדגכעיחל", "זסבהנמצת"),
            finals="ךכםמןנףפץצ",
        ),
        Language(
            "ar",
            "Arabic",
            "العربية",
            "ARABIC",
            "ءابتثجحخدذرزسشصضطظعغفقكلمنهوىةي",
            unfolded="ءةى",
            keyboard=("ضصثقفغعهخحجد", "شسيبلاتنمكط", "ءرىةوزظذ"),
        ),
        _latin(
            "vi",
            "Vietnamese",
            "Tiếng Việt",
            order="aăâbcdđeêghiklmnoôơpqrstuưvxy",
            keyboard=("qwertyuiop", "asdfghjkl", "zxcvbnm", "ăâđêôơư"),
            folded_marks=VIETNAMESE_TONES,
        ),
    )
}


@lru_cache(maxsize=256)
def language(code: str) -> Language:
    """The registered language for a BCP 47 tag (``es-MX`` is ``es``), or a generic one.

    A language the site does not know still plays: its alphabet is the letters its words
    use, its keyboard is by frequency, and nothing folds.
    """
    primary = (code or DEFAULT_LANGUAGE).split("-")[0].split("_")[0].lower()
    known = LANGUAGES.get(primary)
    if known is not None:
        return known
    return Language(primary, primary, primary, "", "", default_accents=KEEP)


def language_label(tag: str) -> str:
    """How pages name a list's language: "Spanish (es-MX)" when the site knows it, else
    the tag ("eo")."""
    known = language(tag)
    return f"{known.name} ({tag})" if known.name != known.code else tag


def script_of(letter: str) -> str:
    """The Unicode script of a letter as ``Language.script`` names it (LATIN, CYRILLIC, HAN),
    by ICU's Script property (a character's name misleads: º is MASCULINE ORDINAL
    INDICATOR); COMMON for digits and the like."""
    return icu.Script.getScript(letter).getName().upper()


# Latin's ordinal indicators (nº, 1ª): letters to Unicode, marks of abbreviation to a reader.
ORDINAL_INDICATORS = frozenset("ªº")


def is_letter(char: str) -> bool:
    return unicodedata.category(char).startswith("L") and char not in ORDINAL_INDICATORS


def play_form(word: str, lang: Language, accents: str) -> str:
    """The word the engine plays with: lower case, NFC, final forms as their letters,
    folded when the rule says so."""
    return lang.play(lang.lower(word), accents)


def direction_of(alphabet: str, lang: Language) -> str:
    """How a list's words and keys are laid out: its language's direction, or for a language
    the site does not know, its letters' script's ("rtl" or "ltr")."""
    script = lang.script or (script_of(alphabet[0]) if alphabet else "")
    return "rtl" if script in RTL_SCRIPTS else "ltr"


def alphabet_for(words: Iterable[str], lang: Language) -> str:
    """The letters a dictionary plays with: its language's own alphabet, then any other
    letter its words use, each placed after its base letter (``á`` after ``a``, after the
    other letters placed there before it) and the rest at the end.

    The language's letters are always keys, used or not, so a guess of one the list lacks
    is a plain miss; the order is the tie-break order every strategy uses. Built in time
    linear in the letters (a sort aside): an upload of 30,000 different letters took
    minutes when each was inserted into a list, before it could be refused as too many.
    """
    used = set("".join(words))
    if lang.script and used and not any(script_of(c) == lang.script for c in used):
        base_letters = ""
    else:
        base_letters = lang.letters
    extra = sorted(used - set(base_letters), key=lambda c: (_base_rank(c, base_letters), c))
    after: dict[str, list[str]] = {letter: [] for letter in base_letters}
    group_of: dict[str, str] = {}  # a placed letter -> the base letter it follows ("": the end)
    for char in extra:
        base = _base(char)
        group = base if base in after else group_of.get(base, "")
        after.setdefault(group, []).append(char)
        group_of[char] = group
    return "".join(letter + "".join(after[letter]) for letter in base_letters) + "".join(
        after.get("", [])
    )


def _base(char: str) -> str:
    decomposed = unicodedata.normalize("NFD", char)
    return decomposed[0] if decomposed else char


def _base_rank(char: str, letters: str) -> int:
    base = _base(char)
    return letters.index(base) if base in letters else len(letters)


def commonest_first(alphabet: str, words: Iterable[str]) -> str:
    """The alphabet ordered by how many words hold each letter, the commonest first (ties in
    alphabet order): the key order of a language with no keyboard of its own."""
    holding = Counter(letter for word in words for letter in set(word))
    return "".join(sorted(alphabet, key=lambda c: (-holding[c], alphabet.index(c))))


def keyboard_rows(
    alphabet: str, lang: Language, counts: Mapping[str, int] | None = None
) -> list[str]:
    """The board's key rows, each in its reading order: the language's keyboard where it
    has one, limited to the alphabet, then a row of the alphabet's other letters; otherwise
    rows of up to ten letters, the commonest first when ``counts`` (letter -> words holding
    it) is given."""
    letters = set(alphabet)
    if lang.keyboard:
        # A right-to-left board lays each row out from the right: its row runs backwards,
        # so the keys still stand where they stand on the keyboard (Hebrew ק at the left).
        step = -1 if lang.direction == "rtl" else 1
        rows = ["".join(c for c in row[::step] if c in letters) for row in lang.keyboard]
        placed = set("".join(rows))
        rest = "".join(c for c in alphabet if c not in placed)
        rows += [rest[i : i + 10] for i in range(0, len(rest), 10)]
        return [row for row in rows if row]
    order = sorted(alphabet, key=lambda c: (-(counts or {}).get(c, 0), alphabet.index(c)))
    return ["".join(order[i : i + 10]) for i in range(0, len(order), 10)]
