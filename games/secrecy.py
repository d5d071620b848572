"""What of a game a viewer may not see yet: the one predicate every path asks.

Play shows a game's letters, families, candidates, word and seed (the review,
the candidates, the exports, the share page, the admin). Some games keep them
secret for a while, from everyone, instructors, staff and superusers included:

- a game that counts, while it is played (``COUNTING_IN_PROGRESS``, play's own
  rule): ``Game.counts_as``, stored when it started (a ranked game, a one
  attempt, an assignment's game). Whoever read its families or candidates could
  coach its player move by move;
- an app's own rule (the daily puzzle's: today's games, until the UTC day is
  over, so a spare identity's finished attempt informs no other's).

An app above play registers its rule here in its ``AppConfig.ready``, so play
asks without importing it. The player's own board is not a reading of secrets:
it shows what the game has revealed, and is served by play itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Case, CharField, Q, QuerySet, Value, When

from games.models import CountsAs, Game, Status

Viewer = AbstractBaseUser | AnonymousUser

HIDDEN_WHILE_PLAYED = "hidden until the game is over"


class SecrecyRule(Protocol):
    """One rule: a game it hides from a viewer, the same as a queryset filter, and the
    words an export puts in place of what it hides."""

    label: str

    def is_secret_for(self, game: Game, viewer: Viewer) -> bool: ...

    def hidden_games(self, viewer: Viewer, *, through: str = "") -> Q: ...


class CountingInProgress:
    """A game that counts (``Game.counts_as``: ranked, a one attempt, an assignment's) while
    it is played: nobody reads its families, candidates or seed (the computer's games
    never count)."""

    label = HIDDEN_WHILE_PLAYED

    def is_secret_for(self, game: Game, viewer: Viewer) -> bool:
        return not game.is_over and game.counts

    def hidden_games(self, viewer: Viewer, *, through: str = "") -> Q:
        return Q(**{f"{through}status": Status.PLAYING}) & ~Q(
            **{f"{through}counts_as": CountsAs.NOTHING}
        )


COUNTING_IN_PROGRESS = CountingInProgress()
# The apps' rules, asked before play's own (an export names the first that hides a game:
# a game an app keeps hidden past its end says so: "hidden until the day is over").
_rules: list[SecrecyRule] = []


def register_secrecy_rule(rule: SecrecyRule) -> None:
    """Add a rule (once, however often an app's ``ready`` runs)."""
    if rule not in _rules:
        _rules.append(rule)


def secrecy_rule_for(game: Game, viewer: Viewer) -> SecrecyRule | None:
    """The first rule that hides ``game`` from ``viewer`` (None: nothing hidden)."""
    rules = (*_rules, COUNTING_IN_PROGRESS)
    return next((rule for rule in rules if rule.is_secret_for(game, viewer)), None)


def is_secret_for(game: Game, viewer: Viewer) -> bool:
    """Whether ``viewer`` must see nothing of ``game``'s letters, families, word and seed."""
    return secrecy_rule_for(game, viewer) is not None


def hidden_games(viewer: Viewer, *, through: str = "") -> Q:
    """The games some rule hides from ``viewer``, as a filter to exclude; ``through`` is the
    path to the game from another model ("game__" for a move)."""
    hidden = Q(**{f"{through}pk__in": []})
    for rule in (*_rules, COUNTING_IN_PROGRESS):
        hidden |= rule.hidden_games(viewer, through=through)
    return hidden


@dataclass(frozen=True)
class Secrecy:
    """The predicate bound to one viewer, for a page or an export that asks per game."""

    viewer: Viewer

    def hides(self, game: Game) -> bool:
        return is_secret_for(game, self.viewer)

    def labelled(self, games: QuerySet[Game]) -> QuerySet[Game]:
        """``games``, each with ``secret_label``: what an export writes in place of a hidden
        game's letters, pattern and word (the first rule's words), "" for a game it shows.
        Worked out by the database in the same query, however many rows stream."""
        whens = [
            When(rule.hidden_games(self.viewer), then=Value(rule.label))
            for rule in (*_rules, COUNTING_IN_PROGRESS)
        ]
        return games.annotate(
            secret_label=Case(*whens, default=Value(""), output_field=CharField())
        )

    def hidden_ids(self, games: Iterable[Game]) -> frozenset[int]:
        """The ids of the games of a page the viewer may not see yet (for its template),
        in one query."""
        ids = [game.pk for game in games]
        if not ids:
            return frozenset()
        hidden = Game.objects.filter(self.hidden_games(), pk__in=ids)
        return frozenset(hidden.values_list("pk", flat=True))

    def hidden_games(self, *, through: str = "") -> Q:
        return hidden_games(self.viewer, through=through)


def secrecy_for(viewer: Viewer) -> Secrecy:
    return Secrecy(viewer)
