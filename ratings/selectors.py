"""Reads of the ratings: a challenge's rating and odds, a game's change, a player's history,
the rating tables."""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Exists, F, IntegerField, OuterRef, QuerySet, Subquery
from django.utils import timezone

from games.models import ChallengePrior, Game, Par
from ratings import glicko2, rules
from ratings.models import PROVISIONAL_DEVIATION, ChallengeRating, PlayerRating, RatingChange

HISTORY_POINTS = 200  # the chart shows a player's last games, not every one
# The chart's box in SVG units: room on the left for the values, on the right for the
# current rating, below for the dates.
CHART_WIDTH, CHART_HEIGHT = 600, 220
CHART_LEFT, CHART_RIGHT, CHART_TOP, CHART_BOTTOM = 64, 72, 14, 34
TICK_STEPS = (10, 20, 25, 50, 100, 200, 250, 500, 1000)
LEADERBOARD_SIZE = 100


def challenge_first_rating(
    *, dictionary_id: int, length: int, max_misses: int, difficulty: str
) -> glicko2.Rating:
    """The rating a challenge starts from: the reference model player's win rate when stored
    (``manage.py compute_challenge_priors``), else par's margin, else 1500/350."""
    challenge = {"dictionary_id": dictionary_id, "length": length, "difficulty": difficulty}
    prior = ChallengePrior.objects.filter(**challenge).first()
    if prior is not None:
        return rules.first_rating_from_win_rate(prior.win_rate(max_misses))
    par = Par.objects.filter(**challenge).values_list("misses", flat=True).first()
    return glicko2.Rating() if par is None else rules.first_rating_from_par(par, max_misses)


@dataclass(frozen=True)
class StartingRatings:
    """The player's and the challenge's ratings when a game started, and what was read for
    them: the rated finish keeps ``challenge_first_rating`` (None: the challenge had rated
    games before) for the challenge's row when it must create it, instead of reading the
    prior and par again, and ``player_joined`` (the account's age rule) from the same row."""

    player: glicko2.Rating
    challenge: glicko2.Rating
    challenge_first_rating: glicko2.Rating | None
    player_joined: dt.datetime | None = None


def starting_ratings(game: Game) -> StartingRatings:
    """The player's and the challenge's ratings when the game started, from rated games before it.

    Read from the history (``RatingChange``) rather than the rows, so a game finished in
    another tab meanwhile does not change whether this one counts, and a rebuild, which
    writes the same history in the same order, reads the same values. One query, on the
    player's row: each history's latest result before the start (one index range each:
    the challenge's id first, then its history by (challenge, finished_at), not a join
    that sorts every result ever played on the challenge), and when the account was made.
    """
    earlier = RatingChange.objects.filter(finished_at__lt=game.started_at).order_by(
        "-finished_at", "-game_id"
    )
    mine = earlier.filter(player_id=game.player_id)
    challenge_id = ChallengeRating.objects.filter(**challenge_keys(game)).values("pk")[:1]
    boards = earlier.filter(challenge_id=Subquery(challenge_id))
    row = (
        get_user_model()
        .objects.filter(pk=game.player_id)
        .values(
            player_after=Subquery(mine.values("player_after")[:1]),
            player_deviation=Subquery(mine.values("player_deviation_after")[:1]),
            challenge_after=Subquery(boards.values("challenge_after")[:1]),
            challenge_deviation=Subquery(boards.values("challenge_deviation_after")[:1]),
            joined=F("date_joined"),
        )
        .first()
    ) or {}
    player = row.get("player_after"), row.get("player_deviation")
    challenge = row.get("challenge_after"), row.get("challenge_deviation")
    start = None if challenge[0] is not None else challenge_first_rating(**challenge_keys(game))
    return StartingRatings(
        player=glicko2.Rating(*player) if player[0] is not None else glicko2.Rating(),
        challenge=glicko2.Rating(*challenge) if start is None else start,
        challenge_first_rating=start,
        player_joined=row.get("joined"),
    )


def ratings_at_start(game: Game) -> tuple[glicko2.Rating, glicko2.Rating]:
    """The player's and the board's ratings when the game started (``starting_ratings``)."""
    start = starting_ratings(game)
    return start.player, start.challenge


def challenge_keys(game: Game) -> dict[str, Any]:
    """The challenge a game is played on, as the keywords of ``ChallengeRating`` and of
    ``challenge_first_rating``."""
    return {
        "dictionary_id": game.dictionary_id,
        "length": game.length,
        "max_misses": game.max_misses,
        "difficulty": game.difficulty,
    }


def game_change(game: Game) -> RatingChange | None:
    """The game's rating change; the one the finishing transaction just wrote is at hand
    on the game (``ratings.services.game_rate`` keeps it there), with no query."""
    if Game.rating_change.is_cached(game):  # type: ignore[attr-defined]
        return game.rating_change  # type: ignore[attr-defined]
    return RatingChange.objects.filter(game_id=game.pk).first()


def player_rating(player: AbstractBaseUser) -> PlayerRating | None:
    return PlayerRating.objects.filter(player_id=player.pk).first()


@dataclass(frozen=True)
class ChartTick:
    """A labelled value on one of the chart's axes, at ``at`` in the SVG's units."""

    at: float
    label: str


@dataclass(frozen=True)
class RatingChart:
    """A player's rating from before their first shown game to now, scaled to the SVG's box,
    with a value axis on round numbers and the dates of the first and last game."""

    points: str  # "x,y x,y ...", a polyline's points
    low: int
    high: int
    games: int
    current: int
    current_x: float
    current_y: float
    first_day: dt.date
    last_day: dt.date
    ticks: tuple[ChartTick, ...]
    width: int = CHART_WIDTH
    height: int = CHART_HEIGHT
    left: int = CHART_LEFT
    right: int = CHART_WIDTH - CHART_RIGHT
    top: int = CHART_TOP
    bottom: int = CHART_HEIGHT - CHART_BOTTOM


def _tick_step(span: float) -> int:
    """The roundest step that puts at most four gaps between the axis's ticks."""
    for step in TICK_STEPS:
        if span / step <= 4:
            return step
    return TICK_STEPS[-1]


def rating_chart(player: AbstractBaseUser) -> RatingChart | None:
    """The history chart, or None before a first rated game.

    The line starts at the rating before the first game shown (the newcomer's default
    for a new player), so one rated game already draws a line.
    """
    rows = list(
        RatingChange.objects.filter(player_id=player.pk)
        .order_by("-finished_at", "-game_id")
        .values_list("player_before", "player_after", "finished_at")[:HISTORY_POINTS]
    )[::-1]
    if not rows:
        return None
    values = [rows[0][0], *(after for _, after, _ in rows)]
    step = _tick_step(max(values) - min(values))
    low = step * math.floor(min(values) / step)
    high = max(step * math.ceil(max(values) / step), low + step)
    top, bottom = CHART_TOP, CHART_HEIGHT - CHART_BOTTOM
    left, right = CHART_LEFT, CHART_WIDTH - CHART_RIGHT

    def y(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    gap = (right - left) / (len(values) - 1)
    coordinates = [(left + i * gap, y(value)) for i, value in enumerate(values)]
    return RatingChart(
        points=" ".join(f"{x:.1f},{y_:.1f}" for x, y_ in coordinates),
        low=round(min(values)),
        high=round(max(values)),
        games=len(rows),
        current=round(values[-1]),
        current_x=round(coordinates[-1][0], 1),
        current_y=round(coordinates[-1][1], 1),
        first_day=timezone.localdate(rows[0][2]),
        last_day=timezone.localdate(rows[-1][2]),
        ticks=tuple(
            ChartTick(at=round(y(value), 1), label=str(value))
            for value in range(low, high + 1, step)
        ),
    )


@dataclass(frozen=True)
class RatingSelection:
    """Which rated games put a player on a rating leaderboard; ``None`` means any.

    A player's rating is one number over all their rated games, so a selection
    cannot re-rate anyone: it chooses who is listed (players with a rated game on
    such a challenge, finished since ``since``) and what the games column counts.
    """

    dictionary_id: int | None = None
    length: int | None = None
    difficulty: str | None = None
    since: dt.datetime | None = None

    @property
    def selects_games(self) -> bool:
        return any(
            value is not None
            for value in (self.dictionary_id, self.length, self.difficulty, self.since)
        )

    def change_lookups(self, prefix: str = "") -> dict[str, object]:
        lookups = {
            "challenge__dictionary_id": self.dictionary_id,
            "challenge__length": self.length,
            "challenge__difficulty": self.difficulty,
            "finished_at__gte": self.since,
        }
        return {prefix + key: value for key, value in lookups.items() if value is not None}


@dataclass(frozen=True)
class RatingRow:
    rank: int
    player_id: int
    username: str
    rating: float
    deviation: float
    games: int  # rated games in the selection (every rated game when it selects none)

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


@dataclass(frozen=True)
class RatingTables:
    """The players ranked by rating: established ones, and provisional ones apart."""

    established: list[RatingRow]
    provisional: list[RatingRow]
    size: int = LEADERBOARD_SIZE


def rating_tables(
    selection: RatingSelection | None = None,
    *,
    players: QuerySet | None = None,
    size: int = LEADERBOARD_SIZE,
) -> RatingTables:
    """The top ``size`` of each table: one query per table, usernames joined in.

    ``players`` (a subquery of user ids, such as a class's students) narrows both tables.
    A provisional rating (deviation above ``PROVISIONAL_DEVIATION``) is never in the
    established table, however high it is.
    """
    selection = selection or RatingSelection()
    return RatingTables(
        established=_rating_rows(selection, players, provisional=False, size=size),
        provisional=_rating_rows(selection, players, provisional=True, size=size),
        size=size,
    )


def _rating_rows(
    selection: RatingSelection, players: QuerySet | None, *, provisional: bool, size: int
) -> list[RatingRow]:
    if provisional:
        rows = PlayerRating.objects.filter(deviation__gt=PROVISIONAL_DEVIATION)
    else:
        rows = PlayerRating.objects.filter(deviation__lte=PROVISIONAL_DEVIATION)
    if players is not None:
        rows = rows.filter(player_id__in=players)
    games = "games"
    if selection.selects_games:
        # Walk the ratings in leaderboard order and keep a player with a selected game (an
        # EXISTS on the player's history index), counting the games for the rows kept
        # only: grouping every selected game first costs a broad selection far more.
        changes = RatingChange.objects.filter(
            player_id=OuterRef("player_id"), **selection.change_lookups()
        )
        counted = changes.order_by().values("player_id").annotate(n=Count("pk")).values("n")
        rows = rows.filter(Exists(changes)).annotate(
            selected_games=Subquery(counted[:1], output_field=IntegerField())
        )
        games = "selected_games"
    username = f"player__{get_user_model().USERNAME_FIELD}"
    values = rows.order_by("-rating", "player_id").values_list(
        "player_id", username, "rating", "deviation", games
    )[:size]
    return [
        RatingRow(
            rank=index + 1,
            player_id=player_id,
            username=name,
            rating=rating,
            deviation=deviation,
            games=played,
        )
        for index, (player_id, name, rating, deviation, played) in enumerate(values)
    ]


@dataclass(frozen=True)
class ChallengeOutlook:
    """A challenge against a player, before a game: the ratings, and what follows from them.

    ``counts`` is false when the player is all but sure to win (``ratings.rules``), and
    then the game changes neither rating; ``win_delta`` and ``loss_delta`` are the
    player's rating change after a win or a loss if it counts.
    """

    challenge: glicko2.Rating
    player: glicko2.Rating
    player_rated: bool  # false: no rated game yet, the newcomer's default stands in

    @property
    def expected(self) -> float:
        return glicko2.expected_score(self.player, self.challenge)

    @property
    def counts(self) -> bool:
        return rules.counts(self.player, self.challenge)

    @property
    def win_delta(self) -> float:
        return glicko2.update(self.player, [(self.challenge, 1.0)]).rating - self.player.rating

    @property
    def loss_delta(self) -> float:
        return glicko2.update(self.player, [(self.challenge, 0.0)]).rating - self.player.rating

    @property
    def challenge_provisional(self) -> bool:
        return self.challenge.deviation > PROVISIONAL_DEVIATION

    @property
    def player_provisional(self) -> bool:
        return self.player.deviation > PROVISIONAL_DEVIATION

    @property
    def expected_percent(self) -> int:
        return round(self.expected * 100)

    @property
    def rated_expected_max_percent(self) -> int:
        return round(rules.RATED_EXPECTED_MAX * 100)


def challenge_outlook(
    *, player: AbstractBaseUser, dictionary_id: int, length: int, max_misses: int, difficulty: str
) -> ChallengeOutlook:
    """The chosen challenge's rating and the player's odds on it, from the ratings as they are now.

    Whether a game counts is settled from the ratings at its start (``game_rate``);
    this is that reading, taken when the form is shown.
    """
    row = ChallengeRating.objects.filter(
        dictionary_id=dictionary_id, length=length, max_misses=max_misses, difficulty=difficulty
    ).first()
    challenge = (
        glicko2.Rating(row.rating, row.deviation, row.volatility)
        if row is not None
        else challenge_first_rating(
            dictionary_id=dictionary_id,
            length=length,
            max_misses=max_misses,
            difficulty=difficulty,
        )
    )
    rating = PlayerRating.objects.filter(player_id=player.pk).first()
    mine = (
        glicko2.Rating(rating.rating, rating.deviation, rating.volatility)
        if rating is not None
        else glicko2.Rating()
    )
    return ChallengeOutlook(challenge=challenge, player=mine, player_rated=rating is not None)


def game_outlook(game: Game) -> ChallengeOutlook:
    """A game's challenge against its player as they stood at its start: why it did not count."""
    mine, challenge = ratings_at_start(game)
    return ChallengeOutlook(challenge=challenge, player=mine, player_rated=True)
