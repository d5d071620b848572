"""The shipped blocklists: words left out of every list, per language, as release data.

No Django here. ``dictionaries/data/blocklist/<code>.txt`` holds, per language, the
one-word entries of the LDNOOBW list (List of Dirty, Naughty, Obscene and Otherwise Bad
Words, CC BY 4.0, as the npm package ``naughty-words`` ships it), lower-cased by the
language's rules; a header of ``#`` lines names the source and its version.
``manage.py build_blocklists DIR`` writes them from the unpacked package (``npm pack
naughty-words@1.2.0``). Migration ``dictionaries 0012`` loads them into ``BlockedWord``,
which admins edit; the built-in lists are built without them (``builtin_build``).
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from dictionaries.languages import language

BLOCKLIST_DIR = Path(__file__).resolve().parent / "data" / "blocklist"
SOURCE_PACKAGE = "naughty-words"
SOURCE_NAME = (
    "LDNOOBW: List of Dirty, Naughty, Obscene and Otherwise Bad Words (CC BY 4.0), "
    "npm package naughty-words"
)
# The package's files that are not a language's list, or a list the site would never play.
_SKIPPED = frozenset({"package", "package-lock", "bower", "tlh"})


@dataclass(frozen=True, slots=True)
class Blocklist:
    code: str
    words: tuple[str, ...]  # sorted, distinct, lower case
    entries: int  # the source's entries for the language
    phrases: int  # entries left out: more than one word, or not letters only


def source_code(file_stem: str) -> str:
    """The language a package file is about: ``fr-CA-u-sd-caqc`` is French."""
    return file_stem.split("-")[0].lower()


def blocklists_from_package(package_dir: Path) -> dict[str, Blocklist]:
    """Each language's one-word entries from the unpacked package's ``<code>.json`` files."""
    entries: dict[str, list[str]] = {}
    for path in sorted(package_dir.glob("*.json")):
        if path.stem in _SKIPPED:
            continue
        entries.setdefault(source_code(path.stem), []).extend(
            json.loads(path.read_text(encoding="utf-8"))
        )
    lists = {}
    for code, raw in sorted(entries.items()):
        lang = language(code)
        words = set()
        for entry in raw:
            word = lang.lower(unicodedata.normalize("NFC", entry.strip()))
            if word.isalpha():
                words.add(word)
        lists[code] = Blocklist(
            code=code,
            words=tuple(sorted(words)),
            entries=len(raw),
            phrases=sum(not lang.lower(e.strip()).isalpha() for e in raw),
        )
    return lists


def blocklist_text(blocklist: Blocklist, *, version: str) -> str:
    header = (
        f"# Blocked words, {language(blocklist.code).name} ({blocklist.code}): the one-word "
        "entries of\n"
        f"# {SOURCE_NAME} {version}.\n"
        f"# {blocklist.entries} entries in the source, {blocklist.phrases} left out (phrases), "
        f"{len(blocklist.words)} words.\n"
        "# Written by manage.py build_blocklists; loaded by migration dictionaries 0012.\n"
    )
    return header + "".join(f"{word}\n" for word in blocklist.words)


def shipped_blocklists() -> dict[str, list[str]]:
    """The shipped blocked words per language code (header lines skipped)."""
    lists = {}
    for path in sorted(BLOCKLIST_DIR.glob("*.txt")):
        lines = path.read_text(encoding="utf-8").splitlines()
        lists[path.stem] = [line for line in lines if line and not line.startswith("#")]
    return lists
