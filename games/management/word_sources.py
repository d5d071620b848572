"""Where the console's words come from (``manage.py play``): a stored dictionary or a file.

Either way a source knows its lengths, builds a lexicon per length once, and knows its
alphabet: the letters a game takes, how a typed letter maps to one of them
(``games.selectors.letters``) and how a word is written at the end.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from django.core.management.base import CommandError
from django.db import DatabaseError
from django.db.models import Count, Q

from dictionaries.languages import (
    DEFAULT_LANGUAGE,
    FOLD,
    MAX_ALPHABET,
    Language,
    alphabet_for,
    language,
    play_form,
)
from dictionaries.models import ENGLISH_ALPHABET, Dictionary, Word
from dictionaries.selectors import written_form
from dictionaries.wordbank import get_lexicon
from games.engine import MAX_WORD_LENGTH, Lexicon
from games.selectors.letters import letter_of, letters_named, word_of

# A word of a word file: lower-case letters of any alphabet (no digit, mark or space).
WORD_LINE = re.compile(r"[^\W\d_]+")


def plural(count: int, singular: str, plural: str) -> str:
    return f"{count:,} {singular if count == 1 else plural}"


@dataclass
class WordSource:
    """Where the words come from; lexicons are built once per length and kept."""

    description: str
    counts: dict[int, int]
    build: Callable[[int], Lexicon]
    alphabet: str = ENGLISH_ALPHABET
    lang: Language = field(default_factory=lambda: language(DEFAULT_LANGUAGE))
    folds: bool = False  # an accented letter typed plays its base letter
    written: Callable[[str], str] = str  # a word as its list writes it
    lexicons: dict[int, Lexicon] = field(default_factory=dict)

    def letter(self, raw: str) -> str | None:
        """The alphabet's letter a typed guess means (games/selectors/letters.py), or None."""
        return letter_of(raw, alphabet=self.alphabet, lang=self.lang, folds=self.folds)

    def word(self, raw: str) -> str | None:
        """The alphabet's word a typed whole-word guess means, letter by letter, or None."""
        return word_of(raw, alphabet=self.alphabet, lang=self.lang, folds=self.folds)

    def letters_text(self) -> str:
        if self.alphabet == ENGLISH_ALPHABET:
            return "one letter from A to Z"
        return "one letter of this list: " + letters_named(self.alphabet, self.lang)

    def lengths_text(self) -> str:
        return describe_lengths(sorted(self.counts))

    def lexicon(self, length: int) -> Lexicon:
        if length not in self.counts:
            raise CommandError(
                f"{self.description} has no word of length {length} "
                f"(lengths with words: {self.lengths_text()})"
            )
        if length not in self.lexicons:
            self.lexicons[length] = self.build(length)
        return self.lexicons[length]


def describe_lengths(lengths: list[int]) -> str:
    """'2-15, 17, 20-21': dictionaries have gaps, and a list of 30 numbers is hard to read."""
    runs: list[list[int]] = []
    for length in lengths:
        if runs and runs[-1][1] == length - 1:
            runs[-1][1] = length
        else:
            runs.append([length, length])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def file_source(path: str, warn: Callable[[str], None], code: str = DEFAULT_LANGUAGE) -> WordSource:
    """Words of a plain file in the language ``code``; never touches the database.

    Each word plays as an import would play it under the language's usual accent rule
    (English folds: ``naïve`` plays ``naive`` and is named ``naïve`` at the end).
    """
    lang = language(code)
    accents = lang.default_accents
    try:
        text = Path(path).read_bytes().decode("utf-8-sig")
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise CommandError(f"{path} is not UTF-8 text (bad byte at offset {error.start})") from None
    buckets: dict[int, set[str]] = {}
    written: dict[str, str] = {}
    skipped = 0
    for line in text.splitlines():
        typed = lang.lower(line.strip())
        if not typed:
            continue
        word = play_form(typed, lang, accents)
        if not WORD_LINE.fullmatch(word) or len(word) > MAX_WORD_LENGTH:
            skipped += 1
            continue
        buckets.setdefault(len(word), set()).add(word)
        if word != typed:
            written.setdefault(word, typed)
    if skipped:
        what = "line that is not a word" if skipped == 1 else "lines that are not words"
        warn(f"note: skipped {skipped:,} {what} in {path}")
    if not buckets:
        raise CommandError(f"{path} has no words")
    total = sum(len(words) for words in buckets.values())
    alphabet = alphabet_for((word for words in buckets.values() for word in words), lang)
    if len(alphabet) > MAX_ALPHABET:
        raise CommandError(
            f"{path} uses {len(alphabet)} letters; a list plays with at most {MAX_ALPHABET}"
        )
    return WordSource(
        description=f"{path} ({plural(total, 'word', 'words')})",
        counts={length: len(words) for length, words in buckets.items()},
        build=lambda length: Lexicon(buckets[length], alphabet=alphabet),
        alphabet=alphabet,
        lang=lang,
        folds=accents == FOLD,
        written=lambda word: written.get(word, word),
    )


def database_source(name: str | None) -> WordSource:
    """A stored dictionary, by name or slug, or the default one."""
    try:
        if name is None:
            dictionary = Dictionary.objects.filter(is_default=True).first()
            if dictionary is None:
                raise CommandError(
                    "there is no default dictionary: import one "
                    "(manage.py import_dictionary --default), or pass --dictionary or --words-file"
                )
        else:
            dictionary = (
                Dictionary.objects.filter(Q(name=name) | Q(slug=name)).first()
                or Dictionary.objects.filter(Q(name__iexact=name) | Q(slug__iexact=name)).first()
            )
            if dictionary is None:
                known = ", ".join(Dictionary.objects.values_list("name", flat=True)) or "none"
                raise CommandError(f"no dictionary named {name!r} (dictionaries: {known})")
        counts = dict(
            Word.objects.filter(dictionary=dictionary)
            .order_by()
            .values_list("length")
            .annotate(words=Count("id"))
        )
    except DatabaseError as error:
        raise CommandError(f"cannot read dictionaries from the database: {error}") from None
    if not counts:
        raise CommandError(f"dictionary {dictionary.name!r} has no words")

    def build(length: int) -> Lexicon:
        try:
            return get_lexicon(dictionary_id=dictionary.pk, length=length)
        except DatabaseError as error:
            raise CommandError(f"cannot read words from the database: {error}") from None

    return WordSource(
        description=(
            f"dictionary {dictionary.name!r} ({plural(sum(counts.values()), 'word', 'words')})"
        ),
        counts=counts,
        build=build,
        alphabet=dictionary.alphabet,
        lang=language(dictionary.language),
        folds=dictionary.accents == FOLD,
        written=lambda word: written_form(dictionary, word),
    )
