"""What a finished game shares: a few lines of text and a link to its public result page.

The text shows the puzzle (a title the caller passes, such as the daily's number, which
an app above play knows and play does not; else the game's settings), the result, the
misses and one square per guess, green for a hit and red for a miss, in the order
played; never a letter. The link's code is an HMAC of the game's id under the site's
secret key: only someone given the link can open the page, and game ids cannot be
walked through.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext, ngettext

from games import engine
from games.models import Game, Status

HIT = "\U0001f7e9"  # green square
MISS = "\U0001f7e5"  # red square
CODE_LENGTH = 16


def share_code(game_id: int, *, secret: str | None = None) -> str:
    return salted_hmac("games.share", str(game_id), secret=secret).hexdigest()[:CODE_LENGTH]


def share_code_matches(game_id: int, code: str) -> bool:
    """A link signed with the current key or a former one (``SECRET_KEY_FALLBACKS``): links
    already shared keep working while the key is rotated."""
    return any(
        constant_time_compare(share_code(game_id, secret=secret), code)
        for secret in (settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS)
    )


def result_path(game: Game) -> str:
    return reverse("game_result", kwargs={"pk": game.pk, "code": share_code(game.pk)})


def guess_squares(game: Game) -> str:
    """One square per guess (letter or word), in order: a hit if it shows in the pattern."""
    return "".join(MISS if engine.is_miss(move, game.pattern) else HIT for move in game.moves)


def share_title(game: Game, title: str | None = None) -> str:
    """The first line of the share text: the title the caller knows for its game (the
    daily's "Evil Hangman daily #328", passed in by the pages above play that show one),
    else the game's settings."""
    if title is not None:
        return title
    parts = {
        "letters": ngettext("%(count)s letter", "%(count)s letters", game.length)
        % {"count": game.length},
        "difficulty": str(game.get_difficulty_display()).lower(),
        "wrong": ngettext(
            "%(count)s wrong guess allowed", "%(count)s wrong guesses allowed", game.max_misses
        )
        % {"count": game.max_misses},
    }
    if not game.hints_used:
        return gettext("Evil Hangman: %(letters)s, %(difficulty)s, %(wrong)s") % parts
    parts["hints"] = ngettext("%(count)s hint", "%(count)s hints", game.hints_used) % {
        "count": game.hints_used
    }
    return gettext("Evil Hangman: %(letters)s, %(difficulty)s, %(wrong)s, %(hints)s") % parts


def result_line(game: Game) -> str:
    guesses = game.guess_count
    counts = ngettext(
        "%(misses)s/%(max)s misses, %(count)s guess",
        "%(misses)s/%(max)s misses, %(count)s guesses",
        guesses,
    ) % {"misses": game.misses, "max": game.max_misses, "count": guesses}
    if game.status == Status.WON:
        line = gettext("Solved with %(counts)s")
    elif game.abandoned:
        line = gettext("Abandoned after %(counts)s")
    elif game.forfeited:
        line = gettext("Gave up after %(counts)s")
    else:
        line = gettext("Not solved: %(counts)s")
    return line % {"counts": counts}


def share_text(game: Game, *, link: str, title: str | None = None) -> str:
    """The lines to paste anywhere; ``link`` is the absolute URL of the result page."""
    if not game.is_over:
        raise ValueError("only a finished game has a result to share")
    lines = [share_title(game, title), result_line(game)]
    squares = guess_squares(game)
    if squares:
        lines.append(squares)
    lines.append(link)
    return "\n".join(lines)


@dataclass(frozen=True)
class Share:
    text: str
    url: str

    @property
    def lines(self) -> int:
        return self.text.count("\n") + 1


def game_share(
    game: Game, *, absolute_url: Callable[[str], str], title: str | None = None
) -> Share:
    """The share text of a finished game; ``absolute_url`` turns a path into a full URL."""
    url = absolute_url(result_path(game))
    return Share(text=share_text(game, link=url, title=title), url=url)


@dataclass(frozen=True)
class SharePreview:
    """What a link preview (Open Graph, Twitter cards) shows of a result page: the same
    words and squares as the page, never a letter; an image and its size."""

    description: str
    image_url: str
    image_width: int
    image_height: int
    image_alt: str
    card: str  # twitter:card: "summary" (a square icon) or "summary_large_image"


def result_image_path(game: Game) -> str:
    """The result's picture; the query changes with the game's state, so a preview cached
    before an undone guess is not shown for the replayed game."""
    path = reverse("game_result_image", kwargs={"pk": game.pk, "code": share_code(game.pk)})
    return f"{path}?v={game.guess_count}-{game.status}"


def share_preview(
    game: Game, *, absolute_url: Callable[[str], str], title: str | None = None
) -> SharePreview:
    if game.is_over:
        line = result_line(game)
        description = f"{game.player.get_username()}: {line} {guess_squares(game)}"
    else:
        line = gettext("still being played")
        description = gettext("A game of Evil Hangman in progress.")
    return SharePreview(
        description=description,
        image_url=absolute_url(result_image_path(game)),
        image_width=1200,
        image_height=630,
        image_alt=gettext("%(title)s: %(line)s, with one square per guess")
        % {"title": share_title(game, title), "line": line},
        card="summary_large_image",
    )
