"""The refusals of the game services: each message is safe to show to the player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.difficulties import CHOICE_MESSAGE, label

if TYPE_CHECKING:
    from games.models import Game

DIFFICULTY_CHOICE_MESSAGE = CHOICE_MESSAGE

NOT_OFFERED_MESSAGE = _("That dictionary is not offered for new games; choose one listed.")


def not_offered_without_frequencies_message(difficulty: str, name: str) -> str:
    """Why a difficulty that reads word frequencies (obscure) is refused on a list without
    them (``Dictionary.has_frequencies``)."""
    return gettext(
        "%(difficulty)s is not offered with %(name)s: there are no word frequencies for its "
        "language, so no word is more obscure than another. Choose another difficulty."
    ) % {"difficulty": label(difficulty), "name": name}


class GameRuleError(Exception):
    """A request the rules refuse; the message is safe to show to the player."""

    def __init__(self, message: str | Promise) -> None:
        message = str(message)  # worded now, in the language of the request that raised it
        super().__init__(message)
        self.message = message


class GameInProgressError(GameRuleError):
    """Starting a ranked game while another is in progress needs a confirmation."""

    def __init__(self, game: Game, *, changed: bool = False) -> None:
        super().__init__(
            gettext(
                "Your ranked game in progress is not the one you agreed to forfeit (it changed "
                "in another tab or window). Nothing was forfeited; confirm again."
            )
            if changed
            else gettext(
                "You already have a ranked game in progress. Starting a new one forfeits it "
                "(it counts as a loss)."
            )
        )
        self.game = game
        self.changed = changed


class GameShownError(GameRuleError):
    """The game this start asked for exists already: ``game`` is shown instead."""

    def __init__(self, message: str, game: Game) -> None:
        super().__init__(message)
        self.game = game


class GameAlreadyStartedError(GameShownError):
    """The same new-game form was sent again (double click, resent page): its game exists."""

    def __init__(self, game: Game) -> None:
        super().__init__(
            gettext(
                "That form had already started game %(game)s; nothing else was started or "
                "forfeited. Here it is."
            )
            % {"game": game.pk},
            game,
        )


class GuessRejectedError(GameRuleError):
    """A guess refused by the rules; nothing was changed."""


class StaleBoardError(GuessRejectedError):
    """The guess came from a board that no longer shows the game (double submit, old tab)."""


class GameAbandonedError(GuessRejectedError):
    """A guess in a ranked game left past ``RANKED_ABANDON_AFTER``: the game is a loss now
    (finished by this request or before it), and the guess changed nothing."""

    def __init__(self, message: str, game: Game) -> None:
        super().__init__(message)
        self.game = game


class UndoRefusedError(GameRuleError):
    """Taking back a guess is for practice games only; nothing was changed."""


class HintRefusedError(GameRuleError):
    """No hint for this game (it counts, or it is over); nothing was changed."""
