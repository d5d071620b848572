"""The difficulties in the player's language: the engine's registry names each word-maker
in English and imports no Django, so the site's words for them live here, in one place.

``LABELS`` and ``NO_PAR_REASONS`` hold one entry per word-maker of the registry
(``tests/games/test_difficulties.py`` fails when a new one lacks its words); the engine's
own English stays what the console and the logs say.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.functional import Promise, lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.engine import MAKERS
from games.engine.makers import maker_for

LABELS: dict[str, Promise] = {
    "easy": pgettext_lazy("difficulty", "Easy"),
    "medium": pgettext_lazy("difficulty", "Medium"),
    "hard": pgettext_lazy("difficulty", "Hard"),
    "fiendish": pgettext_lazy("difficulty", "Fiendish"),
    "obscure": pgettext_lazy("difficulty", "Obscure"),
    "fair": pgettext_lazy("difficulty", "Fair (honest)"),
}

NO_PAR_REASONS: dict[str, Promise] = {
    "fair": _(
        "A fair game has no par: its word is picked at the start, so luck decides the wrong "
        "guesses."
    ),
    "fiendish": _(
        "Fiendish has no par: it plans ahead, so no fixed line of play can be worked out "
        "against it."
    ),
    "obscure": _(
        "Obscure has no par: it chooses by which words you are likely to know, and par "
        "assumes a player who knows them all."
    ),
}

# The new-game form's words under the difficulties.
HELP_TEXT = _(
    "Hard always keeps the biggest family of words; medium lets go of it on every "
    "4th guess, easy on every 2nd. Fiendish plans ahead: it keeps whichever family "
    "will cost you the most wrong guesses by the end of the game. Fair does not "
    "cheat: it picks one word at the start and sticks to it. Fair is for learning "
    "the rules and is never ranked."
)


def label(difficulty: str) -> str | Promise:
    """A difficulty's name for people; a word-maker with no entry yet keeps its English."""
    name = str(difficulty)
    return LABELS.get(name) or maker_for(name).label


def no_par_reason(difficulty: str) -> str | Promise:
    """Why a difficulty has no par, in the player's language; empty if it names none."""
    name = str(difficulty)
    return NO_PAR_REASONS.get(name) or maker_for(name).no_par_reason


def names(difficulties: Iterable[str]) -> str:
    """``"easy, medium, hard"``: the difficulties' names in a sentence."""
    return ", ".join(str(label(difficulty)).lower() for difficulty in difficulties)


def _choice_message() -> str:
    return gettext("Choose a difficulty: %(names)s.") % {
        "names": names(maker.name for maker in MAKERS)
    }


# The refusal of a difficulty that is none of them, read in the language of its request.
CHOICE_MESSAGE: Promise = lazy(_choice_message, str)()
