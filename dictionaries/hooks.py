"""The dictionaries' hook point: what an app above runs on a dictionary just imported.

``register_after_import``: a step run on a dictionary a job just imported, before the
job is done, called with ``dictionary=`` and ``progress=(done, total)`` (the games app
computes its par and challenge priors, registered in its ``AppConfig.ready``): the
dictionaries app imports nothing of play. docs/ARCHITECTURE.md's hook table lists every
hook point.
"""

from __future__ import annotations

from collections.abc import Callable

AfterImport = Callable[..., object]
_after_import: list[AfterImport] = []


def register_after_import(step: AfterImport) -> None:
    """Add a step to every import (once, however often an app's ``ready`` runs)."""
    if step not in _after_import:
        _after_import.append(step)


def after_import_steps() -> tuple[AfterImport, ...]:
    return tuple(_after_import)
