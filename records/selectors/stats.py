"""A player's statistics: played, won, streaks, and the wrong-guess distribution.

Streaks depend on order, so the player's finished games are read once, in
the order they finished (an index-only scan on (player, finished_at, id) that
carries the columns needed), and every figure is computed in that one pass.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext

from core.db_router import reads_can_lag
from games.models import PLAYED_BY_PLAYER, Difficulty, Game, Status


@dataclass(frozen=True)
class DistributionBar:
    """Won games that used exactly ``misses`` wrong guesses."""

    misses: int
    count: int
    percent: int  # bar width, relative to the tallest bar


@dataclass(frozen=True)
class Totals:
    """Finished games of one section: played, won, and the wrong guesses of the wins."""

    key: str  # "all" or a difficulty value
    label: str
    played: int
    won: int
    distribution: tuple[DistributionBar, ...]

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_percent(self) -> int:
        return round(100 * self.won / self.played) if self.played else 0


@dataclass(frozen=True)
class Statistics(Totals):
    """One player's section: the totals, and streaks (games in the order they finished)."""

    current_streak: int
    best_streak: int


class _Running:
    """Figures of one section, updated game by game in finishing order."""

    __slots__ = ("best", "current", "misses", "played")

    def __init__(self) -> None:
        self.played = 0
        self.current = 0
        self.best = 0
        self.misses: Counter[int] = Counter()

    def add(self, *, won: bool, misses: int) -> None:
        self.played += 1
        if won:
            self.current += 1
            self.best = max(self.best, self.current)
            self.misses[misses] += 1
        else:
            self.current = 0

    def statistics(self, *, key: str, label: str) -> Statistics:
        return Statistics(
            key=key,
            label=label,
            played=self.played,
            won=self.misses.total(),
            current_streak=self.current,
            best_streak=self.best,
            distribution=distribution(self.misses),
        )


@reads_can_lag
def player_statistics(
    *, player: AbstractBaseUser, ranked_only: bool = False
) -> tuple[Statistics, ...]:
    """Overall first, then one entry per difficulty (easy, medium, hard).

    Only finished games count; a forfeit is a loss. One pass over the rows of
    an index-only scan, in the order the games finished (id breaks ties).
    """
    # The computer's games (watched) and bot games are never the player's record.
    games = Game.objects.filter(PLAYED_BY_PLAYER, player=player, finished_at__isnull=False)
    if ranked_only:
        games = games.filter(is_ranked=True)
    overall = _Running()
    sections = {value: _Running() for value in Difficulty.values}
    for difficulty, status, misses in games.order_by("finished_at", "id").values_list(
        "difficulty", "status", "misses"
    ):
        won = status == Status.WON
        overall.add(won=won, misses=misses)
        sections[difficulty].add(won=won, misses=misses)
    return (
        overall.statistics(key="all", label=gettext("All difficulties")),
        *(
            sections[value].statistics(key=value, label=label)
            for value, label in Difficulty.choices
        ),
    )


def played_sections(statistics: tuple[Statistics, ...]) -> tuple[Statistics, ...]:
    """The difficulties a player has played, from ``player_statistics``: no block of zeros."""
    return tuple(section for section in statistics[1:] if section.played)


def distribution(misses_in_won_games: Counter[int]) -> tuple[DistributionBar, ...]:
    """One bar per number of wrong guesses from 0 to the most used in a win (gaps show 0)."""
    if not misses_in_won_games:
        return ()
    tallest = max(misses_in_won_games.values())
    return tuple(
        DistributionBar(
            misses=misses,
            count=misses_in_won_games[misses],
            percent=round(100 * misses_in_won_games[misses] / tallest),
        )
        for misses in range(max(misses_in_won_games) + 1)
    )
