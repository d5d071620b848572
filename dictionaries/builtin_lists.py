"""Built-in familiar lists in Spanish, French and German, made from real spelling dictionaries.

The English lists (web2 and its familiar words) are ``services.dictionary_import_default``
and ``dictionary_import_familiar``. These three are a Debian dictionary package's words
(wspanish, wfrench, wngerman) that wordfreq counts often enough, less names, English
intrusions and blocked words, built by ``manage.py build_builtin_lists`` where the
packages are installed (``dictionaries/builtin_build.py``) and shipped as release data
(``dictionaries/data/builtin/<code>.txt.gz``): the set-up reads the data, so it needs
neither apt nor root. Offered, never the default. German keeps ``ß`` (``straße``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.text import slugify

from dictionaries.builtin_build import SOURCES, shipped_words
from dictionaries.languages import language
from dictionaries.models import Dictionary
from dictionaries.services import (
    DefaultImportResult,
    ProgressCallback,
    dictionary_import,
)
from dictionaries.wordfiles import DictionaryImportError


@dataclass(frozen=True, slots=True)
class BuiltInList:
    language: str

    @property
    def name(self) -> str:
        return f"{language(self.language).name} (familiar)"

    @property
    def slug(self) -> str:
        return slugify(self.name)

    @property
    def description(self) -> str:
        lang = language(self.language)
        source = SOURCES[self.language]
        return (
            f"The words of the {lang.name} spelling dictionary of the Debian package "
            f"{source.package} that wordfreq counts at Zipf {source.zipf} or more, without "
            "names, English words or blocked words (docs/word-lists.md)."
        )


BUILT_IN_LISTS: dict[str, BuiltInList] = {
    built_in.language: built_in
    for built_in in (
        BuiltInList("es"),
        BuiltInList("fr"),
        BuiltInList("de"),
    )
}


def built_in_words(code: str) -> list[str]:
    """The words of a built-in list as written, sorted: the shipped release data."""
    return shipped_words(BUILT_IN_LISTS[code].language)


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
