"""The difficulties in the player's language, read from the engine's registry.

Each word-maker (``games/engine/makers/``) carries its words in English, marked for
translation without importing Django (``games/engine/text.py``): its label (context
``"difficulty"``), why it has no par, its sentence under the new-game form's difficulties,
the review's sentence on how it chooses, and the reasons it keeps a family for. This module
translates them when a page shows them, so the catalogs' entries for those English strings
are the translations; the engine's own English stays what the console and the logs say.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.functional import Promise, lazy
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from games.engine import MAKERS
from games.engine.makers import REASONS, maker_for
from games.engine.text import LABEL_CONTEXT


def label(difficulty: str) -> Promise:
    """A difficulty's name for people, in the language it is shown in."""
    return pgettext_lazy(LABEL_CONTEXT, maker_for(str(difficulty)).label)


def no_par_reason(difficulty: str) -> str | Promise:
    """Why a difficulty has no par, in the player's language; empty if it names none."""
    reason = maker_for(str(difficulty)).no_par_reason
    return gettext_lazy(reason) if reason else ""


def explanation(difficulty: str) -> str:
    """The review's sentence on how a difficulty's word-maker chooses a family."""
    return gettext(maker_for(str(difficulty)).explanation)


def tie_note(difficulty: str) -> str:
    """What the review's note on seeded ties adds for a difficulty ("" or " (or worth as
    much)"), in the active language."""
    note = maker_for(str(difficulty)).tie_note
    return gettext(note) if note else ""


def reason_label(reason: str) -> Promise:
    """The review's short words for why a family was kept."""
    return gettext_lazy(REASONS[str(reason)].label)


def reason_explanation(reason: str) -> str:
    """The review's sentence for a move kept for ``reason``, with ``%(number)s``,
    ``%(pattern)s``, ``%(words)s`` and ``%(count)s`` to fill in, in the active language."""
    return gettext(REASONS[str(reason)].explanation)


def names(difficulties: Iterable[str]) -> str:
    """``"easy, medium, hard"``: the difficulties' names in a sentence."""
    return ", ".join(str(label(difficulty)).lower() for difficulty in difficulties)


def _choice_message() -> str:
    return gettext("Choose a difficulty: %(names)s.") % {
        "names": names(maker.name for maker in MAKERS)
    }


def help_text(difficulties: Iterable[str]) -> str:
    """The new-game form's words under the difficulties offered: each one's sentence."""
    return " ".join(gettext(maker_for(str(difficulty)).help) for difficulty in difficulties)


def _help_text() -> str:
    return help_text(maker.name for maker in MAKERS)


# The refusal of a difficulty that is none of them, read in the language of its request.
CHOICE_MESSAGE: Promise = lazy(_choice_message, str)()
# The new-game form's words under the difficulties: each word-maker's sentence, in order.
HELP_TEXT: Promise = lazy(_help_text, str)()
