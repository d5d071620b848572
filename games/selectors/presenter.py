"""The board page's view model: everything play's board shows of one game, read once.

The board (``board_for``: from the row alone), the last hint, and once the game is
over its par, share text, reveal and the honest-game reads. Those end-of-game reads
need the game's word list: it is loaded here once and handed to each of them, so a
finished board asks the word bank once. What apps above play add to the board (a
daily attempt's place, the rating change) is the front's view's to read and add.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dictionaries.wordbank import EmptyBucketError, get_lexicon
from games import engine
from games.models import Game, Hint
from games.selectors.board import Board, ParInfo, board_for, game_par, last_hint
from games.selectors.honest import CheatingCost, cheating_cost, fair_word
from games.selectors.reveal import Reveal, game_reveal
from games.selectors.share import Share, game_share


@dataclass(frozen=True)
class BoardView:
    """What the board template shows (``games/board.html``); nothing in it is secret."""

    game: Game
    board: Board
    last_hint: Hint | None
    par: ParInfo | None = None  # the rest: a finished game only
    share: Share | None = None  # not for the computer's games
    reveal: Reveal | None = None  # None once over: its own request draws it (reveal_later)
    cheating_cost: CheatingCost | None = None  # not for the computer's games
    fair_word: str | None = None  # a fair game's

    def context(self) -> dict[str, Any]:
        """The template context, with the keys the board template reads."""
        context: dict[str, Any] = {
            "game": self.game,
            "board": self.board,
            "last_hint": self.last_hint,
            "counts_as": self.board.counts_as,  # no hint, no undo: the board says why
        }
        if self.game.is_over:
            context["par"] = self.par
            if not self.game.played_by_computer:
                context["share"] = self.share
                context["cheating_cost"] = self.cheating_cost
            context["reveal"] = self.reveal
            context["reveal_later"] = self.reveal is None
            if self.game.is_fair:
                context["fair_word"] = self.fair_word
        return context


def board_view(
    game: Game,
    *,
    absolute_url: Callable[[str], str],
    share_title: Callable[[Game], str | None] = lambda game: None,
    reveal_later: bool = False,
) -> BoardView:
    """The board of ``game``; once it is over, with everything the end of a game shows
    (never before: none of it is computed for a game in progress). ``absolute_url``
    turns a path into a full URL (the share link); ``share_title`` gives the title a page
    above play knows for the game (the daily's number), asked only at the end.
    ``reveal_later``: leave the reveal out (the guess that ends a game answers with the
    result and Share; the reveal below them is asked for when it scrolls into view)."""
    board = board_for(game)
    hint = last_hint(game)
    if not game.is_over:
        return BoardView(game=game, board=board, last_hint=hint)
    lexicon = _word_list(game)
    by_player = not game.played_by_computer
    return BoardView(
        game=game,
        board=board,
        last_hint=hint,
        par=ParInfo(
            difficulty=game.difficulty,
            par=game_par(game),
            max_misses=game.max_misses,
            dictionary_id=game.dictionary_id,
            length=game.length,
        ),
        share=(
            game_share(game, absolute_url=absolute_url, title=share_title(game))
            if by_player
            else None
        ),
        reveal=None if reveal_later else game_reveal(game, lexicon=lexicon),
        cheating_cost=cheating_cost(game, lexicon=lexicon) if by_player else None,
        fair_word=fair_word(game, lexicon=lexicon) if game.is_fair else None,
    )


def _word_list(game: Game) -> engine.Lexicon | None:
    """The game's words; None when they are gone (each read then says so in its own way)."""
    try:
        return get_lexicon(dictionary_id=game.dictionary_id, length=game.length)
    except EmptyBucketError:
        return None
