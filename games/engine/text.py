"""Words the site shows, marked in the engine for translation without importing Django.

The engine speaks English. A word-maker's words that a page shows (its label, why it has no
par, the reasons it keeps a family and their review sentences) are marked with these no-op
markers, which ``manage.py makemessages`` reads as keywords (``gettext_noop`` is one of
Django's; ``core/management/commands/makemessages.py`` adds ``pgettext_noop``), so the
catalogs hold them; the site translates them when it shows them, with the same context
(``games/difficulties.py``). A difficulty's label is marked with :data:`LABEL_CONTEXT`,
written out: ``pgettext_noop("difficulty", "Hard")``.
"""

from __future__ import annotations

# The context of every difficulty's label in the catalogs ("Hard" the difficulty, not the
# adjective elsewhere).
LABEL_CONTEXT = "difficulty"


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation; the site translates it when it shows it."""
    return message


def pgettext_noop(context: str, message: str) -> str:
    """Mark ``message`` for translation in ``context``; the site translates it with
    ``pgettext(context, message)`` when it shows it."""
    return message
