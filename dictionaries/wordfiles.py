"""Reading a word file: its size, its encoding, and one word per line, normalised.

Nothing here stores anything: ``parse_word_file`` turns the bytes of an upload (or
of a built-in list) into the words an import would store and the lines it would
refuse, with the reason for each; ``services.dictionary_import`` stores them.

A line is a word of the list's language (``dictionaries/languages.py``): NFC, trimmed,
lower-cased by that language's rules, letters only (any alphabet), then its play form
(folded or not, by the list's accent rule). A line with anything but letters is refused
on its own; a list whose words are in two scripts, or not in its language's, is refused
whole, since one game plays one alphabet.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import IO, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext

from dictionaries.languages import (
    DEFAULT_LANGUAGE,
    FOLD,
    MAX_ALPHABET,
    Language,
    alphabet_for,
    is_letter,
    language,
    script_of,
)
from dictionaries.models import MAX_WORD_LENGTH

REJECTED_LINES_KEPT = 20
REJECTED_LINE_SHOWN_CHARS = 60

UTF8_BOM = b"\xef\xbb\xbf"
MIXED = "MIXED"
MIXED_EXAMPLES = 3
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


Rank = Callable[[str], float]
"""How frequent a written word is (its Zipf): of two that play alike, the higher is kept."""


class DictionaryImportError(ValidationError):
    """An import refused as a whole; nothing was stored.

    A ``ValidationError`` so forms can show it as is; ``field`` says which
    input it is about (``"name"`` or ``"source"``).
    """

    def __init__(
        self,
        message: str,
        code: str = "invalid",
        params: dict[str, Any] | None = None,
        *,
        field: str = "source",
        rejected_lines: Iterable[RejectedLine] = (),
    ) -> None:
        # Positional (message, code, params) like ValidationError, so copies and pickles work.
        super().__init__(message, code, params)
        self.field = field
        self.rejected_lines = tuple(rejected_lines)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class RejectedLine:
    number: int
    text: str
    reason: str

    def as_json(self) -> dict[str, Any]:
        return {"number": self.number, "text": self.text, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class ParsedWordList:
    """A word file after normalisation, before anything is stored."""

    words: list[str]  # the play forms, sorted
    written: list[str]  # each play form's word as written (lower case, NFC), in step
    lines_read: int
    blank_lines: int
    duplicates: int
    merged: int  # written words dropped because another plays the same (fold)
    rejected: int
    rejected_lines: tuple[RejectedLine, ...]


def _describe_size(size: int) -> str:
    megabytes = size / (1024 * 1024)
    return ngettext(
        "%(count)s byte (%(megabytes)s MB)", "%(count)s bytes (%(megabytes)s MB)", size
    ) % {
        "count": f"{size:,}",
        "megabytes": f"{megabytes:.1f}",
    }


def _too_large_error(size: int | None, limit: int) -> DictionaryImportError:
    if size is None:
        message = gettext(
            "The file is over the size limit of %(limit)s for a dictionary; split it or ask "
            "for a larger DICTIONARY_UPLOAD_MAX_BYTES."
        )
    else:
        message = gettext(
            "The file is %(size)s, over the size limit of %(limit)s for a dictionary; split it "
            "or ask for a larger DICTIONARY_UPLOAD_MAX_BYTES."
        )
    limits = {"limit": _describe_size(limit), "size": _describe_size(size) if size else ""}
    return DictionaryImportError(message % limits, code="too_large")


def read_source(source: bytes | IO[bytes], *, limit: int) -> bytes:
    """The bytes of ``source``, refusing anything over ``limit`` before reading it all."""
    if isinstance(source, bytes | bytearray | memoryview):
        data = bytes(source)
        if len(data) > limit:
            raise _too_large_error(len(data), limit)
        return data
    declared_size = getattr(source, "size", None)
    if isinstance(declared_size, int) and declared_size > limit:
        raise _too_large_error(declared_size, limit)
    if getattr(source, "seekable", lambda: False)():
        source.seek(0)
    data = source.read(limit + 1)
    if isinstance(data, str):
        raise TypeError("dictionary_import needs bytes or a file opened in binary mode")
    if len(data) > limit:
        raise _too_large_error(declared_size if isinstance(declared_size, int) else None, limit)
    return bytes(data)


def _line_number_at(data: bytes, offset: int) -> int:
    before = data[:offset]
    # Count line breaks as the parser does: CRLF, CR and LF each end one line.
    return before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n") + 1


def decode_word_file(data: bytes) -> str:
    """Strict UTF-8 (an optional BOM is dropped); anything else is refused with its place."""
    body = data[len(UTF8_BOM) :] if data.startswith(UTF8_BOM) else data
    skipped = len(data) - len(body)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        offset = error.start + skipped
        bad_byte = data[offset]
        raise DictionaryImportError(
            gettext(
                "The file is not UTF-8 text: byte 0x%(byte)s at offset %(offset)s (line "
                "%(line)s) is not valid UTF-8. Save the word list as UTF-8 and try again."
            )
            % {
                "byte": f"{bad_byte:02X}",
                "offset": f"{offset:,}",
                "line": f"{_line_number_at(data, offset):,}",
            },
            code="not_utf8",
        ) from error
    nul = text.find("\x00")
    if nul != -1:
        offset = len(text[:nul].encode("utf-8")) + skipped
        raise DictionaryImportError(
            gettext(
                "The file is not UTF-8 text: it has a NUL byte at offset %(offset)s (line "
                "%(line)s), as binary or UTF-16 files do. Save the word list as UTF-8 and try "
                "again."
            )
            % {"offset": f"{offset:,}", "line": f"{_line_number_at(data, offset):,}"},
            code="not_utf8",
        )
    return text


def _describe_character(character: str) -> str:
    return f"{character!r} (U+{ord(character):04X})"


def rejection_reason(line: str) -> str | None:
    """Why a trimmed, non-blank, lower-cased line is not a word, or None if it is one.

    Letters of any alphabet are words' letters (Unicode category L); anything else (a
    digit, a hyphen, an apostrophe, a space) refuses the line, named.
    """
    if line.isalpha():  # every character a letter (category L), the common case
        if len(line) > MAX_WORD_LENGTH:
            return f"is {len(line)} letters long; words have at most {MAX_WORD_LENGTH}"
        return None
    for character in line:
        if is_letter(character):
            continue
        if character == " ":
            return "has a space inside (one word per line)"
        if character.isspace():
            return f"has whitespace {_describe_character(character)} inside (one word per line)"
        if character.isdigit():
            return f"contains the digit {character!r}"
        return f"contains {_describe_character(character)}, which is not a letter"
    raise AssertionError(f"unreachable: {line!r} is letters only")  # pragma: no cover


def _shown(line: str) -> str:
    if len(line) <= REJECTED_LINE_SHOWN_CHARS:
        return line
    return line[: REJECTED_LINE_SHOWN_CHARS - 1] + "…"


def _word_script(word: str, scripts: dict[str, str]) -> str:
    """The script of a word's letters, or "mixed" when they belong to more than one."""
    found = {scripts[character] for character in set(word)}
    return found.pop() if len(found) == 1 else MIXED


def _script_name(script: str) -> str:
    return "several scripts in one word" if script == MIXED else script.title()


def _check_one_script(written: list[str], lang: Language) -> None:
    """A list is in one alphabet, its language's when the site knows it: refused otherwise."""
    scripts = {character: script_of(character) for character in set("".join(written))}
    if len(set(scripts.values())) == 1:  # one script for every letter: one per word too
        by_script = {next(iter(scripts.values())): written}
    else:
        by_script = {}
        for word in written:
            by_script.setdefault(_word_script(word, scripts), []).append(word)
    if lang.script:
        expected = lang.script
        if expected not in by_script:
            found = max(by_script, key=lambda script: len(by_script[script]))
            raise DictionaryImportError(
                f"The words are in {_script_name(found)} letters, but {lang.name} is written "
                f"in {_script_name(expected)} letters: choose the list's language.",
                code="wrong_script",
            )
    else:
        expected = max(by_script, key=lambda script: (len(by_script[script]), script))
    others = {script: words for script, words in by_script.items() if script != expected}
    if not others:
        return
    strays = [word for words in others.values() for word in words]
    names = " and ".join(_script_name(script) for script in sorted(others))
    examples = ", ".join(repr(word) for word in strays[:MIXED_EXAMPLES])
    raise DictionaryImportError(
        f"The list mixes {_script_name(expected)} and {names}: {len(strays):,} word"
        f"{'s' if len(strays) != 1 else ''} such as {examples}. A dictionary is in one "
        "alphabet: remove them or upload them as a list of their own.",
        code="mixed_scripts",
    )


def _chosen(forms: Iterable[str], rank: Rank | None) -> str:
    """Of written words sharing a play form, the one kept: the most frequent, then the
    first in alphabetical order, so the same file always keeps the same word."""
    if rank is None:
        return min(forms)
    return min(forms, key=lambda form: (-rank(form), form))


def normalise_word_lines(
    text: str,
    lang: Language | None = None,
    accents: str = FOLD,
    *,
    rank: Rank | None = None,
) -> ParsedWordList:
    """NFC, trim, lower-case by the language's rules, judge each line, then fold to the
    play form; blank lines are skipped, written duplicates counted, and written words
    that play alike merged (``rank``: how frequent a written word is, to keep the best
    known)."""
    lang = lang or language(DEFAULT_LANGUAGE)
    first: dict[str, str] = {}  # play form -> its first written word
    others: dict[str, dict[str, None]] = {}  # play form -> its other written words, if any
    lines_read = blank_lines = duplicates = rejected = 0
    rejected_lines: list[RejectedLine] = []
    # NFC once for the whole text: it never joins or splits lines.
    lines = _LINE_BREAK.split(unicodedata.normalize("NFC", text))
    if lines and lines[-1] == "":
        lines.pop()  # the break that ends the last line does not start another
    for number, raw in enumerate(lines, start=1):
        lines_read += 1
        line = raw.strip()
        if not line:
            blank_lines += 1
            continue
        # Final forms where they stand: wordfreq casefolds Greek final sigma (ζωτικοσ).
        written = lang.by_position(lang.lower(line))
        reason = rejection_reason(written)
        # ``written`` is lower case already: the rest of ``play_form`` is left.
        played = "" if reason is not None else lang.play(written, accents)
        if len(played) > MAX_WORD_LENGTH:  # folding expands: "œ" plays as "oe"
            reason = f"is {len(played)} letters long once played; at most {MAX_WORD_LENGTH}"
        if reason is not None:
            rejected += 1
            if len(rejected_lines) < REJECTED_LINES_KEPT:
                rejected_lines.append(RejectedLine(number=number, text=_shown(line), reason=reason))
            continue
        kept = first.get(played)
        if kept is None:
            first[played] = written
        elif kept == written or written in others.get(played, ()):
            duplicates += 1
        else:
            others.setdefault(played, {})[written] = None
    if first:
        _check_one_script([*first.values(), *(w for more in others.values() for w in more)], lang)
    words = sorted(first)
    return ParsedWordList(
        words=words,
        written=[
            first[word] if word not in others else _chosen([first[word], *others[word]], rank)
            for word in words
        ],
        lines_read=lines_read,
        blank_lines=blank_lines,
        duplicates=duplicates,
        merged=sum(len(more) for more in others.values()),
        rejected=rejected,
        rejected_lines=tuple(rejected_lines),
    )


def alphabet_checked(words: list[str], lang: Language) -> str:
    """The dictionary's alphabet (``languages.alphabet_for``), refused over ``MAX_ALPHABET``."""
    alphabet = alphabet_for(words, lang)
    if len(alphabet) > MAX_ALPHABET:
        raise DictionaryImportError(
            f"The list plays with {len(alphabet)} different letters; a dictionary has at most "
            f"{MAX_ALPHABET}. Is it in an alphabet (not a syllabary or ideographs), and would "
            "folding accents help?",
            code="alphabet_too_large",
        )
    return alphabet


def parse_word_file(
    data: bytes,
    lang: Language | None = None,
    accents: str = FOLD,
    *,
    rank: Rank | None = None,
) -> ParsedWordList:
    """Decode and normalise; a file with no word at all is refused."""
    parsed = normalise_word_lines(decode_word_file(data), lang, accents, rank=rank)
    if parsed.words:
        return parsed
    if parsed.rejected == 0:
        raise DictionaryImportError(
            gettext("The file is empty: it has no words (one word per line is expected)."),
            code="empty",
        )
    first = parsed.rejected_lines[0]
    # The line's reason stays in English: the report stores it.
    raise DictionaryImportError(
        ngettext(
            "The file has no valid word: its %(count)s non-blank line was rejected "
            "(line %(line)s: %(text)s %(reason)s).",
            "The file has no valid word: all %(count)s non-blank lines were rejected "
            "(line %(line)s: %(text)s %(reason)s).",
            parsed.rejected,
        )
        % {
            "count": f"{parsed.rejected:,}",
            "line": first.number,
            "text": repr(first.text),
            "reason": first.reason,
        },
        code="no_words",
        rejected_lines=parsed.rejected_lines,
    )
