"""What of a game a viewer may not see yet: rules that apps above play supply.

Play shows a game's letters, families and word (the board's reveal, the share page,
the admin). An app above it may keep some games secret for a while: the daily puzzle
keeps today's games from whoever has not finished their own attempt
(``daily.selectors.DailySecret``). It registers its rule here in its
``AppConfig.ready``, so play asks without importing the daily app.
"""

from __future__ import annotations

from typing import Protocol

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q

from games.models import Game

Viewer = AbstractBaseUser | AnonymousUser


class SecrecyRule(Protocol):
    """One app's rule: a game it hides from a viewer, and the same as a queryset filter."""

    def is_secret_for(self, game: Game, viewer: Viewer) -> bool: ...

    def hidden_games(self, viewer: Viewer, *, through: str = "") -> Q: ...


_rules: list[SecrecyRule] = []


def register_secrecy_rule(rule: SecrecyRule) -> None:
    """Add a rule (once, however often an app's ``ready`` runs)."""
    if rule not in _rules:
        _rules.append(rule)


def is_secret_for(game: Game, viewer: Viewer) -> bool:
    """Whether ``viewer`` must see nothing of ``game``'s letters, families and word."""
    return any(rule.is_secret_for(game, viewer) for rule in _rules)


def hidden_games(viewer: Viewer, *, through: str = "") -> Q:
    """The games some rule hides from ``viewer``, as a filter to exclude; ``through`` is the
    path to the game from another model ("game__" for a move). No rule: no game."""
    hidden = Q(**{f"{through}pk__in": []})
    for rule in _rules:
        hidden |= rule.hidden_games(viewer, through=through)
    return hidden
