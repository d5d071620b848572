"""The Spanish, French and German catalogs: complete, current and consistent.

Untranslated strings are caught twice: a string marked in a template or in Python but
missing from a catalog fails ``test_the_catalogs_are_current`` (makemessages, run into a
copy of the project, would add it); a string in a catalog without a translation (or only
a fuzzy one) fails ``test_every_message_is_translated``. A translation must keep the
original's placeholders and HTML tags, or the page would lose a value or break.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tests.i18n.catalogs import TRANSLATED, Entry, catalog_path, plural_count, read_catalog

PLACEHOLDER = re.compile(r"%\(\w+\)[sdifr]|%[sdifr]|\{\w*\}")
TAG = re.compile(r"</?([a-zA-Z][\w-]*)")


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text.replace("%%", "")))


def tags(text: str) -> list[str]:
    return sorted(TAG.findall(text))


def messages(language: str) -> tuple[Entry, list[Entry]]:
    header, *entries = read_catalog(catalog_path(language))
    assert header.msgid == "", f"{language}: the catalog starts with no header"
    return header, [entry for entry in entries if not entry.obsolete]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language: str) -> None:
    header, entries = messages(language)
    forms = plural_count(header)
    assert "fuzzy" not in header.flags, f"{language}: the header is fuzzy (msgfmt skips it)"
    assert f"Language: {language}\\n" in repr(header.msgstr[0])
    problems = []
    for entry in entries:
        if "fuzzy" in entry.flags:
            problems.append(f"{entry.name} is fuzzy: check it and remove the flag")
        expected = list(range(forms)) if entry.msgid_plural is not None else [0]
        if sorted(entry.msgstr) != expected:
            problems.append(f"{entry.name} has forms {sorted(entry.msgstr)}, not {expected}")
        for form, text in entry.msgstr.items():
            if not text.strip():
                problems.append(f"{entry.name} has no translation (form {form})")
    assert len(entries) > 100
    assert not problems, f"{catalog_path(language)}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders_and_tags(language: str) -> None:
    _header, entries = messages(language)
    problems = []
    for entry in entries:
        originals = [entry.msgid] + ([entry.msgid_plural] if entry.msgid_plural else [])
        wanted = {tuple(placeholders(text)) for text in originals}
        wanted_tags = {tuple(tags(text)) for text in originals}
        for form, text in entry.msgstr.items():
            if not text:
                continue  # reported by test_every_message_is_translated
            if tuple(placeholders(text)) not in wanted:
                problems.append(f"{entry.name} form {form}: placeholders {placeholders(text)}")
            if tuple(tags(text)) not in wanted_tags:
                problems.append(f"{entry.name} form {form}: HTML tags {tags(text)}")
    assert not problems, f"{catalog_path(language)}:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    ("msgid", "msgstr", "same"),
    [
        ("%(count)s letter", "%(count)s letra", True),
        ("%(count)s letter", "%(cuenta)s letra", False),
        ("Win %(n)s%%", "Gana el %(n)s %%", True),
        ("{name} left", "{nombre} salió", False),
        ('Go <a href="%(url)s">home</a>', 'Ir al <a href="%(url)s">inicio</a>', True),
    ],
)
def test_the_placeholder_check_sees_a_change(msgid: str, msgstr: str, same: bool) -> None:
    assert (placeholders(msgid) == placeholders(msgstr)) is same


# What a copy of the project needs for makemessages to find every marked string.
NOT_COPIED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "__pycache__",
    "*.mo",
    "*.pyc",
    "staticfiles",
    "node_modules",
    "db.sqlite3*",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    "tests",
    "bench",
    "docs",
)


@pytest.mark.slow
def test_the_catalogs_are_current(tmp_path: Path) -> None:
    """`make messages` on a copy of the project adds no msgid: every marked string is in
    every catalog (a string marked without running it would reach players untranslated)."""
    copy = tmp_path / "project"
    shutil.copytree(settings.BASE_DIR, copy, ignore=NOT_COPIED)
    before = {language: keys(read_catalog(catalog_path(language))) for language in TRANSLATED}
    result = subprocess.run(
        ["make", "--no-print-directory", "-o", "install", "messages", f"PY={sys.executable}"],
        cwd=copy,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "evilsite.settings"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    for language in TRANSLATED:
        after = keys(read_catalog(copy / "locale" / language / "LC_MESSAGES" / "django.po"))
        added = sorted(after - before[language], key=str)
        assert not added, (
            f"{language}: marked but not in the catalog (run `make messages`, then translate):\n"
            + "\n".join(f"  {key}" for key in added)
        )


def keys(entries: list[Entry]) -> set[tuple[str | None, str, str | None]]:
    return {(e.msgctxt, e.msgid, e.msgid_plural) for e in entries[1:] if not e.obsolete}
