"""Blocked words: the one place that says whether a word of a list is blocked.

A word of a list is blocked when its play form (its list's accent rule applied) is the
play form of a ``BlockedWord`` of the list's language: Spanish "maricón" blocks the
folded "maricon" of a Spanish list. The import leaves blocked words out
(:func:`without_blocked`, counted in its report); and because an admin may block a word
after a list was imported, what a player is shown is filtered when it is chosen too: the
word a lost game names, so the daily's word, and the reveal's examples
(``games.selectors.familiar``), through :func:`dictionary_blocked_forms`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from dictionaries.blocklist_data import shipped_blocklists
from dictionaries.languages import language, play_form
from dictionaries.models import BlockedWord, Dictionary
from dictionaries.wordfiles import ParsedWordList

# Blocked words a report keeps as examples, as it keeps the first rejected lines.
BLOCKED_EXAMPLES_KEPT = 20


def blocklist_code(language_tag: str) -> str:
    """The code a tag's blocked words are filed under: its primary subtag (es-MX: es)."""
    return language(language_tag).code


def play_forms(words: Iterable[str], *, language_tag: str, accents: str) -> frozenset[str]:
    """Blocked words as a list of this language and accent rule plays them."""
    lang = language(language_tag)
    return frozenset(play_form(word, lang, accents) for word in words)


def blocked_play_forms(*, language_tag: str, accents: str) -> frozenset[str]:
    """The play forms a list of this language and accent rule must not play."""
    code = blocklist_code(language_tag)
    words = BlockedWord.objects.filter(language=code).order_by().values_list("word", flat=True)
    return play_forms(words, language_tag=language_tag, accents=accents)


def shipped_play_forms(*, language_tag: str, accents: str) -> frozenset[str]:
    """As :func:`blocked_play_forms`, from the shipped blocklists rather than the database
    (what a fresh set-up holds): for building the built-in tables without a database."""
    words = shipped_blocklists().get(blocklist_code(language_tag), [])
    return play_forms(words, language_tag=language_tag, accents=accents)


def dictionary_blocked_forms(dictionary: Dictionary) -> frozenset[str]:
    """The play forms of ``dictionary``'s words that are blocked now (one small query)."""
    return blocked_play_forms(language_tag=dictionary.language, accents=dictionary.accents)


def is_blocked(word: str, blocked: frozenset[str]) -> bool:
    """Whether a play form is blocked (``blocked``: from one of the functions above)."""
    return word in blocked


def blocked_indices(words: Iterable[str], blocked: frozenset[str]) -> list[int]:
    """The positions of blocked play forms in ``words``."""
    if not blocked:
        return []
    return [i for i, word in enumerate(words) if is_blocked(word, blocked)]


@dataclasses.dataclass(frozen=True, slots=True)
class BlockedRemoval:
    parsed: ParsedWordList  # the list without its blocked words
    removed: int
    examples: tuple[str, ...]  # the first blocked words as written, for the report


def without_blocked(parsed: ParsedWordList, blocked: frozenset[str]) -> BlockedRemoval:
    """A parsed list less its blocked words, with how many went and the first of them."""
    out = set(blocked_indices(parsed.words, blocked))
    if not out:
        return BlockedRemoval(parsed=parsed, removed=0, examples=())
    keep = [i for i in range(len(parsed.words)) if i not in out]
    examples = tuple(parsed.written[i] for i in sorted(out)[:BLOCKED_EXAMPLES_KEPT])
    return BlockedRemoval(
        parsed=dataclasses.replace(
            parsed,
            words=[parsed.words[i] for i in keep],
            written=[parsed.written[i] for i in keep],
        ),
        removed=len(out),
        examples=examples,
    )
