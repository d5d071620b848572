"""The picture a link preview shows of a result: the game's title, its result, its score
and one square per guess (green a hit, red a miss), drawn by the server with Pillow.

It shows what the result page shows anyone, never a letter, so it is the same for every
viewer, and a crawler fetching it sees no more than the share text. Drawn once per
state of a game (an undone practice guess is a new state), then kept in the cache.
"""

from __future__ import annotations

import io
from functools import cache

from django.core.cache import cache as django_cache
from PIL import Image, ImageDraw, ImageFont

from games.models import Game
from games.selectors.share import result_line, share_title

WIDTH, HEIGHT = 1200, 630  # the size Open Graph and Twitter's large card expect
MARGIN = 64
SQUARE, GAP, PER_ROW = 56, 12, 13
CACHE_SECONDS = 7 * 24 * 60 * 60
BRAND = (122, 31, 43)
PAPER = (246, 244, 239)
INK = (30, 28, 34)
MUTED = (102, 96, 88)
HIT = (31, 111, 67)
MISS = (178, 40, 40)


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


def result_image_png(game: Game) -> bytes:
    """The PNG of a game's result (finished or not), from the cache when drawn before."""
    key = f"games:result-image:{game.pk}:{game.letters}:{game.status}:{game.is_ranked}"
    png: bytes | None = django_cache.get(key)
    if png is None:
        png = _draw(game)
        django_cache.set(key, png, CACHE_SECONDS)
    return png


def _draw(game: Game) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 96), fill=BRAND)
    draw.text((MARGIN, 48), "Evil Hangman", font=_font(44), fill=PAPER, anchor="lm")
    inner = WIDTH - 2 * MARGIN
    # The band already says "Evil Hangman": "11 letters, easy, …" or "Daily #328".
    title = share_title(game).removeprefix("Evil Hangman").lstrip(": ")
    title, font = _fit(title[:1].upper() + title[1:], 56, inner)
    draw.text((MARGIN, 150), title, font=font, fill=INK, anchor="lm")
    if game.is_over:
        line = result_line(game)
        score = (
            f"{game.score:,} point{'s' * (game.score != 1)}" if game.on_leaderboards else "Unranked"
        )
    else:
        line, score = "Still being played", ""
    text, font = _fit(line, 44, inner)
    draw.text((MARGIN, 224), text, font=font, fill=INK, anchor="lm")
    if score:
        draw.text((MARGIN, 286), score, font=_font(40), fill=MUTED, anchor="lm")
    for index, letter in enumerate(game.letters):
        row, column = divmod(index, PER_ROW)
        left = MARGIN + column * (SQUARE + GAP)
        top = 350 + row * (SQUARE + GAP)
        colour = HIT if letter in game.pattern else MISS
        draw.rounded_rectangle((left, top, left + SQUARE, top + SQUARE), radius=8, fill=colour)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
