"""The API's hook point: where an app above the API plugs in a rule of its own.

``register_start_check``: a check run in the transaction that starts a bot game, under
the token's row lock, with ``token=``, ``role=`` (an ``api.services.BotRole``),
``dictionary=``, ``length=``, ``max_misses=`` and ``difficulty=`` (None for a
word-maker); it raises ``ApiRuleError`` to refuse the start. An app above the API
registers one in its ``AppConfig.ready`` (classes: a token made for a bot assignment
starts only the assignment's games, ``classes/bots.py``); ``api.services.start_checks_run``
runs them. docs/ARCHITECTURE.md's hook table lists every hook point.
"""

from __future__ import annotations

from collections.abc import Callable

StartCheck = Callable[..., None]
_start_checks: list[StartCheck] = []


def register_start_check(check: StartCheck) -> None:
    """Add a check to every bot game's start (once, however often ``ready`` runs)."""
    if check not in _start_checks:
        _start_checks.append(check)


def registered_start_checks() -> tuple[StartCheck, ...]:
    return tuple(_start_checks)
