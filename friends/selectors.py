"""Reads of games sent to friends: the group's page (everyone who played, best first) and
its share text.

The page shows nothing of a game before it ends (no squares, no word), and no word of
anyone's game to a viewer who has not finished their own game of the link (the link is a
puzzle still to play): once they have the words show, and once the sender closed it they
show to those who have no game of it (closing never opens a game still played: the
sender's own, or a friend's).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Case, F, QuerySet, Value, When
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from friends.models import SentGame, SentGamePlay
from games.models import Game, JSONArrayLength, Status
from games.selectors.letters import final_word
from games.selectors.share import guess_squares

Viewer = AbstractBaseUser | AnonymousUser


@dataclass(frozen=True)
class GroupRow:
    name: str
    is_viewer: bool
    finished: bool
    won: bool
    misses: int
    max_misses: int
    guesses: int
    hints: int  # shown: a hint (or more) helped this result
    squares: str  # "" until the game ends
    word: str  # "" until the viewer may see it


@dataclass(frozen=True)
class GroupPage:
    sent: SentGame
    rows: tuple[GroupRow, ...]
    my_game: Game | None
    words_shown: bool
    is_sender: bool
    players: int  # everyone who played it
    more: int  # those not in ``rows`` (past the first ``GROUP_ROWS_SHOWN``)


# The rows the group's page lists, best first (and the viewer's own below them when it is
# further down): a link in a big group chat keeps a page of a bounded size and cost.
GROUP_ROWS_SHOWN = 100


def group_page(sent: SentGame, viewer: Viewer) -> GroupPage:
    plays = SentGamePlay.objects.filter(sent=sent).select_related(
        "game", "player", "game__dictionary"
    )
    shown = list(_best_first(plays)[:GROUP_ROWS_SHOWN])
    players = len(shown)
    if players == GROUP_ROWS_SHOWN:
        players = plays.count()
    mine_play = next((play for play in shown if play.player_id == viewer.pk), None)
    if mine_play is None and viewer.is_authenticated and players > len(shown):
        mine_play = plays.filter(player_id=viewer.pk).first()
        if mine_play is not None:
            shown.append(mine_play)
    mine = mine_play.game if mine_play is not None else None
    words_shown = mine.is_over if mine is not None else sent.is_closed
    return GroupPage(
        sent=sent,
        rows=tuple(_row(play, viewer, words_shown) for play in shown),
        my_game=mine,
        words_shown=words_shown,
        is_sender=viewer.pk == sent.sender_id,
        players=players,
        more=players - len(shown),
    )


def _best_first(plays: QuerySet[SentGamePlay]) -> QuerySet[SentGamePlay]:
    """Best first, in the database: finished, solved, fewest wrong guesses, fewest guesses,
    then who finished first."""
    return plays.annotate(guesses=JSONArrayLength("game__moves")).order_by(
        Case(When(game__status=Status.PLAYING, then=Value(1)), default=Value(0)),
        Case(When(game__status=Status.WON, then=Value(0)), default=Value(1)),
        "game__misses",
        "guesses",
        F("game__finished_at").asc(nulls_last=True),
        "id",
    )


def _row(play: SentGamePlay, viewer: Viewer, words_shown: bool) -> GroupRow:
    game = play.game
    return GroupRow(
        name=play.player.get_username(),
        is_viewer=play.player_id == viewer.pk,
        finished=game.is_over,
        won=game.status == Status.WON,
        misses=game.misses,
        max_misses=game.max_misses,
        guesses=game.guess_count,
        hints=game.hints_used,
        squares=guess_squares(game) if game.is_over else "",
        word=final_word(game) if game.is_over and words_shown else "",
    )


def sent_path(sent: SentGame) -> str:
    return reverse("sent_game", kwargs={"code": sent.code})


def sent_title(sent: SentGame) -> str:
    """What the link is, in one line: its settings (never its seed or any word)."""
    return gettext("Evil Hangman with friends: %(letters)s, %(difficulty)s, %(wrong)s") % {
        "letters": ngettext("%(count)s letter", "%(count)s letters", sent.length)
        % {"count": sent.length},
        "difficulty": str(sent.get_difficulty_display()).lower(),
        "wrong": ngettext(
            "%(count)s wrong guess allowed", "%(count)s wrong guesses allowed", sent.max_misses
        )
        % {"count": sent.max_misses},
    }


def sent_share_text(sent: SentGame, url: str) -> str:
    """The text to paste in a group chat: the challenge and the link."""
    return "\n".join(
        (
            sent_title(sent),
            gettext("The same game for everyone: can you beat %(sender)s?")
            % {"sender": sent.sender.get_username()},
            url,
        )
    )


def link_undo_refusal(game: Game) -> str | None:
    """Why a game of a link keeps its guesses (play's undo rule, ``games.hooks``): the group
    compares everyone's, and taking one back would let a player try each letter and keep the
    best answer, as playing the link twice would. Hints stay, and show on its page."""
    if not SentGamePlay.objects.filter(game=game).exists():
        return None
    return gettext(
        "This game was sent by a friend and is compared with theirs: a guess cannot be taken "
        "back, or one could try each letter and keep the best answer."
    )


def sent_of(game: Game) -> SentGame | None:
    """The link a game was played from (None: not a sent game's)."""
    play = SentGamePlay.objects.filter(game=game).select_related("sent").first()
    return play.sent if play is not None else None
