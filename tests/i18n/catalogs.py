"""The translation catalogs as the tests read them: locale/<language>/LC_MESSAGES/django.po
parsed (the few PO rules Django's makemessages writes), and compiled when stale."""

from __future__ import annotations

import ast
import fcntl
import re
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.core.management import call_command

LOCALE = Path(settings.BASE_DIR) / "locale"
# Every language of settings.LANGUAGES but the one the templates are written in.
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != "en"]


@dataclass
class Entry:
    msgid: str
    line: int
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    @property
    def name(self) -> str:
        return f"line {self.line}: {self.msgid!r}"


def catalog_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "django.po"


def read_catalog(path: Path) -> list[Entry]:
    """The entries of a PO file, the header (msgid "") first."""
    entries: list[Entry] = []
    current: Entry | None = None
    key: tuple[str, int] | None = None
    parts: dict[tuple[str, int], list[str]] = {}

    def finish() -> None:
        if current is None:
            return
        text = {k: "".join(ast.literal_eval(p) for p in v) for k, v in parts.items()}
        current.msgid = text.get(("msgid", 0), "")
        current.msgctxt = text.get(("msgctxt", 0))
        current.msgid_plural = text.get(("msgid_plural", 0))
        current.msgstr = {i: v for (k, i), v in text.items() if k == "msgstr"}
        entries.append(current)

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            finish()
            current, key, parts = None, None, {}
            continue
        if current is None:
            current = Entry(msgid="", line=number)
        if line.startswith("#~"):
            current.obsolete = True
            continue
        if line.startswith("#,"):
            current.flags |= {flag.strip() for flag in line[2:].split(",")}
            continue
        if line.startswith("#"):
            continue
        match = re.match(r"(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])? (\".*\")$", line)
        if match:
            key = (match.group(1), int(match.group(2) or 0))
            parts[key] = [match.group(3)]
        elif line.startswith('"') and key is not None:
            parts[key].append(line)
        else:
            raise ValueError(f"{path}:{number}: not a line of a PO file: {line!r}")
    finish()
    return entries


def plural_count(header: Entry) -> int:
    match = re.search(r"nplurals\s*=\s*(\d+)", header.msgstr.get(0, ""))
    if not match:
        raise ValueError("the catalog's header has no Plural-Forms")
    return int(match.group(1))


def compile_catalogs() -> None:
    """locale/*.po into .mo where a .mo is missing or older (they are not committed)."""
    stale = [
        language
        for language in TRANSLATED
        if not catalog_path(language).with_suffix(".mo").exists()
        or catalog_path(language).with_suffix(".mo").stat().st_mtime
        < catalog_path(language).stat().st_mtime
    ]
    if not stale:
        return
    # Test workers may start at once: one compiles while the others wait for it.
    with (LOCALE / ".compile.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        # No directory walked: LOCALE_PATHS alone.
        call_command("compilemessages", locale=stale, ignore_patterns=["*"], verbosity=0)
