"""The picture a link preview shows of a result: the game's title, its result, what it
counts for (rated and by how much, ranked, or unranked; its points) and one square per
guess (green a hit, red a miss), as large as the picture allows, drawn with Pillow.

It shows what the result page shows anyone, never a letter, so it is the same for every
viewer, and a crawler fetching it sees no more than the share text. Drawn once per
state of a game (an undone practice guess is a new state), then kept in the cache.
"""

from __future__ import annotations

import hashlib
import io
import math
from dataclasses import dataclass
from functools import cache

from django.core.cache import cache as django_cache
from django.utils.translation import get_language, gettext, ngettext
from PIL import Image, ImageDraw, ImageFont

from games import engine
from games.models import Game
from games.selectors.share import result_line, share_title

WIDTH, HEIGHT = 1200, 630  # the size Open Graph and Twitter's large card expect
MARGIN = 64
BAND = 112  # the brand's band at the top
SQUARES_TOP, SQUARES_BOTTOM = 372, HEIGHT - 40  # the guesses fill what the text leaves
GAP = 12
LARGEST_SQUARE, SMALLEST_SQUARE = 104, 24
CACHE_SECONDS = 7 * 24 * 60 * 60
BRAND = (122, 31, 43)
PAPER = (246, 244, 239)
INK = (30, 28, 34)
MUTED = (102, 96, 88)
HIT = (31, 111, 67)
MISS = (178, 40, 40)


@dataclass(frozen=True)
class Squares:
    """Where the guesses' squares go: as large as the space under the text allows."""

    size: int
    per_row: int
    top: int

    def box(self, index: int) -> tuple[int, int, int, int]:
        row, column = divmod(index, self.per_row)
        left = MARGIN + column * (self.size + GAP)
        top = self.top + row * (self.size + GAP)
        return left, top, left + self.size, top + self.size


def squares_for(count: int) -> Squares:
    """The largest squares whose rows fit the width and the height left; the rows are
    centred in that height."""
    width, height = WIDTH - 2 * MARGIN, SQUARES_BOTTOM - SQUARES_TOP
    for size in range(LARGEST_SQUARE, SMALLEST_SQUARE - 1, -2):
        per_row = max(1, (width + GAP) // (size + GAP))
        rows = max(1, math.ceil(count / per_row))
        used = rows * (size + GAP) - GAP
        if used <= height:
            return Squares(size=size, per_row=per_row, top=SQUARES_TOP + (height - used) // 2)
    per_row = (width + GAP) // (SMALLEST_SQUARE + GAP)
    return Squares(size=SMALLEST_SQUARE, per_row=per_row, top=SQUARES_TOP)


def standing(game: Game, *, rated_by: float | None) -> str:
    """What the game counts for, as the site says it: rated (by how much: ``rated_by``,
    the change to the player's rating, which the caller reads from the ratings above
    play) when it moved the player's rating, ranked when it counts without a rating
    change, unranked otherwise; the points of a game on the points leaderboards."""
    if rated_by is not None:
        label = gettext("Rated %(change)s") % {"change": f"{round(rated_by):+d}"}
    elif game.is_ranked:
        label = gettext("Ranked")
    else:
        label = gettext("Unranked")
    if game.on_leaderboards:
        points = ngettext("%(count)s point", "%(count)s points", game.score) % {
            "count": f"{game.score:,}"
        }
        label = f"{label} · {points}"
    return label


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _fit(
    text: str, size: int, width: int
) -> tuple[str, ImageFont.FreeTypeFont | ImageFont.ImageFont]:
    """The text in the largest font up to ``size`` that fits ``width``, cut with an
    ellipsis if even the smallest does not."""
    for candidate in range(size, 27, -4):
        font = _font(candidate)
        if font.getlength(text) <= width:
            return text, font
    font = _font(28)
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…", font


def result_image_png(game: Game, *, rated_by: float | None, title: str | None = None) -> bytes:
    """The PNG of a game's result (finished or not), from the cache when drawn before;
    ``rated_by`` is what it did to its player's rating (None: nothing), ``title`` the
    caller's title for the game (``share_title``)."""
    label = standing(game, rated_by=rated_by) if game.is_over else ""
    heading = share_title(game, title)
    # The words in a digest: a cache key carries no spaces (memcached refuses them).
    words = hashlib.sha256(f"{get_language()}\n{label}\n{heading}".encode()).hexdigest()[:16]
    moves = hashlib.sha256("|".join(game.moves).encode()).hexdigest()[:16]
    key = f"games:result-image:{game.pk}:{moves}:{game.status}:{words}"
    png: bytes | None = django_cache.get(key)
    if png is None:
        png = _draw(game, label, heading)
        django_cache.set(key, png, CACHE_SECONDS)
    return png


def _draw(game: Game, label: str, heading: str) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, BAND), fill=BRAND)
    draw.text((MARGIN, BAND // 2), "Evil Hangman", font=_font(56), fill=PAPER, anchor="lm")
    inner = WIDTH - 2 * MARGIN
    # The band already says "Evil Hangman": "11 letters, easy, …" or "Daily #328".
    title = heading.removeprefix("Evil Hangman").lstrip(": ")
    title, font = _fit(title[:1].upper() + title[1:], 64, inner)
    draw.text((MARGIN, 172), title, font=font, fill=INK, anchor="lm")
    line = result_line(game) if game.is_over else gettext("Still being played")
    text, font = _fit(line, 56, inner)
    draw.text((MARGIN, 248), text, font=font, fill=INK, anchor="lm")
    if label:
        text, font = _fit(label, 48, inner)
        draw.text((MARGIN, 318), text, font=font, fill=MUTED, anchor="lm")
    squares = squares_for(game.guess_count)
    for index, move in enumerate(game.moves):
        colour = MISS if engine.is_miss(move, game.pattern) else HIT
        draw.rounded_rectangle(squares.box(index), radius=squares.size // 7, fill=colour)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
