"""Built-in familiar lists in Spanish, French and German, made from wordfreq's own word lists.

The English lists (web2 and its familiar words) are ``services.dictionary_import_default``
and ``dictionary_import_familiar``. These three have no dictionary behind them: wordfreq's
table of the language is the list, kept to the words it counts at least ``BUILT_IN_ZIPF``
(about once per million words) and written only in the language's letters and accented
vowels, so no download is needed and the words are the ones people meet. Offered, never
the default. wordfreq stores words casefolded, so German ``ß`` reaches it as ``ss``
(``strasse``): the German list has no ``ß``, though its keyboard keeps the key.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.text import slugify

from dictionaries.frequency import frequencies
from dictionaries.languages import language
from dictionaries.models import Dictionary
from dictionaries.services import (
    DefaultImportResult,
    ProgressCallback,
    dictionary_import,
)
from dictionaries.wordfiles import DictionaryImportError

# Once per million words or more: 31,000 to 39,000 words a language, every length from 3 to
# 15 with 100 words or more (the counts are in the import report and docs/word-lists.md).
BUILT_IN_ZIPF = 3.0


@dataclass(frozen=True, slots=True)
class BuiltInList:
    language: str
    marks: str  # the accented letters the language writes beyond its alphabet's own

    @property
    def name(self) -> str:
        return f"{language(self.language).name} (familiar)"

    @property
    def slug(self) -> str:
        return slugify(self.name)

    @property
    def description(self) -> str:
        lang = language(self.language)
        return (
            f"The {lang.name} words wordfreq counts at least once per million words (Zipf "
            f"{BUILT_IN_ZIPF} or more), written in {lang.name} letters only, from wordfreq's "
            "own word list."
        )


BUILT_IN_LISTS: dict[str, BuiltInList] = {
    built_in.language: built_in
    for built_in in (
        BuiltInList("es", marks="áéíóúü"),
        BuiltInList("fr", marks="àâæçéèêëîïôœùûüÿ"),
        BuiltInList("de", marks=""),
    )
}


def built_in_words(code: str) -> list[str]:
    """The words of a built-in list as written, sorted: wordfreq's, frequent enough, and
    in the language's letters only (no digits, no other alphabet, no stray accents)."""
    built_in = BUILT_IN_LISTS[code]
    letters = set(language(code).letters + built_in.marks)
    threshold = 10 ** (BUILT_IN_ZIPF - 9)  # Zipf back to a share of all words
    return sorted(
        word
        for word, share in frequencies(code).items()
        if share >= threshold and set(word) <= letters
    )


def dictionary_import_built_in(
    code: str, *, progress: ProgressCallback | None = None
) -> DefaultImportResult:
    """Load the built-in familiar list of ``code`` (es, fr, de) once; later calls store
    nothing. Offered to players, never made the default."""
    built_in = BUILT_IN_LISTS[code]
    existing = Dictionary.objects.filter(slug=built_in.slug).first()
    if existing is not None:
        return DefaultImportResult(dictionary=existing)
    try:
        report = dictionary_import(
            name=built_in.name,
            source="\n".join(built_in_words(code)).encode("utf-8"),
            description=built_in.description,
            offered=True,
            progress=progress,
            language_tag=code,
        )
    except DictionaryImportError as error:
        if error.code != "name_taken":
            raise
        return DefaultImportResult(dictionary=Dictionary.objects.get(slug=built_in.slug))
    return DefaultImportResult(dictionary=report.dictionary, report=report)
