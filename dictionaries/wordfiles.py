"""Reading a word file: its size, its encoding, and one word per line, normalised.

Nothing here stores anything: ``parse_word_file`` turns the bytes of an upload (or
of a built-in list) into the words an import would store and the lines it would
refuse, with the reason for each; ``services.dictionary_import`` stores them.

A line is a word of the list's language (``dictionaries/languages.py``): NFC, trimmed,
lower-cased by that language's rules, letters only (any alphabet), then its play form
(folded or not, by the list's accent rule). A line with anything but letters, a word in
another script than the list's, or one with a letter too rare to be a key is refused on
its own and counted per reason (``dictionaries/refusals.py``); a list mostly in another
script, or in a script the board cannot play, is refused whole (``dictionaries/scripts.py``),
since one game plays one alphabet of letters.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import IO, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext

from dictionaries import scripts
from dictionaries.languages import (
    DEFAULT_LANGUAGE,
    FOLD,
    MAX_ALPHABET,
    ORDINAL_INDICATORS,
    Language,
    alphabet_for,
    is_letter,
    language,
)
from dictionaries.models import MAX_WORD_LENGTH
from dictionaries.refusals import (
    NOT_LETTERS,
    OTHER_SCRIPT,
    RARE_LETTER,
    TOO_LONG,
    Refusals,
    RefusedGroup,
    RejectedLine,
)

UTF8_BOM = b"\xef\xbb\xbf"
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
    refused: tuple[RefusedGroup, ...] = ()  # the rejected lines counted per reason
    script: str = ""  # the list's script, an ISO 15924 code (Latn); blank with no word


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

    Letters of any alphabet are words' letters (Unicode category L, but for the ordinal
    indicators ª and º); anything else (a digit, a hyphen, an apostrophe, a space) refuses
    the line, named.
    """
    refusal = _line_refusal(line)
    return None if refusal is None else refusal[1]


def _line_refusal(line: str) -> tuple[str, str] | None:
    """``rejection_reason`` with its code: ``too_long`` or ``not_letters``."""
    if line.isalpha() and (line.isascii() or ORDINAL_INDICATORS.isdisjoint(line)):
        if len(line) > MAX_WORD_LENGTH:
            return TOO_LONG, f"is {len(line)} letters long; words have at most {MAX_WORD_LENGTH}"
        return None
    for character in line:
        if is_letter(character):
            continue
        if character == " ":
            return NOT_LETTERS, "has a space inside (one word per line)"
        if character.isspace():
            return (
                NOT_LETTERS,
                f"has whitespace {_describe_character(character)} inside (one word per line)",
            )
        if character.isdigit():
            return NOT_LETTERS, f"contains the digit {character!r}"
        return NOT_LETTERS, f"contains {_describe_character(character)}, which is not a letter"
    raise AssertionError(f"unreachable: {line!r} is letters only")  # pragma: no cover


def _refuse_unplayable(counts: Counter[str]) -> None:
    """A list mostly in a script the board cannot play is refused whole, saying why (the
    script named is the one most of those lines use: Han in Japanese, kana beside it)."""
    total = sum(counts[code] for code in counts if not code.startswith(_PART))
    in_unplayable = counts[scripts.MIXED_UNPLAYABLE] + sum(
        counts[code] for code in counts if code in scripts.UNPLAYABLE
    )
    if not total or in_unplayable * 2 <= total:
        return
    used = Counter({code: n for code, n in counts.items() if code in scripts.UNPLAYABLE})
    used.update(
        {code.removeprefix(_PART): n for code, n in counts.items() if code.startswith(_PART)}
    )
    commonest = max(used, key=lambda code: (used[code], code))
    raise DictionaryImportError(scripts.unplayable_reason(commonest), code="unplayable_script")


def _list_script(counts: Counter[str], lang: Language) -> str:
    """The one script the list plays: its language's, or the one most of its words use;
    refused whole when most of the words are in another script or in no one script."""
    _refuse_unplayable(counts)
    counts = Counter({code: n for code, n in counts.items() if not code.startswith(_PART)})
    total = sum(counts.values())
    if not total:
        return ""
    expected = scripts.code_of(lang.script) if lang.script else ""
    if expected:
        if counts[expected] * 2 >= total:
            return expected
        found = max(
            (code for code in counts if code not in _MIXES),
            key=lambda code: counts[code],
            default=scripts.MIXED,
        )
        raise DictionaryImportError(
            gettext(
                "Most of the words are in %(found)s letters (%(count)s of %(total)s), but "
                "%(language)s is written in %(expected)s letters: choose the list's language."
            )
            % {
                "found": scripts.script_name(found),
                "count": f"{counts[found]:,}",
                "total": f"{total:,}",
                "language": lang.name,
                "expected": scripts.script_name(expected),
            },
            code="wrong_script",
        )
    candidates = [code for code in counts if code not in _MIXES]
    main = max(candidates, key=lambda code: (counts[code], code), default="")
    if main and counts[main] * 2 >= total:
        return main
    shares = ", ".join(
        f"{scripts.script_name(code)} {count:,}" for code, count in counts.most_common(4)
    )
    raise DictionaryImportError(
        gettext(
            "No one script holds most of the words (words by script: %(shares)s). A "
            "dictionary is in one alphabet: split the file by script and upload each part as "
            "a list of its own."
        )
        % {"shares": shares},
        code="mixed_scripts",
    )


def _count_scripts(lines: list[str], known: dict[str, str]) -> Counter[str]:
    """How many lines are in each script (MIXED: letters of several in one line; and, keyed
    ``_PART`` and the code, how many such lines use each script the board cannot play)."""
    counts: Counter[str] = Counter()
    latin = 0  # ASCII lines with a letter, counted inline: most lines of most lists
    for line in lines:
        if line.isascii():
            latin += line.isalpha() or any(map(str.isalpha, line))
            continue
        found = scripts.scripts_in(line, known)
        if len(found) == 1:
            counts[next(iter(found))] += 1
        elif unplayable := found & scripts.UNPLAYABLE:
            counts[scripts.MIXED_UNPLAYABLE] += 1
            counts.update(_PART + code for code in unplayable)
        elif found:
            counts[scripts.MIXED] += 1
    if latin:
        counts["Latn"] += latin
    return counts


_MIXES = frozenset({scripts.MIXED, scripts.MIXED_UNPLAYABLE})
_PART = "in-mixed:"


def _chosen(forms: Iterable[str], rank: Rank | None) -> str:
    """Of written words sharing a play form, the one kept: the most frequent, then the
    first in alphabetical order, so the same file always keeps the same word."""
    if rank is None:
        return min(forms)
    return min(forms, key=lambda form: (-rank(form), form))


def _script_reason(found: frozenset[str], main: str) -> tuple[str, str]:
    """A word outside the list's script: the reason stored (English) and the script's code."""
    if len(found) > 1:
        names = " and ".join(sorted(scripts.english_script_name(code) for code in found))
        return f"mixes {names} letters in one word", scripts.MIXED
    code = next(iter(found))
    return (
        f"is in {scripts.english_script_name(code)} letters; the list is in "
        f"{scripts.english_script_name(main)}",
        code,
    )


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
    known). The list's script is decided first (``dictionaries/scripts.py``): a file mostly
    in another one, or in a script the board cannot play, is refused whole; a word in
    another script, or with a letter too rare to be a key, is refused on its own line."""
    lang = lang or language(DEFAULT_LANGUAGE)
    first: dict[str, str] = {}  # play form -> its first written word
    numbers: dict[str, int] = {}  # play form -> the line it was first read on
    others: dict[str, dict[str, None]] = {}  # play form -> its other written words, if any
    lines_read = blank_lines = duplicates = 0
    refusals = Refusals()
    # NFC once for the whole text: it never joins or splits lines.
    lines = _LINE_BREAK.split(unicodedata.normalize("NFC", text))
    if lines and lines[-1] == "":
        lines.pop()  # the break that ends the last line does not start another
    known: dict[str, str] = {}  # character -> script, for this file
    main = _list_script(_count_scripts(lines, known), lang)
    for number, raw in enumerate(lines, start=1):
        lines_read += 1
        line = raw.strip()
        if not line:
            blank_lines += 1
            continue
        # Final forms where they stand: wordfreq casefolds Greek final sigma (ζωτικοσ).
        written = lang.by_position(lang.lower(line))
        # A word in another script is refused as such first (a Devanagari word's vowel
        # signs are no letters, but "in Devanagari letters" says more); letters of the
        # Common script alone (a modifier letter) are judged by rarity.
        ascii_latin = main == "Latn" and written.isascii()  # no other script possible
        found = scripts.scripts_in(written, known) if main and not ascii_latin else set()
        script = ""
        if found and found != {main}:
            code = OTHER_SCRIPT
            reason, script = _script_reason(frozenset(found), main)
        else:
            code, reason = _line_refusal(written) or (NOT_LETTERS, None)
        # ``written`` is lower case already: the rest of ``play_form`` is left.
        played = "" if reason is not None else lang.play(written, accents)
        if len(played) > MAX_WORD_LENGTH:  # folding expands: "œ" plays as "oe"
            reason = f"is {len(played)} letters long once played; at most {MAX_WORD_LENGTH}"
            code = TOO_LONG
        if reason is not None:
            refusals.add(number, line, reason, code, script)
            continue
        kept = first.get(played)
        if kept is None:
            first[played] = written
            numbers[played] = number
        elif kept == written or written in others.get(played, ()):
            duplicates += 1
        else:
            others.setdefault(played, {})[written] = None
    before_rare = len(first)
    rare = scripts.rare_letters(first, lang.letters, before_rare)
    if rare:
        _refuse_rare(rare, first, numbers, others, refusals, total=before_rare)
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
        rejected=refusals.count,
        rejected_lines=tuple(sorted(refusals.lines, key=lambda line: line.number)),
        refused=refusals.summary(
            rare_letter={
                "letters": "".join(sorted(rare)),
                "threshold": scripts.rare_threshold(before_rare),
            },
            too_long={"max": MAX_WORD_LENGTH},
        ),
        script=main,
    )


def _refuse_rare(
    rare: dict[str, int],
    first: dict[str, str],
    numbers: dict[str, int],
    others: dict[str, dict[str, None]],
    refusals: Refusals,
    *,
    total: int,
) -> None:
    """Drop the words that use a letter too rare to be a key, each counted as a refused line
    (its written forms too), in the order of the file."""
    threshold = scripts.rare_threshold(total)
    letters = set(rare)
    dropped = sorted(
        (word for word in first if not letters.isdisjoint(word)), key=numbers.__getitem__
    )
    for word in dropped:
        letter = min(letters.intersection(word))
        reason = (
            f"uses {_describe_character(letter)}, a letter only {rare[letter]:,} of the "
            f"list's {total:,} words use (a key needs {threshold:,})"
        )
        for shown in (first[word], *others.pop(word, {})):
            refusals.add(numbers[word], shown, reason, RARE_LETTER)
        del first[word]


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
