"""The board's repeated pieces, each form drawn once per process: keys, tiles, pips.

Every guess redraws the board: a key per letter of the dictionary's alphabet, a tile
per letter of the word and a pip per wrong guess allowed. Drawn by template loops that
is most of the board's nodes, yet each piece has only a few forms (a key is open, a hit
or a miss; a tile shows a letter, a named letter or nothing; a pip is used or not). So
each form is rendered once from its template (``games/_key.html``, ``_key_row.html``,
``_tile.html``, ``_pip.html``: the HTML stays in templates) and kept; a board joins the
kept strings. With DEBUG on nothing is kept, so an edited template shows at once.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.conf import settings
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from dictionaries.languages import language
from games.selectors.board import Board, Key
from games.selectors.letters import upper_word

register = template.Library()

# Rows of keys seen (each row is one of 3**len(row) forms; a few thousand cover the play).
# A key carries its letter and label, so each alphabet's rows are kept apart.
ROW_CACHE_SIZE = 4096


def _render(name: str, language: str | None = None, **context: object) -> SafeString:
    """``language``: the active one, a part of the kept piece's key (its words are its own)."""
    return mark_safe(get_template(name).render(context))


_kept = lru_cache(maxsize=None)(_render)


def _piece(name: str, **context: object) -> SafeString:
    """The piece ``name`` drawn with ``context`` (hashable values), kept unless DEBUG."""
    return (_render if settings.DEBUG else _kept)(name, get_language(), **context)


@lru_cache(maxsize=ROW_CACHE_SIZE)
def _kept_row(row: tuple[Key, ...], language: str | None = None) -> SafeString:
    return _render_row(row)


def _render_row(row: tuple[Key, ...]) -> SafeString:
    keys = "".join(
        _piece(
            "games/_key.html",
            letter=key.letter,
            state=key.state,
            label=key.label,
            spoken=key.spoken,
        )
        for key in row
    )
    return _piece("games/_key_row.html", keys=mark_safe(keys))


@register.simple_tag
def keyboard(board: Board) -> SafeString:
    """The keyboard's rows of buttons (``Board.keyboard``)."""
    if settings.DEBUG:
        return mark_safe("".join(_render_row(row) for row in board.keyboard))
    language = get_language()
    return mark_safe("".join(_kept_row(row, language) for row in board.keyboard))


@register.simple_tag
def tiles(board: Board) -> SafeString:
    """The word's tiles (``Board.tiles``)."""
    return mark_safe(
        "".join(
            _piece("games/_tile.html", letter=tile.letter, named=tile.named) for tile in board.tiles
        )
    )


@register.simple_tag
def miss_pips(board: Board) -> SafeString:
    """One pip per wrong guess allowed, filled once used (``Board.miss_pips``)."""
    return mark_safe("".join(_piece("games/_pip.html", used=used) for used in board.miss_pips))


@register.filter
def capitals(word: str, code: str) -> str:
    """A word in capitals by its language's rules, one per letter (``ß`` is ``ẞ``)."""
    return upper_word(word or "", language(code or ""))


@register.filter
def as_written(words: dict[int, str] | None, game: object) -> str:
    """The word ``game`` named as its list writes it, from ``words_as_written``."""
    pk = getattr(game, "pk", None)
    return (words or {}).get(pk, "") if isinstance(pk, int) else ""
