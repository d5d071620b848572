"""Play's hook points: where an app above play plugs in what play must ask it.

Play imports none of the apps above it. Where a rule of play depends on one of them,
that app registers a function here in its ``AppConfig.ready`` and play calls what was
registered (docs/ARCHITECTURE.md's hook table lists every hook point and who uses it):

- ``register_finish_hook``: run in the transaction that ends a ranked game (the
  ratings rate it there, so an update never misses nor doubles a game);
- ``register_answer_source``: a place a word-maker's answer may be read instead of
  searched (the daily puzzle's shared answers); a source returns None for a game it
  does not serve;
- ``register_secrecy_rule``: games an app hides from a viewer for a while (today's
  daily puzzle, an assignment's games), asked by ``games.secrecy`` before play's own rule;
- ``register_undo_rule``: why a practice game of an app's keeps its guesses (a game played
  from a friend's link, compared with theirs); a rule returns None for a game it lets go.

Each registers a function once, however often an app's ``ready`` runs. The pages that
show what apps above play know are not hooks: they are the front's (``front/``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q

from games import engine
from games.models import Game

Viewer = AbstractBaseUser | AnonymousUser


class SecrecyRule(Protocol):
    """One rule: a game it hides from a viewer, the same as a queryset filter, and the
    words an export puts in place of what it hides."""

    label: str

    def is_secret_for(self, game: Game, viewer: Viewer) -> bool: ...

    def hidden_games(self, viewer: Viewer, *, through: str = "") -> Q: ...


FinishHook = Callable[[Game], None]
AnswerSource = Callable[[Game, engine.GameState, str], engine.MoveReport | None]
UndoRule = Callable[[Game], str | None]

_finish_hooks: list[FinishHook] = []
_answer_sources: list[AnswerSource] = []
_secrecy_rules: list[SecrecyRule] = []
_undo_rules: list[UndoRule] = []


def register_finish_hook(hook: FinishHook) -> None:
    """Run ``hook`` in the transaction that ends a ranked game."""
    if hook not in _finish_hooks:
        _finish_hooks.append(hook)


def register_answer_source(source: AnswerSource) -> None:
    """Add a place answers may be read from, asked in turn before the word-maker searches."""
    if source not in _answer_sources:
        _answer_sources.append(source)


def register_secrecy_rule(rule: SecrecyRule) -> None:
    """Add a rule that hides games from viewers, asked before play's own."""
    if rule not in _secrecy_rules:
        _secrecy_rules.append(rule)


def register_undo_rule(rule: UndoRule) -> None:
    """Add a reason a practice game may keep its guesses, asked before undo."""
    if rule not in _undo_rules:
        _undo_rules.append(rule)


def finish_hooks() -> tuple[FinishHook, ...]:
    return tuple(_finish_hooks)


def answer_sources() -> tuple[AnswerSource, ...]:
    return tuple(_answer_sources)


def secrecy_rules() -> tuple[SecrecyRule, ...]:
    return tuple(_secrecy_rules)


def undo_rules() -> tuple[UndoRule, ...]:
    return tuple(_undo_rules)
