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

An app above play registers its rule in its ``AppConfig.ready``
(``games.hooks.register_secrecy_rule``), so play asks without importing it. The
player's own board is not a reading of secrets: it shows what the game has revealed,
and is served by play itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Case, CharField, Q, QuerySet, Value, When
from django.utils.translation import gettext_noop

from games.hooks import SecrecyRule, Viewer, secrecy_rules
from games.models import CountsAs, Game, Status

# In English in exports (a query's value); pages say it in the player's language (gettext).
HIDDEN_WHILE_PLAYED = gettext_noop("hidden until the game is over")


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


def secrecy_rule_for(game: Game, viewer: Viewer) -> SecrecyRule | None:
    """The first rule that hides ``game`` from ``viewer`` (None: nothing hidden). The apps'
    rules come before play's own: an export names the first that hides a game (today's
    daily stays hidden past its end, until the day is over)."""
    rules = (*secrecy_rules(), COUNTING_IN_PROGRESS)
    return next((rule for rule in rules if rule.is_secret_for(game, viewer)), None)


def is_secret_for(game: Game, viewer: Viewer) -> bool:
    """Whether ``viewer`` must see nothing of ``game``'s letters, families, word and seed."""
    return secrecy_rule_for(game, viewer) is not None


def hidden_games(viewer: Viewer, *, through: str = "") -> Q:
    """The games some rule hides from ``viewer``, as a filter to exclude; ``through`` is the
    path to the game from another model ("game__" for a move)."""
    hidden = Q(**{f"{through}pk__in": []})
    for rule in (*secrecy_rules(), COUNTING_IN_PROGRESS):
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
            for rule in (*secrecy_rules(), COUNTING_IN_PROGRESS)
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
