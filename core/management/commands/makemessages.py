"""Django's makemessages, also reading the engine's context marker as a keyword.

The engine marks a difficulty's label with ``pgettext_noop("difficulty", ...)``
(``games/engine/text.py``: no Django there), which xgettext does not know;
``gettext_noop`` it knows already. ``make messages`` runs this.
"""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=pgettext_noop:1c,2"]
