"""One word per idea in each catalog (docs/translating.md): the words that were refused
for an idea never come back where that idea is meant, and the slips a native speaker
found stay fixed."""

from __future__ import annotations

import re

import pytest

from tests.i18n.catalogs import Entry, catalog_path, read_catalog


def translated(language: str) -> list[tuple[Entry, str]]:
    """Each live entry with each of its translations."""
    _header, *entries = read_catalog(catalog_path(language))
    return [
        (entry, text)
        for entry in entries
        if not entry.obsolete
        for text in entry.msgstr.values()
        if text
    ]


def refused(language: str, *, msgid: str, msgstr: str) -> list[str]:
    """Translations of messages matching ``msgid`` that say ``msgstr`` (both regexes)."""
    return [
        f"{entry.name}: {text!r}"
        for entry, text in translated(language)
        if re.search(msgid, entry.msgid + (entry.msgid_plural or ""))
        and re.search(msgstr, text, re.IGNORECASE)
    ]


@pytest.mark.parametrize(
    ("language", "msgid", "msgstr", "why"),
    [
        (
            "fr",
            r"^(?!.*\brated\b).*\branked\b",
            r"\bcotée?s?\b|\bévaluée?s?\b",
            "ranked is classée",
        ),
        ("fr", r"\brated\b|\bRated\b", r"\bévaluée?s?\b", "rated is cotée"),
        ("fr", r".", r"défis? du jour|défi #", "the daily is the énigme du jour"),
        ("fr", r".", r"\ben %\(counts_as\)s", "pas d’indice dans une partie"),
        ("fr", r".", r"\w'\w", "the French apostrophe is ’"),
        ("fr", r".", r" [:;!?]", "a no-break space before : ; ! ?"),
        ("fr", r".", r"IA devineuse", "the AI guesser is the devineur IA"),
        ("de", r"\b[Hh]ints?\b", r"Hinweis", "a hint is a Tipp"),
        ("de", r".", r"\bbei ein(e|es)?\b", "Keine Tipps bei ein gewertetes Spiel"),
        ("de", r".", r"Spielbrett|\bBrett\b", "the board is the Spielfeld"),
        ("de", r"^(?!.*\b[Hh]int).*\bguess", r"\bTipp", "a guess is a Versuch, a Tipp a hint"),
        ("de", r".", r"KI-Rater|Wortgeber", "the Rate-KI and the Wortwähler"),
        ("es", r".", r"\busted\b|introduzca|\bsu contraseña\b|por favor", "Spanish says tú"),
        ("es", r"\binstructors?\b", r"\bprofesor", "an instructor is a docente"),
        ("es", r".", r"IA adivinadora", "the AI guesser is the adivinador de la IA"),
        ("es", r"^Daily$", r"^Diario$", "the daily is the reto (diario)"),
        ("es", r"^(?!.*\battempt).*\bguess", r"\bintentos?\b", "a guess is a jugada"),
    ],
)
def test_one_word_per_idea(language: str, msgid: str, msgstr: str, why: str) -> None:
    found = refused(language, msgid=msgid, msgstr=msgstr)
    assert not found, f"{catalog_path(language)} ({why}):\n" + "\n".join(found)


def test_the_check_sees_a_refused_word() -> None:
    """The check reads the catalogs: a word the French catalog does use is found."""
    assert refused("fr", msgid=r"\branked\b", msgstr=r"\bclassée\b")
    assert refused("de", msgid=r"\b[Hh]ints?\b", msgstr=r"\bTipps?\b")
